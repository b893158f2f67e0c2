package feed_test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/schema"
)

// upload puts a tiny file of kind in the bucket as one of owner's uploads and returns its key.
func upload(t *testing.T, app *apptest.App, owner string, kind media.Kind, contentType string, body []byte) string {
	t.Helper()
	key := media.UserPrefix(owner, kind) + uuid.NewString()
	if _, err := app.Cloud.S3.PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(schema.Media.Name), Key: aws.String(key), Body: bytes.NewReader(body), ContentType: aws.String(contentType),
	}); err != nil {
		t.Fatal(err)
	}
	return key
}

func TestFeed_TabsListTheirKindsNewestFirst(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	c := app.Client(t)
	id := app.NewUser(t, c, "ada_e").Body["profile"].(map[string]any)["id"].(string)
	wav, mp4 := mediatest.WAV(1), mediatest.MP4("isom", 2, 0, false)
	creates := []struct {
		path string
		body map[string]any
	}{
		{"/api/audio/create", map[string]any{"caption": "song one", "spotify": "https://open.spotify.com/a", "audio_upload": upload(t, app, id, media.Audio, "audio/wav", wav)}},
		{"/api/video/create", map[string]any{"caption": "clip", "video_upload": upload(t, app, id, media.Video, "video/mp4", mp4)}},
		{"/api/video/create", map[string]any{"caption": "hidden", "public": false, "video_upload": upload(t, app, id, media.Video, "video/mp4", mp4)}},
		{"/api/audio/create", map[string]any{"caption": "song two", "spotify": "https://open.spotify.com/b", "audio_upload": upload(t, app, id, media.Audio, "audio/wav", wav)}},
	}
	for _, cr := range creates {
		if r := c.JSON("POST", cr.path, cr.body); r.Status != http.StatusCreated {
			t.Fatalf("%s: %d %s", cr.path, r.Status, r.Raw)
		}
	}
	for path, want := range map[string]string{
		"/api/feed":           "audio:song two|audio:song one",
		"/api/feed/":          "audio:song two|audio:song one",
		"/api/feed?tab=audio": "audio:song two|audio:song one",
		"/api/feed?tab=video": "video:clip",
	} {
		r := c.JSON("GET", path, nil)
		var got []string
		posts, _ := r.Body["posts"].([]any)
		for _, p := range posts {
			m := p.(map[string]any)
			got = append(got, m["kind"].(string)+":"+m["caption"].(string))
		}
		if r.Status != http.StatusOK || strings.Join(got, "|") != want {
			t.Errorf("%s: %d %v, want %s", path, r.Status, got, want)
		}
	}
	r := c.JSON("GET", "/api/feed?tab=beat", nil)
	if r.Status != http.StatusBadRequest || r.Message() != "tab must be audio or video." {
		t.Errorf("bad tab: %d %s", r.Status, r.Raw)
	}
}

// The samples in events/feed are what `make invoke` replays.
func TestEvents_FeedSamplesThroughTheLambdaAdapter(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	app.ReplayAnswers(t, "feed", "events/feed/video-tab-no-session.json", 401, apptest.NoSession)
}
