package release

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/billing"
	"zuum/shared/failure"
	"zuum/shared/ledger"
	"zuum/shared/text"
)

// With makes the caller's own items for a change of status from the release as it was and as it
// becomes (an admin's audit entry); they are written in the change's transaction.
type With func(before, after Release) ([]types.TransactWriteItem, error)

// Review moves release id from submitted to in_review: an admin has taken it up. It returns the
// release before and after.
func (s *Store) Review(ctx context.Context, id string, with With) (Release, Release, error) {
	return s.move(ctx, id, InReview, "", []Status{Submitted}, with)
}

// Approve moves release id from submitted or in_review to approved, and its package's money
// from ledger.Held to ledger.Fees in the same transaction (once: "release-approve#<id>").
func (s *Store) Approve(ctx context.Context, id string, with With) (Release, Release, error) {
	return s.move(ctx, id, Approved, "", []Status{Submitted, InReview}, with)
}

// MaxReason bounds a rejection's reason, in characters.
const MaxReason = 500

// Errors of a rejection's reason.
var (
	ErrReasonMissing = failure.Fields(ValidationMessage, failure.FieldError{Field: "reason", Msg: "A reason is required"})
	ErrReasonLong    = failure.Fields(ValidationMessage, failure.FieldError{Field: "reason", Msg: fmt.Sprintf("The reason must be at most %d characters", MaxReason)})
)

// Reject moves release id from submitted or in_review to rejected with reason, and refunds its
// package from ledger.Held to the owner in full in the same transaction (once:
// "release-reject#<id>").
func (s *Store) Reject(ctx context.Context, id, reason string, with With) (Release, Release, error) {
	reason = text.Clean(reason, true)
	switch {
	case text.Blank(reason):
		return Release{}, Release{}, ErrReasonMissing
	case text.Len(reason) > MaxReason:
		return Release{}, Release{}, ErrReasonLong
	}
	return s.move(ctx, id, Rejected, reason, []Status{Submitted, InReview}, with)
}

// Deliver moves release id from approved to delivered: it is live on the platforms.
func (s *Store) Deliver(ctx context.Context, id string, with With) (Release, Release, error) {
	return s.move(ctx, id, Delivered, "", []Status{Approved}, with)
}

// move takes release id from one of from to status to, with the money that goes with it, the
// owner's notification and the caller's items, as one transaction conditioned on the version
// read. It returns the release before and after.
func (s *Store) move(ctx context.Context, id string, to Status, reason string, from []Status, with With) (Release, Release, error) {
	before, err := s.Get(ctx, id)
	if err != nil {
		return Release{}, Release{}, err
	}
	if !slices.Contains(from, before.Status) {
		return before, Release{}, cannot(before.Status, to)
	}
	after := before
	after.Status, after.Reason, after.UpdatedAt, after.Version = to, reason, s.now().UTC(), before.Version+1
	put, err := s.putItem(after, "#v = :v AND #s <> :draft", before.Version)
	if err != nil {
		return Release{}, Release{}, err
	}
	more, err := s.statusItems(after, before.Status)
	if err != nil {
		return Release{}, Release{}, err
	}
	items := append([]types.TransactWriteItem{put}, more...)
	if with != nil {
		extra, err := with(before, after)
		if err != nil {
			return Release{}, Release{}, err
		}
		items = append(items, extra...)
	}
	held := billing.Held{
		Payer: after.OwnerID, PayerName: after.OwnerUsername, Amount: after.Price, Type: LegType, Reference: id,
		RefundNote: "Refund", Once: ledger.Once{Key: "release-" + verb(to) + "#" + id},
	}
	settles := after.Price > 0 && (to == Approved || to == Rejected)
	switch {
	case !settles:
		err = s.transact(ctx, items)
	case to == Approved:
		held.Kind = ledger.KindReleaseApproved
		_, err = billing.New(s.ledger).Capture(ctx, held, items...)
	default:
		held.Kind = ledger.KindReleaseRejected
		_, err = billing.New(s.ledger).Refund(ctx, held, items...)
	}
	if settles {
		var extraFailed *ledger.ExtraFailed
		if errors.Is(err, ledger.ErrReplayed) || errors.As(err, &extraFailed) {
			err = errChanged
		}
	}
	if errors.Is(err, errChanged) {
		// Someone acted first: say what it became.
		if now, gerr := s.Get(ctx, id); gerr == nil && now.Version != before.Version {
			return now, Release{}, cannot(now.Status, to)
		}
	}
	if err != nil {
		return Release{}, Release{}, err
	}
	return before, after, nil
}

// verb is the action that puts a release in status st.
func verb(st Status) string {
	switch st {
	case InReview:
		return "review"
	case Approved:
		return "approve"
	case Rejected:
		return "reject"
	case Delivered:
		return "deliver"
	}
	return string(st)
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
