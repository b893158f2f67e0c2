package seed

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"

	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/profile"
)

// Listeners are the demo listeners: fans who buy beats rather than post. Sign-up knows no
// listener identity, so they are artists with nothing uploaded. Apply creates them with Demos.
var Listeners = []Demo{
	{"chioma_listens", "Chioma", "Eze", "chioma@demo.zuum.ng", "Afrobeats fan in Port Harcourt. Buying beats for my first EP.", profile.Artist},
	{"femi_vibes", "Femi", "Bakare", "femi@demo.zuum.ng", "Weekend DJ from Ibadan. Always digging for new sounds.", profile.Artist},
}

// Deposits is what each demo listener has paid into their wallet, by username.
var Deposits = map[string]money.Money{
	"chioma_listens": 25_000 * money.Naira,
	"femi_vibes":     10_000 * money.Naira,
}

// Wallets pays the Deposits into the demo listeners' wallets the way a listener does: the app
// opens a deposit account for the amount (POST /api/payment/deposit-account), the payment sandbox on the
// edge at edgeURL takes a bank transfer into it, and its webhook credits the wallet. settle waits
// for the webhook; the ledger is only read, to skip wallets paid into before and to check the
// credit arrived. hc is the HTTP client for the app (nil: a plain one). It returns how many
// wallets it paid into.
func Wallets(ctx context.Context, appURL, edgeURL string, hc *http.Client, sessions Sessions, l *ledger.Store, settle func(context.Context) error) (paid int, err error) {
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	bank := &client{base: edgeURL, http: &http.Client{Timeout: 30 * time.Second}}
	for _, d := range Listeners {
		amount := Deposits[d.Username]
		login, err := sessions.OpenSession(ctx, d.Email)
		if err != nil {
			return paid, fmt.Errorf("session of %s: %w", d.Username, err)
		}
		before, err := l.Balance(ctx, login.Account.ID)
		if err != nil {
			return paid, err
		}
		if amount <= 0 || before.Totals["deposit"] > 0 {
			continue
		}
		var acct struct {
			Data struct {
				AccountNumber string `json:"accountNumber"`
			} `json:"data"`
		}
		opener := &client{base: appURL, http: &http.Client{Timeout: hc.Timeout, Transport: keyed{hc.Transport, uuid.NewString()}}}
		if err := opener.do(ctx, "POST", "/api/payment/deposit-account", login.Token, map[string]any{"amount": amount}, &acct); err != nil {
			return paid, err
		}
		transfer := map[string]any{
			"account_number": acct.Data.AccountNumber, "amount": amount,
			"payer": d.FirstName + " " + d.LastName, "payer_bank": "GTBank",
		}
		if err := bank.do(ctx, "POST", "/_flutterwave/sandbox/pay-in", "", transfer, nil); err != nil {
			return paid, err
		}
		if err := settle(ctx); err != nil {
			return paid, err
		}
		after, err := l.Balance(ctx, login.Account.ID)
		if err != nil {
			return paid, err
		}
		if after.Amount != before.Amount+amount {
			return paid, fmt.Errorf("%s paid in %s, but the wallet holds %s", d.Username, amount, after.Amount)
		}
		paid++
	}
	return paid, nil
}

// keyed sends every request with one Idempotency-Key: the seed's attempt at opening one account.
type keyed struct {
	next http.RoundTripper
	key  string
}

func (k keyed) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Idempotency-Key", k.key)
	next := k.next
	if next == nil {
		next = http.DefaultTransport
	}
	return next.RoundTrip(r)
}
