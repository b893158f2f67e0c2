package promotion

import (
	"slices"
	"time"

	"zuum/shared/money"
	"zuum/shared/text"
)

// The rules of a promotion, as plain functions of their inputs: what an in-app promotion costs,
// what a review does to a promotion and its money. The store reads what they need and writes
// what they decide in one transaction.

// Quote is what an in-app promotion asked for costs: its length, its end and its price.
type Quote struct {
	Days  int
	Until time.Time
	Price money.Money
}

// QuoteInApp prices in-app promotion req asked for at now (terms.PromotionPricePer7Days scaled
// to one of terms.PromotionDays): ErrMissing without a post, type or timeline, ErrType for a
// type that is not a post type, ErrTimeline for an end that is no time or not 7, 14 or 30 days
// (give or take Slack) from now. Whether the post exists and is the caller's is the store's.
func QuoteInApp(now time.Time, req InAppRequest) (Quote, error) {
	if req.PostID == "" || req.Type == "" || req.Timeline == "" {
		return Quote{}, ErrMissing
	}
	if !slices.Contains(PostTypes, req.Type) {
		return Quote{}, ErrType
	}
	until, err := time.Parse(time.RFC3339Nano, req.Timeline)
	if err != nil {
		return Quote{}, ErrTimeline
	}
	days, ok := DaysUntil(now, until)
	if !ok {
		return Quote{}, ErrTimeline
	}
	return Quote{Days: days, Until: until.UTC(), Price: Price(days)}, nil
}

// Review is an admin's decision on a promotion.
type Review struct {
	// Approve approves; otherwise the promotion is rejected for Reason.
	Approve bool
	Reason  string
	// By is the admin's id, At when they decide.
	By string
	At time.Time
}

// Outcome is what a review does with a promotion's held price: Fee moves from ledger.Held to
// ledger.Fees (an approval), Refund goes back from ledger.Held to the payer (a rejection).
type Outcome struct {
	Fee, Refund money.Money
}

// Reason cleans a rejection's reason: ErrReasonMissing when blank, ErrReasonLong past MaxReason
// characters.
func Reason(reason string) (string, error) {
	return text.Check(reason, MaxReason, ErrReasonMissing, ErrReasonLong)
}

// Decide applies review r to p. Only a pending promotion is decided (otherwise a Conflict that
// names its status, and p is left as it is). Approval starts the window at r.At for p.Days and
// takes the price as Zuum's fee; rejection (with a reason) gives back RefundOf(p).
func Decide(p *Promotion, r Review) (Outcome, error) {
	to, reason := Approved, ""
	if !r.Approve {
		to = Rejected
		var err error
		if reason, err = Reason(r.Reason); err != nil {
			return Outcome{}, err
		}
	}
	if p.Status != Pending {
		return Outcome{}, cannot(p.Status, to)
	}
	p.Status, p.Reason, p.DecidedAt, p.DecidedBy = to, reason, r.At.UTC(), r.By
	if to == Rejected {
		return Outcome{Refund: RefundOf(*p)}, nil
	}
	p.Start, p.End = p.DecidedAt, p.DecidedAt.Add(time.Duration(p.Days)*24*time.Hour)
	return Outcome{Fee: p.Price}, nil
}

// RefundOf is what a refund of p gives back to its payer: the whole price, fees included (a
// rejection, or the promoted post deleted while its promotion waits).
func RefundOf(p Promotion) money.Money { return p.Price }
