package profile_test

import (
	"testing"
	"time"

	"zuum/shared/profile"
)

func TestSubscriptionStatusAt_APaidPeriodLapsesAtItsEnd(t *testing.T) {
	t.Parallel()
	end := time.Date(2026, 12, 23, 19, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		stored string
		now    time.Time
		want   string
	}{
		{"", end.Add(-time.Hour), ""},
		{"active", end.Add(-time.Second), "active"},
		{"active", end, "expired"},
		{"cancelled", end.Add(-time.Second), "cancelled"},
		{"cancelled", end.Add(time.Hour), "expired"},
		{"expired", end.Add(-time.Hour), "expired"},
	} {
		if got := profile.SubscriptionStatusAt(c.stored, end, c.now); got != c.want {
			t.Errorf("%q at %v: %q, want %q", c.stored, c.now, got, c.want)
		}
	}
}
