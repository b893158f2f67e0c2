package media_test

import (
	"errors"
	"strings"
	"testing"

	"zuum/shared/failure"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
)

// fieldsOf is the field errors of a Validate refusal.
func fieldsOf(t *testing.T, err error) map[string]string {
	t.Helper()
	var fe *failure.Error
	if !errors.As(err, &fe) {
		t.Fatalf("err = %v, want a field failure", err)
	}
	got := map[string]string{}
	for _, f := range fe.Fields {
		got[f.Field] = f.Msg
	}
	return got
}

func TestValidate_ReleaseKindsRefuseWithTheDistributionTexts(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		req  media.Request
		want map[string]string
	}{
		{"an AAC track", media.Request{Kind: media.ReleaseAudio, ContentType: "audio/aac", Size: 10, Filename: "a.aac"},
			map[string]string{"content_type": "Please upload MP3, WAV, or FLAC", "filename": "Please upload MP3, WAV, or FLAC"}},
		{"a 20 MB track", media.Request{Kind: media.ReleaseAudio, ContentType: "audio/flac", Size: 20 << 20, Filename: "a.flac"},
			map[string]string{"size": "Audio file exceeds 20MB limit"}},
		{"a 21 MB track", media.Request{Kind: media.ReleaseAudio, ContentType: "audio/mpeg", Size: 21 << 20, Filename: "a.mp3"},
			map[string]string{"size": "Audio file exceeds 20MB limit"}},
		{"a GIF cover", media.Request{Kind: media.CoverArt, ContentType: "image/gif", Size: 10, Filename: "a.gif"},
			map[string]string{"content_type": "Please upload JPG or PNG", "filename": "Please upload JPG or PNG"}},
		{"a 5 MB cover", media.Request{Kind: media.CoverArt, ContentType: "image/png", Size: 5 << 20, Filename: "a.png"},
			map[string]string{"size": "Image exceeds 5MB limit"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := media.Validate(c.req)
			got := fieldsOf(t, err)
			if len(got) != len(c.want) {
				t.Fatalf("fields = %v, want %v", got, c.want)
			}
			for k, v := range c.want {
				if got[k] != v {
					t.Errorf("fields = %v, want %v", got, c.want)
				}
			}
		})
	}
}

func TestValidate_ReleaseKindsAcceptTheirTypes(t *testing.T) {
	t.Parallel()
	for _, req := range []media.Request{
		{Kind: media.ReleaseAudio, ContentType: "audio/x-flac", Size: 20<<20 - 1, Filename: "a.flac"},
		{Kind: media.ReleaseAudio, ContentType: "audio/mpeg", Size: 10, Filename: "a.mp3"},
		{Kind: media.ReleaseAudio, ContentType: "audio/wav", Size: 10, Filename: "a.wav"},
		{Kind: " Cover_Art ", ContentType: "image/jpeg", Size: 5<<20 - 1, Filename: "c.jpg"},
		{Kind: media.CoverArt, ContentType: "image/png", Size: 10, Filename: "c.png"},
	} {
		if _, err := media.Validate(req); err != nil {
			t.Errorf("%+v: %v", req, err)
		}
	}
}

func TestExamineFile_CoverArtUnder3000PixelsASideIsRefusedFromItsHeader(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ w, h int }{{2999, 2999}, {3000, 2999}, {2999, 3000}} {
		m := examine(mediatest.Cover(c.w, c.h), media.CoverArt, "image/png")
		if m.OK() || m.Width != c.w || m.Height != c.h || !strings.Contains(m.Reason, media.CoverTooSmallMessage) {
			t.Errorf("%d×%d: %+v, want rejected as too small", c.w, c.h, m)
		}
	}
	if m := examine(mediatest.PNG(), media.Image, "image/png"); !m.OK() || m.Width != 2 || m.Height != 2 {
		t.Errorf("a small profile picture: %+v, want ok (only covers have a minimum)", m)
	}
}

func TestExamineFile_CoverArtOf3000PixelsASidePasses(t *testing.T) {
	t.Parallel()
	m := examine(mediatest.Cover(3000, 3000), media.CoverArt, "image/png")
	if !m.OK() || m.Width != 3000 || m.Height != 3000 || m.ContentType != "image/png" {
		t.Fatalf("%+v, want ok at 3000×3000", m)
	}
}

func TestExamineFile_ReleaseAudioTakesFLACAndRefusesAAC(t *testing.T) {
	t.Parallel()
	if m := examine(mediatest.FLAC(3), media.ReleaseAudio, "audio/flac"); !m.OK() || m.Duration != 3 {
		t.Errorf("FLAC: %+v, want ok for 3 s", m)
	}
	if m := examine(mediatest.ADTS(43), media.ReleaseAudio, "audio/aac"); m.OK() {
		t.Errorf("AAC: %+v, want rejected", m)
	}
	if m := examine(mediatest.PNG(), media.ReleaseAudio, "audio/wav"); m.OK() {
		t.Errorf("a picture as a track: %+v, want rejected", m)
	}
}

func TestParseKey_KnowsTheReleaseKinds(t *testing.T) {
	t.Parallel()
	for key, kind := range map[string]media.Kind{
		"uploads/u1/release_audio/x.flac": media.ReleaseAudio, "uploads/u1/cover_art/x.png": media.CoverArt,
	} {
		if user, got, ok := media.ParseKey(key); !ok || user != "u1" || got != kind {
			t.Errorf("ParseKey(%q) = %q %q %v", key, user, got, ok)
		}
	}
}
