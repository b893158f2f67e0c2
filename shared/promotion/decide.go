package promotion

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/billing"
	"zuum/shared/failure"
	"zuum/shared/ledger"
	"zuum/shared/notify"
	"zuum/shared/text"
)

// With makes the caller's own items for a decision from the promotion as it was and as it
// becomes (an admin's audit entry); they are written in the decision's transaction.
type With func(before, after Promotion) ([]types.TransactWriteItem, error)

// errPostGone refuses approving an in-app promotion whose post was deleted meanwhile.
var errPostGone = failure.New(failure.Conflict, "The promoted post no longer exists. Reject this promotion to refund its payer")

// Approve approves pending promotion id for admin actor: its price moves from ledger.Held to
// ledger.Fees, its window starts now for its Days, and an in-app one's post is promoted for that
// window (the Promoter's items), all in one transaction with with's items. It returns the
// promotion before and after. A promotion that is no longer pending is a 409, so a second
// approval (or an approval racing a rejection) moves nothing.
func (s *Store) Approve(ctx context.Context, actor, id string, with With) (Promotion, Promotion, error) {
	return s.decide(ctx, actor, id, Approved, "", with)
}

// Reject rejects pending promotion id for admin actor with reason: its price goes back from
// ledger.Held to the payer in full, in one transaction with with's items.
func (s *Store) Reject(ctx context.Context, actor, id, reason string, with With) (Promotion, Promotion, error) {
	reason = text.Clean(reason, true)
	switch {
	case text.Blank(reason):
		return Promotion{}, Promotion{}, ErrReasonMissing
	case text.Len(reason) > MaxReason:
		return Promotion{}, Promotion{}, ErrReasonLong
	}
	return s.decide(ctx, actor, id, Rejected, reason, with)
}

func verb(status string) string {
	if status == Approved {
		return "approve"
	}
	return "reject"
}

func (s *Store) decide(ctx context.Context, actor, id, to, reason string, with With) (Promotion, Promotion, error) {
	before, err := s.Get(ctx, id)
	if err != nil {
		return Promotion{}, Promotion{}, err
	}
	if before.Status != Pending {
		return before, Promotion{}, cannot(before.Status, verbPast(to))
	}
	now := s.now().UTC()
	after := before
	after.Status, after.Reason, after.DecidedAt, after.DecidedBy = to, reason, now, actor
	if to == Approved {
		after.Start, after.End = now, now.Add(time.Duration(after.Days)*24*time.Hour)
	}
	put, err := s.put(after, "#s = :pending")
	if err != nil {
		return Promotion{}, Promotion{}, err
	}
	items := []types.TransactWriteItem{put,
		{Delete: &types.Delete{TableName: &s.table, Key: map[string]types.AttributeValue{"pk": str(queuePK), "sk": str(id)}}},
	}
	promoteAt := -1
	if to == Approved && after.Category == InApp && s.promoter != nil {
		more, err := s.promoter.PromoteItems(after.PostID, after.OwnerID, after.ID, after.Start, after.End)
		if err != nil {
			return Promotion{}, Promotion{}, err
		}
		promoteAt = len(items)
		items = append(items, more...)
	}
	promoteEnd := len(items)
	if with != nil {
		extra, err := with(before, after)
		if err != nil {
			return Promotion{}, Promotion{}, err
		}
		items = append(items, extra...)
	}
	if s.users != "" {
		note, err := s.decisionNote(after)
		if err != nil {
			return Promotion{}, Promotion{}, err
		}
		items = append(items, note)
	}
	held := billing.Held{
		Kind: ledger.KindPromotionApproved, Payer: after.OwnerID, PayerName: after.OwnerUsername, Amount: after.Price,
		Type: LegType, Reference: id, RefundNote: "Refund: promotion rejected",
		Once: ledger.Once{Key: "promotion-" + verb(to) + "#" + id},
	}
	if to == Approved {
		_, err = billing.New(s.ledger).Capture(ctx, held, items...)
	} else {
		held.Kind = ledger.KindPromotionRejected
		_, err = billing.New(s.ledger).Refund(ctx, held, items...)
	}
	var extra *ledger.ExtraFailed
	switch {
	case err == nil:
		return before, after, nil
	case errors.Is(err, ledger.ErrReplayed), errors.As(err, &extra):
		// Someone decided first, or the post is gone: say which.
		now, gerr := s.Get(ctx, id)
		if gerr != nil {
			return Promotion{}, Promotion{}, gerr
		}
		if now.Status != Pending {
			return now, Promotion{}, cannot(now.Status, verbPast(to))
		}
		if extra != nil && extra.Index >= promoteAt && promoteAt >= 0 && extra.Index < promoteEnd {
			return now, Promotion{}, errPostGone
		}
		return Promotion{}, Promotion{}, failure.Wrap(err, "decide promotion")
	}
	return Promotion{}, Promotion{}, failure.Wrap(err, "decide promotion")
}

func verbPast(status string) string {
	if status == Approved {
		return "approved"
	}
	return "rejected"
}

// decisionNote is the owner's notification of the decision p carries, with the amount refunded
// when rejected.
func (s *Store) decisionNote(p Promotion) (types.TransactWriteItem, error) {
	title := p.Title
	if title == "" {
		title = p.PackageName
	}
	n := notify.Notification{
		Recipient: p.OwnerID, Kind: notify.PromotionApproved, ActorName: notify.Zuum, PostID: p.PostID, PostType: p.PostType,
		Message: notify.PromotionApprovedMessage(title, p.Days), CreatedAt: p.DecidedAt,
	}
	if p.Status == Rejected {
		n.Kind, n.Message = notify.PromotionRejected, notify.PromotionRejectedMessage(title, p.Reason, p.Price)
	}
	return notify.Put(s.users, n)
}
