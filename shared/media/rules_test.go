package media_test

import (
	"errors"
	"reflect"
	"testing"

	"zuum/shared/failure"
	"zuum/shared/media"
)

const (
	imageType = "Please select a valid image file (JPEG, PNG)"
	imageSize = "Image must be less than 5MB"
	audioType = "Please select a valid audio file (MP3, WAV)"
	audioSize = "Audio file must be less than 50MB"
	videoType = "Please upload a valid video file (MP4, MOV, or AVI)"
	videoSize = "Video file size exceeds 50MB limit"
)

func TestValidate_RefusesWithTheSpecsMessages(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		req  media.Request
		want map[string]string
	}{
		{"bad kind", media.Request{Kind: "document", ContentType: "application/pdf", Size: 10, Filename: "a.pdf"}, map[string]string{"kind": "Upload kind must be audio, video, image, release_audio or cover_art"}},
		{"no kind", media.Request{ContentType: "audio/mpeg", Size: 10}, map[string]string{"kind": "Upload kind must be audio, video, image, release_audio or cover_art"}},
		{"image of the wrong type", media.Request{Kind: "image", ContentType: "image/gif", Size: 10, Filename: "a.gif"}, map[string]string{"content_type": imageType, "filename": imageType}},
		{"image too big", media.Request{Kind: "image", ContentType: "image/png", Size: 5 << 20, Filename: "a.png"}, map[string]string{"size": imageSize}},
		{"audio of the wrong type", media.Request{Kind: "audio", ContentType: "image/png", Size: 10, Filename: "a.png"}, map[string]string{"content_type": audioType, "filename": audioType}},
		{"audio too big", media.Request{Kind: "audio", ContentType: "audio/mpeg", Size: 50 << 20, Filename: "a.mp3"}, map[string]string{"size": audioSize}},
		{"video of the wrong type", media.Request{Kind: "video", ContentType: "video/webm", Size: 10, Filename: "a.webm"}, map[string]string{"content_type": videoType, "filename": videoType}},
		{"video too big", media.Request{Kind: "video", ContentType: "video/mp4", Size: 60 << 20, Filename: "a.mp4"}, map[string]string{"size": videoSize}},
		{"empty file", media.Request{Kind: "audio", ContentType: "audio/wav", Size: 0, Filename: "a.wav"}, map[string]string{"size": audioType}},
		{"negative size", media.Request{Kind: "image", ContentType: "image/jpeg", Size: -1}, map[string]string{"size": imageType}},
		{"name says another type", media.Request{Kind: "audio", ContentType: "audio/mpeg", Size: 10, Filename: "song.wav"}, map[string]string{"filename": audioType}},
		{"html renamed .mp3, typed as html", media.Request{Kind: "audio", ContentType: "text/html", Size: 10, Filename: "song.mp3"}, map[string]string{"content_type": audioType}},
		{"no type and an unknown extension", media.Request{Kind: "audio", Size: 10, Filename: "song.ogg"}, map[string]string{"content_type": audioType, "filename": audioType}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := media.Validate(c.req)
			var fe *failure.Error
			if !errors.As(err, &fe) || fe.Code != failure.Invalid || fe.Message != "Validation error or missing files" {
				t.Fatalf("err = %v, want an Invalid failure with the upload message", err)
			}
			got := map[string]string{}
			for _, f := range fe.Fields {
				got[f.Field] = f.Msg
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("fields = %v, want %v", got, c.want)
			}
		})
	}
}

func TestValidate_AcceptsAndNormalises(t *testing.T) {
	t.Parallel()
	cases := []struct {
		req  media.Request
		want string
	}{
		{media.Request{Kind: "image", ContentType: "image/jpg", Size: 5<<20 - 1, Filename: "me.JPG"}, "image/jpeg"},
		{media.Request{Kind: "image", ContentType: "image/png", Size: 1, Filename: "me.png"}, "image/png"},
		{media.Request{Kind: "audio", ContentType: "audio/mp3", Size: 50<<20 - 1, Filename: "a.mp3"}, "audio/mpeg"},
		{media.Request{Kind: "audio", ContentType: "audio/x-wav", Size: 10, Filename: "a.wav"}, "audio/wav"},
		{media.Request{Kind: "audio", ContentType: "audio/wave", Size: 10}, "audio/wav"},
		{media.Request{Kind: "audio", ContentType: "audio/x-flac", Size: 10, Filename: "a.flac"}, "audio/flac"},
		{media.Request{Kind: "audio", ContentType: "audio/x-aac", Size: 10, Filename: "a.aac"}, "audio/aac"},
		{media.Request{Kind: "audio", ContentType: "Audio/MPEG; charset=binary", Size: 10, Filename: "a.mp3"}, "audio/mpeg"},
		{media.Request{Kind: "audio", ContentType: "", Size: 10, Filename: "a.flac"}, "audio/flac"},
		{media.Request{Kind: "audio", ContentType: "application/octet-stream", Size: 10, Filename: "a.aac"}, "audio/aac"},
		{media.Request{Kind: "audio", ContentType: "audio/mpeg", Size: 10, Filename: "no extension"}, "audio/mpeg"},
		{media.Request{Kind: "video", ContentType: "video/avi", Size: 10, Filename: "a.avi"}, "video/x-msvideo"},
		{media.Request{Kind: "video", ContentType: "video/quicktime", Size: 50<<20 - 1, Filename: "a.mov"}, "video/quicktime"},
		{media.Request{Kind: "video", ContentType: "video/mp4", Size: 10, Filename: "clip.mov"}, "video/mp4"},
		{media.Request{Kind: " Video ", ContentType: "video/mp4", Size: 10, Filename: "a.mp4"}, "video/mp4"},
	}
	for _, c := range cases {
		got, err := media.Validate(c.req)
		if err != nil {
			t.Errorf("%+v: %v", c.req, err)
			continue
		}
		if got.ContentType != c.want || media.KindOf(got.ContentType) != got.Kind {
			t.Errorf("%+v: got %+v, want type %s", c.req, got, c.want)
		}
	}
}

func TestRules_SizesAndExtensions(t *testing.T) {
	t.Parallel()
	for kind, max := range map[media.Kind]int64{media.Image: 5242879, media.Audio: 52428799, media.Video: 52428799} {
		if r, ok := media.RuleOf(kind); !ok || r.MaxSize != max {
			t.Errorf("%s: max %d, want %d", kind, r.MaxSize, max)
		}
	}
	for ct, ext := range map[string]string{
		"image/jpeg": ".jpg", "image/png": ".png", "audio/mp3": ".mp3", "audio/wav": ".wav", "audio/flac": ".flac",
		"audio/aac": ".aac", "video/mp4": ".mp4", "video/quicktime": ".mov", "video/x-msvideo": ".avi", "text/plain": "",
	} {
		if got := media.Ext(ct); got != ext {
			t.Errorf("Ext(%s) = %q, want %q", ct, got, ext)
		}
	}
}

func TestParseKey_OnlyUploadKeysOfAKnownKind(t *testing.T) {
	t.Parallel()
	cases := []struct {
		key  string
		user string
		kind media.Kind
		ok   bool
	}{
		{"uploads/u1/audio/x.mp3", "u1", media.Audio, true},
		{"uploads/u1/image/x.png", "u1", media.Image, true},
		{"uploads/u1/video/x.mp4", "u1", media.Video, true},
		{"uploads/u1/other/x.mp3", "", "", false},
		{"uploads/u1/audio/", "", "", false},
		{"uploads//audio/x.mp3", "", "", false},
		{"uploads/u1/audio/a/x.mp3", "", "", false},
		{"uploads/u1/audio/..", "", "", false},
		{"public/u1/audio/x.mp3", "", "", false},
	}
	for _, c := range cases {
		user, kind, ok := media.ParseKey(c.key)
		if user != c.user || kind != c.kind || ok != c.ok {
			t.Errorf("ParseKey(%q) = %q %q %v", c.key, user, kind, ok)
		}
	}
}
