package reconcile

import (
	"context"
	"log/slog"

	"zuum/functions/wire"
	"zuum/shared/payment"
	"zuum/shared/schema"
)

// charges builds the pay-ins' reconciler: deposits, and subscriptions paid by link (their
// redirect goes nowhere here: the reconciler never sends anyone to a page).
func charges(p wire.Payments, env wire.Env) *payment.Charges {
	users := env(schema.Users.EnvVar)
	var subs *payment.Subscriptions
	if users != "" {
		subs = payment.NewSubscriptions(p.Provider, p.DB, users, p.Ledger, "")
	}
	return payment.NewCharges(p.Provider, payment.NewDeposits(p.Provider, p.DB, p.Ledger, users), subs)
}

// reconcileCharges credits the pay-ins of the last payment.ChargesLookBack that no webhook
// credited. A provider that cannot be asked fails the run (the schedule runs it again); a pay-in
// that could not be credited is tried again by the next run.
func reconcileCharges(ctx context.Context, c *payment.Charges) error {
	if c == nil {
		return nil
	}
	got, err := c.Reconcile(ctx, payment.ChargesLookBack)
	slog.InfoContext(ctx, "reconcile pay-ins", "checked", got.Checked, "credited", got.Credited,
		"refused", got.Refused, "errors", got.Errors)
	return err
}
