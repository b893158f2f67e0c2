package post_test

import (
	"bytes"
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"zuum/shared/failure"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/post"
	"zuum/shared/schema"
)

// objects lists the keys in the media bucket under prefix.
func (f *fixture) objects(prefix string) []string {
	f.t.Helper()
	out, err := f.cloud.S3.ListObjectsV2(f.ctx, &s3.ListObjectsV2Input{Bucket: aws.String(schema.Media.Name), Prefix: aws.String(prefix)})
	if err != nil {
		f.t.Fatal(err)
	}
	var keys []string
	for _, o := range out.Contents {
		keys = append(keys, aws.ToString(o.Key))
	}
	return keys
}

func (f *fixture) exists(key string) bool {
	_, err := f.cloud.S3.HeadObject(f.ctx, headInput(key))
	return err == nil
}

// uploadAs puts body in the bucket as one of owner's uploads of kind, stored as contentType.
func (f *fixture) uploadAs(owner string, kind media.Kind, contentType string, body []byte) string {
	f.t.Helper()
	key := media.UserPrefix(owner, kind) + uuid.NewString()
	if _, err := f.cloud.S3.PutObject(f.ctx, &s3.PutObjectInput{
		Bucket: aws.String(schema.Media.Name), Key: aws.String(key), Body: bytes.NewReader(body), ContentType: aws.String(contentType),
	}); err != nil {
		f.t.Fatal(err)
	}
	return key
}

// The fixture's cloud runs no media function: Create alone judges the bytes here, with the spec's
// texts.
func TestCreate_RefusesWhatTheMediaFunctionWouldBeforeItRuns(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ada := f.user("ada")
	const (
		badAudio = "Please select a valid audio file (MP3, WAV)"
		badVideo = "Please upload a valid video file (MP4, MOV, or AVI)"
		badImage = "Please select a valid image file (JPEG, PNG)"
	)
	short := func(b []byte) []byte { return b[:len(b)*2/3] }
	text := []byte(strings.Repeat("not media, only words ", 50))
	mp4 := mediatest.MP4("isom", 2, 0, true)
	cases := []struct {
		name        string
		kind        media.Kind
		contentType string
		body        []byte
	}{
		{"a RIFF/WAVE header over text", media.Audio, "audio/wav", mediatest.Attacks["wav header then text"]},
		{"a WAV that plays for no time", media.Audio, "audio/wav", mediatest.WAV(0)},
		{"a WAV cut in its header", media.Audio, "audio/wav", mediatest.WAV(1)[:40]},
		{"an MP3 frame over text", media.Audio, "audio/mpeg", append(mediatest.MP3(1), text...)},
		{"an MP3 cut in its second frame", media.Audio, "audio/mpeg", short(mediatest.MP3(2))},
		{"two AAC frames over text", media.Audio, "audio/aac", append(mediatest.ADTS(2), text...)},
		{"a FLAC header and no frames", media.Audio, "audio/flac", mediatest.FLAC(1)[:42]},
		{"an MP4 cut short", media.Video, "video/mp4", short(mp4)},
		{"an MP4 without a movie header", media.Video, "video/mp4", mp4[:len(mp4)-len(mediatest.Moov(2, 0))]},
		{"a QuickTime movie cut short", media.Video, "video/quicktime", short(mediatest.MOV(2))},
		{"an AVI cut short", media.Video, "video/x-msvideo", short(mediatest.AVI(40000, 50))},
		{"a PNG header over a script", media.Image, "image/png", mediatest.Attacks["png header then script"]},
		{"a PNG cut short", media.Image, "image/png", short(mediatest.PNG())},
		{"a JPEG cut short", media.Image, "image/jpeg", short(mediatest.JPEGOf(mediatest.Picture(64, 64)))},
	}
	for _, tc := range cases {
		d := post.Draft{Kind: post.Audio, OwnerID: ada.ID, Caption: "caption", Links: post.Links{Spotify: "https://open.spotify.com/track/x"}}
		field, msg, top := "audio_upload", badAudio, "Validation error or missing files"
		switch tc.kind {
		case media.Audio:
			d.Media = f.uploadAs(ada.ID, tc.kind, tc.contentType, tc.body)
		case media.Video:
			d = post.Draft{Kind: post.Video, OwnerID: ada.ID, Caption: "caption", Public: true, Media: f.uploadAs(ada.ID, tc.kind, tc.contentType, tc.body)}
			field, msg, top = "video_upload", badVideo, "Validation error or missing files."
		case media.Image:
			d.Media, d.Cover = f.upload(ada.ID, media.Audio, wavBytes), f.uploadAs(ada.ID, tc.kind, tc.contentType, tc.body)
			field, msg = "cover_photo", badImage
		}
		_, err := f.store.Create(f.ctx, d)
		if got := fieldErrors(t, err, top); len(got) != 1 || got[field] != msg {
			t.Errorf("%s: %v, want %s %q", tc.name, got, field, msg)
		}
	}
	if left := f.objects(schema.FinalPrefix); len(left) != 0 {
		t.Errorf("refused posts left copies: %v", left)
	}
}

func TestCreate_PointsThePostAtCopiesNoUploadFormReachesAndDeletesTheUploads(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ada := f.user("ada")
	song := f.upload(ada.ID, media.Audio, mediatest.WAV(2))
	cover := f.upload(ada.ID, media.Image, pngBytes)
	p, err := f.store.Create(f.ctx, post.Draft{
		Kind: post.Audio, OwnerID: ada.ID, Caption: "Enugu Nights", Media: song, Cover: cover,
		Links: post.Links{Spotify: "https://open.spotify.com/track/x"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(p.Media, "media/"+ada.ID+"/audio/") || !strings.HasPrefix(p.Cover, "media/"+ada.ID+"/image/") || p.Duration != 2 {
		t.Fatalf("post %+v", p)
	}
	if !f.exists(p.Media) || !f.exists(p.Cover) {
		t.Error("the post's copies are missing")
	}
	if f.exists(song) || f.exists(cover) {
		t.Error("the uploads a post was made from must be deleted")
	}
	got, err := f.store.Get(f.ctx, p.ID)
	if err != nil || got.Media != p.Media || got.Cover != p.Cover {
		t.Errorf("stored %+v %v", got, err)
	}
}

func TestCreate_LeavesNoCopiesWhenThePostIsRefusedOrUndone(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ada := f.user("ada")
	song := f.upload(ada.ID, media.Audio, wavBytes)
	cover := f.upload(ada.ID, media.Image, mediatest.PNGOf(mediatest.Picture(500, 300))) // with two renditions
	// Refused for its caption; the uploads are fine and stay for the next try.
	_, err := f.store.Create(f.ctx, post.Draft{
		Kind: post.Audio, OwnerID: ada.ID, Media: song, Cover: cover, Links: post.Links{Spotify: "https://open.spotify.com/track/x"},
	})
	if !failure.Is(err, failure.Invalid) {
		t.Fatalf("want a refusal, got %v", err)
	}
	// Undone: the fan-out cannot be queued.
	f.queue.fail = true
	_, err = f.store.Create(f.ctx, post.Draft{
		Kind: post.Audio, OwnerID: ada.ID, Caption: "lost", Media: song, Cover: cover, Links: post.Links{Spotify: "https://open.spotify.com/track/x"},
	})
	if !failure.Is(err, failure.Internal) {
		t.Fatalf("want an internal error, got %v", err)
	}
	if left := f.objects(schema.FinalPrefix); len(left) != 0 {
		t.Errorf("copies left: %v", left)
	}
	if !f.exists(song) || !f.exists(cover) {
		t.Error("the uploads of a post that was not made must stay")
	}
	f.queue.fail = false
	if _, err := f.store.Create(context.Background(), post.Draft{
		Kind: post.Audio, OwnerID: ada.ID, Caption: "found", Media: song, Cover: cover, Links: post.Links{Spotify: "https://open.spotify.com/track/x"},
	}); err != nil {
		t.Fatalf("a retry with the same uploads: %v", err)
	}
}

func TestCreate_KeepsTheCoversSizeRenditionsAndPlaceholderAndDeleteRemovesThem(t *testing.T) {
	t.Parallel()
	for _, queued := range []bool{true, false} {
		f := newFixture(t)
		ada := f.user("ada")
		p, err := f.store.Create(f.ctx, post.Draft{
			Kind: post.Audio, OwnerID: ada.ID, Caption: "Enugu Nights", Media: f.upload(ada.ID, media.Audio, wavBytes),
			Cover: f.upload(ada.ID, media.Image, mediatest.PNGOf(mediatest.Picture(600, 400))),
			Links: post.Links{Spotify: "https://open.spotify.com/track/x"},
		})
		if err != nil {
			t.Fatal(err)
		}
		if p.Art.Width != 600 || p.Art.Height != 400 || !slices.Equal(p.Art.Renditions, []int{160, 480}) ||
			!strings.HasPrefix(p.Art.Placeholder, "data:image/jpeg;base64,") {
			t.Fatalf("art %+v", p.Art)
		}
		got, err := f.store.Get(f.ctx, p.ID)
		if err != nil || !reflect.DeepEqual(got.Art, p.Art) {
			t.Errorf("stored art %+v %v, want %+v", got.Art, err, p.Art)
		}
		renditions := media.RenditionKeys(p.Cover, p.Art.Renditions)
		images := f.objects(media.FinalPrefixOf(ada.ID, media.Image))
		if want := append([]string{p.Cover}, renditions...); !sameKeys(images, want) {
			t.Errorf("stored %v, want %v", images, want)
		}
		if want := append([]string{p.Media, p.Cover}, renditions...); !reflect.DeepEqual(p.MediaKeys(), want) {
			t.Errorf("MediaKeys %v, want %v", p.MediaKeys(), want)
		}
		f.queue.fail = !queued
		if err := f.store.Delete(f.ctx, post.Audio, p.ID, ada.ID); err != nil {
			t.Fatal(err)
		}
		if queued { // the jobs worker deletes what the job names
			jobs := f.queue.sent()
			if last := jobs[len(jobs)-1]; !reflect.DeepEqual(last.Media, p.MediaKeys()) {
				t.Errorf("the clean-up job deletes %v, want %v", last.Media, p.MediaKeys())
			}
		} else if left := f.objects(schema.FinalPrefix); len(left) != 0 {
			t.Errorf("deleting the post left %v", left)
		}
	}
}

func TestCreate_APostWithoutACoverOrWithATinyOneHasNoRenditions(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ada := f.user("ada")
	bare := f.audio(ada, "no cover")
	tiny, err := f.store.Create(f.ctx, post.Draft{
		Kind: post.Audio, OwnerID: ada.ID, Caption: "tiny cover", Media: f.upload(ada.ID, media.Audio, wavBytes),
		Cover: f.upload(ada.ID, media.Image, pngBytes), Links: post.Links{Spotify: "https://open.spotify.com/track/x"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(bare.Art, post.Art{}) {
		t.Errorf("a post without a cover has art %+v", bare.Art)
	}
	if tiny.Art.Width != 2 || tiny.Art.Height != 2 || len(tiny.Art.Renditions) != 0 || tiny.Art.Placeholder == "" {
		t.Errorf("a 2×2 cover's art %+v", tiny.Art)
	}
	if got, err := f.store.Get(f.ctx, tiny.ID); err != nil || got.Art.Renditions != nil {
		t.Errorf("stored %+v %v", got.Art, err)
	}
}

func sameKeys(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
