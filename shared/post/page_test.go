package post_test

import (
	"encoding/base64"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"zuum/shared/post"
)

func TestPage_WalksBucketsNewestFirstByCursorOrByPageNumber(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ada := f.user("ada")
	// 23 posts 7 hours apart: seven day buckets of the shared timelines, and two month buckets
	// (October, November) of Ada's own.
	f.clock.t = time.Date(2026, 10, 29, 9, 0, 0, 0, time.UTC)
	var want []string
	for i := range 23 {
		f.audio(ada, fmt.Sprintf("post %02d", i))
		want = append([]string{fmt.Sprintf("post %02d", i)}, want...)
		f.clock.Add(7 * time.Hour)
	}
	for _, tl := range []post.Timeline{post.AllAudio, post.FeedAudio, post.UserAudio(ada.ID)} {
		var got []string
		req := post.PageRequest{Limit: 4, Page: 1}
		for n := 1; ; n++ {
			p := f.page(tl, ada.ID, req)
			if p.Number != n || p.Total != 23 {
				t.Fatalf("%s page %d: number %d total %d", tl.Name, n, p.Number, p.Total)
			}
			byNumber := f.page(tl, ada.ID, post.PageRequest{Limit: 4, Page: n})
			if !reflect.DeepEqual(captions(byNumber), captions(p)) || byNumber.Next != p.Next {
				t.Errorf("%s page %d by number %v, by cursor %v", tl.Name, n, captions(byNumber), captions(p))
			}
			got = append(got, captions(p)...)
			if p.Next == "" {
				if n != 6 || len(p.Entries) != 3 {
					t.Errorf("%s ended at page %d with %d posts", tl.Name, n, len(p.Entries))
				}
				break
			}
			req = post.PageRequest{Limit: 4, Cursor: p.Next}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s walked %v,\nwant %v", tl.Name, got, want)
		}
	}
	if p := f.page(post.AllAudio, ada.ID, post.PageRequest{Limit: 4, Page: 9}); len(p.Entries) != 0 || p.Next != "" || p.Total != 23 || p.Number != 9 {
		t.Errorf("past the end: %v next %q total %d", captions(p), p.Next, p.Total)
	}
	if p := f.page(post.AllAudio, ada.ID, post.PageRequest{Limit: 23}); len(p.Entries) != 23 || p.Next != "" {
		t.Errorf("one page of everything: %d posts, next %q", len(p.Entries), p.Next)
	}
}

func TestPage_ADeepPageCostsWhatTheFirstCosts(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ada, bo := f.user("ada"), f.user("bo")
	var ids []string
	for i := range 30 {
		owner := ada
		if i%2 == 1 {
			owner = bo
		}
		ids = append(ids, f.audio(owner, fmt.Sprintf("post %02d", i)).ID)
		f.clock.Add(time.Minute)
	}
	if _, err := f.store.React(f.ctx, post.Audio, ids[5], bo, true); err != nil {
		t.Fatal(err)
	}
	f.calls.take()
	first := f.page(post.AllAudio, bo.ID, post.PageRequest{Limit: 10})
	firstCalls, firstSum := f.calls.take()
	second := f.page(post.AllAudio, bo.ID, post.PageRequest{Limit: 10, Cursor: first.Next})
	f.calls.take()
	deep := f.page(post.AllAudio, bo.ID, post.PageRequest{Limit: 10, Cursor: second.Next})
	deepCalls, deepSum := f.calls.take()
	want := map[string]int64{"Query": 2, "BatchGetItem": 1}
	if !reflect.DeepEqual(firstCalls, want) || !reflect.DeepEqual(deepCalls, want) {
		t.Errorf("first page %v (%d calls), third page %v (%d calls); want %v each", firstCalls, firstSum, deepCalls, deepSum, want)
	}
	if got := captions(deep); got[0] != "post 09" || got[9] != "post 00" || deep.Next != "" || deep.Number != 3 {
		t.Errorf("third page %v next %q number %d", got, deep.Next, deep.Number)
	}
	for _, e := range deep.Entries {
		if liked := e.Post.ID == ids[5]; e.Liked != liked {
			t.Errorf("%s liked=%v", e.Post.Caption, e.Liked)
		}
		if want := map[bool]string{true: "ada", false: "bo"}[e.Post.OwnerID == ada.ID]; e.Owner.Username != want {
			t.Errorf("%s owner %q", e.Post.Caption, e.Owner.Username)
		}
	}
}

func TestPage_SkipsDeletedPostsAndRefusesBadCursors(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ada := f.user("ada")
	var posts []post.Post
	for i := range 5 {
		posts = append(posts, f.audio(ada, fmt.Sprintf("post %d", i)))
		f.clock.Add(13 * time.Hour)
	}
	first := f.page(post.AllAudio, ada.ID, post.PageRequest{Limit: 2})
	if err := f.store.Delete(f.ctx, post.Audio, posts[2].ID, ada.ID); err != nil {
		t.Fatal(err)
	}
	next := f.page(post.AllAudio, ada.ID, post.PageRequest{Limit: 2, Cursor: first.Next})
	if got := captions(next); !reflect.DeepEqual(got, []string{"post 1", "post 0"}) || next.Total != 4 {
		t.Errorf("after a delete: %v total %d", got, next.Total)
	}
	own := f.page(post.UserAudio(ada.ID), ada.ID, post.PageRequest{Limit: 1})
	if own.Next == "" {
		t.Fatal("the user timeline gave no cursor")
	}
	bad := []string{
		"%%%", "bm90LWpzb24", base64.RawURLEncoding.EncodeToString([]byte(`{"b":"2026-11-01","a":"x","p":2}`)),
		base64.RawURLEncoding.EncodeToString([]byte(`{"b":"2026-11-01","a":"` + posts[0].ID + `","p":1}`)),
		base64.RawURLEncoding.EncodeToString([]byte(`{"b":"2026-13-01","a":"` + posts[0].ID + `","p":2}`)),
		own.Next, // a month-bucket cursor on a day-bucket timeline
	}
	for _, c := range bad {
		if _, err := f.store.Page(f.ctx, post.AllAudio, ada.ID, post.PageRequest{Limit: 2, Cursor: c}); !errors.Is(err, post.ErrBadCursor) {
			t.Errorf("cursor %q: %v", c, err)
		}
	}
}

func TestCalls_EachOperationStaysInItsBudget(t *testing.T) {
	t.Parallel()
	f, ada, bo, song := withSong(t)
	var share post.Share
	steps := []struct {
		name string
		run  func() error
		want map[string]int64
	}{
		{"create", func() error {
			_, err := f.store.Create(f.ctx, post.Draft{Kind: post.Video, OwnerID: ada.ID, Caption: "x", Public: true, Artist: ada.Username, Media: f.upload(ada.ID, "video", mp4Bytes)})
			return err
		},
			map[string]int64{"TransactWriteItems": 1}},
		{"view", func() error { _, err := f.store.View(f.ctx, post.Audio, song.ID, bo.ID); return err },
			map[string]int64{"GetItem": 1, "BatchGetItem": 1}},
		{"like", func() error { _, err := f.store.React(f.ctx, post.Audio, song.ID, bo, true); return err },
			map[string]int64{"BatchGetItem": 1, "TransactWriteItems": 1}},
		{"repeated like", func() error { _, err := f.store.React(f.ctx, post.Audio, song.ID, bo, true); return err },
			map[string]int64{"BatchGetItem": 1}},
		{"comment", func() error { _, err := f.store.Comment(f.ctx, post.Audio, song.ID, bo, "hi"); return err },
			map[string]int64{"GetItem": 1, "TransactWriteItems": 1}},
		{"comments", func() error {
			_, err := f.store.Comments(f.ctx, post.Audio, song.ID, bo.ID, post.PageRequest{Limit: 10})
			return err
		}, map[string]int64{"Query": 1, "BatchGetItem": 1}},
		{"share", func() (err error) { share, err = f.store.Share(f.ctx, post.Audio, song.ID, bo); return err },
			map[string]int64{"GetItem": 1, "TransactWriteItems": 1}},
		{"shared", func() error { _, err := f.store.Shared(f.ctx, post.Audio, share.ID, bo.ID); return err },
			map[string]int64{"GetItem": 1, "BatchGetItem": 1}},
		{"delete", func() error { return f.store.Delete(f.ctx, post.Audio, song.ID, ada.ID) },
			map[string]int64{"GetItem": 1, "TransactWriteItems": 1}},
	}
	for _, s := range steps {
		f.calls.take()
		if err := s.run(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if got, _ := f.calls.take(); !reflect.DeepEqual(got, s.want) {
			t.Errorf("%s made %v, want %v", s.name, got, s.want)
		}
	}
}
