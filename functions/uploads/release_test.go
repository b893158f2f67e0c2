package uploads_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/schema"
)

func TestCreate_ReleaseFilesAreRefusedWithTheDistributionTexts(t *testing.T) {
	t.Parallel()
	_, c, _ := start(t)
	cases := []struct {
		name, kind, ct string
		size           int64
		filename       string
		field, want    string
	}{
		{"a 21 MB track", "release_audio", "audio/mpeg", 21 << 20, "a.mp3", "size", "Audio file exceeds 20MB limit"},
		{"a track of exactly 20 MB", "release_audio", "audio/flac", 20 << 20, "a.flac", "size", "Audio file exceeds 20MB limit"},
		{"an AAC track", "release_audio", "audio/aac", 100, "a.aac", "content_type", "Please upload MP3, WAV, or FLAC"},
		{"a cover of 5 MB", "cover_art", "image/jpeg", 5 << 20, "c.jpg", "size", "Image exceeds 5MB limit"},
		{"a GIF cover", "cover_art", "image/gif", 100, "c.gif", "content_type", "Please upload JPG or PNG"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := c.JSON("POST", "/api/uploads", map[string]any{"kind": tc.kind, "content_type": tc.ct, "size": tc.size, "filename": tc.filename})
			if r.Status != http.StatusBadRequest || r.FieldErrors()[tc.field] != tc.want {
				t.Fatalf("%d %s, want 400 with %s: %q", r.Status, r.Raw, tc.field, tc.want)
			}
		})
	}
}

func TestCreate_AFLACTrackOfUnder20MBGetsATicketOfItsKind(t *testing.T) {
	t.Parallel()
	app, c, id := start(t)
	flac := mediatest.FLAC(2)
	tk := ask(t, c, "release_audio", "audio/flac", int64(len(flac)), "take.flac")
	if !strings.HasPrefix(tk.Key, "uploads/"+id+"/release_audio/") || !strings.HasSuffix(tk.Key, ".flac") || tk.MaxSize != 20<<20-1 {
		t.Fatalf("ticket %+v", tk)
	}
	uploaded(t, tk, flac)
	app.NoFailedEvents(t)
	m, found, err := media.NewCatalog(app.Cloud.DynamoDB, schema.Posts.Name).Get(context.Background(), tk.Key)
	if err != nil || !found || !m.OK() || m.ContentType != "audio/flac" {
		t.Fatalf("the media function's verdict: %+v found %v err %v", m, found, err)
	}
}

// A cover's pixels are read from its header once it is in the bucket: a 2,999×2,999 one is
// deleted, a 3,000×3,000 one stays.
func TestUpload_TheMediaFunctionDeletesACoverUnder3000x3000(t *testing.T) {
	t.Parallel()
	app, c, _ := start(t)
	catalog := media.NewCatalog(app.Cloud.DynamoDB, schema.Posts.Name)
	small, big := mediatest.Cover(2999, 2999), mediatest.Cover(3000, 3000)
	smallTk := sent(t, c, "cover_art", "image/png", "small.png", small)
	bigTk := sent(t, c, "cover_art", "image/png", "big.png", big)
	app.NoFailedEvents(t)
	ctx := context.Background()
	m, _, _ := catalog.Get(ctx, smallTk.Key)
	if m.Status != media.StatusRejected || m.Width != 2999 || !strings.Contains(m.Reason, "Cover art must be at least 3000x3000") {
		t.Errorf("small cover: %+v", m)
	}
	if _, ok := head(t, app, smallTk.Key); ok {
		t.Error("the small cover must be deleted")
	}
	m, _, _ = catalog.Get(ctx, bigTk.Key)
	if !m.OK() || m.Width != 3000 || m.Height != 3000 {
		t.Errorf("3000×3000 cover: %+v", m)
	}
	if _, ok := head(t, app, bigTk.Key); !ok {
		t.Error("the 3000×3000 cover must stay")
	}
}
