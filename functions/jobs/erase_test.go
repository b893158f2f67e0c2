package jobs_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"zuum/functions/jobs"
	"zuum/localstack/apptest"
	"zuum/shared/chat"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

// An erasure stopped by a fault midway (here: after the chat went, before anything else) is
// finished by the job running again, and running it once more changes nothing.
func TestUserDeleted_ARetryFinishesAnErasureAFaultStopped(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada := app.Client(t)
	adaID, key := creator(t, app, ada, "ada")
	bola := app.SignedIn(t, "bola")
	r := ada.JSON("POST", "/api/audio/create", map[string]any{"caption": "Enugu Nights", "audio_upload": key})
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	postID := r.Body["post"].(map[string]any)["id"].(string)
	if r := bola.JSON("POST", "/api/user/follow", map[string]any{"profileId": adaID, "follow": true}); r.Status != http.StatusOK {
		t.Fatalf("follow: %d %s", r.Status, r.Raw)
	}
	if r := ada.JSON("POST", "/api/audio/comment/create", map[string]any{"post_id": postID, "comment": "first!"}); r.Status >= 300 {
		t.Fatalf("comment: %d %s", r.Status, r.Raw)
	}
	if r := ada.JSON("POST", "/api/user/get-room-id", map[string]string{"profileId_1": adaID, "profileId_2": bola.ID}); r.Status != http.StatusOK {
		t.Fatalf("room: %d %s", r.Status, r.Raw)
	}
	app.NoFailedEvents(t)

	// The request's part (the account marked deleted), then a run that got only as far as chat.
	ctx := context.Background()
	profiles := profile.NewStore(app.Cloud.DynamoDB, schema.Users.Name)
	if _, err := profiles.MarkDeleted(ctx, adaID, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := chat.NewStore(app.Cloud.DynamoDB, schema.Chat.Name).Forget(ctx, adaID); err != nil {
		t.Fatal(err)
	}
	if r := bola.JSON("GET", "/api/user/profile", nil); r.Body["following_count"] != 1.0 {
		t.Fatalf("before the retry bola follows %v", r.Body["following_count"])
	}

	work, err := jobs.FromEnv(ctx, app.Cloud.Config, func(k string) string { return app.Env[k] })
	if err != nil {
		t.Fatal(err)
	}
	job, _ := json.Marshal(map[string]string{"type": "user_deleted", "author_id": adaID})
	for run := range 2 {
		if err := work(ctx, job); err != nil {
			t.Fatalf("run %d: %v", run+1, err)
		}
	}
	if _, err := profiles.Account(ctx, adaID); err == nil {
		t.Error("the profile is still there")
	}
	if r := bola.JSON("GET", "/api/user/profile", nil); r.Body["following_count"] != 0.0 {
		t.Errorf("bola still follows %v", r.Body["following_count"])
	}
	if r := bola.JSON("GET", "/api/audio/"+postID, nil); r.Status != http.StatusNotFound {
		t.Errorf("the post: %d", r.Status)
	}
	if taken, err := profiles.UsernameTaken(ctx, "ada"); err != nil || !taken {
		t.Errorf("the username is free at once: %v %v", taken, err)
	}
}
