package post_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"zuum/shared/post"
)

// audioTab reads a page of the feed's audio tab as viewer.
func (f *fixture) audioTab(viewer string, req post.PageRequest) post.Page {
	f.t.Helper()
	p, err := f.store.Feed(f.ctx, post.FeedAudio, []post.Kind{post.Audio, post.Beat}, viewer, req)
	if err != nil {
		f.t.Fatalf("feed %+v: %v", req, err)
	}
	return p
}

// slots lists a page as "o:<caption>" for a post not promoted and "P:<caption>" for one that is.
func slots(p post.Page) []string {
	out := []string{}
	for _, e := range p.Entries {
		mark := "o:"
		if e.Promoted {
			mark = "P:"
		}
		out = append(out, mark+e.Post.Caption)
	}
	return out
}

// checkPageRules fails unless no post is twice on p and at most one in every five consecutive
// entries is promoted.
func checkPageRules(t *testing.T, p post.Page) {
	t.Helper()
	seen := map[string]bool{}
	for i, e := range p.Entries {
		if seen[e.Post.ID] {
			t.Errorf("%q twice on page %d: %v", e.Post.Caption, p.Number, slots(p))
		}
		seen[e.Post.ID] = true
		n := 0
		for _, w := range p.Entries[max(0, i-4) : i+1] {
			if w.Promoted {
				n++
			}
		}
		if n > 1 {
			t.Errorf("two promoted within five at %d: %v", i, slots(p))
		}
	}
}

func TestFeed_PromotedPostFollowsEveryFourOthersNeverTwiceAndOnlyInItsWindow(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ada, bola := f.user("ada"), f.user("bola")
	// Two promoted posts, older than all the rest, and a promoted video, which the audio tab
	// never shows.
	p1, p2 := f.audio(ada, "promo one"), f.audio(ada, "promo two")
	vid := f.video(ada, "promo video", true)
	f.clock.Add(time.Minute)
	for i := 1; i <= 10; i++ {
		f.audio(ada, fmt.Sprintf("song %d", i))
		f.clock.Add(time.Second)
	}
	now := f.clock.Now()
	end := now.Add(7 * 24 * time.Hour)
	for id, prom := range map[string]string{p1.ID: "prom-1", p2.ID: "prom-2", vid.ID: "prom-v"} {
		if err := f.promote(id, prom, now, end); err != nil {
			t.Fatal(err)
		}
	}

	// Page 1 (8 of the tab's 12 posts): a promoted slot after the 4th and the 8th.
	p := f.audioTab(bola.ID, post.PageRequest{Limit: 8})
	got := slots(p)
	want := []string{"o:song 10", "o:song 9", "o:song 8", "o:song 7", "P:promo ?", "o:song 6", "o:song 5", "o:song 4", "o:song 3", "P:promo ?"}
	if len(got) != len(want) {
		t.Fatalf("page 1: %v", got)
	}
	for i := range want {
		if want[i][0] == 'P' && got[i][:8] != "P:promo " || want[i][0] == 'o' && got[i] != want[i] {
			t.Errorf("page 1 slot %d: %s, want %s (%v)", i, got[i], want[i], got)
		}
	}
	checkPageRules(t, p)
	if p.Total != 12 || p.Next == "" {
		t.Errorf("page 1 pagination: total %d next %q", p.Total, p.Next)
	}

	// Page 2 (song 2, song 1, promo two, promo one): both promoted posts are on it already, so
	// it shows them once each, where they fall, labelled promoted, and adds no slot.
	p = f.audioTab(bola.ID, post.PageRequest{Limit: 8, Cursor: p.Next})
	if got := fmt.Sprint(slots(p)); got != "[o:song 2 o:song 1 P:promo two P:promo one]" {
		t.Errorf("page 2: %s", got)
	}
	if p.Next != "" {
		t.Errorf("page 2 has a next page")
	}

	// Every served slot counted an impression; the video was never served.
	stats, err := f.store.PromotionStats(f.ctx, []string{"prom-1", "prom-2", "prom-v"})
	if err != nil {
		t.Fatal(err)
	}
	if stats["prom-1"].Impressions != 1 || stats["prom-2"].Impressions != 1 || stats["prom-v"].Impressions != 0 {
		t.Errorf("impressions %+v", stats)
	}

	// Once the window is over the promotions are gone and nothing says promoted.
	f.clock.Set(end)
	p = f.audioTab(bola.ID, post.PageRequest{Limit: 8})
	if got := fmt.Sprint(slots(p)); got != "[o:song 10 o:song 9 o:song 8 o:song 7 o:song 6 o:song 5 o:song 4 o:song 3]" {
		t.Errorf("after the window: %s", got)
	}
}

func TestFeed_PromotionsRotateOverPagesAndStayInTheirTab(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ada, bola := f.user("ada"), f.user("bola")
	now := f.clock.Now()
	// Three promoted videos made long ago and twenty newer ones: page 1 has one slot (limit
	// 4), and each page shows the next promotion in turn.
	var proms []post.Post
	for i := 1; i <= 3; i++ {
		proms = append(proms, f.video(ada, fmt.Sprintf("promo %d", i), true))
	}
	for i := 1; i <= 20; i++ {
		f.video(ada, fmt.Sprintf("clip %d", i), true)
	}
	for i, p := range proms {
		if err := f.promote(p.ID, fmt.Sprintf("prom-%d", i), now, now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	shown := map[string]int{}
	req := post.PageRequest{Limit: 4}
	for range 3 {
		p, err := f.store.Feed(f.ctx, post.AllVideos, []post.Kind{post.Video}, bola.ID, req)
		if err != nil {
			t.Fatal(err)
		}
		checkPageRules(t, p)
		if len(p.Entries) != 5 || !p.Entries[4].Promoted {
			t.Fatalf("page %d: %v", p.Number, slots(p))
		}
		shown[p.Entries[4].Post.Caption]++
		req.Cursor = p.Next
	}
	if len(shown) != 3 {
		t.Errorf("three pages showed %v, want each promotion once", shown)
	}
	// The audio tab shows no video.
	if p := f.audioTab(bola.ID, post.PageRequest{Limit: 8}); len(p.Entries) != 0 {
		t.Errorf("audio tab: %v", slots(p))
	}
}

func TestPlay_CountsOncePerListenerEveryTenMinutesAndForThePromotionWhileItRuns(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ada, bola, chi := f.user("ada"), f.user("bola"), f.user("chi")
	p := f.audio(ada, "song")
	now := f.clock.Now()
	if err := f.promote(p.ID, "prom-1", now.Add(time.Hour), now.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	play := func(viewer string, want bool) {
		t.Helper()
		got, err := f.store.Play(f.ctx, post.Audio, p.ID, viewer)
		if err != nil || got != want {
			t.Errorf("play by %s at %s: %v %v, want counted %v", viewer, f.clock.Now().Sub(now), got, err, want)
		}
	}
	play(bola.ID, true)           // before the window: the post's play only
	play(bola.ID, false)          // a repeat at once
	f.clock.Add(9 * time.Minute)  //
	play(bola.ID, false)          // still too soon
	f.clock.Add(51 * time.Minute) // the window opens
	play(bola.ID, true)
	play(chi.ID, true)
	play(chi.ID, false)
	f.clock.Add(2 * time.Hour) // over
	play(chi.ID, true)

	e, err := f.store.View(f.ctx, post.Audio, p.ID, ada.ID)
	if err != nil || e.Post.Plays != 4 {
		t.Errorf("post plays %d (%v), want 4", e.Post.Plays, err)
	}
	stats, err := f.store.PromotionStats(f.ctx, []string{"prom-1"})
	if err != nil || stats["prom-1"].Plays != 2 {
		t.Errorf("promotion plays %+v (%v), want 2", stats, err)
	}
}

func TestPlay_UnseenOrOtherKindIsNotFound(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ada, bola := f.user("ada"), f.user("bola")
	hidden := f.video(ada, "hidden", false)
	song := f.audio(ada, "song")
	for name, c := range map[string]struct {
		k  post.Kind
		id string
	}{
		"private video of another": {post.Video, hidden.ID},
		"audio asked as video":     {post.Video, song.ID},
		"not an id":                {post.Audio, "nope"},
	} {
		if _, err := f.store.Play(f.ctx, c.k, c.id, bola.ID); !errors.Is(err, post.ErrNotFound) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if e, _ := f.store.View(f.ctx, post.Video, hidden.ID, ada.ID); e.Post.Plays != 0 {
		t.Errorf("hidden video plays %d", e.Post.Plays)
	}
}
