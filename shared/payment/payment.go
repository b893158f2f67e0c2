// Package payment is Zuum's side of the payment provider: the small interface the wallet needs
// from it (a virtual account to pay naira into; a transaction verified by its id), the
// real HTTP client shaped like Flutterwave v3, the check and parsing of its webhooks, and
// Deposits, which hands users their deposit accounts and credits what is paid into them.
//
// Amounts on the provider's wire are naira JSON numbers; inside they are money.Money (kobo), and
// the two meet only in money's codec. Dates the provider returns are kept as it returns them
// (an account's expiry_date above all): nothing here assumes a lifetime.
//
// Deposits keeps its items in the Ledger table (schema.Ledger) beside the money:
//
//	pk=DEPOSIT#<userId>   sk=ACCOUNT   the user's newest temporary account: account_number, bank_name,
//	                                   order_ref, tx_ref, amount (N, kobo), created_at, valid_until
//	                                   (RFC 3339, the provider's expiry_date). Replaced by the next
//	                                   one opened, on condition it is still the one read (tx_ref).
//	pk=DEPOSIT#<userId>   sk=PERMANENT the user's static account: account_number, bank_name, order_ref,
//	                                   tx_ref, created_at, bvn_last4 (the BVN itself is kept nowhere).
//	pk=TXREF#<tx_ref>     sk=TXREF     whose deposits carry the tx_ref: user_id, username,
//	                                   account_number, order_ref, created_at, frequency (N: payments
//	                                   the account takes; 0 = any number) and paid (N, counted by
//	                                   each credit in its own transaction); a temporary account's
//	                                   also bank_name, amount (N, kobo) and valid_until, from which
//	                                   a replay of its opening is answered (Opened). Kept for good,
//	                                   since a webhook can come hours after the payment, even into
//	                                   an account since replaced.
//
// A temporary account is shown while it is open: before valid_until and while paid < frequency.
// A credit is one ledger movement of kind "deposit" (the wallet +amount, ledger.Clearing
// -(amount - app_fee), ledger.ProviderFees -app_fee: fees.go) whose Once key is
// "flw#<provider transaction id>".
package payment

import (
	"context"
	"errors"
	"fmt"
	"time"

	"zuum/shared/money"
)

// Provider is what Zuum asks of the payment provider for pay-ins.
type Provider interface {
	// CreateVirtualAccount opens a bank account that credits the merchant (temporary, for an
	// amount; or permanent); money paid into it arrives as a charge.completed webhook carrying
	// the request's TxRef.
	CreateVirtualAccount(ctx context.Context, req AccountRequest) (VirtualAccount, error)
	// VerifyTransaction reads a transaction back from the provider by its id, the only word on
	// a payment that counts (a webhook is a hint to go and ask).
	VerifyTransaction(ctx context.Context, id string) (Transaction, error)
}

// AccountRequest asks for a temporary virtual account.
type AccountRequest struct {
	// Email is the customer's (required by the provider).
	Email string
	// TxRef is our reference for everything paid into the account (at most 100 characters).
	TxRef string
	// Narration is shown to the payer by their bank (at most 100 characters).
	Narration string
	// FirstName and LastName name the customer; optional.
	FirstName, LastName string
	// Amount is what a temporary account is opened for: the provider requires it above 0 and
	// takes exactly that amount (shared/PAYMENTS.md §1). Not sent for a permanent account.
	Amount money.Money
	// Permanent asks for a static account that takes any amount any number of times and never
	// expires; the provider then requires the customer's 11-digit BVN.
	Permanent bool
	// BVN is sent to the provider for a permanent account and kept nowhere.
	BVN string
}

// VirtualAccount is an account the provider opened.
type VirtualAccount struct {
	AccountNumber string
	BankName      string
	// OrderRef is the provider's id of the account ("URF_…"); FlwRef its reference.
	OrderRef, FlwRef string
	// TxRef echoes the request's.
	TxRef     string
	CreatedAt time.Time
	// ExpiresAt is the provider's expiry_date; zero for an account that does not expire.
	ExpiresAt time.Time
	// Frequency is how many payments the account takes; 0 for any number ("N/A", static).
	Frequency int
	// Amount is what the account expects; zero when it takes any amount.
	Amount money.Money
}

// Transaction is a payment as the provider's verify call reports it.
type Transaction struct {
	// ID is the provider's transaction id (a number on its wire, kept as its decimal text).
	ID     string
	TxRef  string
	FlwRef string
	Amount money.Money
	// AppFee is the provider's fee on the payment: it keeps AppFee and settles Amount - AppFee to
	// the merchant's balance.
	AppFee   money.Money
	Currency string
	// Status is "successful", "failed" or "pending" (lower case, as the provider writes it).
	Status      string
	PaymentType string
	// Payer is who sent the money as the payer's bank reports it ("" when not given).
	Payer     string
	CreatedAt time.Time
}

// Successful is the status of a completed payment.
const Successful = "successful"

// NGN is the only currency Zuum takes.
const NGN = "NGN"

// Error is an answer of the provider that is not a success: its HTTP status and its message.
type Error struct {
	Status  int
	Message string
}

func (e *Error) Error() string {
	return fmt.Sprintf("payment provider: %d %s", e.Status, e.Message)
}

// Definite reports whether the provider answered about the request itself (a 4xx such as "No
// transaction was found for this id": asking again gets the same answer) rather than failed (a
// 5xx, a timeout, no answer) or refused us (401/403: our keys; 408, 429: try later), which
// asking again later may mend.
func Definite(err error) bool {
	var e *Error
	if !errors.As(err, &e) || e.Status < 400 || e.Status >= 500 {
		return false
	}
	switch e.Status {
	case 401, 403, 408, 429:
		return false
	}
	return true
}
