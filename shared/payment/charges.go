package payment

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// Transactions implements ChargeLister: GET /transactions?from=&to=&status=successful&page=,
// one page of the merchant's successful pay-ins between two days (inclusive, the provider's
// dates). An empty page is past the last.
func (f *Flutterwave) Transactions(ctx context.Context, from, to time.Time, page int) ([]Transaction, error) {
	q := url.Values{"from": {from.In(Lagos).Format(time.DateOnly)}, "to": {to.In(Lagos).Format(time.DateOnly)},
		"status": {Successful}, "page": {strconv.Itoa(page)}}
	var list []transactionData
	if err := f.call(ctx, http.MethodGet, "/transactions?"+q.Encode(), nil, &list); err != nil {
		return nil, err
	}
	out := make([]Transaction, 0, len(list))
	for _, d := range list {
		t, err := d.transaction()
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// ChargeLister lists the provider's successful pay-ins a page at a time (pages from 1).
type ChargeLister interface {
	Transactions(ctx context.Context, from, to time.Time, page int) ([]Transaction, error)
}

// Charges finds pay-ins whose charge.completed webhook never came (or was refused while the
// provider could not be asked) and gives them what the webhook would have: each successful
// transaction of the last days goes through the same path as its webhook (Deposits.Credit, or
// Subscriptions.Activate for a subscription link's tx_ref), which asks the provider to verify it
// and moves its money once under its transaction id. A transaction already credited costs one
// read of its idempotency item.
type Charges struct {
	list     ChargeLister
	deposits *Deposits
	subs     *Subscriptions
	now      func() time.Time
}

// NewCharges returns the reconciler over the deposits and, when not nil, the subscriptions.
func NewCharges(l ChargeLister, d *Deposits, s *Subscriptions) *Charges {
	return &Charges{list: l, deposits: d, subs: s, now: time.Now}
}

// ChargesLookBack is how far back the scheduled run looks for pay-ins: the provider retries a
// webhook for an hour and a half; two days covers a reconciler that was down for a while.
const ChargesLookBack = 48 * time.Hour

// maxChargePages bounds one run (at the provider's page size, thousands of pay-ins).
const maxChargePages = 500

// ChargesReconciled counts what a run did.
type ChargesReconciled struct {
	Checked, Credited, Refused, Errors int
}

// Reconcile credits the successful pay-ins of the last lookBack that no webhook credited.
func (c *Charges) Reconcile(ctx context.Context, lookBack time.Duration) (ChargesReconciled, error) {
	var out ChargesReconciled
	now := c.now()
	// A day either side: the provider's days are its own.
	from, to := now.Add(-lookBack).AddDate(0, 0, -1), now.AddDate(0, 0, 1)
	for page := 1; page <= maxChargePages; page++ {
		txs, err := c.list.Transactions(ctx, from, to, page)
		if err != nil {
			return out, fmt.Errorf("%w: list transactions: %w", ErrProviderUnavailable, err)
		}
		if len(txs) == 0 {
			return out, nil
		}
		for _, tx := range txs {
			if tx.Status != Successful {
				continue
			}
			out.Checked++
			ev := Event{Type: ChargeCompleted, ID: tx.ID, TxRef: tx.TxRef, FlwRef: tx.FlwRef, Amount: tx.Amount,
				Currency: tx.Currency, Status: tx.Status, PaymentType: tx.PaymentType, Payer: tx.Payer}
			var result Outcome
			var reason string
			if c.subs != nil && IsSubscriptionRef(tx.TxRef) {
				result, reason, err = c.subs.Activate(ctx, ev)
			} else {
				result, reason, err = c.deposits.Credit(ctx, ev)
			}
			switch {
			case err != nil:
				out.Errors++
				slog.ErrorContext(ctx, "reconcile charge", "transaction", tx.ID, "tx_ref", tx.TxRef, "err", err)
			case result == Credited:
				out.Credited++
				slog.WarnContext(ctx, "reconcile charge: credited a pay-in whose webhook never came", "transaction", tx.ID, "tx_ref", tx.TxRef)
			case result == Refused:
				// A pay-in that is not ours (another integration on the account) or that the
				// provider's record contradicts: nothing moves, as for its webhook.
				out.Refused++
				slog.InfoContext(ctx, "reconcile charge: not credited", "transaction", tx.ID, "tx_ref", tx.TxRef, "reason", reason)
			}
		}
	}
	return out, errors.New("payment: reconcile charges: more pages than one run reads")
}
