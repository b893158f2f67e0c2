package posts_test

import (
	"net/http"
	"testing"

	"zuum/shared/media"
	"zuum/shared/media/mediatest"
)

// A new artist may have no streaming release yet: an audio post needs no platform link, but a
// link it gives must be an http(s) URL.
func TestAudio_APostWithoutPlatformLinksIsAcceptedAndGivenLinksAreChecked(t *testing.T) {
	t.Parallel()
	w := start(t)
	ada := w.user("ada_e")
	for name, body := range map[string]map[string]any{
		"no links":    {"caption": "First demo"},
		"blank links": {"caption": "Second demo", "spotify": "  ", "boomplay": ""},
	} {
		body["audio_upload"] = w.upload(ada.ID, media.Audio, mediatest.WAV(1))
		r := ada.JSON("POST", "/api/audio/create", body)
		if r.Status != http.StatusCreated {
			t.Fatalf("%s: %d %s", name, r.Status, r.Raw)
		}
		p := r.Body["post"].(map[string]any)
		for _, f := range []string{"spotify", "apple_music", "youtube_music", "boomplay", "audiomark"} {
			if p[f] != "" {
				t.Errorf("%s: %s = %q", name, f, p[f])
			}
		}
	}
	if got, _ := list(t, ada, "/api/audio"); len(got) != 2 {
		t.Errorf("listed %v", got)
	}
	for link, field := range map[string]string{
		"javascript:alert(1)": "youtube_music", "https://": "audiomark", "open.spotify.com/x": "spotify",
	} {
		refusal(t, link, ada.JSON("POST", "/api/audio/create", map[string]any{
			"caption": "x", field: link, "audio_upload": w.upload(ada.ID, media.Audio, mediatest.WAV(1)),
		}), http.StatusBadRequest, "Validation error or missing files", map[string]string{field: field + " must be a valid URL"})
	}
}
