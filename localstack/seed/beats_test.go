package seed_test

import (
	"net/http"
	"net/url"
	"testing"

	"zuum/localstack/seed"
)

func TestSeed_PutsTheDemoBeatsUpForSaleOnceWithTheirPreviews(t *testing.T) {
	app, _ := seeded(t)
	want := 0
	for _, b := range seed.SaleBeats {
		want += len(b)
	}
	twice(t, "beats", want, step(t, app, seed.Beats))
	c := demo(t, app)
	r := c.JSON("GET", "/api/beat?limit=20", nil)
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
