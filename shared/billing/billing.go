// Package billing is how Zuum charges, holds, captures, refunds and pays, over the ledger
// (shared/ledger): each operation is ONE ledger movement of a typed kind (ledger.Kind), with the
// caller's own items in its transaction, so a domain says what it bills and never writes legs.
//
//   - Charge: a wallet pays a platform account for a service (a subscription month: Fees).
//   - Hold: a wallet pays into ledger.Held for a service an admin has yet to review (a promotion,
//     a release's promotion package).
//   - Capture: a held payment goes to ledger.Fees (the admin approved).
//   - Refund: a held payment goes back to its payer in full (the admin rejected).
//   - Pay: a wallet pays another, less a commission to ledger.Commission (a beat purchase; a
//     transfer is a payment without commission).
//   - Payout: a wallet pays out to a bank account through the provider, pending until the
//     provider settles the transfer (a withdrawal: shared/payment settles it with ledger.Settle).
//
// Errors are the ledger's, passed through for the caller to name: *ledger.Insufficient (the
// payer's wallet cannot cover it), *ledger.ExtraFailed (one of the caller's items refused),
// ledger.ErrReplayed (the Once key was used).
package billing

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/ledger"
	"zuum/shared/money"
)

// Biller moves money through one ledger.
type Biller struct{ l *ledger.Store }

// New returns a biller over l.
func New(l *ledger.Store) *Biller { return &Biller{l: l} }

// Bill is a wallet paying for a service: Charge pays it to an account, Hold into ledger.Held.
type Bill struct {
	// Kind is the movement's kind.
	Kind ledger.Kind
	// ID and At are the movement's (set by the ledger when empty).
	ID string
	At time.Time
	// Payer is the paying user's id; PayerName how the receiving account's entry names them.
	Payer, PayerName string
	Amount           money.Money
	// Type is both entries' type in the histories (fee, subscription).
	Type string
	// For is what the payer's entry says it paid for ("Release promotion: Basic").
	For       string
	Reference string
	// Once is the movement's idempotency item.
	Once ledger.Once
}

// Charge pays b from the payer's wallet into account to (ledger.Fees for a service), with items.
func (z *Biller) Charge(ctx context.Context, b Bill, to ledger.Account, items ...types.TransactWriteItem) (ledger.Movement, error) {
	return z.l.Move(ctx, ledger.Movement{
		ID: b.ID, Kind: b.Kind, At: b.At, Once: b.Once,
		Legs: []ledger.Leg{
			{Account: ledger.User(b.Payer), Amount: -b.Amount, Type: b.Type, Counterparty: b.For, Reference: b.Reference},
			{Account: to, Amount: b.Amount, Type: b.Type, Counterparty: b.PayerName, Reference: b.Reference},
		},
	}, items...)
}

// Hold pays b from the payer's wallet into ledger.Held, until Capture or Refund, with items.
func (z *Biller) Hold(ctx context.Context, b Bill, items ...types.TransactWriteItem) (ledger.Movement, error) {
	return z.Charge(ctx, b, ledger.Held, items...)
}

// Held is a payment in ledger.Held, as Capture and Refund end it.
type Held struct {
	// Kind is the ending movement's kind (KindPromotionApproved, KindReleaseRejected, ...).
	Kind ledger.Kind
	// Payer is the user who paid it, PayerName their username.
	Payer, PayerName string
	Amount           money.Money
	// Type is the entries' type (fee).
	Type      string
	Reference string
	// RefundNote is how a refund's entry in the payer's history names it ("Refund").
	RefundNote string
	// Once is the ending movement's idempotency item: one key per decision, so a decision replayed
	// or racing another moves nothing twice.
	Once ledger.Once
}

// Capture moves h from ledger.Held to ledger.Fees, with items.
func (z *Biller) Capture(ctx context.Context, h Held, items ...types.TransactWriteItem) (ledger.Movement, error) {
	return z.release(ctx, h, ledger.Fees, h.PayerName, items)
}

// Refund gives h back from ledger.Held to its payer in full, with items.
func (z *Biller) Refund(ctx context.Context, h Held, items ...types.TransactWriteItem) (ledger.Movement, error) {
	return z.release(ctx, h, ledger.User(h.Payer), h.RefundNote, items)
}

func (z *Biller) release(ctx context.Context, h Held, to ledger.Account, note string, items []types.TransactWriteItem) (ledger.Movement, error) {
	return z.l.Move(ctx, ledger.Movement{
		Kind: h.Kind, Once: h.Once,
		Legs: []ledger.Leg{
			{Account: ledger.Held, Amount: -h.Amount, Type: h.Type, Counterparty: h.PayerName, Reference: h.Reference},
			{Account: to, Amount: h.Amount, Type: h.Type, Counterparty: note, Reference: h.Reference},
		},
	}, items...)
}

// Party is one side of a payment between wallets: the user, their username (the other side's
// entry names them by it), their entry's type and what it links to.
type Party struct {
	ID, Name string
	Type     string
	Link     ledger.Link
}

// Payment is one wallet paying another, less a commission.
type Payment struct {
	Kind     ledger.Kind
	ID       string
	At       time.Time
	From, To Party
	Amount   money.Money
	// Commission is ledger.Commission's share of Amount (the payee gets the rest); its entry has
	// type "commission" and names the payee.
	Commission money.Money
	Reference  string
	Once       ledger.Once
}

// Pay moves p: the payer's wallet -Amount, the payee's +Amount-Commission, and the commission, if
// any, to ledger.Commission, with items.
func (z *Biller) Pay(ctx context.Context, p Payment, items ...types.TransactWriteItem) (ledger.Movement, error) {
	legs := []ledger.Leg{
		{Account: ledger.User(p.From.ID), Amount: -p.Amount, Type: p.From.Type, Counterparty: p.To.Name, Reference: p.Reference, Link: p.From.Link},
		{Account: ledger.User(p.To.ID), Amount: p.Amount - p.Commission, Type: p.To.Type, Counterparty: p.From.Name, Reference: p.Reference, Link: p.To.Link},
	}
	if p.Commission > 0 {
		legs = append(legs, ledger.Leg{Account: ledger.Commission, Amount: p.Commission, Type: "commission", Counterparty: p.To.Name, Reference: p.Reference})
	}
	return z.l.Move(ctx, ledger.Movement{ID: p.ID, Kind: p.Kind, At: p.At, Once: p.Once, Legs: legs}, items...)
}

// Commission is terms' percent of price, rounded down to the kobo (the payee gets the rest).
func Commission(price money.Money, percent int) money.Money {
	return price * money.Money(percent) / 100
}

// Payout is a wallet paying out to a bank account through the payment provider: the amount and
// Zuum's fee leave the wallet at once, pending until the provider settles the transfer
// (ledger.Settle: completed, or failed and reversed leg for leg).
type Payout struct {
	// ID is the movement's id (the withdrawal's, its reference at the provider); At its time.
	ID string
	At time.Time
	// Payer is the user's id; PayerName how the platform accounts' entries name them.
	Payer, PayerName string
	// Amount is what the bank account receives; Fee Zuum's fee on top of it; ProviderFee what
	// the provider charges the merchant for the transfer (booked on ledger.ProviderFees, so
	// ledger.Clearing follows the provider's balance).
	Amount, Fee, ProviderFee money.Money
	// To names the bank account in the payer's history ("Guaranty Trust Bank 0123456789").
	To string
	// Once is the movement's idempotency item.
	Once ledger.Once
}

// Entry types of a payout.
const (
	TypeWithdrawal  = "withdrawal"
	TypeFee         = "fee"
	TypeProviderFee = "provider_fee"
)

// Payout moves p as ONE pending movement of kind ledger.KindWithdrawal (PayoutLegs), with items.
func (z *Biller) Payout(ctx context.Context, p Payout, items ...types.TransactWriteItem) (ledger.Movement, error) {
	return z.l.Move(ctx, ledger.Movement{ID: p.ID, Kind: ledger.KindWithdrawal, At: p.At, Status: ledger.Pending, Once: p.Once, Legs: PayoutLegs(p)}, items...)
}

// PayoutLegs are p's legs: the payer's wallet gives amount and fee, the amount leaves through
// ledger.Clearing, the fee is the platform's (ledger.Fees), and the provider's own fee for the
// transfer, when it has one, leaves Clearing as the platform's expense (ledger.ProviderFees).
func PayoutLegs(p Payout) []ledger.Leg {
	legs := []ledger.Leg{
		{Account: ledger.User(p.Payer), Amount: -p.Amount, Type: TypeWithdrawal, Counterparty: p.To, Reference: p.ID},
		{Account: ledger.User(p.Payer), Amount: -p.Fee, Type: TypeFee, Counterparty: "Withdrawal fee", Reference: p.ID},
		{Account: ledger.Clearing, Amount: p.Amount, Type: TypeWithdrawal, Counterparty: p.PayerName, Reference: p.ID},
		{Account: ledger.Fees, Amount: p.Fee, Type: TypeFee, Counterparty: p.PayerName, Reference: p.ID},
	}
	if p.ProviderFee > 0 {
		legs = append(legs,
			ledger.Leg{Account: ledger.Clearing, Amount: p.ProviderFee, Type: TypeProviderFee, Counterparty: p.PayerName, Reference: p.ID},
			ledger.Leg{Account: ledger.ProviderFees, Amount: -p.ProviderFee, Type: TypeProviderFee, Counterparty: p.PayerName, Reference: p.ID})
	}
	return legs
}
