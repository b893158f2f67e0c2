package posts_test

import (
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/schema"
)

func TestAudio_CreateRendersThePostAndListsIt(t *testing.T) {
	t.Parallel()
	w := start(t)
	ada, bo := w.user("ada_sings"), w.user("bola")
	song := w.upload(ada.ID, media.Audio, mediatest.WAV(3))
	cover := w.upload(ada.ID, media.Image, pngBytes)
	w.app.NoFailedEvents(t) // the media function has checked and measured the uploads
	r := ada.JSON("POST", "/api/audio/create", map[string]any{
		"caption": "  Enugu Nights  ", "audio_upload": song, "cover_photo": cover,
		"spotify": "https://open.spotify.com/track/enugu", "audiomark": "https://audiomack.com/ada/enugu",
	})
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	p := r.Body["post"].(map[string]any)
	want := map[string]any{
		"kind": "audio", "type": "music", "profile_id": ada.ID, "username": "ada_sings", "artist": "ada_sings",
		"caption": "Enugu Nights", "title": "Enugu Nights", "duration": 3.0, "spotify": "https://open.spotify.com/track/enugu",
		"apple_music": "", "youtube_music": "", "boomplay": "", "audiomark": "https://audiomack.com/ada/enugu",
		"reactions": 0.0, "comments": 0.0, "shares": 0.0, "isLiked": false, "is_liked": false, "profile_picture": "",
	}
	for k, v := range want {
		if !reflect.DeepEqual(p[k], v) {
			t.Errorf("%s = %#v, want %#v", k, p[k], v)
		}
	}
	for _, k := range []string{"audio_upload", "cover_photo"} {
		if u, _ := p[k].(string); !strings.HasPrefix(u, "/"+schema.FinalPrefix+ada.ID+"/") || !strings.Contains(u, "&Signature=") {
			t.Errorf("%s is not a signed URL on the app's origin: %q", k, u)
		}
	}
	id := p["id"].(string)
	w.audio(bo, "Third Mainland Bridge")

	for _, path := range []string{"/api/audio", "/api/audio/", "/api/feed", "/api/feed?tab=audio"} {
		if got, pg := list(t, bo, path); !reflect.DeepEqual(got, []string{"Third Mainland Bridge", "Enugu Nights"}) || pg["total"] != 2.0 {
			t.Errorf("%s: %v %v", path, got, pg)
		}
	}
	for path, want := range map[string][]string{
		"/api/audio/user":           {"Enugu Nights"},
		"/api/audio/user/" + bo.ID:  {"Third Mainland Bridge"},
		"/api/audio/user/" + ada.ID: {"Enugu Nights"},
		"/api/audio/user/nobody":    {},
	} {
		if got, _ := list(t, ada, path); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v, want %v", path, got, want)
		}
	}
	g := bo.JSON("GET", "/api/audio/"+id, nil)
	if g.Status != http.StatusOK || g.Body["post"].(map[string]any)["id"] != id {
		t.Fatalf("get: %d %s", g.Status, g.Raw)
	}
	feed := bo.JSON("GET", "/api/feed", nil).Body["posts"].([]any)
	if feed[1].(map[string]any)["kind"] != "audio" || feed[1].(map[string]any)["artist"] != "ada_sings" {
		t.Errorf("feed post %v", feed[1])
	}
	w.app.NoFailedEvents(t) // the new posts' jobs ran
}

func TestAudio_CreateRefusesWithTheContractsMessages(t *testing.T) {
	t.Parallel()
	w, ada, bo := startWithTwo(t)
	song := w.upload(ada.ID, media.Audio, mediatest.WAV(1))
	link := "https://open.spotify.com/track/x"
	const invalid = "Validation error or missing files"
	const badAudio, badImage = "Please select a valid audio file (MP3, WAV)", "Please select a valid image file (JPEG, PNG)"
	cases := []struct {
		name   string
		body   any
		fields map[string]string
	}{
		{"an empty form", map[string]any{}, map[string]string{
			"caption": "Caption is required", "audio_upload": "Audio file is required",
		}},
		{"another user's upload", map[string]any{"caption": "x", "spotify": link, "audio_upload": w.upload(bo.ID, media.Audio, mediatest.WAV(1))},
			map[string]string{"audio_upload": badAudio}},
		{"bytes that are not audio", map[string]any{"caption": "x", "spotify": link, "audio_upload": w.upload(ada.ID, media.Audio, txtBytes)},
			map[string]string{"audio_upload": badAudio}},
		{"a missing object", map[string]any{"caption": "x", "spotify": link, "audio_upload": media.UserPrefix(ada.ID, media.Audio) + "gone.wav"},
			map[string]string{"audio_upload": badAudio}},
		{"a cover that is not an image", map[string]any{"caption": "x", "spotify": link, "audio_upload": song, "cover_photo": w.upload(ada.ID, media.Image, mp4Bytes)},
			map[string]string{"cover_photo": badImage}},
		{"a long caption and a bad link", map[string]any{"caption": strings.Repeat("c", 501), "audio_upload": song, "apple_music": "music.apple.com/x"},
			map[string]string{"caption": "Caption must be at most 500 characters", "apple_music": "apple_music must be a valid URL"}},
		{"a caption of the wrong type", map[string]any{"caption": 5, "audio_upload": song, "spotify": link},
			map[string]string{"caption": "caption must be a string"}},
	}
	for _, tc := range cases {
		refusal(t, tc.name, ada.JSON("POST", "/api/audio/create", tc.body), http.StatusBadRequest, invalid, tc.fields)
	}
	refusal(t, "malformed JSON", ada.JSON("POST", "/api/audio/create", "{"), http.StatusBadRequest, "Malformed JSON body.", nil)
	anon := w.app.Client(t)
	refusal(t, "no session", anon.JSON("POST", "/api/audio/create", map[string]any{}), http.StatusUnauthorized, "Unauthorized: Invalid or missing token", nil)
	refusal(t, "a list without a session", anon.JSON("GET", "/api/audio", nil), http.StatusUnauthorized, "Unauthorized: Invalid or missing token", nil)
	if got, pg := list(t, ada, "/api/audio"); len(got) != 0 || pg["total"] != 0.0 {
		t.Errorf("refused posts were published: %v", got)
	}
}

func TestAudio_DeleteIsTheOwnersAndThenNotFound(t *testing.T) {
	t.Parallel()
	w, ada, bo := startWithTwo(t)
	id := w.audio(ada, "Enugu Nights")["id"].(string)
	refusal(t, "another user's delete", bo.JSON("DELETE", "/api/audio/"+id, nil), http.StatusForbidden, "You can only delete your own posts.", nil)
	refusal(t, "delete", ada.JSON("DELETE", "/api/audio/"+id, nil), http.StatusOK, "Post deleted.", nil)
	for _, r := range []struct {
		what, method, path string
		user               user
	}{
		{"get", "GET", "/api/audio/" + id, bo},
		{"delete again", "DELETE", "/api/audio/" + id, ada},
		{"comments", "GET", "/api/audio/" + id + "/comments", bo},
		{"unknown id", "GET", "/api/audio/0190a0a0-0000-7000-8000-000000000000", bo},
		{"not an id", "GET", "/api/audio/nope", bo},
	} {
		refusal(t, r.what, r.user.JSON(r.method, r.path, nil), http.StatusNotFound, "Audio post not found", nil)
	}
	if got, pg := list(t, bo, "/api/audio"); len(got) != 0 || pg["total"] != 0.0 {
		t.Errorf("a deleted post is listed: %v %v", got, pg)
	}
	w.app.NoFailedEvents(t)
}

func TestAudio_ListsRefuseBadPaging(t *testing.T) {
	t.Parallel()
	w := start(t)
	ada := w.user("ada_e")
	for _, path := range []string{"/api/audio", "/api/audio/user", "/api/video", "/api/feed?tab=video"} {
		refusal(t, path+" limit", ada.JSON("GET", path+sep(path)+"limit=51", nil), http.StatusBadRequest, "limit must be between 1 and 50.", nil)
		refusal(t, path+" limit 0", ada.JSON("GET", path+sep(path)+"limit=0", nil), http.StatusBadRequest, "limit must be between 1 and 50.", nil)
		refusal(t, path+" cursor", ada.JSON("GET", path+sep(path)+"cursor=bm9wZQ", nil), http.StatusBadRequest, "Invalid cursor.", nil)
	}
	refusal(t, "tab", ada.JSON("GET", "/api/feed?tab=beats", nil), http.StatusBadRequest, "tab must be audio or video.", nil)
}

func sep(path string) string {
	if strings.Contains(path, "?") {
		return "&"
	}
	return "?"
}

// A post's audio is served by the app's own origin (/media/..., signed for the CDN, one
// connection for the phone) and streams by ranges: a player asks for the part it plays.
func TestAudio_MediaLoadsFromTheAppOriginByRanges(t *testing.T) {
	t.Parallel()
	w := start(t)
	ada := w.user("ada_sings")
	song := mediatest.WAV(2)
	key := w.upload(ada.ID, media.Audio, song)
	w.app.NoFailedEvents(t)
	r := ada.JSON("POST", "/api/audio/create", map[string]any{
		"caption": "Range", "audio_upload": key, "spotify": "https://open.spotify.com/track/x",
	})
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	u := r.Body["post"].(map[string]any)["audio_upload"].(string)
	if !strings.HasPrefix(u, "/"+schema.FinalPrefix) {
		t.Fatalf("audio_upload %q is not on the app's origin", u)
	}
	if again := ada.JSON("GET", "/api/audio/"+r.Body["post"].(map[string]any)["id"].(string), nil); again.Body["post"].(map[string]any)["audio_upload"] != u {
		t.Errorf("a second read signs another URL: %v, want %s (the same for the hour, so it caches)", again.Body["post"].(map[string]any)["audio_upload"], u)
	}
	req, _ := http.NewRequest("GET", w.app.URL(u), nil)
	req.Header.Set("Range", "bytes=0-99")
	res, err := ada.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusPartialContent || string(body) != string(song[:100]) ||
		res.Header.Get("Content-Range") != "bytes 0-99/"+strconv.Itoa(len(song)) || res.Header.Get("Content-Type") != "audio/wav" {
		t.Errorf("range of the audio: %d, %d bytes, %v", res.StatusCode, len(body), res.Header)
	}
	res, err = ada.HTTP.Get(w.app.URL(strings.Split(u, "?")[0]))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("the audio without its signature: %d, want 403", res.StatusCode)
	}
}
