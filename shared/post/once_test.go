package post_test

import (
	"sync"
	"testing"
	"time"

	"zuum/shared/notify"
	"zuum/shared/post"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

// react likes or unlikes song for u and fails the test on an error.
func (f *fixture) react(song post.Post, u profile.Profile, like bool) post.Reaction {
	f.t.Helper()
	r, err := f.store.React(f.ctx, post.Audio, song.ID, u, like)
	if err != nil {
		f.t.Fatalf("%s like=%v: %v", u.Username, like, err)
	}
	return r
}

func TestReact_LikeUnlikeLikeTheSameLagosDayNotifiesOnceAndKeepsItsReadState(t *testing.T) {
	t.Parallel()
	f, ada, bo, song := withSong(t)
	notes := notify.NewStore(f.cloud.DynamoDB, schema.Users.Name)
	likes := func() []notify.Notification {
		t.Helper()
		p, err := notes.List(f.ctx, ada.ID, 50, "", 0)
		if err != nil {
			t.Fatal(err)
		}
		return p.Notes
	}
	// 09:00 UTC is 10:00 in Lagos, 1 November.
	for i, like := range []bool{true, false, true, false, true} {
		if r := f.react(song, bo, like); !r.Changed || r.Liked != like || r.Reactions != map[bool]int64{true: 1, false: 0}[like] {
			t.Fatalf("step %d: %+v", i, r)
		}
		f.clock.Add(time.Minute)
	}
	got := likes()
	if len(got) != 1 || got[0].Kind != notify.Like || got[0].ActorID != bo.ID || got[0].PostID != song.ID || got[0].Read {
		t.Fatalf("after three likes the same day: %+v", got)
	}
	if err := notes.MarkRead(f.ctx, ada.ID, got[0].ID); err != nil {
		t.Fatal(err)
	}
	f.react(song, bo, false)
	f.react(song, bo, true)
	if again := likes(); len(again) != 1 || again[0].ID != got[0].ID || !again[0].Read {
		t.Fatalf("a like after reading the day's notification: %+v", again)
	}
	// 22:59 UTC is still 1 November in UTC but 23:59 in Lagos; 23:01 UTC is 2 November in Lagos.
	f.clock.Add(22*time.Hour + 59*time.Minute - 9*time.Hour - 5*time.Minute)
	f.react(song, bo, false)
	f.react(song, bo, true)
	if n := len(likes()); n != 1 {
		t.Fatalf("23:59 in Lagos is the same day: %d notifications", n)
	}
	f.clock.Add(2 * time.Minute)
	f.react(song, bo, false)
	if r := f.react(song, bo, true); r.Reactions != 1 {
		t.Fatalf("the next day's like: %+v", r)
	}
	next := likes()
	if len(next) != 2 || next[0].Read || !next[1].Read || next[1].ID != got[0].ID {
		t.Fatalf("00:01 in Lagos is a new day, whose like notifies anew: %+v", next)
	}
	if p, _ := f.store.Get(f.ctx, song.ID); p.Reactions != 1 {
		t.Fatalf("reactions %d after all the toggling", p.Reactions)
	}
}

func TestReact_ConcurrentTogglesNotifyOncePerFanAndCountExactly(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ada := f.user("ada")
	song := f.audio(ada, "Enugu Nights")
	fans := f.users("fan", 30)
	// Every fan likes, unlikes and likes again, all at once.
	all(t, fans, func(u profile.Profile) error {
		for _, like := range []bool{true, false, true} {
			if _, err := f.store.React(f.ctx, post.Audio, song.ID, u, like); err != nil {
				return err
			}
		}
		return nil
	})
	// One fan's likes and unlikes race one another: 30 calls at once, twice over.
	toggler := fans[0]
	for range 2 {
		var wg sync.WaitGroup
		errs := make(chan error, 30)
		for i := range 30 {
			wg.Go(func() {
				if _, err := f.store.React(f.ctx, post.Audio, song.ID, toggler, i%2 == 0); err != nil {
					errs <- err
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
	}
	liked := 0
	for _, u := range fans {
		if v, err := f.store.View(f.ctx, post.Audio, song.ID, u.ID); err != nil {
			t.Fatal(err)
		} else if v.Liked {
			liked++
		}
	}
	if p, _ := f.store.Get(f.ctx, song.ID); p.Reactions != int64(liked) || liked < 29 {
		t.Fatalf("reactions %d, %d fans like the song", p.Reactions, liked)
	}
	if n := f.notes(ada.ID, "LIKE"); n != 30 {
		t.Fatalf("ada has %d like notifications, want one per fan (30)", n)
	}
}

func TestReact_ReLikingAnUntaggedVideoTheSameDayKeepsItWorking(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ada, bo := f.user("ada"), f.user("bo")
	clip := f.video(ada, "Lagos at dusk", true)
	for i, like := range []bool{true, false, true, false, true} {
		// The third like's transaction is canceled by the day's marker and run again without it.
		if r, err := f.store.React(f.ctx, post.Video, clip.ID, bo, like); err != nil || !r.Changed {
			t.Fatalf("step %d: %+v %v", i, r, err)
		}
	}
	v, err := f.store.View(f.ctx, post.Video, clip.ID, bo.ID)
	if err != nil || v.Post.Reactions != 1 || v.Post.Tags == nil || len(v.Post.Tags) != 0 {
		t.Fatalf("the video after the likes: %+v %v", v.Post, err)
	}
	if n := f.notes(ada.ID, "LIKE"); n != 1 {
		t.Fatalf("%d like notifications", n)
	}
}
