package posts_test

import (
	"fmt"
	"net/http"
	"testing"

	"zuum/localstack/apptest"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
)

// Files whose bytes are what they claim, and one that is nothing.
var (
	mp4Bytes = mediatest.MP4("isom", 2, 0, false)
	pngBytes = mediatest.PNG()
	txtBytes = []byte("just some text, not media at all")
)

// contentTypes is the type an upload of each kind declares (the presigned POST's policy pins
// one; the media function refuses bytes that are not what the upload declared).
var contentTypes = map[media.Kind]string{media.Audio: "audio/wav", media.Video: "video/mp4", media.Image: "image/png"}

// user is a signed-in test user.
type user = apptest.User

// world is a running app with its users.
type world struct {
	t   *testing.T
	app *apptest.App
}

func start(t *testing.T) *world {
	t.Helper()
	return &world{t: t, app: apptest.Start(t, nil)}
}

// startWithTwo starts a world with ada_e and bola signed in.
func startWithTwo(t *testing.T) (*world, user, user) {
	t.Helper()
	w := start(t)
	return w, w.user("ada_e"), w.user("bola")
}

func (w *world) user(name string) user {
	w.t.Helper()
	return w.app.SignedIn(w.t, name)
}

// upload puts body in the media bucket as one of owner's uploads of kind, as the browser's
// presigned POST would (which sets off the media function), and returns its key.
func (w *world) upload(owner string, kind media.Kind, body []byte) string {
	w.t.Helper()
	return w.app.Upload(w.t, owner, kind, contentTypes[kind], body)
}

// audio creates an audio post by u and returns it.
func (w *world) audio(u user, caption string) map[string]any {
	w.t.Helper()
	r := u.JSON("POST", "/api/audio/create", map[string]any{
		"caption": caption, "audio_upload": w.upload(u.ID, media.Audio, mediatest.WAV(1)),
		"spotify": "https://open.spotify.com/track/x",
	})
	if r.Status != http.StatusCreated {
		w.t.Fatalf("create audio %q: %d %s", caption, r.Status, r.Raw)
	}
	return r.Body["post"].(map[string]any)
}

// video creates a video by u and returns it.
func (w *world) video(u user, caption string, public bool) map[string]any {
	w.t.Helper()
	r := u.JSON("POST", "/api/video/create", map[string]any{
		"caption": caption, "public": public, "video_upload": w.upload(u.ID, media.Video, mp4Bytes),
	})
	if r.Status != http.StatusCreated {
		w.t.Fatalf("create video %q: %d %s", caption, r.Status, r.Raw)
	}
	return r.Body["post"].(map[string]any)
}

// list reads a list and returns its posts' captions and its pagination.
func list(t *testing.T, u user, path string) ([]string, map[string]any) {
	t.Helper()
	r := u.JSON("GET", path, nil)
	if r.Status != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, r.Status, r.Raw)
	}
	out := []string{}
	posts, _ := r.Body["posts"].([]any)
	for _, p := range posts {
		out = append(out, p.(map[string]any)["caption"].(string))
	}
	return out, r.Body["pagination"].(map[string]any)
}

// refusal checks r is status with message (and the field messages, when given).
func refusal(t *testing.T, what string, r apptest.Response, status int, message string, fields map[string]string) {
	t.Helper()
	if r.Status != status || r.Message() != message {
		t.Errorf("%s: %d %s, want %d %q", what, r.Status, r.Raw, status, message)
		return
	}
	if fields != nil {
		if got := r.FieldErrors(); fmt.Sprint(got) != fmt.Sprint(fields) {
			t.Errorf("%s: fields %v, want %v", what, got, fields)
		}
	}
}
