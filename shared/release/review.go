package release

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/billing"
	"zuum/shared/ledger"
)

// With makes the caller's own items for a change of status from the release as it was and as it
// becomes (an admin's audit entry); they are written in the change's transaction.
type With func(before, after Release) ([]types.TransactWriteItem, error)

// Review moves release id from submitted to in_review: an admin has taken it up. It returns the
// release before and after.
func (s *Store) Review(ctx context.Context, id string, with With) (Release, Release, error) {
	return s.decide(ctx, id, InReview, "", with)
}

// Approve moves release id from submitted or in_review to approved, and its package's money
// from ledger.Held to ledger.Fees in the same transaction (once: "release-approve#<id>").
func (s *Store) Approve(ctx context.Context, id string, with With) (Release, Release, error) {
	return s.decide(ctx, id, Approved, "", with)
}

// Reject moves release id from submitted or in_review to rejected with reason (CheckReason), and
// refunds its package from ledger.Held to the owner in full in the same transaction (once:
// "release-reject#<id>").
func (s *Store) Reject(ctx context.Context, id, reason string, with With) (Release, Release, error) {
	reason, err := CheckReason(reason)
	if err != nil {
		return Release{}, Release{}, err
	}
	return s.decide(ctx, id, Rejected, reason, with)
}

// Deliver moves release id from approved to delivered: it is live on the platforms.
func (s *Store) Deliver(ctx context.Context, id string, with With) (Release, Release, error) {
	return s.decide(ctx, id, Delivered, "", with)
}

// decide is Release.Decide applied to release id by UpdateReview.
func (s *Store) decide(ctx context.Context, id string, to Status, reason string, with With) (Release, Release, error) {
	now := s.now()
	return s.UpdateReview(ctx, id, func(r *Release) (Settlement, error) { return r.Decide(to, reason, now) }, with)
}

// UpdateReview reads release id, lets update change it (a rule such as Release.Decide: the new
// status and what the package's money does), and writes the change with that money, the
// owner's notification and with's items as ONE transaction conditioned on the version read, so
// of two admins acting at once one wins and the other is told what the release became. It
// returns the release before and after.
func (s *Store) UpdateReview(ctx context.Context, id string, update func(*Release) (Settlement, error), with With) (Release, Release, error) {
	before, err := s.Get(ctx, id)
	if err != nil {
		return Release{}, Release{}, err
	}
	after := before
	settle, err := update(&after)
	if err != nil {
		return before, Release{}, err
	}
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
	err = s.settle(ctx, after, settle, items)
	if errors.Is(err, errChanged) {
		// Someone acted first: say what it became.
		if now, gerr := s.Get(ctx, id); gerr == nil && now.Version != before.Version {
			return now, Release{}, cannot(now.Status, after.Status)
		}
	}
	if err != nil {
		return Release{}, Release{}, err
	}
	return before, after, nil
}

// settle writes items with the money of settlement, held for r's package: one movement (once:
// "release-<verb>#<id>") when it moves any, else the items alone.
func (s *Store) settle(ctx context.Context, r Release, settlement Settlement, items []types.TransactWriteItem) error {
	if !settlement.Moves() {
		return s.transact(ctx, items)
	}
	held := billing.Held{
		Payer: r.OwnerID, PayerName: r.OwnerUsername, Type: LegType, Reference: r.ID,
		RefundNote: "Refund", Once: ledger.Once{Key: "release-" + verb(r.Status) + "#" + r.ID},
	}
	var err error
	if settlement.Captured > 0 {
		held.Kind, held.Amount = ledger.KindReleaseApproved, settlement.Captured
		_, err = billing.New(s.ledger).Capture(ctx, held, items...)
	} else {
		held.Kind, held.Amount = ledger.KindReleaseRejected, settlement.Refunded
		_, err = billing.New(s.ledger).Refund(ctx, held, items...)
	}
	var extraFailed *ledger.ExtraFailed
	if errors.Is(err, ledger.ErrReplayed) || errors.As(err, &extraFailed) {
		return errChanged
	}
	return err
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
