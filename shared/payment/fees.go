package payment

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"

	"zuum/shared/ledger"
	"zuum/shared/money"
)

// The provider's fees in Zuum's books. A charge (a deposit, a payment link's payment) credits
// what the payer sent, but the provider settles only amount - app_fee to the merchant's balance,
// so the charge's movement books Clearing -(amount - app_fee) and ledger.ProviderFees -app_fee
// (chargeLegs). A transfer costs the merchant the fee GET /transfers/fee reports on top of its
// amount, so a withdrawal's movement books Clearing +fee and ProviderFees -fee besides its own
// legs, and a failed transfer's reversal gives both back, as the provider does. -(Clearing) is
// then what the provider holds (GET /balances/NGN): the admin ledger's drift is the difference.

// ProviderFee is the entry type of the provider's fees, on ledger.ProviderFees and on Clearing.
const ProviderFee = "provider_fee"

// chargeLegs are a verified charge's legs on the platform's side: Clearing takes what the
// provider settled (amount - app_fee), ProviderFees the app_fee. counterparty names the payer's
// user in the platform accounts' history.
func chargeLegs(tx Transaction, counterparty string) []ledger.Leg {
	legs := []ledger.Leg{{Account: ledger.Clearing, Amount: -(tx.Amount - tx.AppFee), Type: "deposit", Counterparty: counterparty, Reference: "flw:" + tx.ID}}
	if tx.AppFee > 0 {
		legs = append(legs, ledger.Leg{Account: ledger.ProviderFees, Amount: -tx.AppFee, Type: ProviderFee, Counterparty: counterparty, Reference: "flw:" + tx.ID})
	}
	return legs
}

type feeData struct {
	Currency string      `json:"currency"`
	FeeType  string      `json:"fee_type"`
	Fee      json.Number `json:"fee"`
}

// TransferFee implements Payouts: GET /transfers/fee?amount=&currency=NGN, whose data is a list
// [{currency, fee_type: "value", fee}] (shared/PAYMENTS.md §2). The fee may carry more than two
// decimals (26.875): it is rounded half up to the kobo. Only a "value" fee in NGN is believed; an
// answer without one is a 502.
func (f *Flutterwave) TransferFee(ctx context.Context, amount money.Money) (money.Money, error) {
	var list []feeData
	q := url.Values{"amount": {amount.Decimal()}, "currency": {NGN}}
	if err := f.call(ctx, http.MethodGet, "/transfers/fee?"+q.Encode(), nil, &list); err != nil {
		return 0, err
	}
	for _, d := range list {
		if strings.EqualFold(d.Currency, NGN) && strings.EqualFold(d.FeeType, "value") {
			fee, err := money.Rounded(d.Fee)
			if err != nil || fee < 0 {
				return 0, &Error{Status: http.StatusBadGateway, Message: "unreadable transfer fee " + d.Fee.String()}
			}
			return fee, nil
		}
	}
	return 0, &Error{Status: http.StatusBadGateway, Message: "no NGN transfer fee of type value"}
}

// ProviderBalance is the merchant's NGN balance at the provider.
type ProviderBalance struct {
	// Available is what can be spent now; Ledger also counts what is still settling. The books
	// are compared with Ledger: a charge is credited as soon as it is verified, before the
	// provider settles it to the available balance.
	Available, Ledger money.Money
}

type balanceData struct {
	Currency         string      `json:"currency"`
	AvailableBalance json.Number `json:"available_balance"`
	LedgerBalance    json.Number `json:"ledger_balance"`
}

// Balance reads the merchant's NGN balance: GET /balances/NGN, whose data is {currency,
// available_balance, ledger_balance} ("Wallet balance fetched"). Figures with more than two
// decimals are rounded half up to the kobo.
func (f *Flutterwave) Balance(ctx context.Context) (ProviderBalance, error) {
	var d balanceData
	if err := f.call(ctx, http.MethodGet, "/balances/"+NGN, nil, &d); err != nil {
		return ProviderBalance{}, err
	}
	if !strings.EqualFold(d.Currency, NGN) {
		return ProviderBalance{}, &Error{Status: http.StatusBadGateway, Message: "balance in " + d.Currency + ", not NGN"}
	}
	avail, err1 := money.Rounded(d.AvailableBalance)
	ledgerBal, err2 := money.Rounded(d.LedgerBalance)
	if err1 != nil || err2 != nil {
		return ProviderBalance{}, &Error{Status: http.StatusBadGateway, Message: "unreadable balance"}
	}
	return ProviderBalance{Available: avail, Ledger: ledgerBal}, nil
}
