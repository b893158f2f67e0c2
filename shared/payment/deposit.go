package payment

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"zuum/shared/dynamo"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/notify"
	"zuum/shared/schema"
)

// Deposits pays naira into wallets: it hands each user a temporary virtual account and credits
// what the provider reports was paid into it, once (item layout in the package comment).
type Deposits struct {
	provider Provider
	db       *dynamodb.Client
	table    string
	ledger   *ledger.Store
	users    string // the Users table, where a credit's notification goes
	now      func() time.Time
}

// NewDeposits returns the service over the Ledger table (l's table); a credit notifies its user in
// usersTable (the Users table).
func NewDeposits(p Provider, db *dynamodb.Client, l *ledger.Store, usersTable string) *Deposits {
	return &Deposits{provider: p, db: db, table: l.Table(), ledger: l, users: usersTable, now: time.Now}
}

// Customer is the user a deposit account is for.
type Customer struct {
	UserID, Username, Email, FirstName, LastName string
}

// DepositAccount is where a user pays naira in.
type DepositAccount struct {
	AccountNumber string
	BankName      string
	// Reference is the tx_ref every deposit into the account carries.
	Reference string
	// ExpiresAt is the provider's expiry; zero for an account that does not expire.
	ExpiresAt time.Time
}

func (a DepositAccount) open(now time.Time) bool {
	return a.ExpiresAt.IsZero() || now.Before(a.ExpiresAt)
}

// ErrProviderUnavailable is wrapped by errors of calls the provider did not answer (or failed),
// so the caller may try again later.
var ErrProviderUnavailable = errors.New("payment provider unavailable")

// Account returns c's deposit account: the current one while it is open, else a new one from
// the provider. Concurrent calls for one user agree on one account.
func (d *Deposits) Account(ctx context.Context, c Customer) (DepositAccount, error) {
	cur, ok, err := d.current(ctx, c.UserID)
	if err != nil {
		return DepositAccount{}, err
	}
	if ok && cur.open(d.now()) {
		return cur, nil
	}
	ref := "zuum-dep-" + uuid.NewString()
	va, err := d.provider.CreateVirtualAccount(ctx, AccountRequest{
		Email: c.Email, TxRef: ref, FirstName: c.FirstName, LastName: c.LastName,
		Narration: "Zuum wallet " + c.Username,
	})
	if err != nil {
		return DepositAccount{}, fmt.Errorf("%w: %w", ErrProviderUnavailable, err)
	}
	acct := DepositAccount{AccountNumber: va.AccountNumber, BankName: va.BankName, Reference: ref, ExpiresAt: va.ExpiresAt}
	err = d.save(ctx, c, acct, va)
	var lost *conditionLost
	if errors.As(err, &lost) { // a concurrent call stored its account first: everyone gets that one
		cur, ok, err := d.current(ctx, c.UserID)
		if err == nil && !ok {
			err = errors.New("payment: deposit account vanished")
		}
		return cur, err
	}
	return acct, err
}

// conditionLost is a save that found another open account stored.
type conditionLost struct{}

func (*conditionLost) Error() string { return "payment: another deposit account is current" }

func (d *Deposits) current(ctx context.Context, userID string) (DepositAccount, bool, error) {
	out, err := d.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &d.table, Key: key("DEPOSIT#"+userID, "ACCOUNT"), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return DepositAccount{}, false, fmt.Errorf("payment: read deposit account: %w", err)
	}
	if out.Item == nil {
		return DepositAccount{}, false, nil
	}
	a := DepositAccount{AccountNumber: sval(out.Item["account_number"]), BankName: sval(out.Item["bank_name"]), Reference: sval(out.Item["tx_ref"])}
	if v := sval(out.Item["valid_until"]); v != "" {
		a.ExpiresAt, _ = time.Parse(time.RFC3339, v)
	}
	return a, true, nil
}

// save stores a new account as c's current one and its tx_ref as c's, in one transaction, on
// condition that no other open account is current.
func (d *Deposits) save(ctx context.Context, c Customer, a DepositAccount, va VirtualAccount) error {
	now := d.now().UTC()
	created := now.Format(time.RFC3339)
	expires, validUntil := int64(0), ""
	if !a.ExpiresAt.IsZero() {
		expires, validUntil = a.ExpiresAt.Unix(), a.ExpiresAt.UTC().Format(time.RFC3339)
	}
	current := key("DEPOSIT#"+c.UserID, "ACCOUNT")
	current["account_number"], current["bank_name"] = str(a.AccountNumber), str(a.BankName)
	current["order_ref"], current["tx_ref"], current["created_at"] = str(va.OrderRef), str(a.Reference), str(created)
	current["valid_until"] = str(validUntil)
	current["expires"] = &types.AttributeValueMemberN{Value: fmt.Sprint(expires)}
	ref := key("TXREF#"+a.Reference, "TXREF")
	ref["user_id"], ref["username"], ref["account_number"] = str(c.UserID), str(c.Username), str(a.AccountNumber)
	ref["order_ref"], ref["created_at"] = str(va.OrderRef), str(created)
	err := dynamo.Transact(ctx, d.db, []types.TransactWriteItem{
		{Put: &types.Put{TableName: &d.table, Item: current,
			ConditionExpression:       aws.String("attribute_not_exists(pk) OR (expires > :zero AND expires <= :now)"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":zero": &types.AttributeValueMemberN{Value: "0"}, ":now": &types.AttributeValueMemberN{Value: fmt.Sprint(now.Unix())}},
		}},
		{Put: &types.Put{TableName: &d.table, Item: ref, ConditionExpression: aws.String("attribute_not_exists(pk)")}},
	})
	if failed, ok := dynamo.CanceledBy(err); ok && dynamo.OnlyCanceledBy(failed, 0) {
		return &conditionLost{}
	}
	if err != nil {
		return fmt.Errorf("payment: save deposit account: %w", err)
	}
	return nil
}

// owner is the user whose deposits carry txRef.
type owner struct{ UserID, Username string }

func (d *Deposits) owner(ctx context.Context, txRef string) (owner, bool, error) {
	if txRef == "" {
		return owner{}, false, nil
	}
	out, err := d.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &d.table, Key: key("TXREF#"+txRef, "TXREF")})
	if err != nil {
		return owner{}, false, fmt.Errorf("payment: read tx_ref: %w", err)
	}
	if out.Item == nil {
		return owner{}, false, nil
	}
	return owner{UserID: sval(out.Item["user_id"]), Username: sval(out.Item["username"])}, true, nil
}

// Outcome is what became of a webhook.
type Outcome int

// Outcomes of Credit.
const (
	// Credited: the deposit moved into the wallet.
	Credited Outcome = iota
	// AlreadyCredited: the transaction was credited by an earlier delivery; nothing moved.
	AlreadyCredited
	// Ignored: not a successful pay-in (another event, a failed charge); nothing to do.
	Ignored
	// Refused: the provider's own record disagrees with the webhook, or the tx_ref is not one of
	// ours; nothing moved.
	Refused
)

// BankTransfer is the counterparty of a deposit whose payer the bank did not name.
const BankTransfer = "Bank transfer"

// Credit credits the pay-in ev reports, after asking the provider whether it happened as told:
// the verified transaction must be successful, in NGN, with ev's id, amount and tx_ref, and the
// tx_ref must be a deposit account's. The wallet gets +amount, Clearing -(amount - app_fee) and
// ledger.ProviderFees -app_fee (fees.go), in one movement whose Once key is the provider's
// transaction id, so however often the webhook comes the money moves once; the user's "deposit
// credited" notification is written in the same transaction, so it exists exactly once too. reason says why a webhook was Ignored or Refused. An error wrapping
// ErrProviderUnavailable means the provider could not be asked: the webhook should come again.
func (d *Deposits) Credit(ctx context.Context, ev Event) (out Outcome, reason string, err error) {
	if !ev.IsCharge() {
		return Ignored, "not a charge event", nil
	}
	tx, out, reason, err := confirmCharge(ctx, d.ledger, d.provider, ev)
	if out != confirmed || err != nil {
		return out, reason, err
	}
	who, ok, err := d.owner(ctx, tx.TxRef)
	if err != nil {
		return 0, "", err
	}
	if !ok {
		return Refused, "tx_ref " + tx.TxRef + " is not a deposit account's", nil
	}
	payer := tx.Payer
	if payer == "" {
		payer = ev.Payer
	}
	if payer == "" {
		payer = BankTransfer
	}
	note, err := notify.Put(d.users, notify.Notification{
		Recipient: who.UserID, Kind: notify.Deposit, ActorName: "Zuum",
		Message: notify.DepositMessage(tx.Amount), CreatedAt: d.now().UTC(),
	})
	if err != nil {
		return 0, "", err
	}
	_, err = d.ledger.Move(ctx, ledger.Movement{
		Kind: "deposit",
		Legs: append([]ledger.Leg{
			{Account: ledger.User(who.UserID), Amount: tx.Amount, Type: "deposit", Counterparty: payer, Reference: tx.TxRef},
		}, chargeLegs(tx, who.Username)...),
		Once: ledger.Once{Key: onceKey(tx.ID), Hash: tx.TxRef, Status: 200},
	}, note)
	if errors.Is(err, ledger.ErrReplayed) {
		return AlreadyCredited, "", nil
	}
	if err != nil {
		return 0, "", err
	}
	return Credited, "", nil
}

// confirmed is confirmCharge's outcome for a charge whose money is still to move; callers never
// return it.
const confirmed Outcome = -1

// confirmCharge asks what every pay-in webhook asks before money moves: that ev is a successful
// charge, that the ledger has not moved its money yet (AlreadyCredited), and that the provider,
// asked by ev's id, confirms it as the webhook tells it (Refused when not). It returns confirmed
// and the provider's transaction when the caller is to move the money; any other outcome, reason
// and error are the caller's answer as they are.
func confirmCharge(ctx context.Context, l *ledger.Store, p interface {
	VerifyTransaction(ctx context.Context, id string) (Transaction, error)
}, ev Event) (Transaction, Outcome, string, error) {
	if ev.Status != Successful {
		return Transaction{}, Ignored, "the charge is " + ev.Status, nil
	}
	if done, ok, err := l.Once(ctx, onceKey(ev.ID)); err != nil {
		return Transaction{}, 0, "", err
	} else if ok && done.MovementID != "" {
		return Transaction{}, AlreadyCredited, "", nil
	}
	tx, err := p.VerifyTransaction(ctx, ev.ID)
	switch {
	case Definite(err):
		return Transaction{}, Refused, "the provider does not confirm the transaction: " + err.Error(), nil
	case err != nil:
		return Transaction{}, 0, "", fmt.Errorf("%w: %w", ErrProviderUnavailable, err)
	}
	if why := disagreement(ev, tx); why != "" {
		return Transaction{}, Refused, why, nil
	}
	return tx, confirmed, "", nil
}

// onceKey is a provider transaction's idempotency key in the ledger.
func onceKey(transactionID string) string { return "flw#" + transactionID }

// disagreement says how the provider's record differs from the webhook ("" when it does not).
func disagreement(ev Event, tx Transaction) string {
	switch {
	case tx.ID != ev.ID:
		return "verify returned transaction " + tx.ID + " for " + ev.ID
	case tx.Status != Successful:
		return "the provider says the transaction is " + tx.Status
	case tx.Currency != NGN:
		return "the transaction is in " + tx.Currency + ", not NGN"
	case tx.Amount != ev.Amount:
		return fmt.Sprintf("the provider says %s was paid, the webhook %s", tx.Amount, ev.Amount)
	case tx.Amount <= 0 || tx.Amount > money.Max:
		return fmt.Sprintf("the amount %s cannot be credited", tx.Amount)
	case tx.AppFee < 0 || tx.AppFee >= tx.Amount:
		return fmt.Sprintf("the provider's fee %s leaves nothing of %s to credit", tx.AppFee, tx.Amount)
	case tx.TxRef != ev.TxRef:
		return "the provider says tx_ref " + tx.TxRef + ", the webhook " + ev.TxRef
	}
	return ""
}

func key(pk, sk string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{schema.PK: str(pk), schema.SK: str(sk)}
}

func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }

func sval(v types.AttributeValue) string {
	if s, ok := v.(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}
