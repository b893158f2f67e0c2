package posts

import (
	"context"
	"math"

	"zuum/shared/failure"
	"zuum/shared/promotion"
)

// ReasonPostDeleted is the reason a pending promotion is rejected with when its owner deletes
// the post it promotes.
const ReasonPostDeleted = "The post was deleted by its owner"

// refundPending rejects caller's pending in-app promotions of post id before the post goes, each
// through the admins' reject path (promotion.Store.Reject: one movement, ledger.Held back to the
// payer in full, nothing of a promotion not yet approved having been used), so no money waits for
// an admin on a post that no longer exists. One decided meanwhile (409) is left as decided: an
// approved promotion's price was earned when its window started.
func refundPending(ctx context.Context, promotions *promotion.Store, caller, id string) error {
	mine, _, err := promotions.Mine(ctx, caller, promotion.Filter{Category: promotion.InApp, Limit: math.MaxInt})
	if err != nil {
		return err
	}
	for _, p := range mine {
		if p.PostID != id || p.Status != promotion.Pending {
			continue
		}
		if _, _, err := promotions.Reject(ctx, caller, p.ID, ReasonPostDeleted, nil); err != nil && !failure.Is(err, failure.Conflict) {
			return err
		}
	}
	return nil
}
