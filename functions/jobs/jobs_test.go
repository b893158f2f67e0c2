package jobs_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	dbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"

	"zuum/functions/jobs"
	"zuum/localstack/apptest"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/schema"
)

// creator signs up a user and stores a genuine WAV upload of theirs, returning its key.
func creator(t *testing.T, app *apptest.App, c *apptest.Client, name string) (id, key string) {
	t.Helper()
	r := app.NewUser(t, c, name)
	id = r.Body["profile"].(map[string]any)["id"].(string)
	key = media.UserPrefix(id, media.Audio) + "track.wav"
	if _, err := app.Cloud.S3.PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(schema.Media.Name), Key: aws.String(key), Body: bytes.NewReader(mediatest.WAV(1)),
		ContentType: aws.String("audio/wav"),
	}); err != nil {
		t.Fatal(err)
	}
	return id, key
}

func notifications(t *testing.T, c *apptest.Client) []map[string]any {
	t.Helper()
	r := c.JSON("GET", "/api/notifications?limit=50", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("notifications: %d %s", r.Status, r.Raw)
	}
	var out []map[string]any
	for _, n := range r.Body["notifications"].([]any) {
		out = append(out, n.(map[string]any))
	}
	return out
}

func TestPostCreated_EveryFollowerHearsOnceEvenWhenTheJobRunsAgain(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	author := app.Client(t)
	authorID, key := creator(t, app, author, "ada")
	fans := []*apptest.Client{app.Client(t), app.Client(t), app.Client(t)}
	for i, f := range fans {
		app.NewUser(t, f, []string{"fan1", "fan2", "fan3"}[i])
		if r := f.JSON("POST", "/api/user/follow", map[string]any{"profileId": authorID, "follow": true}); r.Status != http.StatusOK {
			t.Fatalf("follow: %d %s", r.Status, r.Raw)
		}
	}
	r := author.JSON("POST", "/api/audio/create", map[string]any{
		"caption": "Enugu Nights", "audio_upload": key, "spotify": "https://open.spotify.com/track/x",
	})
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	postID := r.Body["post"].(map[string]any)["id"].(string)
	app.NoFailedEvents(t)

	// The queued job already ran; running it again, as a Lambda retry would, adds nothing.
	work, err := jobs.FromEnv(context.Background(), app.Cloud.Config, func(k string) string { return app.Env[k] })
	if err != nil {
		t.Fatal(err)
	}
	job, _ := json.Marshal(map[string]string{"type": "post_created", "post_id": postID, "post_kind": "audio", "author_id": authorID})
	if err := work(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	for _, f := range fans {
		var got []map[string]any
		for _, n := range notifications(t, f) {
			if n["type"] == "POST_AUDIO" {
				got = append(got, n)
			}
		}
		if len(got) != 1 {
			t.Fatalf("fan has %d POST_AUDIO notifications, want 1: %v", len(got), got)
		}
		n := got[0]
		if n["post_id"] != postID || n["action_user_id"] != authorID || n["name"] != "ada" ||
			n["message"] != "ada posted a new track: Enugu Nights" || n["post_type"] != "audio" || n["read"] != false {
			t.Fatalf("notification = %v", n)
		}
	}
	// The author is not their own follower.
	for _, n := range notifications(t, author) {
		if n["type"] == "POST_AUDIO" {
			t.Fatalf("author notified of their own post: %v", n)
		}
	}
}

func TestPostDeleted_CommentsReactionsAndMediaGo(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	author, fan := app.Client(t), app.Client(t)
	authorID, key := creator(t, app, author, "tunde")
	app.NewUser(t, fan, "listener")
	r := author.JSON("POST", "/api/audio/create", map[string]any{
		"caption": "Bridge", "audio_upload": key, "boomplay": "https://www.boomplay.com/songs/1",
	})
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	postID := r.Body["post"].(map[string]any)["id"].(string)
	for _, call := range []struct {
		path string
		body map[string]any
	}{
		{"/api/audio/react", map[string]any{"post_id": postID, "like": true}},
		{"/api/audio/comment/create", map[string]any{"post_id": postID, "comment": "fire"}},
		{"/api/audio/share", map[string]any{"post_id": postID}},
	} {
		if r := fan.JSON("POST", call.path, call.body); r.Status >= 300 {
			t.Fatalf("%s: %d %s", call.path, r.Status, r.Raw)
		}
	}
	app.NoFailedEvents(t)
	published := func() []string { // the post's own copies of its files
		out, err := app.Cloud.S3.ListObjectsV2(context.Background(), &s3.ListObjectsV2Input{
			Bucket: aws.String(schema.Media.Name), Prefix: aws.String(media.FinalPrefixOf(authorID, media.Audio)),
		})
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, o := range out.Contents {
			keys = append(keys, aws.ToString(o.Key))
		}
		return keys
	}
	if got := published(); len(got) != 3 {
		t.Fatalf("published files %v, want the post's audio and its two listening copies", got)
	}
	if r := author.JSON("DELETE", "/api/audio/"+postID, nil); r.Status != http.StatusOK {
		t.Fatalf("delete: %d %s", r.Status, r.Raw)
	}
	app.NoFailedEvents(t)

	if r := fan.JSON("GET", "/api/audio/"+postID+"/comments", nil); r.Status != http.StatusNotFound {
		t.Fatalf("comments of a deleted post: %d %s", r.Status, r.Raw)
	}
	_, err := app.Cloud.S3.HeadObject(context.Background(), &s3.HeadObjectInput{Bucket: aws.String(schema.Media.Name), Key: aws.String(key)})
	var nf *s3types.NotFound
	if !errors.As(err, &nf) {
		t.Fatalf("the upload is still stored: %v", err)
	}
	if got := published(); len(got) != 0 {
		t.Fatalf("the deleted post's audio is still stored: %v", got)
	}
	out, err := app.Cloud.DynamoDB.Query(context.Background(), &dynamodb.QueryInput{
		TableName: aws.String(schema.Posts.Name), KeyConditionExpression: aws.String("pk = :pk"),
		ExpressionAttributeValues: map[string]dbtypes.AttributeValue{":pk": &dbtypes.AttributeValueMemberS{Value: "POST#" + postID}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Items) != 0 {
		t.Fatalf("%d items of the deleted post remain: %v", len(out.Items), out.Items)
	}
}
