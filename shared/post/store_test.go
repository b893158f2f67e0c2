package post_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"zuum/shared/failure"
	"zuum/shared/jobs"
	"zuum/shared/media"
	"zuum/shared/post"
)

// fieldErrors returns err's field messages by field, failing unless err is an Invalid error
// with message.
func fieldErrors(t *testing.T, err error, message string) map[string]string {
	t.Helper()
	var fe *failure.Error
	if !errors.As(err, &fe) || fe.Code != failure.Invalid || fe.Message != message {
		t.Fatalf("want Invalid %q, got %v", message, err)
	}
	out := map[string]string{}
	for _, f := range fe.Fields {
		out[f.Field] = f.Msg
	}
	return out
}

func TestCreate_RefusesDraftsWithTheContractsMessages(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ada := f.user("ada")
	song := f.upload(ada.ID, media.Audio, wavBytes)
	long := strings.Repeat("é", post.MaxCaption+1)
	cases := []struct {
		name  string
		draft post.Draft
		msg   string
		want  map[string]string
	}{
		{"audio with nothing", post.Draft{Kind: post.Audio}, "Validation error or missing files", map[string]string{
			"caption": "Caption is required", "audio_upload": "Audio file is required",
		}},
		{"audio with bad links, type and a long caption", post.Draft{
			Kind: post.Audio, Caption: long, Type: "podcast", Media: song,
			Links: post.Links{Spotify: "open.spotify.com/x", Boomplay: "ftp://boomplay.com/x", Audiomark: "https://audiomack.com/ok"},
		}, "Validation error or missing files", map[string]string{
			"caption": "Caption must be at most 500 characters", "type": "Type must be music or beat",
			"spotify": "spotify must be a valid URL", "boomplay": "boomplay must be a valid URL",
		}},
		{"video with nothing", post.Draft{Kind: post.Video}, "Validation error or missing files.", map[string]string{
			"caption": "Caption is required", "video_upload": "Video file is required",
		}},
		{"video with a long tag and a long location", post.Draft{
			Kind: post.Video, Caption: "x", Location: strings.Repeat("l", 101),
			Tags: []string{strings.Repeat("t", 51)},
		}, "Validation error or missing files.", map[string]string{
			"location": "Location must be at most 100 characters", "video_upload": "Video file is required",
			"tagged_people": "Each tagged name must be at most 50 characters",
		}},
	}
	for _, tc := range cases {
		tc.draft.OwnerID = ada.ID
		_, err := f.store.Create(f.ctx, tc.draft)
		if got := fieldErrors(t, err, tc.msg); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	many := make([]string, 0, 25)
	for i := range 25 {
		many = append(many, " name"+string(rune('a'+i))+" ")
	}
	_, err := f.store.Create(f.ctx, post.Draft{Kind: post.Video, OwnerID: ada.ID, Caption: "x", Tags: many, Media: f.upload(ada.ID, media.Video, mp4Bytes)})
	if got := fieldErrors(t, err, "Validation error or missing files."); got["tagged_people"] != "Tag at most 20 people" || len(got) != 1 {
		t.Errorf("25 tags: %v", got)
	}
	if len(f.queue.sent()) != 0 {
		t.Errorf("refused drafts queued jobs: %v", f.queue.sent())
	}
}

func TestCreate_ChecksEveryUploadIsTheCallersAndHoldsItsKind(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ada, bo := f.user("ada"), f.user("bo")
	links := post.Links{Spotify: "https://open.spotify.com/track/x"}
	const badAudio, badImage, badVideo = "Please select a valid audio file (MP3, WAV)", "Please select a valid image file (JPEG, PNG)", "Please upload a valid video file (MP4, MOV, or AVI)"
	cases := []struct {
		name  string
		draft post.Draft
		want  map[string]string
	}{
		{"another user's upload", post.Draft{Kind: post.Audio, Media: f.upload(bo.ID, media.Audio, wavBytes)}, map[string]string{"audio_upload": badAudio}},
		{"an upload of another kind's folder", post.Draft{Kind: post.Audio, Media: f.upload(ada.ID, media.Video, wavBytes)}, map[string]string{"audio_upload": badAudio}},
		{"a key with no object", post.Draft{Kind: post.Audio, Media: media.UserPrefix(ada.ID, media.Audio) + "missing.wav"}, map[string]string{"audio_upload": badAudio}},
		{"bytes that are not audio", post.Draft{Kind: post.Audio, Media: f.upload(ada.ID, media.Audio, txtBytes)}, map[string]string{"audio_upload": badAudio}},
		{"video bytes in the audio folder", post.Draft{Kind: post.Audio, Media: f.upload(ada.ID, media.Audio, mp4Bytes)}, map[string]string{"audio_upload": badAudio}},
		{"a path trick", post.Draft{Kind: post.Audio, Media: media.UserPrefix(ada.ID, media.Audio) + "../../" + bo.ID + "/audio/x"}, map[string]string{"audio_upload": badAudio}},
		{"a cover that is audio", post.Draft{Kind: post.Audio, Media: f.upload(ada.ID, media.Audio, wavBytes), Cover: f.upload(ada.ID, media.Image, wavBytes)}, map[string]string{"cover_photo": badImage}},
		{"a video that is a picture, and someone else's cover", post.Draft{Kind: post.Video, Media: f.upload(ada.ID, media.Video, pngBytes), Cover: f.upload(bo.ID, media.Image, pngBytes)}, map[string]string{"video_upload": badVideo, "cover_photo": badImage}},
	}
	for _, tc := range cases {
		tc.draft.OwnerID, tc.draft.Caption, tc.draft.Links = ada.ID, "caption", links
		if tc.draft.Kind == post.Video {
			tc.draft.Links = post.Links{}
		}
		msg := "Validation error or missing files"
		if tc.draft.Kind == post.Video {
			msg += "."
		}
		_, err := f.store.Create(f.ctx, tc.draft)
		if got := fieldErrors(t, err, msg); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	p, err := f.store.Create(f.ctx, post.Draft{
		Kind: post.Audio, OwnerID: ada.ID, Caption: "  Enugu Nights  ", Media: f.upload(ada.ID, media.Audio, wavBytes),
		Cover: f.upload(ada.ID, media.Image, pngBytes), Links: links,
	})
	if err != nil {
		t.Fatal(err)
	}
	if p.Caption != "Enugu Nights" || p.Type != post.TypeMusic || !p.Public || p.Cover == "" {
		t.Errorf("created %+v", p)
	}
}

func TestCreate_PublishesToItsTimelinesAndQueuesTheFanOut(t *testing.T) {
	t.Parallel()
	f, ada, bo, song := withSong(t)
	clip := f.video(ada, "Studio session", true)
	private := f.video(ada, "Rough cut", false)

	want := []jobs.Job{
		{Type: jobs.PostCreated, PostID: song.ID, PostKind: "audio", AuthorID: ada.ID},
		{Type: jobs.PostCreated, PostID: clip.ID, PostKind: "video", AuthorID: ada.ID},
	}
	if got := f.queue.sent(); !reflect.DeepEqual(got, want) {
		t.Errorf("jobs %+v, want %+v (a private video tells nobody)", got, want)
	}
	lists := []struct {
		tl     post.Timeline
		viewer string
		want   []string
	}{
		{post.AllAudio, bo.ID, []string{"Enugu Nights"}},
		{post.FeedAudio, bo.ID, []string{"Enugu Nights"}},
		{post.UserAudio(ada.ID), bo.ID, []string{"Enugu Nights"}},
		{post.AllVideos, bo.ID, []string{"Studio session"}},
		{post.UserPublicVideos(ada.ID), bo.ID, []string{"Studio session"}},
		{post.UserVideos(ada.ID), ada.ID, []string{"Rough cut", "Studio session"}},
		{post.UserVideos(ada.ID), bo.ID, []string{"Studio session"}}, // a private video never shows to others
	}
	for _, l := range lists {
		p := f.page(l.tl, l.viewer, post.PageRequest{Limit: 10})
		if got := captions(p); !reflect.DeepEqual(got, l.want) {
			t.Errorf("%s: %v, want %v", l.tl.Name, got, l.want)
		}
	}
	if p := f.page(post.UserVideos(ada.ID), ada.ID, post.PageRequest{Limit: 10}); p.Total != 2 {
		t.Errorf("total %d", p.Total)
	}
	e := f.page(post.AllAudio, bo.ID, post.PageRequest{Limit: 10}).Entries[0]
	if e.Owner.Username != "ada" || e.Owner.Image == "" || e.Liked || e.Post.Media != song.Media {
		t.Errorf("entry %+v", e)
	}
	if _, err := f.store.View(f.ctx, post.Video, private.ID, bo.ID); !errors.Is(err, post.ErrNotFound) {
		t.Errorf("private video seen by another: %v", err)
	}
	if v, err := f.store.View(f.ctx, post.Video, private.ID, ada.ID); err != nil || v.Post.Public {
		t.Errorf("owner's private video: %+v %v", v, err)
	}
	if _, err := f.store.View(f.ctx, post.Audio, clip.ID, bo.ID); !errors.Is(err, post.ErrNotFound) {
		t.Errorf("a video read as audio: %v", err)
	}
	got, err := f.store.Get(f.ctx, song.ID)
	if err != nil || got.OwnerID != ada.ID || got.Kind != post.Audio || got.Caption != "Enugu Nights" || !reflect.DeepEqual(got.MediaKeys(), []string{song.Media}) {
		t.Errorf("Get: %+v %v", got, err)
	}
}

func TestCreate_TakesThePostDownWhenTheFanOutCannotBeQueued(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ada := f.user("ada")
	f.queue.fail = true
	_, err := f.store.Create(f.ctx, post.Draft{
		Kind: post.Audio, OwnerID: ada.ID, Caption: "lost", Media: f.upload(ada.ID, media.Audio, wavBytes),
		Links: post.Links{Spotify: "https://open.spotify.com/track/x"},
	})
	if !failure.Is(err, failure.Internal) {
		t.Fatalf("want an internal error, got %v", err)
	}
	for _, tl := range []post.Timeline{post.AllAudio, post.FeedAudio, post.UserAudio(ada.ID)} {
		if p := f.page(tl, ada.ID, post.PageRequest{Limit: 10}); len(p.Entries) != 0 || p.Total != 0 {
			t.Errorf("%s kept %v (total %d)", tl.Name, captions(p), p.Total)
		}
	}
	// A private video needs no job, so it is published even while the queue is down.
	f.video(ada, "quiet", false)
}

func TestDelete_IsTheOwnersAndQueuesTheCleanUp(t *testing.T) {
	t.Parallel()
	f, ada, bo, song := withSong(t)
	if _, err := f.store.Comment(f.ctx, post.Audio, song.ID, bo, "nice"); err != nil {
		t.Fatal(err)
	}
	if err := f.store.Delete(f.ctx, post.Audio, song.ID, bo.ID); !errors.Is(err, post.ErrNotOwner) {
		t.Fatalf("another user's delete: %v", err)
	}
	if err := f.store.Delete(f.ctx, post.Video, song.ID, ada.ID); !errors.Is(err, post.ErrNotFound) {
		t.Fatalf("delete as the wrong kind: %v", err)
	}
	if err := f.store.Delete(f.ctx, post.Audio, song.ID, ada.ID); err != nil {
		t.Fatal(err)
	}
	if err := f.store.Delete(f.ctx, post.Audio, song.ID, ada.ID); !errors.Is(err, post.ErrNotFound) {
		t.Fatalf("second delete: %v", err)
	}
	jobs := f.queue.sent()
	last := jobs[len(jobs)-1]
	if last.Type != "post_deleted" || last.PostID != song.ID || !reflect.DeepEqual(last.Media, []string{song.Media}) {
		t.Errorf("job %+v", last)
	}
	if p := f.page(post.AllAudio, ada.ID, post.PageRequest{Limit: 10}); len(p.Entries) != 0 || p.Total != 0 {
		t.Errorf("timeline kept %v, total %d", captions(p), p.Total)
	}
	if n := f.partition("POST#" + song.ID); n != 1 {
		t.Errorf("the comment waits for the job: %d items", n)
	}
	if err := f.store.Purge(f.ctx, song.ID); err != nil {
		t.Fatal(err)
	}
	if err := f.store.Purge(f.ctx, song.ID); err != nil {
		t.Fatalf("purge again: %v", err)
	}
	if n := f.partition("POST#" + song.ID); n != 0 {
		t.Errorf("%d items left after purge", n)
	}
}

func TestDelete_CleansUpAtOnceWhenTheJobCannotBeQueued(t *testing.T) {
	t.Parallel()
	f, ada, bo, song := withSong(t)
	if _, err := f.store.React(f.ctx, post.Audio, song.ID, bo, true); err != nil {
		t.Fatal(err)
	}
	share, err := f.store.Share(f.ctx, post.Audio, song.ID, bo)
	if err != nil {
		t.Fatal(err)
	}
	f.queue.fail = true
	if err := f.store.Delete(f.ctx, post.Audio, song.ID, ada.ID); err != nil {
		t.Fatal(err)
	}
	if n := f.partition("POST#"+song.ID) + f.partition("SHARE#"+share.ID); n != 0 {
		t.Errorf("%d items left", n)
	}
	if _, err := f.cloud.S3.HeadObject(f.ctx, headInput(song.Media)); err == nil {
		t.Error("the audio upload survived")
	}
}

func TestPurge_RefusesAPostThatStillExists(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	song := f.audio(f.user("ada"), "alive")
	if err := f.store.Purge(f.ctx, song.ID); err == nil {
		t.Fatal("purged a live post")
	}
	if _, err := f.store.Get(f.ctx, song.ID); err != nil {
		t.Fatal(err)
	}
}
