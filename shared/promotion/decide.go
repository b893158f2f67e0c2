package promotion

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/billing"
	"zuum/shared/failure"
	"zuum/shared/ledger"
	"zuum/shared/notify"
)

// With makes the caller's own items for a decision from the promotion as it was and as it
// becomes (an admin's audit entry); they are written in the decision's transaction.
type With func(before, after Promotion) ([]types.TransactWriteItem, error)

// errPostGone refuses approving an in-app promotion whose post was deleted meanwhile.
var errPostGone = failure.New(failure.Conflict, "The promoted post no longer exists. Reject this promotion to refund its payer")

// Approve approves pending promotion id for admin actor (Decide): its price moves from
// ledger.Held to ledger.Fees, its window starts now for its Days, and an in-app one's post is
// promoted for that window (the Promoter's items), all in one transaction with with's items. It
// returns the promotion before and after. A promotion that is no longer pending is a 409, so a
// second approval (or an approval racing a rejection) moves nothing.
func (s *Store) Approve(ctx context.Context, actor, id string, with With) (Promotion, Promotion, error) {
	return s.Update(ctx, id, func(p *Promotion) (Outcome, error) {
		return Decide(p, Review{Approve: true, By: actor, At: s.now()})
	}, with)
}

// Reject rejects pending promotion id for admin actor with reason (Decide): its price goes back
// from ledger.Held to the payer in full, in one transaction with with's items.
func (s *Store) Reject(ctx context.Context, actor, id, reason string, with With) (Promotion, Promotion, error) {
	if _, err := Reason(reason); err != nil { // refused before the promotion is looked up
		return Promotion{}, Promotion{}, err
	}
	return s.Update(ctx, id, func(p *Promotion) (Outcome, error) {
		return Decide(p, Review{Reason: reason, By: actor, At: s.now()})
	}, with)
}

// Update decides promotion id with decide, which changes the promotion it is given and says what
// the money does (Decide), and writes the result in one transaction: the promotion (only if it
// is still pending), its queue item deleted, the promoted post's window when an in-app one is
// approved, with's items, the owner's notification, and the movement of its held price (to
// ledger.Fees, or back to the payer) under the decision's own key. When another decision wins
// the race, decide runs again on the promotion as it now is (and refuses it). It returns the
// promotion before and after.
func (s *Store) Update(ctx context.Context, id string, decide func(*Promotion) (Outcome, error), with With) (Promotion, Promotion, error) {
	before, err := s.Get(ctx, id)
	if err != nil {
		return Promotion{}, Promotion{}, err
	}
	after := before
	out, err := decide(&after)
	if err != nil {
		return before, Promotion{}, err
	}
	put, err := s.put(after, "#s = :pending")
	if err != nil {
		return Promotion{}, Promotion{}, err
	}
	items := []types.TransactWriteItem{put,
		{Delete: &types.Delete{TableName: &s.table, Key: map[string]types.AttributeValue{"pk": str(queuePK), "sk": str(id)}}},
	}
	promoteAt := -1
	if after.Status == Approved && after.Category == InApp && s.promoter != nil {
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
		Payer: after.OwnerID, PayerName: after.OwnerUsername, Type: LegType, Reference: id, RefundNote: "Refund: promotion rejected",
	}
	if after.Status == Approved {
		held.Kind, held.Amount, held.Once = ledger.KindPromotionApproved, out.Fee, ledger.Once{Key: "promotion-approve#" + id}
		_, err = billing.New(s.ledger).Capture(ctx, held, items...)
	} else {
		held.Kind, held.Amount, held.Once = ledger.KindPromotionRejected, out.Refund, ledger.Once{Key: "promotion-reject#" + id}
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
		fresh := now
		if _, derr := decide(&fresh); derr != nil {
			return now, Promotion{}, derr
		}
		if extra != nil && extra.Index >= promoteAt && promoteAt >= 0 && extra.Index < promoteEnd {
			return now, Promotion{}, errPostGone
		}
	}
	return Promotion{}, Promotion{}, failure.Wrap(err, "decide promotion")
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
