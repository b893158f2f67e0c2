package post_test

import (
	"errors"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/google/uuid"

	"zuum/shared/dynamo"
	"zuum/shared/post"
)

// Set sets the clock to t.
func (c *clock) Set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.t = t }

// promote runs PromoteItems for p from start to end in a transaction of its own. Its windows
// name no owner, as windows written before they did: the feed then reads the post for its owner
// (functions/feed's tests promote with the owner named).
func (f *fixture) promote(postID, promotionID string, start, end time.Time) error {
	f.t.Helper()
	items, err := f.store.PromoteItems(postID, "", promotionID, start, end)
	if err != nil {
		f.t.Fatalf("promote items: %v", err)
	}
	_, err = f.cloud.DynamoDB.TransactWriteItems(f.ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
	return err
}

func (f *fixture) promoted(k post.Kind, id, viewer string) bool {
	f.t.Helper()
	e, err := f.store.View(f.ctx, k, id, viewer)
	if err != nil {
		f.t.Fatalf("view %s: %v", id, err)
	}
	return e.Promoted
}

func TestPromoteItems_PostIsPromotedExactlyDuringItsWindow(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ada, bola := f.user("ada"), f.user("bola")
	p := f.audio(ada, "promoted song")
	now := f.clock.Now()
	if f.promoted(post.Audio, p.ID, bola.ID) {
		t.Fatal("promoted before any promotion")
	}
	if err := f.promote(p.ID, "prom-1", now.Add(time.Hour), now.Add(7*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		at   time.Duration
		want bool
	}{
		{0, false},                           // approved for later: not yet
		{time.Hour, true},                    // the window opens
		{7*24*time.Hour - time.Second, true}, // its last second
		{7 * 24 * time.Hour, false},          // over
		{30 * 24 * time.Hour, false},
	} {
		f.clock.Set(now.Add(c.at))
		if got := f.promoted(post.Audio, p.ID, bola.ID); got != c.want {
			t.Errorf("at +%s: promoted %v, want %v", c.at, got, c.want)
		}
		page := f.page(post.UserAudio(ada.ID), bola.ID, post.PageRequest{Limit: 5})
		if len(page.Entries) != 1 || page.Entries[0].Promoted != c.want {
			t.Errorf("at +%s: list says %+v, want promoted %v", c.at, page.Entries, c.want)
		}
	}
}

func TestPromoteItems_MissingPostCancelsTheTransaction(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	now := f.clock.Now()
	err := f.promote(uuid.NewString(), "prom-x", now, now.Add(time.Hour))
	if failed, ok := dynamo.CanceledBy(err); !ok || len(failed) != 1 || failed[0] != 0 {
		t.Fatalf("promotion of a missing post: %v", err)
	}
	if got := f.partition("PROMOTED"); got != 0 {
		t.Errorf("%d windows left by a canceled promotion", got)
	}
}

func TestPromoteItems_RefusesWhatCannotBeAWindow(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	now := f.clock.Now()
	id := uuid.NewString()
	for name, c := range map[string]struct {
		post, prom string
		start, end time.Time
	}{
		"bad post id":  {"nope", "p", now, now.Add(time.Hour)},
		"no promotion": {id, "", now, now.Add(time.Hour)},
		"empty window": {id, "p", now, now},
		"backwards":    {id, "p", now, now.Add(-time.Hour)},
	} {
		if _, err := f.store.PromoteItems(c.post, "", c.prom, c.start, c.end); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := f.store.PromoteItems("nope", "", "p", now, now.Add(time.Hour)); !errors.Is(err, post.ErrNotFound) {
		t.Errorf("bad post id: %v, want not found", err)
	}
}

func TestPromotionStats_ZerosForEveryPromotionAskedAbout(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	got, err := f.store.PromotionStats(f.ctx, []string{"a", "b", "a"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got["a"] != (post.PromotionStats{}) || got["b"] != (post.PromotionStats{}) {
		t.Errorf("stats %+v", got)
	}
	if got, err := f.store.PromotionStats(f.ctx, nil); err != nil || len(got) != 0 {
		t.Errorf("no ids: %v %v", got, err)
	}
}
