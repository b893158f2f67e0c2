package payment

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
	"zuum/shared/ledger"
)

// NeedsReviewAfter is how long a withdrawal may stay pending before it waits for an admin: its
// transfer's fate is still unknown (the provider's list never showed it, or shows it unfinished),
// and its money stays out of the wallet until the provider's word, or an admin's, settles it.
const NeedsReviewAfter = 24 * time.Hour

// MaxReasonLength bounds an admin's reason for marking a withdrawal.
const MaxReasonLength = 500

// Errors of the review queue's actions.
var (
	ErrWithdrawalNotFound = failure.New(failure.NotFound, "Withdrawal not found")
	ErrNotInReview        = failure.New(failure.Conflict, "This withdrawal is not awaiting review: it has been pending for less than 24 hours")
	ErrReasonRequired     = failure.Fields("Validation error", failure.FieldError{Field: "reason", Msg: "A reason is required"})
	ErrReasonTooLong      = failure.Fields("Validation error", failure.FieldError{Field: "reason", Msg: "A reason is at most 500 characters"})
)

// errSettledAs is the 409 of an action on a withdrawal that is no longer pending.
func errSettledAs(status string) error {
	return failure.New(failure.Conflict, "This withdrawal is already "+status)
}

// SetClock replaces the service's clock (tests: a withdrawal recorded a day ago).
func (d *Withdrawals) SetClock(now func() time.Time) { d.now = now }

// WithdrawalRecord is a withdrawal as the admin area shows it.
type WithdrawalRecord struct {
	Withdrawal
	Username string
	// Message is the provider's complete_message, or what settled it otherwise.
	Message string
}

func (r record) view() WithdrawalRecord {
	return WithdrawalRecord{Withdrawal: r.Withdrawal, Username: r.Username, Message: r.Message}
}

// Audit makes the audit entry of an admin's action on a withdrawal, given its status after the
// action and what decided it (the admin's reason, or the provider's word); its items join the
// action's own transaction.
type Audit func(status, note string) ([]types.TransactWriteItem, error)

// pendingFor pages the withdrawals pending for longer than age (WDPENDING), oldest first.
func (d *Withdrawals) pendingFor(age time.Duration) *dynamodb.QueryPaginator {
	cutoff := d.now().UTC().Add(-age).Format(time.RFC3339Nano)
	return dynamodb.NewQueryPaginator(d.db, &dynamodb.QueryInput{
		TableName:              &d.table,
		KeyConditionExpression: aws.String("pk = :p AND sk < :cut"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":p": str("WDPENDING"), ":cut": str(cutoff),
		},
	})
}

// NeedsReview lists the withdrawals pending longer than NeedsReviewAfter, oldest first.
func (d *Withdrawals) NeedsReview(ctx context.Context) ([]WithdrawalRecord, error) {
	p := d.pendingFor(NeedsReviewAfter)
	out := []WithdrawalRecord{}
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, fmt.Errorf("payment: list withdrawals in review: %w", err)
		}
		for _, item := range page.Items {
			r, err := d.record(ctx, sval(item["withdrawal_id"]))
			if err != nil {
				return nil, err
			}
			if r.Status == ledger.Pending { // settled between the two reads: no longer waiting
				out = append(out, r.view())
			}
		}
	}
	return out, nil
}

// Checked is what a recheck found: the withdrawal afterwards and what the provider said of its
// transfer ("SUCCESSFUL", "FAILED", "NEW", "PENDING"; "" when its list does not show it).
type Checked struct {
	WithdrawalRecord
	Said string
	// Note is the audit's account of it.
	Note string
}

// pending reads the withdrawal id for an action: 404 for none, 409 when it is settled.
func (d *Withdrawals) pending(ctx context.Context, id string) (record, error) {
	r, err := d.record(ctx, id)
	if errors.Is(err, ErrNoWithdrawal) {
		return record{}, ErrWithdrawalNotFound
	}
	if err != nil {
		return record{}, err
	}
	if r.Status != ledger.Pending {
		return record{}, errSettledAs(r.Status)
	}
	return r, nil
}

// settledNow is the answer of an action that lost its race: the withdrawal as it is now, 409.
func (d *Withdrawals) settledNow(ctx context.Context, id string) error {
	r, err := d.record(ctx, id)
	if err != nil {
		return err
	}
	return errSettledAs(r.Status)
}

// Recheck asks the provider again about a pending withdrawal (an admin's "look again") and
// settles it only by the provider's word: SUCCESSFUL completes it, FAILED reverses it, anything
// else (unfinished, not in the list) leaves it pending. Either way the audit entry is written, in
// the settlement's transaction when there is one. 409 for a settled withdrawal (a second click);
// an error wrapping ErrProviderUnavailable when the provider could not be asked (nothing written).
func (d *Withdrawals) Recheck(ctx context.Context, id string, audit Audit) (Checked, error) {
	r, err := d.pending(ctx, id)
	if err != nil {
		return Checked{}, err
	}
	t, found, err := d.lookUp(ctx, r, d.finder())
	if err != nil {
		return Checked{}, err
	}
	c := Checked{WithdrawalRecord: r.view(), Note: "the provider's transfers list does not show this reference"}
	if found {
		c.Said, c.Note = t.Status, "the provider reports the transfer "+t.Status
		if why := agrees(r, t); why != "" {
			c.Note = why
		} else if t.Final() {
			status := ledger.Completed
			if t.Status == TransferFailed {
				status = ledger.Failed
			}
			items, err := audit(status, c.Note)
			if err != nil {
				return Checked{}, err
			}
			out, _, err := d.apply(ctx, r, t, items...)
			if err != nil {
				return Checked{}, err
			}
			if out == AlreadySettled {
				return Checked{}, d.settledNow(ctx, id)
			}
			after, err := d.record(ctx, id)
			c.WithdrawalRecord = after.view()
			return c, err
		}
	}
	items, err := audit(ledger.Pending, c.Note)
	if err != nil {
		return Checked{}, err
	}
	if err := dynamo.Transact(ctx, d.db, items); err != nil {
		return Checked{}, failure.Wrap(err, "record the recheck")
	}
	return c, nil
}

// Mark settles a withdrawal in review as an admin asserts (status ledger.Completed or
// ledger.Failed, with their reason): failed reverses its movement, giving amount and fee back.
// The provider's word, when it has one, still wins: a transfer it reports finished the other way,
// or (for failed) not finished, is 409 and nothing moves. When the provider cannot be asked or
// its list does not show the transfer, the admin's word (from the provider's dashboard, say)
// settles it. The settlement, the owner's notification and the audit entry are one transaction
// conditioned on the movement still pending, so a webhook or another admin at the same moment
// cannot settle it twice: the loser gets 409.
func (d *Withdrawals) Mark(ctx context.Context, id, status, reason string, audit Audit) (WithdrawalRecord, error) {
	if status != ledger.Completed && status != ledger.Failed {
		return WithdrawalRecord{}, fmt.Errorf("payment: mark a withdrawal %q", status)
	}
	reason = strings.TrimSpace(reason)
	switch {
	case reason == "":
		return WithdrawalRecord{}, ErrReasonRequired
	case utf8.RuneCountInString(reason) > MaxReasonLength:
		return WithdrawalRecord{}, ErrReasonTooLong
	}
	r, err := d.pending(ctx, id)
	if err != nil {
		return WithdrawalRecord{}, err
	}
	if d.now().Sub(r.CreatedAt) < NeedsReviewAfter {
		return WithdrawalRecord{}, ErrNotInReview
	}
	transferID := r.TransferID
	t, found, err := d.lookUp(ctx, r, d.finder())
	if err == nil && found {
		if why := agrees(r, t); why != "" {
			return WithdrawalRecord{}, failure.New(failure.Conflict, "The payment provider's transfer disagrees with this withdrawal: "+why)
		}
		transferID = t.ID
		said := map[string]string{TransferSuccessful: ledger.Completed, TransferFailed: ledger.Failed}[t.Status]
		if said != "" && said != status || said == "" && status == ledger.Failed {
			return WithdrawalRecord{}, failure.New(failure.Conflict,
				"The payment provider reports this transfer "+t.Status+": it cannot be marked "+status)
		}
	}
	items, err := audit(status, reason)
	if err != nil {
		return WithdrawalRecord{}, err
	}
	out, err := d.settleTold(ctx, r, status, transferID, "Marked "+status+" by an admin: "+reason, items...)
	if err != nil {
		return WithdrawalRecord{}, err
	}
	if out == AlreadySettled {
		return WithdrawalRecord{}, d.settledNow(ctx, id)
	}
	after, err := d.record(ctx, id)
	return after.view(), err
}

// Requested is userID's withdrawal made by idempotency key (its request's; the withdrawal's id is
// its movement's) as the request was answered: pending, with its amount, fee and bank; refused is
// true when the provider refused its transfer outright, so the request was answered with the
// refusal (Make's ErrTransferRefused) instead. Another user's, or none, is ErrNoWithdrawal.
func (d *Withdrawals) Requested(ctx context.Context, userID, key string) (w Withdrawal, refused bool, err error) {
	o, _, err := d.ledger.Once(ctx, key)
	if err != nil {
		return Withdrawal{}, false, err
	}
	r, err := d.record(ctx, o.MovementID)
	if err != nil {
		return Withdrawal{}, false, err
	}
	if r.UserID != userID {
		return Withdrawal{}, false, ErrNoWithdrawal
	}
	refused = r.Status == ledger.Failed && strings.HasPrefix(r.Message, refusedPrefix)
	w = r.Withdrawal
	w.Status = ledger.Pending
	return w, refused, nil
}
