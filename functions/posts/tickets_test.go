package posts_test

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"zuum/localstack/apptest"
	"zuum/shared/media/mediatest"
)

// send sends file the way the browser does with an upload ticket (every field, then the file)
// and returns S3's status.
func send(t *testing.T, ticket map[string]any, file []byte) int {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range ticket["fields"].(map[string]any) {
		_ = w.WriteField(k, v.(string))
	}
	fw, _ := w.CreateFormFile("file", "upload")
	if _, err := fw.Write(file); err != nil {
		t.Fatal(err)
	}
	w.Close()
	res, err := http.Post(ticket["url"].(string), w.FormDataContentType(), &body)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// served is what a browser loads from a post's media URL.
func served(t *testing.T, app *apptest.App, url string) []byte {
	t.Helper()
	if strings.HasPrefix(url, "/") { // a path on the app's origin (posts' media, signed for the CDN)
		url = app.URL(url)
	}
	res, err := app.Server.Client().Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %s", url, res.StatusCode, b)
	}
	return b
}

func TestCreate_AnUploadTicketCannotChangeWhatAPostServes(t *testing.T) {
	t.Parallel()
	w := start(t)
	ada := w.user("ada_sings")
	song, cover := mediatest.WAV(2), mediatest.JPEG()
	songTicket := ada.JSON("POST", "/api/uploads", map[string]any{"kind": "audio", "content_type": "audio/wav", "size": len(song), "filename": "song.wav"})
	coverTicket := ada.JSON("POST", "/api/uploads", map[string]any{"kind": "image", "content_type": "image/jpeg", "size": len(cover), "filename": "cover.jpg"})
	if send(t, songTicket.Body, song) != http.StatusNoContent || send(t, coverTicket.Body, cover) != http.StatusNoContent {
		t.Fatal("upload refused")
	}
	w.app.NoFailedEvents(t)
	r := ada.JSON("POST", "/api/audio/create", map[string]any{
		"caption": "Enugu Nights", "audio_upload": songTicket.Body["key"], "cover_photo": coverTicket.Body["key"],
		"spotify": "https://open.spotify.com/track/enugu",
	})
	if r.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	p := r.Body["post"].(map[string]any)
	id, audioURL := p["id"].(string), p["audio_upload"].(string)
	if !strings.Contains(audioURL, "/media/"+ada.ID+"/audio/") || !strings.Contains(p["cover_photo"].(string), "/media/"+ada.ID+"/image/") {
		t.Fatalf("the post points at %s and %s, want its own copies under media/", audioURL, p["cover_photo"])
	}
	if !bytes.Equal(served(t, w.app, audioURL), song) || p["duration"] != 2.0 {
		t.Fatalf("the post does not serve the song (duration %v)", p["duration"])
	}
	coverServed := served(t, w.app, p["cover_photo"].(string))

	// The tickets are still valid for a quarter of an hour: their owner sends junk with them.
	junk := append(bytes.Clone(mediatest.Attacks["wav header then text"]), make([]byte, len(song))...)
	if status := send(t, songTicket.Body, junk); status != http.StatusNoContent {
		t.Fatalf("second upload: %d", status)
	}
	if status := send(t, coverTicket.Body, mediatest.JPEGOf(mediatest.Picture(4, 4))); status != http.StatusNoContent {
		t.Fatalf("second cover upload: %d", status)
	}
	w.app.NoFailedEvents(t)

	again := ada.JSON("GET", "/api/audio/"+id, nil).Body["post"].(map[string]any)
	if !bytes.Equal(served(t, w.app, again["audio_upload"].(string)), song) || again["duration"] != 2.0 {
		t.Error("a second POST with the ticket changed the post's audio")
	}
	if !bytes.Equal(served(t, w.app, again["cover_photo"].(string)), coverServed) {
		t.Error("a second POST with the ticket changed the post's cover")
	}
	// The upload a post was made from cannot make a second post once it is gone.
	r = ada.JSON("POST", "/api/audio/create", map[string]any{
		"caption": "again", "audio_upload": songTicket.Body["key"], "spotify": "https://open.spotify.com/track/enugu",
	})
	refusal(t, "the same upload again", r, http.StatusBadRequest, "Validation error or missing files",
		map[string]string{"audio_upload": "Please select a valid audio file (MP3, WAV)"})
}
