package posts_test

import (
	"net/http"
	"reflect"
	"strings"
	"testing"

	"zuum/shared/media"
	"zuum/shared/media/mediatest"
)

// Captions, comments, locations and tags are cleaned of what nobody can see (control, zero-width
// and bidirectional characters) before they are checked, and measured in the characters a reader
// sees: Yoruba's stacked diacritics count once.
func TestText_InvisibleOnlyTextIsBlankAndLengthsAreInCharacters(t *testing.T) {
	t.Parallel()
	w, ada, bo := startWithTwo(t)
	link := "https://open.spotify.com/track/x"
	const invalid, required = "Validation error or missing files", "Caption is required"
	for name, caption := range map[string]string{
		"zero-width spaces": "\u200b\u200b\u200b",
		"a NUL and a BOM":   "\x00\ufeff",
		"bidi controls":     "\u202e\u2066\u2069",
		"combining marks":   "\u0301\u0323",
		"joiners and tabs":  "\u200d\t\u200c",
	} {
		refusal(t, "caption of "+name, ada.JSON("POST", "/api/audio/create", map[string]any{
			"caption": caption, "spotify": link, "audio_upload": w.upload(ada.ID, media.Audio, mediatest.WAV(1)),
		}), http.StatusBadRequest, invalid, map[string]string{"caption": required})
	}
	refusal(t, "a video caption of zero-width spaces", ada.JSON("POST", "/api/video/create", map[string]any{
		"caption": "\u200b", "video_upload": w.upload(ada.ID, media.Video, mp4Bytes),
	}), http.StatusBadRequest, invalid+".", map[string]string{"caption": required})

	// 500 letters each with two combining marks (o, dot below, grave: "ọ̀") is 500 characters.
	yoruba := strings.Repeat("o\u0323\u0300", 500)
	r := ada.JSON("POST", "/api/audio/create", map[string]any{
		"caption": "\u200b" + yoruba + "\u00ad", "spotify": link, "audio_upload": w.upload(ada.ID, media.Audio, mediatest.WAV(1)),
	})
	if r.Status != http.StatusCreated {
		t.Fatalf("a 500-character Yoruba caption: %d %s", r.Status, r.Raw)
	}
	song := r.Body["post"].(map[string]any)
	if c := song["caption"].(string); c != strings.Repeat("\u1ecd\u0300", 500) {
		t.Errorf("the caption is stored cleaned and composed: %q...", c[:12])
	}
	refusal(t, "501 characters", ada.JSON("POST", "/api/audio/create", map[string]any{
		"caption": yoruba + "a", "spotify": link, "audio_upload": w.upload(ada.ID, media.Audio, mediatest.WAV(1)),
	}), http.StatusBadRequest, invalid, map[string]string{"caption": "Caption must be at most 500 characters"})

	r = ada.JSON("POST", "/api/video/create", map[string]any{
		"caption": "Line one\nLine\x00 two", "location": "\u200bÌbàdàn\u202e", "video_upload": w.upload(ada.ID, media.Video, mp4Bytes),
		"tagged_people": []string{"\u200b", "Tunde\u200b", "tunde", " \x00zara", strings.Repeat("\u00e9\u0301", 50)},
	})
	if r.Status != http.StatusCreated {
		t.Fatalf("a video with dirty text: %d %s", r.Status, r.Raw)
	}
	clip := r.Body["post"].(map[string]any)
	want := map[string]any{
		"caption": "Line one Line two", "location": "Ìbàdàn",
		"tagged_people": []any{"Tunde", "zara", strings.Repeat("\u00e9\u0301", 50)},
	}
	for k, v := range want {
		if !reflect.DeepEqual(clip[k], v) {
			t.Errorf("%s = %q, want %q", k, clip[k], v)
		}
	}
	if r := ada.JSON("POST", "/api/video/create", map[string]any{
		"caption": "x", "location": "\u200b\u200b", "video_upload": w.upload(ada.ID, media.Video, mp4Bytes),
	}); r.Status != http.StatusCreated || r.Body["post"].(map[string]any)["location"] != "" {
		t.Errorf("an invisible location is no location: %d %s", r.Status, r.Raw)
	}

	id := song["id"].(string)
	empty := map[string]string{"comment": "Comment cannot be empty."}
	for name, comment := range map[string]string{
		"a NUL byte": "\x00", "zero-width spaces": "\u200b\u2060\ufeff", "blank lines": "\n\r\n\t ",
	} {
		refusal(t, "comment of "+name, bo.JSON("POST", "/api/audio/comment/create", map[string]any{"post_id": id, "comment": comment}),
			http.StatusBadRequest, "Comment cannot be empty.", empty)
	}
	for comment, stored := range map[string]string{
		"  hi\u200b there\x00 ":               "hi there",
		"first line\r\nsecond line":           "first line\nsecond line",
		strings.Repeat("o\u0323\u0300", 1000): strings.Repeat("\u1ecd\u0300", 1000),
	} {
		r := bo.JSON("POST", "/api/audio/comment/create", map[string]any{"post_id": id, "comment": comment})
		if r.Status != http.StatusCreated || r.Body["comment"].(map[string]any)["comment"] != stored {
			t.Errorf("comment %.20q: %d %.200s", comment, r.Status, r.Raw)
		}
	}
	refusal(t, "1001 characters", bo.JSON("POST", "/api/audio/comment/create", map[string]any{"post_id": id, "comment": strings.Repeat("ọ̀", 1000) + "!"}),
		http.StatusBadRequest, "Comment must be at most 1000 characters", map[string]string{"comment": "Comment must be at most 1000 characters"})
	if p := bo.JSON("GET", "/api/audio/"+id, nil).Body["post"].(map[string]any); p["comments"] != 3.0 {
		t.Errorf("refused comments were counted: %v", p["comments"])
	}
}
