package notify_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/notify"
	"zuum/shared/schema"
)

func TestDay_IsTheCalendarDayInLagos(t *testing.T) {
	t.Parallel()
	for utc, want := range map[string]string{
		"2026-11-01T00:00:00Z": "2026-11-01",
		"2026-11-01T22:59:59Z": "2026-11-01",
		"2026-11-01T23:00:00Z": "2026-11-02",
		"2026-06-30T23:30:00Z": "2026-07-01", // no daylight saving in Lagos: UTC+1 in June too
	} {
		at, _ := time.Parse(time.RFC3339, utc)
		if got := notify.Day(at); got != want {
			t.Errorf("Day(%s) = %s, want %s", utc, got, want)
		}
	}
	if tz, err := time.LoadLocation("Africa/Lagos"); err == nil {
		at := time.Date(2026, 3, 29, 23, 30, 0, 0, time.UTC)
		if _, off := at.In(tz).Zone(); off != 3600 {
			t.Errorf("the time zone database puts Lagos at UTC%+d s", off)
		}
	}
}

// follow makes fan follow (on) or unfollow star at, with the follow's once-a-day notification.
func (w *world) follow(fan, star string, on bool, at time.Time) bool {
	w.t.Helper()
	ctx := context.Background()
	if !on {
		changed, err := w.profiles.Unfollow(ctx, fan, star)
		if err != nil {
			w.t.Fatal(err)
		}
		return changed
	}
	note, err := notify.Once(schema.Users.Name, notify.Notification{
		Recipient: star, Kind: notify.Follow, ActorID: fan, Message: notify.FollowMessage("name-" + fan), CreatedAt: at,
	})
	if err != nil {
		w.t.Fatal(err)
	}
	changed, err := w.profiles.Follow(ctx, fan, star, at, note...)
	if err != nil {
		w.t.Fatal(err)
	}
	return changed
}

func (w *world) followers(id string) int64 {
	w.t.Helper()
	a, err := w.profiles.Account(context.Background(), id)
	if err != nil {
		w.t.Fatal(err)
	}
	return a.FollowersCount
}

func TestOnce_FollowUnfollowFollowTheSameDayNotifiesOnceAndTheNextDayAgain(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	star, fan := w.user("star"), w.user("fan")
	day := time.Date(2026, 11, 1, 8, 0, 0, 0, time.UTC)
	for i := range 22 { // eleven follows, eleven unfollows
		on := i%2 == 0
		if !w.follow(fan, star, on, day.Add(time.Duration(i)*time.Hour)) {
			t.Fatalf("step %d (follow=%v) changed nothing", i, on)
		}
	}
	// 08:00 to 05:00 UTC the next morning is 09:00 to 06:00 in Lagos: two days, whose first
	// follows were at 08:00 and at 00:00 UTC (01:00 in Lagos).
	got := w.all(star)
	if len(got) != 2 || got[0].Kind != notify.Follow || got[1].Kind != notify.Follow || got[0].ActorID != fan {
		t.Fatalf("22 hours of following and unfollowing: %+v", got)
	}
	if !got[0].CreatedAt.Equal(day.Add(16*time.Hour)) || !got[1].CreatedAt.Equal(day) {
		t.Fatalf("each day's first follow is the one kept: %v, %v", got[0].CreatedAt, got[1].CreatedAt)
	}
	if n := w.followers(star); n != 0 {
		t.Fatalf("followers_count %d after the last unfollow", n)
	}
	if p, err := w.notes.List(context.Background(), star, 10, "", 0); err != nil || p.Total != 2 {
		t.Fatalf("total %d, want the two notifications and no markers: %v", p.Total, err)
	}
}

func TestOnce_ARepeatAfterReadAllStaysRead(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	star, fan := w.user("star"), w.user("fan")
	at := time.Date(2026, 11, 1, 8, 0, 0, 0, time.UTC)
	w.follow(fan, star, true, at)
	if err := w.notes.MarkAllRead(context.Background(), star); err != nil {
		t.Fatal(err)
	}
	w.follow(fan, star, false, at.Add(time.Minute))
	w.follow(fan, star, true, at.Add(2*time.Minute))
	if got := w.all(star); len(got) != 1 || !got[0].Read {
		t.Fatalf("the day's follow notification after read-all and a re-follow: %+v", got)
	}
}

func TestOnce_ConcurrentFollowTogglesNotifyOnceAndCountExactly(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	star, fan := w.user("star"), w.user("fan")
	at := time.Date(2026, 11, 1, 8, 0, 0, 0, time.UTC)
	for round := range 3 {
		var wg sync.WaitGroup
		for i := range 30 {
			wg.Go(func() {
				ctx := context.Background()
				var err error
				if i%2 == 0 {
					var note []types.TransactWriteItem
					note, err = notify.Once(schema.Users.Name, notify.Notification{
						Recipient: star, Kind: notify.Follow, ActorID: fan, Message: "m", CreatedAt: at.Add(time.Duration(round*30+i) * time.Second),
					})
					if err == nil {
						_, err = w.profiles.Follow(ctx, fan, star, at, note...)
					}
				} else {
					_, err = w.profiles.Unfollow(ctx, fan, star)
				}
				if err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
	}
	following, err := w.profiles.IsFollowing(context.Background(), fan, star)
	if err != nil {
		t.Fatal(err)
	}
	want := int64(0)
	if following {
		want = 1
	}
	if n := w.followers(star); n != want {
		t.Fatalf("followers_count %d, following %v", n, following)
	}
	if got := w.all(star); len(got) != 1 {
		t.Fatalf("%d follow notifications from one fan in one day, want 1", len(got))
	}
}
