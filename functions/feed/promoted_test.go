package feed_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/localstack/apptest"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/post"
	"zuum/shared/schema"
)

// promote makes post id promoted from start to end, as a promotion's approval does (its window
// names the post's owner).
func promote(t *testing.T, app *apptest.App, id, promotion string, start, end time.Time) {
	t.Helper()
	s := post.NewStore(post.Config{DB: app.Cloud.DynamoDB, Table: schema.Posts.Name, Users: schema.Users.Name})
	p, err := s.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	items, err := s.PromoteItems(id, p.OwnerID, promotion, start, end)
	if err == nil {
		_, err = app.Cloud.DynamoDB.TransactWriteItems(context.Background(), &dynamodb.TransactWriteItemsInput{TransactItems: items})
	}
	if err != nil {
		t.Fatal(err)
	}
}

func TestFeed_ServesAPromotedSlotLabelledAndCountsItsPlays(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada, bola := app.SignedIn(t, "ada_e"), app.SignedIn(t, "bola_o")
	wav := mediatest.WAV(1)
	create := func(caption string) string {
		r := ada.JSON("POST", "/api/audio/create", map[string]any{"caption": caption, "audio_upload": upload(t, app, ada.ID, media.Audio, "audio/wav", wav)})
		if r.Status != http.StatusCreated {
			t.Fatalf("create: %d %s", r.Status, r.Raw)
		}
		return r.Body["post"].(map[string]any)["id"].(string)
	}
	promoted := create("promoted song")
	for i := 1; i <= 8; i++ {
		create(fmt.Sprintf("song %d", i))
	}
	now := time.Now()
	promote(t, app, promoted, "prom-1", now.Add(-time.Minute), now.Add(24*time.Hour))

	r := bola.JSON("GET", "/api/feed?tab=audio&limit=4", nil)
	posts, _ := r.Body["posts"].([]any)
	if r.Status != http.StatusOK || len(posts) != 5 {
		t.Fatalf("feed: %d %s", r.Status, r.Raw)
	}
	for i, p := range posts {
		m := p.(map[string]any)
		if want := i == 4; m["is_promoted"] != want || want && m["id"] != promoted {
			t.Errorf("slot %d: %v is_promoted %v", i, m["caption"], m["is_promoted"])
		}
	}
	if pg := r.Body["pagination"].(map[string]any); pg["total"] != 9.0 {
		t.Errorf("pagination %v", pg)
	}

	// Plays: 204 for each report, counted once per listener within ten minutes.
	for _, c := range []apptest.User{bola, bola, ada} {
		if r := c.JSON("POST", "/api/audio/"+promoted+"/play", nil); r.Status != http.StatusNoContent {
			t.Fatalf("play: %d %s", r.Status, r.Raw)
		}
	}
	r = bola.JSON("GET", "/api/audio/"+promoted, nil)
	if p := r.Body["post"].(map[string]any); p["plays_count"] != 2.0 || p["is_promoted"] != true {
		t.Errorf("after plays: %v plays, promoted %v", p["plays_count"], p["is_promoted"])
	}
	s := post.NewStore(post.Config{DB: app.Cloud.DynamoDB, Table: schema.Posts.Name, Users: schema.Users.Name})
	stats, err := s.PromotionStats(context.Background(), []string{"prom-1"})
	if err != nil || stats["prom-1"] != (post.PromotionStats{Impressions: 1, Plays: 2}) {
		t.Errorf("stats %+v %v", stats, err)
	}

	for path, want := range map[string]int{
		"/api/video/" + promoted + "/play":                     http.StatusNotFound, // not a video
		"/api/beat/" + promoted + "/play":                      http.StatusNotFound,
		"/api/audio/0190a000-0000-7000-8000-000000000000/play": http.StatusNotFound,
	} {
		if r := bola.JSON("POST", path, nil); r.Status != want {
			t.Errorf("%s: %d %s", path, r.Status, r.Raw)
		}
	}
}
