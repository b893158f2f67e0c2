package post_test

import (
	"errors"
	"math"
	"testing"

	"zuum/shared/post"
)

func TestPage_AnAbsurdPageNumberIsRefusedNotWalkedOrOverflowed(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ada := f.user("ada")
	song := f.audio(ada, "Enugu Nights")
	for _, page := range []int{math.MaxInt, math.MaxInt / 10, 100_002} {
		if _, err := f.store.Page(f.ctx, post.AllAudio, ada.ID, post.PageRequest{Limit: 10, Page: page}); !errors.Is(err, post.ErrPageTooDeep) {
			t.Errorf("page %d: %v", page, err)
		}
		if _, err := f.store.Comments(f.ctx, post.Audio, song.ID, ada.ID, post.PageRequest{Limit: 10, Page: page}); !errors.Is(err, post.ErrPageTooDeep) {
			t.Errorf("comments page %d: %v", page, err)
		}
	}
	if p := f.page(post.AllAudio, ada.ID, post.PageRequest{Limit: 1, Page: 100_001}); len(p.Entries) != 0 {
		t.Errorf("the deepest page allowed: %+v", p)
	}
}

func TestTotals_AreWhatAPageReports(t *testing.T) {
	t.Parallel()
	f, ada, bo, song := withSong(t)
	f.audio(ada, "Aba Road")
	private := f.video(ada, "Rough cut", false)
	for _, text := range []string{"one", "two", "three"} {
		if _, err := f.store.Comment(f.ctx, post.Audio, song.ID, bo, text); err != nil {
			t.Fatal(err)
		}
	}
	for _, tl := range []post.Timeline{post.AllAudio, post.FeedAudio, post.UserAudio(ada.ID), post.AllVideos, post.UserVideos(ada.ID)} {
		total, err := f.store.Total(f.ctx, tl)
		if p := f.page(tl, bo.ID, post.PageRequest{Limit: 1}); err != nil || total != p.Total {
			t.Errorf("%s: Total %d %v, a page says %d", tl.Name, total, err, p.Total)
		}
	}
	if n, err := f.store.CommentTotal(f.ctx, post.Audio, song.ID, bo.ID); err != nil || n != 3 {
		t.Errorf("comments: %d %v", n, err)
	}
	for name, call := range map[string]func() error{
		"another's private video": func() error { _, err := f.store.CommentTotal(f.ctx, post.Video, private.ID, bo.ID); return err },
		"the wrong kind":          func() error { _, err := f.store.CommentTotal(f.ctx, post.Video, song.ID, bo.ID); return err },
		"not an id":               func() error { _, err := f.store.CommentTotal(f.ctx, post.Audio, "nope", bo.ID); return err },
	} {
		if err := call(); !errors.Is(err, post.ErrNotFound) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
