package promotion_test

import (
	"testing"
	"time"

	"zuum/shared/money"
	"zuum/shared/promotion"
)

func TestPrice_FiveThousandPerSevenDaysRoundedHalfUpToTheKobo(t *testing.T) {
	t.Parallel()
	for days, want := range map[int]money.Money{7: 500000, 14: 1000000, 30: 2142857, 1: 71429, 3: 214286} {
		if got := promotion.Price(days); got != want {
			t.Errorf("%d days: %s, want %s", days, got, want)
		}
	}
}

func TestDaysUntil_AcceptsSevenFourteenOrThirtyDaysGiveOrTakeADay(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	for _, c := range []struct {
		in   time.Duration
		want int
	}{
		{7 * day, 7}, {6 * day, 7}, {8 * day, 7}, {14*day - time.Hour, 14}, {31 * day, 30}, {29 * day, 30},
		{10 * day, 0}, {5*day - time.Minute, 0}, {32*day + time.Minute, 0}, {-7 * day, 0},
	} {
		got, ok := promotion.DaysUntil(now, now.Add(c.in))
		if got != c.want || ok != (c.want != 0) {
			t.Errorf("%s from now: %d %v, want %d", c.in, got, ok, c.want)
		}
	}
}

func TestShown_RejectedIsRejectedApprovedIsActiveInItsWindowThenCompleted(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		p    promotion.Promotion
		want string
	}{
		{promotion.Promotion{Status: promotion.Pending}, "pending"},
		{promotion.Promotion{Status: promotion.Pending, Category: promotion.InApp, Until: now.Add(-time.Hour)}, "expired"},
		{promotion.Promotion{Status: promotion.Rejected}, "rejected"},
		{promotion.Promotion{Status: promotion.Approved, End: now.Add(time.Hour)}, "active"},
		{promotion.Promotion{Status: promotion.Approved, End: now.Add(-time.Hour)}, "completed"},
	} {
		if got := c.p.Shown(now); got != c.want {
			t.Errorf("%+v: %s, want %s", c.p, got, c.want)
		}
	}
}
