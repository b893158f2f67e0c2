// Package reconcile is the payments' reconciler: a worker that a schedule runs (EventBridge
// Scheduler every five minutes in AWS, a timer in the local cloud). It asks the payment provider
// about every withdrawal pending longer than payment.PendingTooLong, whose transfer.completed
// webhook was lost or never came, and settles those that ended, the way the webhook would have:
// only by the provider's own record of the transfer. One whose transfer it cannot find stays
// pending, and after payment.NeedsReviewAfter waits for an admin (GET /api/admin/withdrawals).
// Then it lists the provider's successful pay-ins of the last payment.ChargesLookBack and credits
// those whose charge.completed webhook never came (payment.Charges), once.
package reconcile

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"zuum/functions/wire"
	"zuum/shared/payment"
	"zuum/shared/schema"
)

// Event is the schedule's payload. OlderThanSeconds, when positive, replaces
// payment.PendingTooLong (for an operator's run by hand, and for tests).
type Event struct {
	OlderThanSeconds int64 `json:"older_than_seconds,omitempty"`
}

// New returns the worker over the withdrawals and the pay-ins.
func New(w *payment.Withdrawals, c *payment.Charges) wire.Worker {
	return func(ctx context.Context, payload []byte) error {
		var ev Event
		if len(payload) > 0 {
			if err := json.Unmarshal(payload, &ev); err != nil {
				// A schedule's payload is ours; an unreadable one is a deployment mistake, and
				// retrying it cannot help: run with the default instead.
				slog.WarnContext(ctx, "reconcile: unreadable payload; using the default age", "err", err)
			}
		}
		age := payment.PendingTooLong
		if ev.OlderThanSeconds > 0 {
			age = time.Duration(ev.OlderThanSeconds) * time.Second
		}
		got, err := w.Reconcile(ctx, age)
		slog.InfoContext(ctx, "reconcile withdrawals", "checked", got.Checked, "completed", got.Completed,
			"failed", got.Failed, "pending", got.Pending, "errors", got.Errors)
		chargesErr := reconcileCharges(ctx, c)
		if err != nil {
			return errors.Join(err, chargesErr)
		}
		if got.Errors > 0 {
			// The next run tries them again; failing the run would only repeat the ones settled.
			slog.ErrorContext(ctx, "reconcile: some withdrawals could not be checked", "errors", got.Errors)
		}
		return chargesErr
	}
}

// FromEnv builds the worker from LEDGER_TABLE, USERS_TABLE (a settlement notifies the
// withdrawal's owner; a subscription paid by link is written there), FLUTTERWAVE_BASE_URL and FLUTTERWAVE_SECRET_ID.
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (wire.Worker, error) {
	return FromEnvAt(ctx, cfg, env, nil)
}

// FromEnvAt is FromEnv with the withdrawals' clock now (nil means time.Now): a test lets their
// pending time pass without waiting for it.
func FromEnvAt(ctx context.Context, cfg aws.Config, env wire.Env, now func() time.Time) (wire.Worker, error) {
	w, p, err := build(ctx, cfg, env)
	if err != nil {
		return nil, err
	}
	if now != nil {
		w.SetClock(now)
	}
	return New(w, charges(p, env)), nil
}

// Withdrawals builds the withdrawals service the worker settles with, from the same environment.
func Withdrawals(ctx context.Context, cfg aws.Config, env wire.Env) (*payment.Withdrawals, error) {
	w, _, err := build(ctx, cfg, env)
	return w, err
}

func build(ctx context.Context, cfg aws.Config, env wire.Env) (*payment.Withdrawals, wire.Payments, error) {
	users, err := env.Require(schema.Users.EnvVar)
	if err != nil {
		return nil, wire.Payments{}, fmt.Errorf("reconcile: %w", err)
	}
	p, err := wire.Provider(ctx, cfg, env)
	if err != nil {
		return nil, wire.Payments{}, fmt.Errorf("reconcile: %w", err)
	}
	// The reconciler never asks for step-up codes: it only settles.
	return payment.NewWithdrawals(p.Provider, payment.NewBankList(p.Provider), nil, p.DB, p.Ledger, users[schema.Users.EnvVar]), p, nil
}
