package release

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"zuum/shared/failure"
	"zuum/shared/money"
	"zuum/shared/text"
)

// The rules of a release's way through review, as plain functions: no store, no clock of their
// own. The store reads a release, lets a rule change it, and writes the result with its money as
// one transaction (Store.UpdateReview).

// From lists the statuses review may take a release from, by the status it takes it to: an admin
// takes up a submitted release (in_review), approves or rejects a submitted or reviewed one, and
// delivers an approved one. Nothing leaves rejected or delivered.
var From = map[Status][]Status{
	InReview:  {Submitted},
	Approved:  {Submitted, InReview},
	Rejected:  {Submitted, InReview},
	Delivered: {Approved},
}

// CanMove is nil when review may take a release of status from to status to, and otherwise the
// Conflict that says so ("An approved release cannot be approved").
func CanMove(from, to Status) error {
	if slices.Contains(From[to], from) {
		return nil
	}
	return cannot(from, to)
}

// cannot refuses taking a release of status from to status to.
func cannot(from, to Status) error {
	what := strings.ReplaceAll(string(from), "_", " ")
	article := "A"
	if strings.ContainsAny(what[:1], "aeiou") {
		article = "An"
	}
	done := map[Status]string{InReview: "reviewed", Approved: "approved", Rejected: "rejected", Delivered: "delivered"}[to]
	return failure.New(failure.Conflict, fmt.Sprintf("%s %s release cannot be %s", article, what, done))
}

// MaxReason bounds a rejection's reason, in characters.
const MaxReason = 500

// Errors of a rejection's reason.
var (
	ErrReasonMissing = failure.Fields(ValidationMessage, failure.FieldError{Field: "reason", Msg: "A reason is required"})
	ErrReasonLong    = failure.Fields(ValidationMessage, failure.FieldError{Field: "reason", Msg: fmt.Sprintf("The reason must be at most %d characters", MaxReason)})
)

// CheckReason returns a rejection's reason cleaned (package text), or why it cannot be one.
func CheckReason(reason string) (string, error) {
	return text.Check(reason, MaxReason, ErrReasonMissing, ErrReasonLong)
}

// Settlement is what a review does with the package's money, held since submission: the
// platform earns it on approval (Captured: ledger.Held → ledger.Fees), the owner gets it back
// in full on rejection (Refunded: ledger.Held → the owner); otherwise nothing moves.
type Settlement struct {
	Captured money.Money
	Refunded money.Money
}

// Moves reports whether the settlement moves money.
func (s Settlement) Moves() bool { return s.Captured > 0 || s.Refunded > 0 }

// Decide takes r to status to at now, with reason (CheckReason's) for a rejection, and says what
// its package's money does; r is unchanged when the move is refused (CanMove).
func (r *Release) Decide(to Status, reason string, now time.Time) (Settlement, error) {
	if err := CanMove(r.Status, to); err != nil {
		return Settlement{}, err
	}
	r.Status, r.Reason, r.UpdatedAt, r.Version = to, reason, now.UTC(), r.Version+1
	switch to {
	case Approved:
		return Settlement{Captured: r.Price}, nil
	case Rejected:
		return Settlement{Refunded: r.Price}, nil
	}
	return Settlement{}, nil
}

// Submit submits draft r at now: every rule of the wizard (Form.Check) must pass, and its
// package is priced (the price is what the submission charges). A release past draft, or one
// that breaks a rule, is refused and r left unchanged; the refusal lists every failing field.
func (r *Release) Submit(now time.Time) error {
	if r.Status != Draft {
		return errSubmitted
	}
	if errs := r.Form.Check(now); len(errs) > 0 {
		return failure.Fields(ValidationMessage, errs...)
	}
	*r = r.submitted(now)
	r.Version++
	return nil
}

// submitted is r as it stands once submitted at now, with its package priced.
func (r Release) submitted(now time.Time) Release {
	p, _ := PackageOf(r.Form.PromotionPackage)
	r.Status, r.Package, r.Price, r.SubmittedAt, r.UpdatedAt = Submitted, p.ID, p.Price, now, now
	return r
}
