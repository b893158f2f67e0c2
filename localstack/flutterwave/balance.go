package flutterwave

import (
	"net/http"
	"strings"

	"zuum/shared/money"
	"zuum/shared/payment"
)

// The merchant's NGN balance at the provider (s.balance, guarded by s.mu): it starts at 0, grows
// by what each successful charge settles (its amount less app_fee), shrinks by amount + fee when
// a transfer is queued, and gets amount + fee back when that transfer FAILS. A transfer the
// balance cannot cover is queued and then FAILS at once, as the provider reports it ("DISBURSE
// FAILED: Insufficient funds in customer wallet", shared/PAYMENTS.md §6), taking nothing. Zuum's
// books keep its mirror (ledger.Clearing), so GET /v3/balances/NGN is what they are checked against.

// App fee: Flutterwave's price for a local (NGN) payment, "1.4% of the transaction amount, capped
// at NGN 2000" (flutterwave.com/us/support/payment-methods/afrigo-cards, "For local payments"); the
// charge.completed sample in shared/PAYMENTS.md §4 agrees (50,000 paid, app_fee 700), as does the
// documented bank-transfer sample (1,000 paid, 14 fee, 986 settled). The same page adds 7.5% VAT on
// fees and ₦50 stamp duty above ₦10,000, which the sandbox leaves out. They are the provider's
// figures, not Zuum's, so they live here and not in shared/terms.
const (
	appFeePerMille = 14
	appFeeCap      = 2_000 * money.Naira
)

// AppFee is the provider's fee on a charge of amount: 1.4%, rounded half up to the kobo, at most
// ₦2,000 (reached from ₦142,857.15).
func AppFee(amount money.Money) money.Money {
	return min((amount*appFeePerMille+500)/1000, appFeeCap)
}

// InsufficientFunds is the complete_message of a transfer the balance could not pay.
const InsufficientFunds = "DISBURSE FAILED: Insufficient funds in customer wallet"

func (s *Sandbox) balanceRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /_flutterwave/v3/balances/{currency}", s.bearer(s.getBalance))
}

// Balance is the merchant's NGN balance.
func (s *Sandbox) Balance() money.Money {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.balance
}

// TopUp adds amount to the merchant's balance, as funding it from the merchant's bank account does.
// It is for tools that credit the ledger without a charge (localstack/bench): paying the same in
// here keeps the books and the balance agreeing. The app never tops up.
func (s *Sandbox) TopUp(amount money.Money) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.balance += amount
	s.changed()
}

// charged prices a new charge and, when it succeeded, settles its amount less app_fee into the
// balance; the caller holds s.mu.
func (s *Sandbox) charged(t *transaction) {
	t.AppFee = AppFee(t.Amount)
	if t.Status == payment.Successful {
		s.balance += t.Amount - t.AppFee
	}
}

// debit takes a queued transfer's amount and fee from the balance; false (and nothing taken)
// when the balance cannot cover them. The caller holds s.mu.
func (s *Sandbox) debit(t *transfer) bool {
	if s.balance < t.Amount+t.Fee {
		return false
	}
	s.balance -= t.Amount + t.Fee
	t.Debited = true
	return true
}

// refund gives a FAILED transfer's amount and fee back when they were taken; the caller holds s.mu.
func (s *Sandbox) refund(t *transfer) {
	if t.Debited {
		s.balance += t.Amount + t.Fee
		t.Debited = false
	}
}

// failUnfunded ends a transfer the balance could not pay FAILED, with its webhook (sent in the
// background, so the queued answer still goes first on the wire of a sane app).
func (s *Sandbox) failUnfunded(reference string) {
	s.complete(reference, payment.TransferFailed, strings.TrimPrefix(InsufficientFunds, "DISBURSE FAILED: "), true)
}

// getBalance is v3 GET /balances/{currency}: only NGN is held.
func (s *Sandbox) getBalance(w http.ResponseWriter, r *http.Request) {
	if cur := strings.ToUpper(r.PathValue("currency")); cur != payment.NGN {
		fail(w, http.StatusBadRequest, "Invalid currency "+cur)
		return
	}
	b := s.Balance()
	reply(w, http.StatusOK, "Wallet balance fetched", map[string]any{
		"currency": payment.NGN, "available_balance": b, "ledger_balance": b,
	})
}
