package seed_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"zuum/localstack/seed"
)

func TestSeed_PutsTheDemoBeatsUpForSaleOnceWithTheirPreviews(t *testing.T) {
	app, _ := seeded(t)
	ctx := context.Background()
	want := 0
	for _, b := range seed.SaleBeats {
		want += len(b)
	}
	twice(t, "beats", want, func() (int, error) {
		defer app.NoFailedEvents(t)
		return seed.Beats(ctx, app.Server.URL, app.Server.Client(), accounts(t, app), app.Cloud.Edge.WaitIdle)
	})
	c := app.Client(t)
	r := c.JSON("POST", "/api/auth/login", map[string]string{"email": seed.Demos[0].Email, "password": seed.Password})
	if r.Status != http.StatusOK {
		t.Fatalf("login: %d %s", r.Status, r.Raw)
	}
	c.Token, _ = r.Body["token"].(string)
	r = c.JSON("GET", "/api/beat?limit=20", nil)
	posts, _ := r.Body["posts"].([]any)
	if r.Status != http.StatusOK || len(posts) != want {
		t.Fatalf("beats: %d with %d, want %d: %s", r.Status, len(posts), want, r.Raw)
	}
	for _, p := range posts {
		b := p.(map[string]any)
		path := func(f string) string { u, _ := url.Parse(b[f].(string)); return u.Path }
		if d, _ := b["duration"].(float64); d <= 10 || path("preview_url") == "" || path("audio_upload") != path("preview_url") {
			t.Errorf("beat %v: duration %v, preview %v", b["caption"], b["duration"], b["preview_url"])
		}
	}
}
