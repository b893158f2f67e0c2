package post_test

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"zuum/shared/failure"
	"zuum/shared/post"
	"zuum/shared/profile"
)

// all runs fn for every user at once and fails on any error.
func all(t *testing.T, users []profile.Profile, fn func(u profile.Profile) error) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, len(users))
	for _, u := range users {
		wg.Go(func() {
			if err := fn(u); err != nil {
				errs <- fmt.Errorf("%s: %w", u.Username, err)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestReact_ConcurrentLikesNeverDrift(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ada := f.user("ada")
	song := f.audio(ada, "Enugu Nights")
	fans := f.users("fan", 30)
	count := func() int64 {
		t.Helper()
		p, err := f.store.Get(f.ctx, song.ID)
		if err != nil {
			t.Fatal(err)
		}
		return p.Reactions
	}
	all(t, fans, func(u profile.Profile) error {
		r, err := f.store.React(f.ctx, post.Audio, song.ID, u, true)
		if err == nil && (!r.Changed || !r.Liked) {
			err = fmt.Errorf("first like: %+v", r)
		}
		return err
	})
	if n := count(); n != 30 {
		t.Fatalf("30 likes counted %d", n)
	}
	all(t, fans, func(u profile.Profile) error {
		r, err := f.store.React(f.ctx, post.Audio, song.ID, u, true)
		if err == nil && (r.Changed || !r.Liked) {
			err = fmt.Errorf("repeated like: %+v", r)
		}
		return err
	})
	if n := count(); n != 30 {
		t.Fatalf("repeated likes counted %d", n)
	}
	all(t, fans[:15], func(u profile.Profile) error {
		_, err := f.store.React(f.ctx, post.Audio, song.ID, u, false)
		return err
	})
	if n := count(); n != 15 {
		t.Fatalf("15 unlikes left %d", n)
	}
	if n := f.notes(ada.ID, "LIKE"); n != 30 {
		t.Errorf("ada has %d like notifications, want 30", n)
	}
	v, err := f.store.View(f.ctx, post.Audio, song.ID, fans[0].ID)
	if err != nil || v.Liked || v.Post.Reactions != 15 {
		t.Errorf("an unliker's view: liked=%v reactions=%d %v", v.Liked, v.Post.Reactions, err)
	}
	if v, _ := f.store.View(f.ctx, post.Audio, song.ID, fans[20].ID); !v.Liked {
		t.Error("a liker's view is not liked")
	}
}

func TestReact_OwnLikeNotifiesNobodyAndUnknownOrHiddenPostsAreNotFound(t *testing.T) {
	t.Parallel()
	f, ada, bo, song := withSong(t)
	private := f.video(ada, "Rough cut", false)
	r, err := f.store.React(f.ctx, post.Audio, song.ID, ada, true)
	if err != nil || r.Reactions != 1 || !r.Liked {
		t.Fatalf("own like: %+v %v", r, err)
	}
	if n := f.notes(ada.ID, "LIKE"); n != 0 {
		t.Errorf("own like made %d notifications", n)
	}
	if r, err := f.store.React(f.ctx, post.Audio, song.ID, bo, false); err != nil || r.Changed || r.Reactions != 1 {
		t.Errorf("unlike without a like: %+v %v", r, err)
	}
	for name, call := range map[string]func() error{
		"unknown id": func() error {
			_, err := f.store.React(f.ctx, post.Audio, "0190a0a0-0000-7000-8000-000000000000", bo, true)
			return err
		},
		"not an id":               func() error { _, err := f.store.React(f.ctx, post.Audio, "nope", bo, true); return err },
		"wrong kind":              func() error { _, err := f.store.React(f.ctx, post.Video, song.ID, bo, true); return err },
		"another's private video": func() error { _, err := f.store.React(f.ctx, post.Video, private.ID, bo, true); return err },
		"comment on it":           func() error { _, err := f.store.Comment(f.ctx, post.Video, private.ID, bo, "hi"); return err },
		"share it":                func() error { _, err := f.store.Share(f.ctx, post.Video, private.ID, bo); return err },
		"its comments": func() error {
			_, err := f.store.Comments(f.ctx, post.Video, private.ID, bo.ID, post.PageRequest{Limit: 10})
			return err
		},
	} {
		if err := call(); !errors.Is(err, post.ErrNotFound) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := f.store.React(f.ctx, post.Video, private.ID, ada, true); err != nil {
		t.Errorf("the owner likes their private video: %v", err)
	}
}

func TestComment_CountsNotifiesAndPagesNewestFirst(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ada, bo, cy := f.user("ada"), f.user("bo"), f.user("cy")
	song := f.audio(ada, "Enugu Nights")
	for _, text := range []string{"  ", "\n\t"} {
		_, err := f.store.Comment(f.ctx, post.Audio, song.ID, bo, text)
		if got := fieldErrors(t, err, "Comment cannot be empty."); got["comment"] != "Comment cannot be empty." {
			t.Errorf("blank: %v", got)
		}
	}
	_, err := f.store.Comment(f.ctx, post.Audio, song.ID, bo, strings.Repeat("a", 1001))
	if got := fieldErrors(t, err, "Comment must be at most 1000 characters"); got["comment"] != "Comment must be at most 1000 characters" {
		t.Errorf("long: %v", got)
	}
	if _, err := f.store.Comment(f.ctx, post.Audio, song.ID, bo, strings.Repeat("é", 1000)); err != nil {
		t.Errorf("1000 characters: %v", err)
	}
	for i := range 6 {
		who := bo
		if i%2 == 1 {
			who = cy
		}
		f.clock.Add(time.Second)
		c, err := f.store.Comment(f.ctx, post.Audio, song.ID, who, fmt.Sprintf(" comment %d ", i))
		if err != nil || c.Text != fmt.Sprintf("comment %d", i) || c.Author.Username != who.Username || c.PostID != song.ID {
			t.Fatalf("comment %d: %+v %v", i, c, err)
		}
	}
	if _, err := f.store.Comment(f.ctx, post.Audio, song.ID, ada, "thanks all"); err != nil {
		t.Fatal(err)
	}
	if n := f.notes(ada.ID, "COMMENT"); n != 7 {
		t.Errorf("ada has %d comment notifications, want 7 (not her own)", n)
	}
	var got []string
	req := post.PageRequest{Limit: 3, Page: 1}
	for n := 1; ; n++ {
		p, err := f.store.Comments(f.ctx, post.Audio, song.ID, bo.ID, req)
		if err != nil {
			t.Fatal(err)
		}
		if p.Total != 8 || p.Number != n {
			t.Fatalf("page %d: total %d number %d", n, p.Total, p.Number)
		}
		byNumber, err := f.store.Comments(f.ctx, post.Audio, song.ID, bo.ID, post.PageRequest{Limit: 3, Page: n})
		if err != nil || len(byNumber.Comments) != len(p.Comments) || byNumber.Comments[0].ID != p.Comments[0].ID {
			t.Errorf("page %d by number differs: %v", n, err)
		}
		for _, c := range p.Comments {
			got = append(got, c.Author.Username+":"+string([]rune(c.Text)[:min(9, len([]rune(c.Text)))]))
		}
		if p.Next == "" {
			break
		}
		req = post.PageRequest{Limit: 3, Cursor: p.Next}
	}
	want := []string{"ada:thanks al", "cy:comment 5", "bo:comment 4", "cy:comment 3", "bo:comment 2", "cy:comment 1", "bo:comment 0", "bo:ééééééééé"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("comments %v,\nwant %v", got, want)
	}
	if p, err := f.store.Comments(f.ctx, post.Audio, song.ID, bo.ID, post.PageRequest{Limit: 3, Page: 4}); err != nil || len(p.Comments) != 0 || p.Next != "" {
		t.Errorf("past the end: %+v %v", p, err)
	}
	if _, err := f.store.Comments(f.ctx, post.Audio, song.ID, bo.ID, post.PageRequest{Limit: 3, Cursor: "garbage"}); !errors.Is(err, post.ErrBadCursor) {
		t.Errorf("bad cursor: %v", err)
	}
	if v, _ := f.store.View(f.ctx, post.Audio, song.ID, bo.ID); v.Post.Comments != 8 {
		t.Errorf("post counts %d comments", v.Post.Comments)
	}
}

func TestShare_RecordsALookupAndCounts(t *testing.T) {
	t.Parallel()
	f, ada, bo, song := withSong(t)
	clip := f.video(ada, "Studio", true)
	first, err := f.store.Share(f.ctx, post.Audio, song.ID, bo)
	if err != nil || first.Shares != 1 || first.PostID != song.ID {
		t.Fatalf("%+v %v", first, err)
	}
	second, err := f.store.Share(f.ctx, post.Audio, song.ID, ada)
	if err != nil || second.Shares != 2 || second.ID == first.ID {
		t.Fatalf("%+v %v", second, err)
	}
	e, err := f.store.Shared(f.ctx, post.Audio, first.ID, bo.ID)
	if err != nil || e.Post.ID != song.ID || e.Post.Shares != 2 || e.Owner.Username != "ada" {
		t.Errorf("shared: %+v %v", e, err)
	}
	if _, err := f.store.Shared(f.ctx, post.Video, first.ID, bo.ID); !errors.Is(err, post.ErrNotFound) {
		t.Errorf("an audio share read as video: %v", err)
	}
	if _, err := f.store.Shared(f.ctx, post.Audio, "0190a0a0-0000-7000-8000-000000000000", bo.ID); !errors.Is(err, post.ErrNotFound) {
		t.Errorf("unknown share: %v", err)
	}
	if _, err := f.store.Share(f.ctx, post.Audio, clip.ID, bo); !errors.Is(err, post.ErrNotFound) {
		t.Errorf("a video shared as audio: %v", err)
	}
	if err := f.store.Delete(f.ctx, post.Audio, song.ID, ada.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.store.Shared(f.ctx, post.Audio, first.ID, bo.ID); !errors.Is(err, post.ErrNotFound) {
		t.Errorf("share of a deleted post: %v", err)
	}
	if _, err := f.store.Share(f.ctx, post.Audio, song.ID, bo); !failure.Is(err, failure.NotFound) {
		t.Errorf("share a deleted post: %v", err)
	}
}
