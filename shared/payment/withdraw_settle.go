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
	"zuum/shared/notify"
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
	Username  string
	// Message is the provider's complete_message, or what settled it otherwise.
	Message string
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
	r := record{PendingSK: sval(out.Item["pending_sk"]), Username: sval(out.Item["username"]), Message: sval(out.Item["message"])}
	r.ID, r.UserID, r.Status = id, sval(out.Item["user_id"]), sval(out.Item["status"])
	r.Amount, r.Fee = money.Money(nval(out.Item["amount"])), money.Money(nval(out.Item["fee"]))
	r.AccountNumber, r.BankCode, r.BankName = sval(out.Item["account_number"]), sval(out.Item["bank_code"]), sval(out.Item["bank_name"])
	r.TransferID = sval(out.Item["transfer_id"])
	r.CreatedAt, _ = time.Parse(time.RFC3339Nano, sval(out.Item["created_at"]))
	return r, nil
}

// settle ends the pending withdrawal r (as read, or as just recorded) without telling its owner:
// the refusal of Request, whose answer tells them. See end.
func (d *Withdrawals) settle(ctx context.Context, r record, status, transferID, message string, extra ...types.TransactWriteItem) (Outcome, error) {
	return d.end(ctx, r, status, transferID, message, false, extra...)
}

// settleTold ends r and, in the same transaction, tells its owner (WITHDRAWAL_COMPLETED or
// WITHDRAWAL_FAILED, with the amount): the settlement happens once, and so does the notification.
func (d *Withdrawals) settleTold(ctx context.Context, r record, status, transferID, message string, extra ...types.TransactWriteItem) (Outcome, error) {
	return d.end(ctx, r, status, transferID, message, true, extra...)
}

// end ends the pending withdrawal r: its movement settles to status (a failure reverses amount
// and fee) with, in the same transaction, its record updated, its pending marker deleted, for a
// failure its account's use taken back, and with tell its owner's notification. extra joins the
// transaction. The movement's own condition (still pending) decides a race between two reports:
// the loser gets AlreadySettled and writes nothing, extra included.
func (d *Withdrawals) end(ctx context.Context, r record, status, transferID, message string, tell bool, extra ...types.TransactWriteItem) (Outcome, error) {
	id := r.ID
	if r.Status != ledger.Pending {
		return AlreadySettled, nil
	}
	if transferID == "" {
		transferID = r.TransferID
	}
	now := d.now().UTC()
	items := []types.TransactWriteItem{
		{Update: &types.Update{
			TableName: &d.table, Key: key("WITHDRAWAL#"+id, "WITHDRAWAL"),
			UpdateExpression:         aws.String("SET #s = :s, transfer_id = :t, message = :m, settled_at = :at"),
			ConditionExpression:      aws.String("attribute_exists(pk)"),
			ExpressionAttributeNames: map[string]string{"#s": "status"},
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":s": str(status), ":t": str(transferID), ":m": str(message), ":at": str(now.Format(time.RFC3339Nano)),
			},
		}},
		{Delete: &types.Delete{TableName: &d.table, Key: key("WDPENDING", r.PendingSK)}},
	}
	if status == ledger.Failed {
		items = append(items, d.useItem(r.UserID, r.BankCode, r.AccountNumber, -1))
	}
	if tell {
		note, err := d.note(r, status, now)
		if err != nil {
			return 0, err
		}
		items = append(items, note)
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

// note is the owner's notification of r's end.
func (d *Withdrawals) note(r record, status string, at time.Time) (types.TransactWriteItem, error) {
	n := notify.Notification{
		Recipient: r.UserID, Kind: notify.WithdrawalCompleted, ActorName: "Zuum", PostID: r.ID, CreatedAt: at,
		Message: notify.WithdrawalCompletedMessage(r.Amount, r.BankName, r.AccountNumber),
	}
	if status == ledger.Failed {
		n.Kind, n.Message = notify.WithdrawalFailed, notify.WithdrawalFailedMessage(r.Amount, GivenBack(r.Withdrawal), r.BankName, r.AccountNumber)
	}
	item, err := notify.Put(d.users, n)
	if err != nil {
		return types.TransactWriteItem{}, fmt.Errorf("payment: withdrawal notification: %w", err)
	}
	return item, nil
}

// agrees says why the provider's transfer t is not the withdrawal r's ("" when it is): the same
// reference, amount and (when the provider says) account.
func agrees(r record, t Transfer) string {
	switch {
	case t.Reference != r.ID:
		return "the provider's transfer " + t.ID + " has the reference " + t.Reference + ", not " + r.ID
	case t.Amount != r.Amount || t.AccountNumber != "" && t.AccountNumber != r.AccountNumber:
		return fmt.Sprintf("the provider's transfer %s (%s to %s) disagrees with the withdrawal (%s to %s)",
			t.ID, t.Amount, t.AccountNumber, r.Amount, r.AccountNumber)
	}
	return ""
}

// apply settles the withdrawal r as the provider reports its transfer t: completed when
// SUCCESSFUL, failed (and reversed) when FAILED, untouched otherwise. t must be the provider's
// own record (fetched, not taken from a webhook), and must agree with the withdrawal. extra
// joins the settlement's transaction.
func (d *Withdrawals) apply(ctx context.Context, r record, t Transfer, extra ...types.TransactWriteItem) (Outcome, string, error) {
	if why := agrees(r, t); why != "" {
		return Refused, why, nil
	}
	switch {
	case r.Status != ledger.Pending:
		return AlreadySettled, "", nil
	case !t.Final():
		return StillPending, "", nil
	}
	status := ledger.Completed
	if t.Status == TransferFailed {
		status = ledger.Failed
	}
	out, err := d.settleTold(ctx, r, status, t.ID, t.Message, extra...)
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

// Bounds of the search for a transfer whose creation never answered (see transferFinder).
const (
	// MaxTransferPages is how many pages of the provider's list one search (one reconciler run,
	// one admin action) reads at most.
	MaxTransferPages = 20
	// transferLookback: the list is newest first; the search stops at a page whose oldest
	// transfer was queued this long before the withdrawal was recorded (clocks differ).
	transferLookback = time.Hour
)

// Reconcile asks the provider about every withdrawal pending longer than olderThan (the
// scheduled run passes PendingTooLong: a webhook lost on the way) and settles those that ended,
// by the provider's word only. A withdrawal whose transfer's id is unknown (its creation never
// answered) is looked for in the provider's transfers list by its reference; one not found there,
// or not found yet, stays pending: the provider may have queued it, so its money never goes back
// on a guess. After NeedsReviewAfter it waits in the admin area's review queue (NeedsReview).
func (d *Withdrawals) Reconcile(ctx context.Context, olderThan time.Duration) (Reconciled, error) {
	var out Reconciled
	p := d.pendingFor(olderThan)
	find := d.finder()
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return out, fmt.Errorf("payment: list pending withdrawals: %w", err)
		}
		for _, item := range page.Items {
			out.Checked++
			status, err := d.reconcileOne(ctx, sval(item["withdrawal_id"]), find)
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
func (d *Withdrawals) reconcileOne(ctx context.Context, id string, find *transferFinder) (string, error) {
	r, err := d.record(ctx, id)
	if err != nil {
		return "", err
	}
	if r.Status != ledger.Pending {
		return r.Status, nil
	}
	t, found, err := d.lookUp(ctx, r, find)
	if err != nil {
		return "", err
	}
	if !found {
		return ledger.Pending, nil
	}
	out, reason, err := d.apply(ctx, r, t)
	return d.afterApply(ctx, r.ID, t, out, reason, err)
}

// afterApply is the withdrawal's status after apply answered out.
func (d *Withdrawals) afterApply(ctx context.Context, id string, t Transfer, out Outcome, reason string, err error) (string, error) {
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
		r, err := d.record(ctx, id)
		return r.Status, err
	}
	return ledger.Pending, nil
}

// lookUp reads the provider's record of r's transfer: by its id when known, else found in the
// transfers list by r's reference (and then read by its id, its own status being the word that
// counts) and its id noted on r. found is false when the provider's list does not show it
// (within the search's bounds); an error wrapping ErrProviderUnavailable when the provider
// could not be asked. Neither ever means the transfer failed.
func (d *Withdrawals) lookUp(ctx context.Context, r record, find *transferFinder) (t Transfer, found bool, err error) {
	id := r.TransferID
	if id == "" {
		listed, ok, err := find.find(ctx, r.ID, r.CreatedAt.Add(-transferLookback))
		if err != nil || !ok {
			return Transfer{}, false, err
		}
		id = listed.ID
		if err := d.noteTransfer(ctx, r.ID, id); err != nil {
			slog.WarnContext(ctx, "withdrawal: record transfer id", "withdrawal", r.ID, "err", err)
		}
	}
	t, err = d.payouts.GetTransfer(ctx, id)
	if err != nil {
		// Even a definite "not found" for an id the provider gave us is not a failure of the
		// transfer: the withdrawal stays pending, and the error is reported.
		return Transfer{}, false, fmt.Errorf("%w: %w", ErrProviderUnavailable, err)
	}
	return t, true, nil
}

// finder returns a search of the provider's transfers list, shared by the withdrawals of one
// reconciler run so each page is read once.
func (d *Withdrawals) finder() *transferFinder {
	return &transferFinder{payouts: d.payouts, byRef: map[string]Transfer{}, next: 1}
}

// transferFinder pages through GET /transfers (newest first) and indexes what it read by
// reference. It reads on only while the reference sought is not found, pages remain, fewer than
// MaxTransferPages were read, and the oldest transfer read is not older than the search's since.
type transferFinder struct {
	payouts Payouts
	byRef   map[string]Transfer
	next    int
	done    bool
	oldest  time.Time
}

// find looks for the transfer with reference; found is false when the bounded search ends
// without it. An error (the provider unavailable) ends nothing: a later search reads on.
func (f *transferFinder) find(ctx context.Context, reference string, since time.Time) (Transfer, bool, error) {
	for {
		if t, ok := f.byRef[reference]; ok {
			return t, true, nil
		}
		if f.done || f.next > MaxTransferPages || !f.oldest.IsZero() && f.oldest.Before(since) {
			return Transfer{}, false, nil
		}
		page, err := f.payouts.ListTransfers(ctx, f.next)
		if err != nil {
			return Transfer{}, false, fmt.Errorf("%w: list transfers: %w", ErrProviderUnavailable, err)
		}
		f.next++
		for _, t := range page.Transfers {
			if _, seen := f.byRef[t.Reference]; !seen {
				f.byRef[t.Reference] = t
			}
			if !t.CreatedAt.IsZero() && (f.oldest.IsZero() || t.CreatedAt.Before(f.oldest)) {
				f.oldest = t.CreatedAt
			}
		}
		if len(page.Transfers) == 0 || page.TotalPages > 0 && page.Page >= page.TotalPages {
			f.done = true
		}
	}
}
