package payment

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/ledger"
	"zuum/shared/money"
)

// Outcomes of settling a withdrawal (beside Ignored and Refused, which mean what they mean for
// deposits).
const (
	// Settled: the withdrawal was completed or failed and reversed now.
	Settled Outcome = iota + 10
	// AlreadySettled: an earlier report settled it; nothing changed.
	AlreadySettled
	// StillPending: the provider has not finished the transfer.
	StillPending
)

// record is a withdrawal's item.
type record struct {
	Withdrawal
	PendingSK string
}

// ErrNoWithdrawal is returned for a reference that is no withdrawal's.
var ErrNoWithdrawal = errors.New("payment: no such withdrawal")

func (d *Withdrawals) record(ctx context.Context, id string) (record, error) {
	out, err := d.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &d.table, Key: key("WITHDRAWAL#"+id, "WITHDRAWAL"), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return record{}, fmt.Errorf("payment: read withdrawal: %w", err)
	}
	if out.Item == nil {
		return record{}, ErrNoWithdrawal
	}
	r := record{PendingSK: sval(out.Item["pending_sk"])}
	r.ID, r.UserID, r.Status = id, sval(out.Item["user_id"]), sval(out.Item["status"])
	r.Amount, r.Fee = money.Money(atoi64(nvalue(out.Item["amount"]))), money.Money(atoi64(nvalue(out.Item["fee"])))
	r.AccountNumber, r.BankCode, r.BankName = sval(out.Item["account_number"]), sval(out.Item["bank_code"]), sval(out.Item["bank_name"])
	r.TransferID = sval(out.Item["transfer_id"])
	r.CreatedAt, _ = time.Parse(time.RFC3339Nano, sval(out.Item["created_at"]))
	return r, nil
}

// settle ends the pending withdrawal r (as read, or as just recorded): its movement settles to
// status (a failure reverses amount and fee) with, in the same transaction, its record updated,
// its pending marker deleted and, for a failure, its account's use taken back. extra joins the
// transaction. The movement's own condition (still pending) decides a race between two reports.
func (d *Withdrawals) settle(ctx context.Context, r record, status, transferID, message string, extra ...types.TransactWriteItem) (Outcome, error) {
	id := r.ID
	if r.Status != ledger.Pending {
		return AlreadySettled, nil
	}
	if transferID == "" {
		transferID = r.TransferID
	}
	items := []types.TransactWriteItem{
		{Update: &types.Update{
			TableName: &d.table, Key: key("WITHDRAWAL#"+id, "WITHDRAWAL"),
			UpdateExpression:         aws.String("SET #s = :s, transfer_id = :t, message = :m, settled_at = :at"),
			ConditionExpression:      aws.String("attribute_exists(pk)"),
			ExpressionAttributeNames: map[string]string{"#s": "status"},
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":s": str(status), ":t": str(transferID), ":m": str(message), ":at": str(d.now().UTC().Format(time.RFC3339Nano)),
			},
		}},
		{Delete: &types.Delete{TableName: &d.table, Key: key("WDPENDING", r.PendingSK)}},
	}
	if status == ledger.Failed {
		items = append(items, d.useItem(r.UserID, r.BankCode, r.AccountNumber, -1))
	}
	items = append(items, extra...)
	_, err := d.ledger.Settle(ctx, id, status, items...)
	if errors.Is(err, ledger.ErrSettled) {
		return AlreadySettled, nil
	}
	if err != nil {
		return 0, err
	}
	return Settled, nil
}

// apply settles the withdrawal r as the provider reports its transfer t: completed when
// SUCCESSFUL, failed (and reversed) when FAILED, untouched otherwise. t must be the provider's
// own record (fetched, not taken from a webhook), and must agree with the withdrawal.
func (d *Withdrawals) apply(ctx context.Context, r record, t Transfer) (Outcome, string, error) {
	switch {
	case t.Reference != r.ID:
		return Refused, "the provider's transfer " + t.ID + " has the reference " + t.Reference + ", not " + r.ID, nil
	case r.Status != ledger.Pending:
		return AlreadySettled, "", nil
	case t.Amount != r.Amount || t.AccountNumber != "" && t.AccountNumber != r.AccountNumber:
		return Refused, fmt.Sprintf("the provider's transfer %s (%s to %s) disagrees with the withdrawal (%s to %s)",
			t.ID, t.Amount, t.AccountNumber, r.Amount, r.AccountNumber), nil
	case !t.Final():
		return StillPending, "", nil
	}
	status := ledger.Completed
	if t.Status == TransferFailed {
		status = ledger.Failed
	}
	out, err := d.settle(ctx, r, status, t.ID, t.Message)
	return out, "", err
}

// Complete settles the withdrawal a transfer.completed webhook reports, after reading the
// transfer back from the provider (the webhook is a hint to go and ask). reason says why a
// webhook was Ignored or Refused. An error wrapping ErrProviderUnavailable means the provider
// could not be asked: the webhook should come again.
func (d *Withdrawals) Complete(ctx context.Context, ev Event) (Outcome, string, error) {
	if !ev.IsTransfer() {
		return Ignored, "not a transfer event", nil
	}
	t, err := d.payouts.GetTransfer(ctx, ev.ID)
	switch {
	case Definite(err):
		return Refused, "the provider does not confirm the transfer: " + err.Error(), nil
	case err != nil:
		return 0, "", fmt.Errorf("%w: %w", ErrProviderUnavailable, err)
	}
	if ev.Reference != "" && t.Reference != ev.Reference {
		return Refused, "the provider says reference " + t.Reference + ", the webhook " + ev.Reference, nil
	}
	r, err := d.record(ctx, t.Reference)
	if errors.Is(err, ErrNoWithdrawal) {
		return Refused, "reference " + t.Reference + " is no withdrawal's", nil
	}
	if err != nil {
		return 0, "", err
	}
	return d.apply(ctx, r, t)
}

// Reconciled counts what a reconciler run did.
type Reconciled struct {
	Checked, Completed, Failed, Pending, Errors int
}

// Reconcile asks the provider about every withdrawal pending longer than olderThan (the
// scheduled run passes PendingTooLong: a webhook lost on the way) and settles those that ended.
// A withdrawal whose transfer the provider does not know (its call timed out before the provider
// queued it) failed: it is reversed.
func (d *Withdrawals) Reconcile(ctx context.Context, olderThan time.Duration) (Reconciled, error) {
	var out Reconciled
	cutoff := d.now().UTC().Add(-olderThan).Format(time.RFC3339Nano)
	p := dynamodb.NewQueryPaginator(d.db, &dynamodb.QueryInput{
		TableName:              &d.table,
		KeyConditionExpression: aws.String("pk = :p AND sk < :cut"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":p": str("WDPENDING"), ":cut": str(cutoff),
		},
	})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return out, fmt.Errorf("payment: list pending withdrawals: %w", err)
		}
		for _, item := range page.Items {
			out.Checked++
			status, err := d.reconcileOne(ctx, sval(item["withdrawal_id"]))
			switch {
			case err != nil:
				out.Errors++
				slog.ErrorContext(ctx, "reconcile withdrawal", "withdrawal", sval(item["withdrawal_id"]), "err", err)
			case status == ledger.Completed:
				out.Completed++
			case status == ledger.Failed:
				out.Failed++
			default:
				out.Pending++
			}
		}
	}
	return out, nil
}

// reconcileOne asks the provider about one pending withdrawal and settles it if it ended; it
// returns the withdrawal's status afterwards.
func (d *Withdrawals) reconcileOne(ctx context.Context, id string) (string, error) {
	r, err := d.record(ctx, id)
	if err != nil {
		return "", err
	}
	if r.Status != ledger.Pending {
		return r.Status, nil
	}
	var t Transfer
	if r.TransferID != "" {
		t, err = d.payouts.GetTransfer(ctx, r.TransferID)
	} else {
		t, err = d.payouts.TransferByReference(ctx, id)
		if Definite(err) { // never queued: the money goes back
			if _, err := d.settle(ctx, r, ledger.Failed, "", "the provider has no transfer with this reference"); err != nil {
				return "", err
			}
			return ledger.Failed, nil
		}
	}
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrProviderUnavailable, err)
	}
	out, reason, err := d.apply(ctx, r, t)
	switch {
	case err != nil:
		return "", err
	case out == Refused:
		return "", errors.New("payment: " + reason)
	case out == Settled && t.Status == TransferSuccessful:
		return ledger.Completed, nil
	case out == Settled:
		return ledger.Failed, nil
	case out == AlreadySettled: // settled by a webhook meanwhile
		r, err = d.record(ctx, id)
		return r.Status, err
	}
	return ledger.Pending, nil
}

func atoi64(s string) int64 {
	var n int64
	_, _ = fmt.Sscan(s, &n)
	return n
}
