package notify

import "zuum/shared/money"

// Kinds of a withdrawal's end. Each is put in the settlement's own ledger transaction (the
// movement's condition lets one settlement through), so it exists exactly when the withdrawal
// settled, however often the webhook, the reconciler or an admin report it. Its actor is Zuum
// (name "Zuum", no actor id) and its PostID is the withdrawal's id.
const (
	// WithdrawalCompleted: the bank transfer went through.
	WithdrawalCompleted Kind = "WITHDRAWAL_COMPLETED"
	// WithdrawalFailed: the provider failed the transfer; amount and fee are back in the wallet.
	WithdrawalFailed Kind = "WITHDRAWAL_FAILED"
)

// WithdrawalCompletedMessage: "Your withdrawal of ₦5,000.00 to Guaranty Trust Bank 0123456789 was
// completed."
func WithdrawalCompletedMessage(amount money.Money, bank, number string) string {
	return "Your withdrawal of " + amount.String() + " to " + bank + " " + number + " was completed."
}

// WithdrawalFailedMessage: "Your withdrawal of ₦5,000.00 to Guaranty Trust Bank 0123456789 failed.
// ₦5,025.00 was refunded to your wallet." (the amount and its fee).
func WithdrawalFailedMessage(amount, refunded money.Money, bank, number string) string {
	return "Your withdrawal of " + amount.String() + " to " + bank + " " + number + " failed. " +
		refunded.String() + " was refunded to your wallet."
}
