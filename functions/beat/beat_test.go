package beat_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/schema"
)

func TestBeat_CreateServesThePreviewToEveryoneButItsOwner(t *testing.T) {
	t.Parallel()
	w := start(t)
	kel, ada := w.user("kel_on_the_beat"), w.user("ada_sings")
	p := w.beat(kel, "  Afro drill 140  ", map[string]any{"total_supply": 50, "amount": 4999.99, "description": "Hard drums,\ndark keys."})
	want := map[string]any{
		"kind": "beat", "type": "beat", "profile_id": kel.ID, "username": "kel_on_the_beat", "artist": "kel_on_the_beat",
		"caption": "Afro drill 140", "title": "Afro drill 140", "description": "Hard drums,\ndark keys.",
		"duration": 25.0, "amount": 4999.99, "price": 4999.99, "total_supply": 50.0, "total_buyers": 0.0, "available": 50.0, "likes": 0.0, "reactions": 0.0,
		"comments": 0.0, "shares": 0.0, "isLiked": false, "is_liked": false, "is_promoted": false, "plays_count": 0.0,
		"profile_picture": "", "image": "",
	}
	for k, v := range want {
		if !reflect.DeepEqual(p[k], v) {
			t.Errorf("%s = %#v, want %#v", k, p[k], v)
		}
	}
	full, preview := objectPath(t, p["audio_upload"].(string)), objectPath(t, p["preview_url"].(string))
	if full == preview || !strings.HasSuffix(preview, "-preview") {
		t.Fatalf("the owner's audio_upload %s should be the full audio, preview_url %s the preview", full, preview)
	}
	id := p["id"].(string)

	// Everyone else gets the preview in both fields, and nothing names the full audio.
	fullName := full[strings.LastIndex(full, "/")+1:]
	for _, path := range []string{"/api/beat/" + id, "/api/beat", "/api/beat/", "/api/beat/user/" + kel.ID, "/api/feed", "/api/feed?tab=audio"} {
		r := ada.JSON("GET", path, nil)
		if r.Status != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, r.Status, r.Raw)
		}
		if bytes.Contains(r.Raw, []byte(fullName)) {
			t.Errorf("GET %s names the full audio %s: %s", path, fullName, r.Raw)
		}
		var got map[string]any
		if post, ok := r.Body["post"].(map[string]any); ok {
			got = post
		} else if posts, _ := r.Body["posts"].([]any); len(posts) == 1 {
			got = posts[0].(map[string]any)
		} else {
			t.Fatalf("GET %s: %s", path, r.Raw)
		}
		if got["kind"] != "beat" || objectPath(t, got["audio_upload"].(string)) != preview || objectPath(t, got["preview_url"].(string)) != preview {
			t.Errorf("GET %s: audio_upload %v preview_url %v, want the preview %s", path, got["audio_upload"], got["preview_url"], preview)
		}
	}
	status, b := fetch(t, ada.Client, p["preview_url"].(string))
	if d := media.Duration("audio/wav", bytes.NewReader(b), int64(len(b))); status != http.StatusOK || d != 10 {
		t.Errorf("the preview: %d, plays %v s, want 200 and 10 s", status, d)
	}
	// The full audio's address without a signature is refused, by the CDN and by S3.
	for _, u := range []string{full, w.app.Cloud.URL + "/" + schema.Media.Name + full} {
		if status, _ := fetch(t, ada.Client, u); status != http.StatusForbidden {
			t.Errorf("an unsigned GET of the full audio %s: %d, want 403", u, status)
		}
	}
	// Its owner hears all of it.
	status, b = fetch(t, kel.Client, p["audio_upload"].(string))
	if d := media.Duration("audio/wav", bytes.NewReader(b), int64(len(b))); status != http.StatusOK || d != 25 {
		t.Errorf("the owner's audio: %d, plays %v s, want 200 and 25 s", status, d)
	}
	for _, path := range []string{"/api/beat/user-posts", "/api/beat/user/" + kel.ID} {
		r := kel.JSON("GET", path, nil)
		posts, _ := r.Body["posts"].([]any)
		if r.Status != http.StatusOK || len(posts) != 1 || objectPath(t, posts[0].(map[string]any)["audio_upload"].(string)) != full {
			t.Errorf("GET %s by the owner: %d %s", path, r.Status, r.Raw)
		}
	}
	if r := ada.JSON("GET", "/api/beat/user-posts", nil); r.Status != http.StatusOK || len(r.Body["posts"].([]any)) != 0 {
		t.Errorf("another user's own beats: %d %s", r.Status, r.Raw)
	}
	w.app.NoFailedEvents(t)
}

func TestBeat_CreateDefaultsSupplyAndCutsMP3PreviewsByFrames(t *testing.T) {
	w := start(t)
	kel := w.user("kel_on_the_beat")
	song := w.upload(kel.ID, media.Audio, "audio/mpeg", mediatest.MP3Xing(1500))
	p := w.beat(kel, "Amapiano loop", map[string]any{"audio_upload": song})
	if p["total_supply"] != 100.0 || p["available"] != 100.0 || p["amount"] != 999.0 || p["price"] != 999.0 {
		t.Errorf("supply %v available %v amount %v, want the defaults 100 and 999", p["total_supply"], p["available"], p["amount"])
	}
	status, b := fetch(t, kel.Client, p["preview_url"].(string))
	if d := media.Duration("audio/mpeg", bytes.NewReader(b), int64(len(b))); status != http.StatusOK || d < 10 || d > 10.03 {
		t.Errorf("the MP3 preview: %d, plays %v s", status, d)
	}
	if r := kel.JSON("POST", "/api/beat/create", w.beatBody(kel, "As text", map[string]any{"total_supply": "7", "amount": "0.01"})); r.Status != http.StatusCreated ||
		r.Body["post"].(map[string]any)["total_supply"] != 7.0 || r.Body["post"].(map[string]any)["amount"] != 0.01 {
		t.Errorf("total_supply as text: %d %s", r.Status, r.Raw)
	}
}

func TestBeat_CreateRefusesWithTheSpecsMessagesAndKeepsNothing(t *testing.T) {
	t.Parallel()
	w := start(t)
	kel, ada := w.user("kel_on_the_beat"), w.user("ada_sings")
	const invalid = "Validation error or missing files"
	const badAudio = "Please select a valid audio file (MP3, WAV)"
	flac := w.upload(kel.ID, media.Audio, "audio/flac", mediatest.FLAC(20))
	cases := []struct {
		name   string
		body   any
		fields map[string]string
	}{
		{"nothing", map[string]any{}, map[string]string{
			"caption": "Please add a title for your beat", "description": "Description is required",
			"audio_upload": "Audio file is required", "cover_photo": "Cover photo is required",
		}},
		{"blank title", w.beatBody(kel, "   ", nil), map[string]string{"caption": "Please add a title for your beat"}},
		{"blank description", w.beatBody(kel, "x", map[string]any{"description": " \n "}), map[string]string{"description": "Description is required"}},
		{"no cover", w.beatBody(kel, "x", map[string]any{"cover_photo": nil}), map[string]string{"cover_photo": "Cover photo is required"}},
		{"no audio", w.beatBody(kel, "x", map[string]any{"audio_upload": ""}), map[string]string{"audio_upload": "Audio file is required"}},
		{"FLAC", w.beatBody(kel, "x", map[string]any{"audio_upload": flac}), map[string]string{"audio_upload": badAudio}},
		{"another's audio", w.beatBody(kel, "x", map[string]any{"audio_upload": w.upload(ada.ID, media.Audio, "audio/wav", mediatest.WAV(3))}), map[string]string{"audio_upload": badAudio}},
		{"supply 0", w.beatBody(kel, "x", map[string]any{"total_supply": 0}), map[string]string{"total_supply": "total_supply must be a whole number from 1 to 1000000"}},
		{"supply 2.5", w.beatBody(kel, "x", map[string]any{"total_supply": 2.5}), map[string]string{"total_supply": "total_supply must be a whole number from 1 to 1000000"}},
		{"supply text", w.beatBody(kel, "x", map[string]any{"total_supply": "many"}), map[string]string{"total_supply": "total_supply must be a whole number from 1 to 1000000"}},
		{"amount 0", w.beatBody(kel, "x", map[string]any{"amount": 0}), map[string]string{"amount": "amount must be at least 0.01"}},
		{"amount below zero", w.beatBody(kel, "x", map[string]any{"amount": -5}), map[string]string{"amount": "amount must be at least 0.01"}},
		{"three decimals", w.beatBody(kel, "x", map[string]any{"amount": 9.999}), map[string]string{"amount": "Amount must be a number of naira with at most two decimals"}},
		{"an exponent", w.beatBody(kel, "x", map[string]any{"amount": json.RawMessage("1e3")}), map[string]string{"amount": "Amount must be a number of naira with at most two decimals"}},
		{"amount text", w.beatBody(kel, "x", map[string]any{"amount": "free"}), map[string]string{"amount": "Amount must be a number of naira with at most two decimals"}},
	}
	for _, c := range cases {
		refusal(t, c.name, kel.JSON("POST", "/api/beat/create", c.body), http.StatusBadRequest, invalid, c.fields)
	}
	if r := kel.JSON("GET", "/api/beat/user-posts", nil); len(r.Body["posts"].([]any)) != 0 || r.Body["pagination"].(map[string]any)["total"] != 0.0 {
		t.Errorf("refused beats were kept: %s", r.Raw)
	}
	if r := kel.JSON("POST", "/api/beat/create", "{"); r.Status != http.StatusBadRequest {
		t.Errorf("malformed JSON: %d %s", r.Status, r.Raw)
	}
}

func TestBeat_ReactCommentAndReadAsAudioPostsDo(t *testing.T) {
	t.Parallel()
	w := start(t)
	kel, ada := w.user("kel_on_the_beat"), w.user("ada_sings")
	id := w.beat(kel, "Afro drill", nil)["id"].(string)
	if r := ada.JSON("POST", "/api/beat/react", map[string]any{"post_id": id, "like": true}); r.Status != http.StatusOK || r.Body["reactions"] != 1.0 {
		t.Fatalf("like: %d %s", r.Status, r.Raw)
	}
	if r := ada.JSON("POST", "/api/beat/comment", map[string]any{"post_id": id, "comment": "Those drums"}); r.Status != http.StatusCreated {
		t.Fatalf("comment: %d %s", r.Status, r.Raw)
	}
	r := ada.JSON("GET", "/api/beat/"+id+"/comments", nil)
	if list, _ := r.Body["comments"].([]any); r.Status != http.StatusOK || len(list) != 1 {
		t.Errorf("comments: %d %s", r.Status, r.Raw)
	}
	g := ada.JSON("GET", "/api/beat/"+id, nil).Body["post"].(map[string]any)
	if g["likes"] != 1.0 || g["comments"] != 1.0 || g["isLiked"] != true {
		t.Errorf("after a like and a comment: %v", g)
	}
	refusal(t, "unknown beat", ada.JSON("GET", "/api/beat/0190f3a3-0000-7000-8000-000000000002", nil), http.StatusNotFound, "Beat post not found", nil)
	refusal(t, "react to nothing", ada.JSON("POST", "/api/beat/react", map[string]any{"post_id": "nope", "like": true}), http.StatusNotFound, "Post not found", nil)
	refusal(t, "comment on nothing", ada.JSON("POST", "/api/beat/comment", map[string]any{"post_id": "nope", "comment": "hi"}), http.StatusNotFound, "Post not found", nil)
	if r := w.app.Client(t).JSON("GET", "/api/beat", nil); r.Status != http.StatusUnauthorized {
		t.Errorf("no session: %d", r.Status)
	}
}

func TestBeat_DeletingABeatNobodyBoughtRemovesItsFiles(t *testing.T) {
	t.Parallel()
	w := start(t)
	kel, ada := w.user("kel_on_the_beat"), w.user("ada_sings")
	p := w.beat(kel, "Afro drill", map[string]any{"cover_photo": w.upload(kel.ID, media.Image, "image/png", mediatest.PNGOf(mediatest.Picture(600, 600)))})
	id := p["id"].(string)
	var renditions []string
	for _, r := range p["cover_renditions"].([]any) {
		renditions = append(renditions, r.(map[string]any)["url"].(string))
	}
	if len(renditions) != 2 {
		t.Fatalf("a 600 px cover has renditions %v, want 160 and 480", p["cover_renditions"])
	}
	for _, u := range renditions {
		if status, _ := fetch(t, kel.Client, u); status != http.StatusOK {
			t.Errorf("rendition %s: %d", u, status)
		}
	}
	refusal(t, "another's delete", ada.JSON("DELETE", "/api/beat/"+id, nil), http.StatusForbidden, "You can only delete your own posts.", nil)
	if r := kel.JSON("DELETE", "/api/beat/"+id, nil); r.Status != http.StatusOK {
		t.Fatalf("delete: %d %s", r.Status, r.Raw)
	}
	w.app.NoFailedEvents(t)
	refusal(t, "deleted", ada.JSON("GET", "/api/beat/"+id, nil), http.StatusNotFound, "Beat post not found", nil)
	for _, f := range []string{"audio_upload", "preview_url", "cover_photo"} {
		if status, _ := fetch(t, kel.Client, p[f].(string)); status != http.StatusNotFound {
			t.Errorf("%s after the delete: %d, want 404", f, status)
		}
	}
	for _, u := range renditions {
		if status, _ := fetch(t, kel.Client, u); status != http.StatusNotFound {
			t.Errorf("rendition %s after the delete: %d, want 404", u, status)
		}
	}
	if r := ada.JSON("GET", "/api/feed", nil); len(r.Body["posts"].([]any)) != 0 {
		t.Errorf("the feed still lists it: %s", r.Raw)
	}
}
