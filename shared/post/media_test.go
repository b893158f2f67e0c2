package post_test

import (
	"context"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

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

// The fixture's cloud runs no media function: Create alone judges the bytes here.
func TestCreate_RefusesWhatTheMediaFunctionWouldBeforeItRuns(t *testing.T) {
	f := newFixture(t)
	ada := f.user("ada")
	links := post.Links{Spotify: "https://open.spotify.com/track/x"}
	cases := []struct {
		name  string
		draft post.Draft
		field string
	}{
		{"a RIFF/WAVE header over text", post.Draft{Kind: post.Audio, Media: f.upload(ada.ID, media.Audio, mediatest.Attacks["wav header then text"])}, "audio_upload"},
		{"audio that plays for no time", post.Draft{Kind: post.Audio, Media: f.upload(ada.ID, media.Audio, mediatest.WAV(0))}, "audio_upload"},
		{"a PNG header over a script as cover", post.Draft{Kind: post.Audio, Media: f.upload(ada.ID, media.Audio, wavBytes), Cover: f.upload(ada.ID, media.Image, mediatest.Attacks["png header then script"])}, "cover_photo"},
		{"an MP4 cut short", post.Draft{Kind: post.Video, Media: f.upload(ada.ID, media.Video, mp4Bytes[:len(mp4Bytes)-10])}, "video_upload"},
	}
	for _, tc := range cases {
		tc.draft.OwnerID, tc.draft.Caption = ada.ID, "caption"
		msg := "Validation error or missing files."
		if tc.draft.Kind == post.Audio {
			tc.draft.Links, msg = links, "Validation error or missing files"
		}
		_, err := f.store.Create(f.ctx, tc.draft)
		if got := fieldErrors(t, err, msg); len(got) != 1 || got[tc.field] == "" {
			t.Errorf("%s: %v", tc.name, got)
		}
	}
	if left := f.objects(schema.FinalPrefix); len(left) != 0 {
		t.Errorf("refused posts left copies: %v", left)
	}
}

func TestCreate_PointsThePostAtCopiesNoUploadFormReachesAndDeletesTheUploads(t *testing.T) {
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
	f := newFixture(t)
	ada := f.user("ada")
	song := f.upload(ada.ID, media.Audio, wavBytes)
	cover := f.upload(ada.ID, media.Image, pngBytes)
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
