package promotion_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"zuum/shared/failure"
	"zuum/shared/money"
	"zuum/shared/promotion"
)

var at = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

func TestQuoteInApp_PricesSevenFourteenOrThirtyDaysAndRefusesTheRest(t *testing.T) {
	t.Parallel()
	day := 24 * time.Hour
	end := func(d time.Duration) string { return at.Add(d).Format(time.RFC3339) }
	for _, c := range []struct {
		name string
		req  promotion.InAppRequest
		want promotion.Quote
		err  error
	}{
		{"7 days", promotion.InAppRequest{PostID: "p", Type: "audio", Timeline: end(7 * day)}, promotion.Quote{Days: 7, Until: at.Add(7 * day), Price: 500000}, nil},
		{"14 days less an hour", promotion.InAppRequest{PostID: "p", Type: "video", Timeline: end(14*day - time.Hour)}, promotion.Quote{Days: 14, Until: at.Add(14*day - time.Hour), Price: 1000000}, nil},
		{"30 days", promotion.InAppRequest{PostID: "p", Type: "beat", Timeline: end(30 * day)}, promotion.Quote{Days: 30, Until: at.Add(30 * day), Price: 2142857}, nil},
		{"no post", promotion.InAppRequest{Type: "audio", Timeline: end(7 * day)}, promotion.Quote{}, promotion.ErrMissing},
		{"no type", promotion.InAppRequest{PostID: "p", Timeline: end(7 * day)}, promotion.Quote{}, promotion.ErrMissing},
		{"no timeline", promotion.InAppRequest{PostID: "p", Type: "audio"}, promotion.Quote{}, promotion.ErrMissing},
		{"a song", promotion.InAppRequest{PostID: "p", Type: "song", Timeline: end(7 * day)}, promotion.Quote{}, promotion.ErrType},
		{"ten days", promotion.InAppRequest{PostID: "p", Type: "audio", Timeline: end(10 * day)}, promotion.Quote{}, promotion.ErrTimeline},
		{"in the past", promotion.InAppRequest{PostID: "p", Type: "audio", Timeline: end(-7 * day)}, promotion.Quote{}, promotion.ErrTimeline},
		{"no time", promotion.InAppRequest{PostID: "p", Type: "audio", Timeline: "next week"}, promotion.Quote{}, promotion.ErrTimeline},
	} {
		got, err := promotion.QuoteInApp(at, c.req)
		if err != c.err || got != c.want {
			t.Errorf("%s: %+v %v, want %+v %v", c.name, got, err, c.want, c.err)
		}
	}
}

func TestDecide_ApprovalTakesTheFeeAndStartsTheWindowRejectionRefundsInFull(t *testing.T) {
	t.Parallel()
	pending := promotion.Promotion{ID: "x", Status: promotion.Pending, Price: 2142857, Days: 30}
	for _, c := range []struct {
		name   string
		p      promotion.Promotion
		review promotion.Review
		status string
		reason string
		out    promotion.Outcome
		err    string
	}{
		{"approve", pending, promotion.Review{Approve: true, By: "a1", At: at}, promotion.Approved, "", promotion.Outcome{Fee: 2142857}, ""},
		{"reject", pending, promotion.Review{Reason: "  The link does not open ", By: "a1", At: at}, promotion.Rejected, "The link does not open", promotion.Outcome{Refund: 2142857}, ""},
		{"reject without a reason", pending, promotion.Review{Reason: " \n ", By: "a1", At: at}, promotion.Pending, "", promotion.Outcome{}, "Validation error"},
		{"reject at length", pending, promotion.Review{Reason: strings.Repeat("é", promotion.MaxReason+1), At: at}, promotion.Pending, "", promotion.Outcome{}, "Validation error"},
		{"reject at the limit", pending, promotion.Review{Reason: strings.Repeat("é", promotion.MaxReason), At: at}, promotion.Rejected, strings.Repeat("é", promotion.MaxReason), promotion.Outcome{Refund: 2142857}, ""},
		{"approve an approved one", promotion.Promotion{Status: promotion.Approved, Price: 1}, promotion.Review{Approve: true, At: at}, promotion.Approved, "", promotion.Outcome{},
			"This promotion was already approved and cannot be approved"},
		{"reject an approved one", promotion.Promotion{Status: promotion.Approved, Price: 1}, promotion.Review{Reason: "late", At: at}, promotion.Approved, "", promotion.Outcome{},
			"This promotion was already approved and cannot be rejected"},
		{"approve a rejected one", promotion.Promotion{Status: promotion.Rejected, Reason: "no", Price: 1}, promotion.Review{Approve: true, At: at}, promotion.Rejected, "no", promotion.Outcome{},
			"This promotion was already rejected and cannot be approved"},
	} {
		p := c.p
		out, err := promotion.Decide(&p, c.review)
		msg := ""
		var fe *failure.Error
		if errors.As(err, &fe) {
			msg = fe.Message
		}
		if out != c.out || msg != c.err || p.Status != c.status || p.Reason != c.reason {
			t.Errorf("%s: %+v %q, status %s reason %q; want %+v %q, %s %q", c.name, out, msg, p.Status, p.Reason, c.out, c.err, c.status, c.reason)
		}
		if c.err != "" && p.DecidedAt != c.p.DecidedAt {
			t.Errorf("%s: a refused review changed the promotion: %+v", c.name, p)
		}
		if c.err == "" && (p.DecidedAt != at || p.DecidedBy != c.review.By) {
			t.Errorf("%s: decided %s by %q", c.name, p.DecidedAt, p.DecidedBy)
		}
		if wantEnd := at.Add(30 * 24 * time.Hour); c.status == promotion.Approved && c.err == "" && (p.Start != at || p.End != wantEnd) {
			t.Errorf("%s: window %s to %s, want %s to %s", c.name, p.Start, p.End, at, wantEnd)
		}
		if c.status == promotion.Rejected && c.err == "" && !p.Start.IsZero() {
			t.Errorf("%s: a rejected promotion has a window", c.name)
		}
	}
}

func TestRefundOf_GivesBackTheWholePrice(t *testing.T) {
	t.Parallel()
	for _, price := range []money.Money{1, 500000, 2142857, 8000000} {
		if got := promotion.RefundOf(promotion.Promotion{Price: price, Status: promotion.Rejected}); got != price {
			t.Errorf("refund of %s: %s", price, got)
		}
	}
}
