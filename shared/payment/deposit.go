package payment

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/notify"
	"zuum/shared/schema"
	"zuum/shared/terms"
)

// Deposits pays naira into wallets: it opens each user a temporary virtual account for the
// amount they mean to pay (or, once, a permanent one) and credits what the provider reports was
// paid into it, once (item layout in the package comment).
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

// DepositAccount is a temporary account a user pays one amount into.
type DepositAccount struct {
	AccountNumber string
	BankName      string
	// Reference is the tx_ref every deposit into the account carries.
	Reference string
	// Amount is what the account was opened for: the provider takes exactly that.
	Amount money.Money
	// ExpiresAt is the provider's expiry; zero for an account that does not expire.
	ExpiresAt time.Time
}

// PermanentAccount is a user's static account: any amount, any number of times, no expiry.
type PermanentAccount struct {
	AccountNumber, BankName string
	// BVNLast4 is all that is kept of the BVN it was opened with.
	BVNLast4 string
}

// ErrProviderUnavailable is wrapped by errors of calls the provider did not answer (or failed),
// so the caller may try again later.
var ErrProviderUnavailable = errors.New("payment provider unavailable")

// Refusals of deposit accounts.
var (
	ErrMinDeposit = failure.Fields("Minimum deposit: ₦"+terms.MinDeposit.Decimal(),
		failure.FieldError{Field: "amount", Msg: "Minimum deposit: ₦" + terms.MinDeposit.Decimal()})
	ErrBVN = failure.Fields("BVN must be exactly 11 digits", failure.FieldError{Field: "bvn", Msg: "BVN must be exactly 11 digits"})
	// ErrNoAccount: the user has no open deposit account (spec part 2 §8's words).
	ErrNoAccount = failure.New(failure.NotFound, "No Account Details")
	// ErrAccountRace: another request opened the user's account meanwhile; nothing was stored.
	ErrAccountRace = failure.New(failure.Conflict, "Another deposit account was opened at the same time. Please try again.")
)

// Open opens c a temporary account for exactly amount (at least terms.MinDeposit), replacing
// the current one, which stays payable at the provider until its expiry and is still credited.
// once is the request's idempotency item, written in the one transaction that stores the account
// and naming it (Made: its reference): a replay of the request gets the same account
// (ledger.ErrReplayed: the caller answers from the item, Opened). When a concurrent Open for c stored its
// account first, nothing is stored and ErrAccountRace returned; the provider's account then goes
// unused (no one is shown its number).
func (d *Deposits) Open(ctx context.Context, c Customer, amount money.Money, once ledger.Once) (DepositAccount, error) {
	switch {
	case amount < terms.MinDeposit:
		return DepositAccount{}, ErrMinDeposit
	case amount > money.Max:
		return DepositAccount{}, ErrAmountTooLarge
	}
	prev, err := d.item(ctx, c.UserID, "ACCOUNT")
	if err != nil {
		return DepositAccount{}, err
	}
	ref := "zuum-dep-" + uuid.NewString()
	va, err := d.provider.CreateVirtualAccount(ctx, AccountRequest{
		Email: c.Email, TxRef: ref, FirstName: c.FirstName, LastName: c.LastName,
		Narration: "Zuum wallet " + c.Username, Amount: amount,
	})
	if err != nil {
		return DepositAccount{}, fmt.Errorf("%w: %w", ErrProviderUnavailable, err)
	}
	acct := DepositAccount{AccountNumber: va.AccountNumber, BankName: va.BankName, Reference: ref, Amount: amount, ExpiresAt: va.ExpiresAt}
	once.Made = ref
	frequency := va.Frequency
	if frequency <= 0 { // a temporary account takes one payment unless the provider says more
		frequency = 1
	}
	current := d.accountItem(c, "ACCOUNT", va, ref)
	current["amount"] = num(amount.Kobo())
	opened := d.refItem(c, va, ref, frequency)
	opened["bank_name"], opened["amount"], opened["valid_until"] = current["bank_name"], current["amount"], current["valid_until"]
	cond, values := "attribute_not_exists(pk)", map[string]types.AttributeValue(nil)
	if prev != nil {
		cond, values = "tx_ref = :prev", map[string]types.AttributeValue{":prev": prev["tx_ref"]}
	}
	err = d.ledger.Record(ctx, once,
		types.TransactWriteItem{Put: &types.Put{TableName: &d.table, Item: current, ConditionExpression: &cond, ExpressionAttributeValues: values}},
		types.TransactWriteItem{Put: &types.Put{TableName: &d.table, Item: opened, ConditionExpression: aws.String("attribute_not_exists(pk)")}},
	)
	var extra *ledger.ExtraFailed
	if errors.As(err, &extra) {
		return DepositAccount{}, ErrAccountRace
	}
	if err != nil {
		return DepositAccount{}, err
	}
	return acct, nil
}

// Opened is userID's temporary account opened by idempotency key (its request's), as it was
// opened (whether or not it is still open): what the first answer of its request showed. An item
// written before it named its account (no made) gives the open account instead: the one it
// opened while that is open; ErrNoAccount once none is. Another user's, or none, is ErrNoAccount.
func (d *Deposits) Opened(ctx context.Context, userID, key string) (DepositAccount, error) {
	o, _, err := d.ledger.Once(ctx, key)
	switch {
	case err != nil:
		return DepositAccount{}, err
	case o.Made == "":
		return d.Current(ctx, userID)
	}
	it, err := d.refOf(ctx, o.Made, true)
	if err != nil || it == nil || sval(it["user_id"]) != userID {
		return DepositAccount{}, cmp.Or(err, error(ErrNoAccount))
	}
	return accountOf(it, o.Made), nil
}

// Current is c's open temporary account: not when it expired, nor once it took its payment
// (its frequency, counted by Credit). It never opens one.
func (d *Deposits) Current(ctx context.Context, userID string) (DepositAccount, error) {
	it, err := d.item(ctx, userID, "ACCOUNT")
	if err != nil || it == nil {
		return DepositAccount{}, cmp.Or(err, error(ErrNoAccount))
	}
	a := accountOf(it, sval(it["tx_ref"]))
	if !a.ExpiresAt.IsZero() && !d.now().Before(a.ExpiresAt) {
		return DepositAccount{}, ErrNoAccount
	}
	ref, err := d.refOf(ctx, a.Reference, true)
	if err != nil {
		return DepositAccount{}, err
	}
	if f := nval(ref["frequency"]); f > 0 && nval(ref["paid"]) >= f {
		return DepositAccount{}, ErrNoAccount
	}
	return a, nil
}

// accountOf is the temporary account of reference ref as item it (its ACCOUNT item, or its
// TXREF item) holds it.
func accountOf(it map[string]types.AttributeValue, ref string) DepositAccount {
	a := DepositAccount{AccountNumber: sval(it["account_number"]), BankName: sval(it["bank_name"]), Reference: ref, Amount: money.Money(nval(it["amount"]))}
	if v := sval(it["valid_until"]); v != "" {
		a.ExpiresAt, _ = time.Parse(time.RFC3339, v)
	}
	return a
}

// refOf reads the TXREF item of ref (nil when there is none).
func (d *Deposits) refOf(ctx context.Context, ref string, consistent bool) (map[string]types.AttributeValue, error) {
	out, err := d.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &d.table, Key: key("TXREF#"+ref, "TXREF"), ConsistentRead: aws.Bool(consistent)})
	if err != nil {
		return nil, fmt.Errorf("payment: read tx_ref: %w", err)
	}
	return out.Item, nil
}

// Permanent is c's permanent account (ErrNoAccount when it has none).
func (d *Deposits) Permanent(ctx context.Context, userID string) (PermanentAccount, error) {
	it, err := d.item(ctx, userID, "PERMANENT")
	if err != nil {
		return PermanentAccount{}, err
	}
	if it == nil {
		return PermanentAccount{}, ErrNoAccount
	}
	return PermanentAccount{AccountNumber: sval(it["account_number"]), BankName: sval(it["bank_name"]), BVNLast4: sval(it["bvn_last4"])}, nil
}

// OpenPermanent opens c's permanent account with the 11-digit bvn, once: when c has one, it is
// returned as it is (opened false) and the provider is not asked. The BVN goes to the provider and
// nowhere else (not stored, not logged, not in an error); only its last 4 digits are kept.
func (d *Deposits) OpenPermanent(ctx context.Context, c Customer, bvn string) (a PermanentAccount, opened bool, err error) {
	if len(bvn) != 11 || strings.Trim(bvn, "0123456789") != "" {
		return PermanentAccount{}, false, ErrBVN
	}
	if a, err := d.Permanent(ctx, c.UserID); !errors.Is(err, ErrNoAccount) {
		return a, false, err
	}
	ref := "zuum-perm-" + uuid.NewString()
	va, err := d.provider.CreateVirtualAccount(ctx, AccountRequest{
		Email: c.Email, TxRef: ref, FirstName: c.FirstName, LastName: c.LastName,
		Narration: "Zuum wallet " + c.Username, Permanent: true, BVN: bvn,
	})
	if err != nil {
		return PermanentAccount{}, false, fmt.Errorf("%w: %s", ErrProviderUnavailable, strings.ReplaceAll(err.Error(), bvn, "***********"))
	}
	it := d.accountItem(c, "PERMANENT", va, ref)
	it["bvn_last4"] = str(bvn[7:])
	err = dynamo.Transact(ctx, d.db, []types.TransactWriteItem{
		{Put: &types.Put{TableName: &d.table, Item: it, ConditionExpression: aws.String("attribute_not_exists(pk)")}},
		{Put: &types.Put{TableName: &d.table, Item: d.refItem(c, va, ref, 0), ConditionExpression: aws.String("attribute_not_exists(pk)")}},
	})
	if failed, ok := dynamo.CanceledBy(err); ok && dynamo.OnlyCanceledBy(failed, 0) {
		a, err := d.Permanent(ctx, c.UserID) // a concurrent request opened it first: that one stands
		return a, false, err
	}
	if err != nil {
		return PermanentAccount{}, false, fmt.Errorf("payment: save permanent account: %w", err)
	}
	return PermanentAccount{AccountNumber: va.AccountNumber, BankName: va.BankName, BVNLast4: bvn[7:]}, true, nil
}

// item reads DEPOSIT#userID's item sk (nil when there is none).
func (d *Deposits) item(ctx context.Context, userID, sk string) (map[string]types.AttributeValue, error) {
	out, err := d.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &d.table, Key: key("DEPOSIT#"+userID, sk), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return nil, fmt.Errorf("payment: read deposit account: %w", err)
	}
	return out.Item, nil
}

// accountItem is c's account item sk (ACCOUNT or PERMANENT) for va.
func (d *Deposits) accountItem(c Customer, sk string, va VirtualAccount, ref string) map[string]types.AttributeValue {
	validUntil := ""
	if !va.ExpiresAt.IsZero() {
		validUntil = va.ExpiresAt.UTC().Format(time.RFC3339)
	}
	it := key("DEPOSIT#"+c.UserID, sk)
	it["account_number"], it["bank_name"] = str(va.AccountNumber), str(va.BankName)
	it["order_ref"], it["tx_ref"], it["created_at"] = str(va.OrderRef), str(ref), str(d.now().UTC().Format(time.RFC3339))
	it["valid_until"] = str(validUntil)
	return it
}

// refItem says whose deposits carry ref, and how many payments its account takes (0: any).
func (d *Deposits) refItem(c Customer, va VirtualAccount, ref string, frequency int) map[string]types.AttributeValue {
	it := key("TXREF#"+ref, "TXREF")
	it["user_id"], it["username"], it["account_number"] = str(c.UserID), str(c.Username), str(va.AccountNumber)
	it["order_ref"], it["created_at"] = str(va.OrderRef), str(d.now().UTC().Format(time.RFC3339))
	it["frequency"], it["paid"] = num(int64(frequency)), num(0)
	return it
}

// paidOnce counts one credited payment on ref's item, in the credit's own transaction.
func (d *Deposits) paidOnce(ref string) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &d.table, Key: key("TXREF#"+ref, "TXREF"),
		UpdateExpression:          aws.String("ADD paid :one"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1)},
	}}
}

// owner is the user whose deposits carry txRef.
type owner struct{ UserID, Username string }

func (d *Deposits) owner(ctx context.Context, txRef string) (owner, bool, error) {
	if txRef == "" {
		return owner{}, false, nil
	}
	it, err := d.refOf(ctx, txRef, false)
	if err != nil || it == nil {
		return owner{}, false, err
	}
	return owner{UserID: sval(it["user_id"]), Username: sval(it["username"])}, true, nil
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
		Kind: ledger.KindDeposit,
		Legs: append([]ledger.Leg{
			{Account: ledger.User(who.UserID), Amount: tx.Amount, Type: "deposit", Counterparty: payer, Reference: tx.TxRef},
		}, chargeLegs(tx, who.Username)...),
		Once: ledger.Once{Key: onceKey(tx.ID), Hash: tx.TxRef},
	}, note, d.paidOnce(tx.TxRef))
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

func num(n int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(n, 10)}
}

// nval is a number attribute's value (0 when absent or not a number).
func nval(v types.AttributeValue) int64 {
	if n, ok := v.(*types.AttributeValueMemberN); ok {
		i, _ := strconv.ParseInt(n.Value, 10, 64)
		return i
	}
	return 0
}

func sval(v types.AttributeValue) string {
	if s, ok := v.(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}
