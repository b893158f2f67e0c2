package payment_test

import (
	"errors"
	"testing"

	"zuum/shared/billing"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/payment"
)

func TestWithdrawalRefusal(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name            string
		amount, balance money.Money
		want            error
	}{
		{"no amount", 0, 1000 * money.Naira, payment.ErrAmountRequired},
		{"below the minimum", payment.MinWithdrawal - 1, 1000 * money.Naira, payment.ErrMinWithdrawal},
		{"the minimum with its fee", payment.MinWithdrawal, payment.MinWithdrawal + payment.WithdrawalFee, nil},
		{"the fee not covered", payment.MinWithdrawal, payment.MinWithdrawal + payment.WithdrawalFee - 1, payment.ErrInsufficient},
		{"more than any wallet holds", money.Max - payment.WithdrawalFee + 1, money.Max, payment.ErrAmountTooLarge},
		{"the largest", money.Max - payment.WithdrawalFee, money.Max, nil},
		{"an empty wallet", 500 * money.Naira, 0, payment.ErrInsufficient},
	} {
		if got := payment.WithdrawalRefusal(c.amount, c.balance); !errors.Is(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestNeedsStepUp(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		used bool
		otp  string
		want payment.StepUpStep
	}{
		{true, "", payment.StepUpNone},
		{true, "123456", payment.StepUpNone},
		{false, "", payment.StepUpSend},
		{false, "123456", payment.StepUpCheck},
	} {
		if got := payment.NeedsStepUp(c.used, c.otp); got != c.want {
			t.Errorf("used %v, otp %q: %v, want %v", c.used, c.otp, got, c.want)
		}
	}
}

// A withdrawal's legs balance and book the fees where they belong; its reversal gives every leg
// back, so a failed transfer returns the wallet its amount and fee and the provider's fee to
// Clearing.
func TestPayoutLegsAndTheirReversal(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name        string
		providerFee money.Money
		legs        int
	}{
		{"no provider fee", 0, 4},
		{"a provider fee", 1075, 6},
	} {
		p := billing.Payout{ID: "w1", Payer: "u1", PayerName: "ada", Amount: 500 * money.Naira, Fee: payment.WithdrawalFee,
			ProviderFee: c.providerFee, To: "GTBank 0123456789"}
		legs := billing.PayoutLegs(p)
		if len(legs) != c.legs {
			t.Fatalf("%s: %d legs, want %d", c.name, len(legs), c.legs)
		}
		by := sums(t, legs)
		want := map[ledger.Account]money.Money{
			ledger.User("u1"): -(500*money.Naira + payment.WithdrawalFee), ledger.Clearing: 500*money.Naira + c.providerFee,
			ledger.Fees: payment.WithdrawalFee, ledger.ProviderFees: -c.providerFee,
		}
		for a, m := range want {
			if by[a] != m {
				t.Errorf("%s: %s moves %d, want %d", c.name, a, by[a], m)
			}
		}
		back := sums(t, ledger.Reversal(p.ID, legs))
		for a, m := range by {
			if back[a] != -m {
				t.Errorf("%s: the reversal gives %s %d, want %d", c.name, a, back[a], -m)
			}
		}
		w := payment.Withdrawal{Amount: p.Amount, Fee: p.Fee}
		if got := payment.GivenBack(w); got != -by[ledger.User("u1")] {
			t.Errorf("%s: GivenBack %d, the reversal gives the wallet %d", c.name, got, back[ledger.User("u1")])
		}
	}
}

// sums adds legs by account, checking they balance.
func sums(t *testing.T, legs []ledger.Leg) map[ledger.Account]money.Money {
	by := map[ledger.Account]money.Money{}
	var total money.Money
	for _, l := range legs {
		by[l.Account] += l.Amount
		total += l.Amount
	}
	if total != 0 {
		t.Fatalf("legs %+v sum to %d", legs, total)
	}
	return by
}
