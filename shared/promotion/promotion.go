// Package promotion is paid promotion: in-app promotion of one of the caller's posts in the feed,
// mass promotion through a package of a category (print, tv, radio, ...), and the requirements
// form (/req). A promotion is paid from the wallet into ledger.Held when it is asked for, in one
// movement with the promotion itself, and waits for an admin: approval moves the money to
// ledger.Fees (and, for an in-app one, starts its window on the post in the same transaction);
// rejection gives it back to the payer in full. Each happens once: the promotion item changes
// only from pending, and each decision's movement has its own key ("promotion-approve#<id>",
// "promotion-reject#<id>"). The rules (rules.go: QuoteInApp, Decide, RefundOf) are plain
// functions; the store reads what they need and writes what they decide in one transaction
// (Store.Update).
//
// Item layout in the Ledger table:
//
//	pk=PROMO#<id>          sk=PROMO   the promotion (stored)
//	pk=PROMOS#<ownerId>    sk=<id>    the owner's list (ids are UUIDv7: time order)
//	pk=PROMOQ#pending      sk=<id>    the admins' queue of pending promotions, deleted on decision
//	pk=PROMOREQ#<ownerId>  sk=<id>    a requirements form (/req) as submitted
package promotion

import (
	"fmt"
	"slices"
	"time"

	"zuum/shared/failure"
	"zuum/shared/money"
	"zuum/shared/terms"
)

// InApp is the category of an in-app promotion.
const InApp = "in_app"

// Stored statuses: a promotion is pending until an admin approves or rejects it.
const (
	Pending  = "pending"
	Approved = "approved"
	Rejected = "rejected"
)

// Statuses as the owner sees them (My Promotions).
const (
	ShownPending   = "pending"
	ShownActive    = "active"
	ShownCompleted = "completed"
	ShownExpired   = "expired"
	ShownFailed    = "failed"
	ShownRejected  = "rejected"
)

// ShownStatuses lists every status My Promotions shows, in the order the API documents them.
var ShownStatuses = []string{ShownPending, ShownActive, ShownCompleted, ShownExpired, ShownFailed, ShownRejected}

// LegType is the wallet entry type of a promotion's payment and its refund: a fee for a service.
const LegType = "fee"

// Promotion is one paid promotion, in-app or mass.
type Promotion struct {
	ID            string
	OwnerID       string
	OwnerUsername string
	// Category is InApp or a package's category.
	Category string
	// PostID and PostType (audio, video, beat) name the promoted post of an in-app promotion.
	PostID, PostType string
	// PackageID and PackageName name a mass promotion's package.
	PackageID, PackageName string
	// Title is the post's caption or the mass form's title ("" when none).
	Title string
	// Fields are a mass promotion's form fields (files by upload key).
	Fields map[string]string
	Price  money.Money
	// Days is how long the promotion runs once approved.
	Days int
	// Status is Pending, Approved or Rejected.
	Status string
	Reason string
	// Until is the end an in-app promotion was asked for (its timeline).
	Until     time.Time
	CreatedAt time.Time
	// DecidedAt and DecidedBy (an admin's id) are set by approval or rejection.
	DecidedAt time.Time
	DecidedBy string
	// Start and End bound the window of an approved promotion.
	Start, End time.Time
}

// Shown is the status the owner sees at now: a rejected promotion is rejected (with its reason); an approved one
// is active in its window and completed after it; a pending in-app one whose asked-for end has
// passed is expired (an admin can still reject it, which refunds it).
func (p Promotion) Shown(now time.Time) string {
	switch p.Status {
	case Rejected:
		return ShownRejected
	case Approved:
		if now.Before(p.End) {
			return ShownActive
		}
		return ShownCompleted
	case Pending:
		if p.Category == InApp && !p.Until.IsZero() && !now.Before(p.Until) {
			return ShownExpired
		}
		return ShownPending
	}
	return ShownFailed
}

// Price is terms.PromotionPricePer7Days scaled to days, rounded half up to the kobo: at ₦5,000 a
// week, 30 days cost ₦21,428.57.
func Price(days int) money.Money {
	k := terms.PromotionPricePer7Days.Kobo() * int64(days)
	return money.Money((2*k + 7) / 14)
}

// Slack is how far an asked-for end may be from exactly 7, 14 or 30 days from now.
const Slack = 24 * time.Hour

// DaysUntil is the duration an in-app promotion ending at until, asked for at now, is: one of
// terms.PromotionDays when until is that many days from now give or take Slack.
func DaysUntil(now, until time.Time) (int, bool) {
	for _, d := range terms.PromotionDays {
		diff := until.Sub(now.Add(time.Duration(d) * 24 * time.Hour))
		if diff >= -Slack && diff <= Slack {
			return d, true
		}
	}
	return 0, false
}

// Post types an in-app promotion names.
var PostTypes = []string{"audio", "video", "beat"}

// Refusals of an in-app promotion (spec part 2 §5 and §8).
var (
	ErrMissing      = failure.New(failure.Invalid, "Missing required parameters")
	ErrType         = failure.New(failure.Invalid, "Invalid type. Must be one of audio, video, beat")
	ErrTimeline     = failure.New(failure.Invalid, "Invalid timeline. The promotion must end 7, 14 or 30 days from now")
	ErrPostNotFound = failure.New(failure.NotFound, "Post not found")
	ErrInsufficient = failure.New(failure.NotAcceptable, "Insufficient funds")
	ErrNotFound     = failure.New(failure.NotFound, "Promotion not found")
)

// errTypeMismatch refuses a type that is not the post's.
func errTypeMismatch(kind string) error {
	return failure.New(failure.Invalid, fmt.Sprintf("Invalid type. This post is a%s %s", article(kind), kind))
}

func article(word string) string {
	if word != "" && slices.Contains([]byte("aeiou"), word[0]) {
		return "n"
	}
	return ""
}

// MaxReason bounds a rejection's reason, in characters.
const MaxReason = 500

// Refusals of a decision.
var (
	ErrReasonMissing = failure.Fields("Validation error", failure.FieldError{Field: "reason", Msg: "A reason is required"})
	ErrReasonLong    = failure.Fields("Validation error", failure.FieldError{Field: "reason", Msg: fmt.Sprintf("The reason must be at most %d characters", MaxReason)})
)

// cannot refuses a decision on a promotion that is no longer pending.
func cannot(status, want string) error {
	return failure.New(failure.Conflict, fmt.Sprintf("This promotion was already %s and cannot be %s", status, want))
}
