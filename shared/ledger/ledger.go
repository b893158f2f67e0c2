// Package ledger is Zuum's money: a double-entry ledger in DynamoDB (the Ledger table,
// schema.Ledger). Every movement of money (a deposit, a purchase, later transfers and
// withdrawals) is one Movement of legs that sum to zero, written by Move as ONE
// TransactWriteItems with:
//
//   - one entry per leg, in the account's history, and the movement's own record;
//   - one balance update per account (an account may have several legs: a withdrawal's amount
//     and its fee), whose condition keeps every user balance at or above zero;
//   - the movement's Once item (its idempotency key): a movement whose key was used before moves
//     nothing (ErrReplayed), so a replayed request or a redelivered webhook cannot move money twice;
//   - the caller's own items (a beat's buyers counter, the purchase), so the money and what it buys
//     are written together or not at all.
//
// User accounts hold users' naira. Platform accounts (Commission, Fees, Clearing) make every
// movement sum to zero: money paid in through the provider is a debit of Clearing, so
// sum(all balances) == 0 always holds, and Audit checks it. A platform account that every sale
// touches would be one hot item, so each platform account is split into Shards balance items and a
// movement picks one at random; its balance is the sum of its shards.
//
// Item layout in the Ledger table:
//
//	pk=ACCT#<account>     sk=BALANCE             balance (N, kobo), total_<type> (N, kobo moved by
//	                                             entries of the type), count_<type> and count_all (N)
//	pk=ACCT#<account>     sk=E#<movement>#<leg>  an entry: movement_id, type, amount (N, signed kobo),
//	                                             counterparty, reference, status, at, and
//	                                             link_kind, link_id when it has a Link; type_pk =
//	                                             ACCT#<account>#<type> and seq (N, µs since the epoch)
//	                                             for the bytype index
//	pk=MOVE#<movement>    sk=MOVE                the movement: kind, status, at, once (its key), and
//	                                             legs (account, the entry's pk and sk, amount, type,
//	                                             counterparty, reference), which Settle reads
//	pk=ONCE#<key>         sk=ONCE                a movement's idempotency item: hash, status, body,
//	                                             movement_id, at
//
// An erased user's name is replaced in other accounts' entries and the movements' legs
// (Anonymize); amounts, and the user's own entries, never change.
//
// Movement ids are UUIDv7, so an account's entries sort by time under E#. A platform account's
// shards are the accounts "<account>#00" … "<account>#15".
package ledger

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
	"zuum/shared/money"
	"zuum/shared/schema"
)

// Account names a ledger account: a user's wallet or a platform account.
type Account string

const userPrefix = "user#"

// User is the wallet of the user with the id.
func User(userID string) Account { return Account(userPrefix + userID) }

// Platform accounts.
const (
	// Commission is what Zuum keeps of each sale.
	Commission Account = "platform#commission"
	// Fees is what Zuum charges for services (withdrawal fees, promotions, subscriptions).
	Fees Account = "platform#fees"
	// Clearing is the money held at the payment provider: a deposit moves naira from it into a
	// user's wallet, so it runs negative by what users have paid in.
	Clearing Account = "platform#provider-clearing"
	// Held is what users have paid for a service an admin has yet to review (a promotion, a
	// release's promotion package): approval moves it to Fees, rejection back to the payer.
	Held Account = "platform#held"
	// ProviderFees is the platform's expense on the payment provider's fees (a charge's app_fee,
	// a transfer's fee): it runs negative by what the provider kept, so Clearing stays equal to
	// what the provider holds (shared/payment's fees.go).
	ProviderFees Account = "platform#provider-fees"
)

// Shards is how many balance items each platform account is split into.
const Shards = 16

// IsUser reports whether a is a user's wallet, which may never go below zero.
func (a Account) IsUser() bool { return strings.HasPrefix(string(a), userPrefix) }

// UserID is the id of the user whose wallet a is ("" for a platform account).
func (a Account) UserID() string { return strings.TrimPrefix(string(a), userPrefix) }

// shard returns the balance account a movement writes: a itself for a user, one of the platform
// account's shards otherwise.
func (a Account) shard() Account {
	if a.IsUser() {
		return a
	}
	return Account(fmt.Sprintf("%s#%02d", a, rand.N(Shards)))
}

// Statuses of a movement and its entries.
const (
	Completed = "completed"
	Pending   = "pending"
	Failed    = "failed"
)

// Leg is one account's part in a movement.
type Leg struct {
	Account Account
	// Amount is signed: positive moves money into the account, negative out of it.
	Amount money.Money
	// Type is what the account's owner sees in their history: purchase, sale, deposit,
	// commission, ...
	Type string
	// Counterparty names the other side in the history (a username, "Bank transfer").
	Counterparty string
	// Reference ties the entry to what caused it (a purchase id, a provider tx_ref).
	Reference string
	// Status is the movement's unless set.
	Status string
	// Link names what the leg paid for (the beat of a purchase or sale, the other user of a
	// transfer), shown beside the entry in the history; the zero Link is none.
	Link Link
}

// Link names the thing an entry paid for: its kind (LinkBeat, LinkProfile, ...) and its id.
type Link struct {
	Kind string
	ID   string
}

// Kinds of Link.
const (
	// LinkBeat is a beat (a post's id), what a purchase bought and a sale sold.
	LinkBeat = "beat"
	// LinkProfile is a user (a profile's id), the other side of a transfer.
	LinkProfile = "profile"
)

// Once is a movement's idempotency item: its key, a hash of the request that made it, and the
// first answer, which a replay of the same request gets again. httpapi.Once has its fields:
// ledger.Once(*once) turns the HTTP layer's item into the movement's.
type Once struct {
	Key    string
	Hash   string
	Status int
	Body   []byte
	// Made is the id of what the request made (a promotion, a release), for a request whose
	// answer is rebuilt from it on a replay instead of stored (Status 0, no Body).
	Made string
}

// Stored is an idempotency item as Store.Once reads it back: with the movement its key made
// and when.
type Stored struct {
	Once
	MovementID string
	At         time.Time
}

// Kind is what a movement is: a movement's kind is one of these, never a bare string.
type Kind string

// Kinds of movement.
const (
	// KindDeposit pays money from the provider into a wallet.
	KindDeposit Kind = "deposit"
	// KindWithdrawal pays a wallet out to a bank (pending until the provider says).
	KindWithdrawal Kind = "withdrawal"
	// KindTransfer moves money from one wallet to another.
	KindTransfer Kind = "transfer"
	// KindPurchase pays a beat's price to its producer, less Zuum's commission.
	KindPurchase Kind = "purchase"
	// KindSubscription charges a month of a subscription.
	KindSubscription Kind = "subscription"
	// KindPromotion holds an in-app or mass promotion's price until an admin decides.
	KindPromotion Kind = "promotion"
	// KindPromotionApproved captures a held promotion; KindPromotionRejected refunds it.
	KindPromotionApproved Kind = "promotion_approved"
	KindPromotionRejected Kind = "promotion_rejected"
	// KindReleasePackage holds a release's promotion package until an admin decides.
	KindReleasePackage Kind = "release_package"
	// KindReleaseApproved captures a held package; KindReleaseRejected refunds it.
	KindReleaseApproved Kind = "release_approved"
	KindReleaseRejected Kind = "release_rejected"
	// KindReversal gives a failed pending movement's money back (Settle).
	KindReversal Kind = "reversal"
)

// Movement is one transfer of money between accounts.
type Movement struct {
	// ID is set by Move when empty (UUIDv7).
	ID string
	// Kind is what happened: purchase, deposit, ...
	Kind Kind
	// At is set by Move when zero.
	At   time.Time
	Legs []Leg
	// Status is Completed unless set: a Pending movement (a withdrawal waiting for the bank) moves
	// its money at once, and Settle later marks it completed or reverses it.
	Status string
	// Once is required: the movement is written only if its key is new.
	Once Once
}

// Sum is the total of the legs' amounts, zero for a movement Move accepts.
func (m Movement) Sum() money.Money {
	var s money.Money
	for _, l := range m.Legs {
		s += l.Amount
	}
	return s
}

// Errors of Move. Nothing moved when any of them is returned.
var (
	// ErrReplayed: the movement's Once key was used before; read its first answer with Store.Once.
	ErrReplayed   = errors.New("ledger: idempotency key already used")
	errUnbalanced = errors.New("ledger: legs do not sum to zero")
)

// Insufficient is returned when a user balance would go below zero.
type Insufficient struct{ Account Account }

func (e *Insufficient) Error() string { return "ledger: insufficient balance in " + string(e.Account) }

// ExtraFailed is returned when the condition of one of the caller's own items failed.
type ExtraFailed struct{ Index int }

func (e *ExtraFailed) Error() string {
	return fmt.Sprintf("ledger: condition of extra item %d failed", e.Index)
}

// Store reads and writes the ledger.
type Store struct {
	db    *dynamodb.Client
	table string
	now   func() time.Time
}

// New returns the ledger over table (schema.Ledger's physical name).
func New(db *dynamodb.Client, table string) *Store {
	return &Store{db: db, table: table, now: time.Now}
}

// Table is the ledger's table name, for callers that add their own items to a movement.
func (s *Store) Table() string { return s.table }

// moveAttempts bounds how often Move runs a movement that keeps colliding with concurrent ones
// (TransactionConflict). Contention on one item (many buyers of one beat) serialises writers,
// so Move tries longer than dynamo.Transact before giving up.
const moveAttempts = 12

// Move writes m and extra as one transaction (see the package comment). The returned movement
// has its ID and At set.
func (s *Store) Move(ctx context.Context, m Movement, extra ...types.TransactWriteItem) (Movement, error) {
	if len(m.Legs) < 2 || m.Sum() != 0 {
		return m, errUnbalanced
	}
	for _, l := range m.Legs {
		if l.Type == "" || l.Amount == 0 {
			return m, errors.New("ledger: every leg needs a type and an amount")
		}
	}
	if m.Once.Key == "" {
		return m, errors.New("ledger: a movement needs its idempotency key")
	}
	if m.ID == "" {
		id, err := uuid.NewV7()
		if err != nil {
			return m, err
		}
		m.ID = id.String()
	} else if id, err := uuid.Parse(m.ID); err != nil || id.Version() != 7 || id.String() != m.ID {
		// Entries sort by their movement's id as time (Between reads a date range as a key
		// range), so a caller's own id must be a UUIDv7 in its canonical text.
		return m, errors.New("ledger: a movement's id must be a UUIDv7")
	}
	if m.At.IsZero() {
		m.At = s.now().UTC()
	}
	items, legAt, onceAt := s.items(m)
	items = append(items, extra...)
	wait := 10 * time.Millisecond
	for attempt := 1; ; attempt++ {
		_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
		if err == nil {
			return m, nil
		}
		if s.retry(ctx, err, attempt, &wait) {
			continue
		}
		if ctx.Err() != nil {
			return m, ctx.Err()
		}
		failed, ok := dynamo.CanceledBy(err)
		if !ok || len(failed) == 0 {
			return m, fmt.Errorf("ledger: move %s: %w", m.Kind, err)
		}
		return m, s.refusal(failed, legAt, onceAt, len(items)-len(extra))
	}
}

// retry reports whether a transaction that failed with err should run again: it collided with a
// concurrent one (TransactionConflict) and attempts are left. It waits the jittered backoff first
// (doubling wait, up to 400 ms), and reports false if ctx ends meanwhile.
func (s *Store) retry(ctx context.Context, err error, attempt int, wait *time.Duration) bool {
	if !dynamo.Conflicted(err) || attempt >= moveAttempts {
		return false
	}
	if dynamo.Pause(ctx, *wait) != nil {
		return false
	}
	*wait = min(*wait*2, 400*time.Millisecond)
	return true
}

// refusal names why a canceled movement was refused, a replay first (it is answered with the first
// answer whatever else failed), then the caller's items, then a balance.
func (s *Store) refusal(failed []int, legAt map[int]Account, onceAt, extraAt int) error {
	for _, i := range failed {
		if i == onceAt {
			return ErrReplayed
		}
	}
	for _, i := range failed {
		if i >= extraAt {
			return &ExtraFailed{Index: i - extraAt}
		}
	}
	for _, i := range failed {
		if a, ok := legAt[i]; ok {
			return &Insufficient{Account: a}
		}
	}
	return fmt.Errorf("ledger: transaction canceled by items %v", failed)
}

// items builds m's writes: per leg its entry; per account one balance update (an account may
// have several legs, a withdrawal's amount and its fee: DynamoDB allows one operation per item in
// a transaction, so their amounts are summed into it); the movement's record; then the Once item.
// legAt maps the position of each guarded balance update to its account; onceAt is the Once item's
// position.
func (s *Store) items(m Movement) (items []types.TransactWriteItem, legAt map[int]Account, onceAt int) {
	legAt = map[int]Account{}
	at := m.At.UTC()
	stamp := str(at.Format(time.RFC3339Nano))
	seq := strconv.FormatInt(at.UnixMicro(), 10)
	status := m.Status
	if status == "" {
		status = Completed
	}
	type balance struct {
		acct   Account
		amount money.Money
		types  map[string]money.Money // kobo moved per entry type, as positive amounts
		counts map[string]int
	}
	var order []Account
	shards := map[Account]*balance{}
	var legs []types.AttributeValue
	for i, l := range m.Legs {
		b, ok := shards[l.Account]
		if !ok {
			b = &balance{acct: l.Account.shard(), types: map[string]money.Money{}, counts: map[string]int{}}
			shards[l.Account] = b
			order = append(order, l.Account)
		}
		abs := l.Amount
		if abs < 0 {
			abs = -abs
		}
		b.amount += l.Amount
		b.types[l.Type] += abs
		b.counts[l.Type]++
		legStatus := l.Status
		if legStatus == "" {
			legStatus = status
		}
		sk := fmt.Sprintf("E#%s#%d", m.ID, i)
		entry := map[string]types.AttributeValue{
			schema.PK:      str("ACCT#" + string(b.acct)),
			schema.SK:      str(sk),
			schema.TypePK:  str("ACCT#" + string(b.acct) + "#" + l.Type),
			schema.Seq:     &types.AttributeValueMemberN{Value: seq},
			"movement_id":  str(m.ID),
			"kind":         str(string(m.Kind)),
			"type":         str(l.Type),
			"amount":       num(l.Amount),
			"counterparty": str(l.Counterparty),
			"reference":    str(l.Reference),
			"status":       str(legStatus),
			"at":           stamp,
		}
		if l.Link.Kind != "" {
			entry["link_kind"], entry["link_id"] = str(l.Link.Kind), str(l.Link.ID)
		}
		items = append(items, types.TransactWriteItem{Put: &types.Put{TableName: &s.table, Item: entry}})
		legs = append(legs, &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{
			"account": str(string(l.Account)), "pk": str("ACCT#" + string(b.acct)), "sk": str(sk),
			"amount": num(l.Amount), "type": str(l.Type), "counterparty": str(l.Counterparty),
			"reference": str(l.Reference),
		}})
	}
	for _, a := range order {
		b := shards[a]
		expr := []string{"balance :amt", "count_all :all"}
		names := map[string]string{}
		values := map[string]types.AttributeValue{
			":amt": num(b.amount), ":at": stamp,
		}
		total := 0
		for typ, moved := range b.types {
			n := strconv.Itoa(len(names) / 2)
			names["#t"+n], names["#c"+n] = "total_"+typ, "count_"+typ
			values[":t"+n] = num(moved)
			values[":c"+n] = &types.AttributeValueMemberN{Value: strconv.Itoa(b.counts[typ])}
			expr = append(expr, "#t"+n+" :t"+n, "#c"+n+" :c"+n)
			total += b.counts[typ]
		}
		values[":all"] = &types.AttributeValueMemberN{Value: strconv.Itoa(total)}
		update := &types.Update{
			TableName:                 &s.table,
			Key:                       balanceKey(b.acct),
			UpdateExpression:          aws.String("ADD " + strings.Join(expr, ", ") + " SET updated_at = :at"),
			ExpressionAttributeNames:  names,
			ExpressionAttributeValues: values,
		}
		if b.acct.IsUser() && b.amount < 0 {
			// The balance must cover the debit; a wallet never paid into has no balance item and
			// covers nothing.
			update.ConditionExpression = aws.String("balance >= :debit")
			update.ExpressionAttributeValues[":debit"] = num(-b.amount)
			legAt[len(items)] = b.acct
		}
		items = append(items, types.TransactWriteItem{Update: update})
	}
	items = append(items, types.TransactWriteItem{Put: &types.Put{TableName: &s.table, Item: map[string]types.AttributeValue{
		schema.PK: str("MOVE#" + m.ID), schema.SK: str("MOVE"), "kind": str(string(m.Kind)), "status": str(status),
		"legs": &types.AttributeValueMemberL{Value: legs}, "once": str(m.Once.Key), "at": stamp,
	}}})
	onceAt = len(items)
	once := map[string]types.AttributeValue{
		schema.PK:     str("ONCE#" + m.Once.Key),
		schema.SK:     str("ONCE"),
		"hash":        str(m.Once.Hash),
		"status":      &types.AttributeValueMemberN{Value: strconv.Itoa(m.Once.Status)},
		"movement_id": str(m.ID),
		"at":          stamp,
	}
	if len(m.Once.Body) > 0 {
		once["body"] = &types.AttributeValueMemberB{Value: m.Once.Body}
	}
	if m.Once.Made != "" {
		once["made"] = str(m.Once.Made)
	}
	items = append(items, types.TransactWriteItem{Put: &types.Put{
		TableName: &s.table, Item: once, ConditionExpression: aws.String("attribute_not_exists(pk)"),
	}})
	return items, legAt, onceAt
}

// Once reads the idempotency item of key (strongly consistent); ok is false when the key is new.
func (s *Store) Once(ctx context.Context, key string) (Stored, bool, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &s.table, ConsistentRead: aws.Bool(true),
		Key: map[string]types.AttributeValue{schema.PK: str("ONCE#" + key), schema.SK: str("ONCE")},
	})
	if err != nil {
		return Stored{}, false, fmt.Errorf("ledger: read once %s: %w", key, err)
	}
	if out.Item == nil {
		return Stored{}, false, nil
	}
	o := Stored{Once: Once{Key: key, Hash: sval(out.Item["hash"]), Made: sval(out.Item["made"])}, MovementID: sval(out.Item["movement_id"])}
	o.Status, _ = strconv.Atoi(nval(out.Item["status"]))
	if b, ok := out.Item["body"].(*types.AttributeValueMemberB); ok {
		o.Body = b.Value
	}
	o.At, _ = time.Parse(time.RFC3339Nano, sval(out.Item["at"]))
	return o, true, nil
}

func balanceKey(a Account) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{schema.PK: str("ACCT#" + string(a)), schema.SK: str("BALANCE")}
}

func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }

func num(m money.Money) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(m.Kobo(), 10)}
}

func sval(v types.AttributeValue) string {
	if s, ok := v.(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}

func nval(v types.AttributeValue) string {
	if n, ok := v.(*types.AttributeValueMemberN); ok {
		return n.Value
	}
	return "0"
}

// amountOf reads a kobo attribute; a missing one is zero.
func amountOf(v types.AttributeValue) money.Money {
	n, _ := strconv.ParseInt(nval(v), 10, 64)
	return money.Money(n)
}

// ErrBadCursor refuses a cursor the ledger did not make.
var ErrBadCursor = failure.New(failure.Invalid, "Invalid cursor.")
