package payment

import (
	"zuum/shared/money"
)

// The rules of a withdrawal, as plain functions: Check asks them, the store turns what they decide
// into one ledger movement (Make).

// WithdrawalRefusal is why a withdrawal of amount from a wallet holding balance is refused, nil
// when it is not: no amount, less than MinWithdrawal, more than any wallet could hold with the
// fee, or more than balance once WithdrawalFee comes on top.
func WithdrawalRefusal(amount, balance money.Money) error {
	switch {
	case amount == 0:
		return ErrAmountRequired
	case amount < MinWithdrawal:
		return ErrMinWithdrawal
	case amount > money.Max-WithdrawalFee:
		return ErrAmountTooLarge
	case balance < amount+WithdrawalFee:
		return ErrInsufficient
	}
	return nil
}

// StepUpStep is what a withdrawal's step-up code asks of the request.
type StepUpStep int

// Steps of the step-up code.
const (
	// StepUpNone: the account has had a pending or completed withdrawal of the user's: it is
	// trusted, no code.
	StepUpNone StepUpStep = iota
	// StepUpSend: a new account and no code: mail one, record nothing.
	StepUpSend
	// StepUpCheck: a new account and a code: check it, and consume it with the movement.
	StepUpCheck
)

// NeedsStepUp decides the step-up code of a withdrawal to an account the user has withdrawn to
// before (used) or not, with the code otp ("" when none was sent).
func NeedsStepUp(used bool, otp string) StepUpStep {
	switch {
	case used:
		return StepUpNone
	case otp == "":
		return StepUpSend
	}
	return StepUpCheck
}

// GivenBack is what a failed withdrawal gives back to its owner's wallet: its amount and its fee.
func GivenBack(w Withdrawal) money.Money { return w.Amount + w.Fee }
