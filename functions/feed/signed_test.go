package feed_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path"
	"strings"
	"testing"
	"time"

	"zuum/functions/feed"
	"zuum/functions/posts"
	"zuum/functions/wire"
	"zuum/localstack/apptest"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
)

// mediaPaths are the signed media/ URLs anywhere in an answer, by their object's path.
func mediaPaths(t *testing.T, raw []byte) map[string]string {
	t.Helper()
	out := map[string]string{}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		case string:
			if strings.HasPrefix(v, "/media/") {
				u, err := url.Parse(v)
				if err != nil || u.Query().Get("Signature") == "" {
					t.Errorf("media URL %q is not signed", v)
					return
				}
				out[u.Path] = v
			}
		}
	}
	var body any
	if err := json.Unmarshal(raw, &body); err != nil {
		t.Fatal(err)
	}
	walk(body)
	return out
}

// A feed page names tens of media objects; each is signed with RSA at most once per window in a
// warm function, whoever reads it, and a beat's full audio still reaches only its owner.
func TestFeed_SignsEachMediaObjectOncePerWindow(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada, bola := app.SignedIn(t, "ada_e"), app.SignedIn(t, "bola_o")
	cover := mediatest.JPEGOf(mediatest.Picture(480, 480)) // renditions 160 and 480 wide
	for i := range 4 {
		r := ada.JSON("POST", "/api/audio/create", map[string]any{"caption": fmt.Sprintf("song %d", i),
			"audio_upload": app.Upload(t, ada.ID, media.Audio, "audio/wav", mediatest.WAV(1)),
			"cover_photo":  app.Upload(t, ada.ID, media.Image, "image/jpeg", cover)})
		if r.Status != http.StatusCreated {
			t.Fatalf("create: %d %s", r.Status, r.Raw)
		}
	}
	r := ada.JSON("POST", "/api/beat/create", map[string]any{"caption": "drill", "description": "Hard drums.",
		"amount": 4999.99, "total_supply": 50,
		"audio_upload": app.Upload(t, ada.ID, media.Audio, "audio/wav", mediatest.WAV(25)),
		"cover_photo":  app.Upload(t, ada.ID, media.Image, "image/png", mediatest.PNG())})
	if r.Status != http.StatusCreated {
		t.Fatalf("create beat: %d %s", r.Status, r.Raw)
	}
	app.NoFailedEvents(t) // the covers' renditions made
	full := r.Body["post"].(map[string]any)["audio_upload"].(string)
	full = full[:strings.Index(full, "?")]

	// A warm feed function of its own, whose clock the test moves and whose signatures it counts.
	clock := apptest.NewClock(time.Now().Truncate(media.SignedWindow).Add(time.Minute))
	d, err := posts.Wire(wire.WithClock(context.Background(), clock.Now), app.Cloud.Config, func(k string) string { return app.Env[k] })
	if err != nil {
		t.Fatal(err)
	}
	app.Handlers["feed"] = feed.New(d)
	read := func(u apptest.User) (signatures int64, urls map[string]string) {
		t.Helper()
		before := d.Media.Signatures()
		req := httptest.NewRequest("GET", "/api/feed?tab=audio", nil)
		req.Header.Set("Authorization", "Bearer "+u.Token)
		rec := app.Serve(t, "feed", req)
		if rec.Code != http.StatusOK {
			t.Fatalf("feed: %d %s", rec.Code, rec.Body)
		}
		return d.Media.Signatures() - before, mediaPaths(t, rec.Body.Bytes())
	}

	n, first := read(bola)
	if len(first) < 10 || n != int64(len(first)) {
		t.Fatalf("the first read signed %d URLs for %d media objects, want one each (10 or more)", n, len(first))
	}
	// The full audio and its listening copies (<key without extension>.a64.m4a, …) share a stem.
	stem := strings.TrimSuffix(full, path.Ext(full))
	for p := range first {
		if strings.HasPrefix(p, stem) {
			t.Errorf("a listener's feed names the beat's full audio or a copy of it: %s", p)
		}
	}
	clock.Add(media.SignedWindow - 2*time.Minute) // the window's last minute
	if n, again := read(bola); n != 0 || fmt.Sprint(again) != fmt.Sprint(first) {
		t.Errorf("a second read in the window signed %d URLs (want 0), same URLs: %v", n, fmt.Sprint(again) == fmt.Sprint(first))
	}
	n, own := read(ada)
	var fresh []string // what the owner's feed names that the listener's does not: the full audio and its copies
	for p := range own {
		if _, ok := first[p]; !ok {
			fresh = append(fresh, p)
			if !strings.HasPrefix(p, stem) {
				t.Errorf("the owner's feed names %s, which is not the beat's full audio or a copy of it", p)
			}
		}
	}
	if _, ok := own[full]; !ok || n != int64(len(fresh)) {
		t.Errorf("the owner's read signed %d URLs (want one for each of %v), names the full audio: %v", n, fresh, ok)
	}
	clock.Add(time.Minute) // the next window
	n, next := read(bola)
	if n != int64(len(first)) {
		t.Errorf("the next window's first read signed %d URLs for %d objects", n, len(first))
	}
	for path, u := range next {
		if u == first[path] {
			t.Errorf("%s: the URL of the last window", path)
		}
	}
	if n, _ := read(bola); n != 0 {
		t.Errorf("the next window's second read signed %d URLs", n)
	}
	// The URLs made once load from the CDN.
	for _, u := range next {
		res, err := bola.HTTP.Get(app.URL(u))
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %d", u, res.StatusCode)
		}
	}
}
