package wallet

import (
	"context"
	"log/slog"
	"net/http"
	"slices"
	"time"

	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/payment"
)

// providerBalance is what the ledger's health asks of the payment provider: the merchant's
// balance (payment.Flutterwave).
type providerBalance interface {
	Balance(ctx context.Context) (payment.ProviderBalance, error)
}

// providerTimeout bounds the provider's balance call, well inside the function's 10 s.
const providerTimeout = 4 * time.Second

// Admin is the admin Lambda's router (functions/admin's Handler): Handle mounts a route only an
// approved admin reaches (httpapi.RequireAdmin).
type Admin interface {
	Handle(pattern string, fn func(w http.ResponseWriter, r *http.Request, a httpapi.AdminPrincipal))
}

// AdminRoutes mounts GET /api/admin/ledger on the admin Lambda: the ledger's health beside the
// provider's balance.
func AdminRoutes(h Admin, l *ledger.Store, p providerBalance) {
	h.Handle("GET /api/admin/ledger", func(w http.ResponseWriter, r *http.Request, _ httpapi.AdminPrincipal) {
		ledgerHealth(w, r, l, p)
	})
}

// platformAccounts are listed in the health report even before any money reaches them.
var platformAccounts = []ledger.Account{ledger.Commission, ledger.Fees, ledger.Clearing, ledger.Held, ledger.ProviderFees}

// providerJSON compares the books with the provider: balance is what the provider says it holds
// for the merchant (its ledger_balance; null when it could not be asked), clearing what the books
// say it holds (-ledger.Clearing), drift their difference (null with balance). Drift is 0 when
// every charge, fee and transfer the provider made is booked; it reads exactly only while no
// money is moving (a withdrawal between its booking and the provider's queuing, a charge whose
// webhook is still on its way show as drift until they land).
type providerJSON struct {
	Balance  *money.Money `json:"balance"`
	Clearing money.Money  `json:"clearing"`
	Drift    *money.Money `json:"drift"`
	// Error says why balance is null.
	Error string `json:"error,omitempty"`
}

// ledgerHealthJSON is the ledger's health: the sum of every balance (0 when healthy), each
// platform account's balance, and what is wrong (movements whose entries do not sum to zero,
// accounts whose balance is not the sum of their entries, user accounts below zero: all empty
// when healthy).
type ledgerHealthJSON struct {
	Sum        money.Money            `json:"sum"`
	Accounts   map[string]money.Money `json:"accounts"`
	Unbalanced []string               `json:"unbalanced"`
	Drifted    []string               `json:"drifted"`
	Negative   []string               `json:"negative"`
	Movements  int                    `json:"movements"`
	Healthy    bool                   `json:"healthy"`
	Provider   providerJSON           `json:"provider"`
}

// ledgerHealth answers from ledger.Audit, which reads the whole Ledger table: its cost grows with
// the ledger (a strongly consistent read unit per 4 KB, about a dozen entries), which an admin's occasional look affords
// and no user-facing route would.
func ledgerHealth(w http.ResponseWriter, r *http.Request, l *ledger.Store, p providerBalance) {
	a, err := l.Audit(r.Context())
	if err != nil {
		httpapi.Error(w, r, failure.Wrap(err, "ledger audit"))
		return
	}
	out := ledgerHealthJSON{
		Sum: a.Sum, Accounts: map[string]money.Money{}, Unbalanced: a.Unbalanced, Movements: a.Movements,
		Drifted: names(a.Drifted), Negative: names(a.Negative),
	}
	for _, acct := range platformAccounts {
		out.Accounts[string(acct)] = 0
	}
	for acct, b := range a.Balances {
		if !acct.IsUser() {
			out.Accounts[string(acct)] = b
		}
	}
	if out.Unbalanced == nil {
		out.Unbalanced = []string{}
	}
	slices.Sort(out.Unbalanced)
	out.Healthy = a.Sum == 0 && len(out.Unbalanced) == 0 && len(out.Drifted) == 0 && len(out.Negative) == 0
	out.Provider = provider(r, -a.Balances[ledger.Clearing], p)
	httpapi.JSON(w, http.StatusOK, out)
}

// names are the accounts' names, sorted.
func names(accts []ledger.Account) []string {
	out := make([]string, 0, len(accts))
	for _, a := range accts {
		out = append(out, string(a))
	}
	slices.Sort(out)
	return out
}

// provider asks the provider's balance right after the audit and compares it with clearing; when
// the provider cannot be asked the rest of the report still answers, with balance and drift null.
func provider(r *http.Request, clearing money.Money, p providerBalance) providerJSON {
	out := providerJSON{Clearing: clearing}
	ctx, cancel := context.WithTimeout(r.Context(), providerTimeout)
	defer cancel()
	b, err := p.Balance(ctx)
	if err != nil {
		slog.WarnContext(r.Context(), "ledger health: provider balance", "request_id", httpapi.RequestID(r), "err", err)
		out.Error = "The payment provider could not be asked for its balance."
		return out
	}
	drift := b.Ledger - clearing
	out.Balance, out.Drift = &b.Ledger, &drift
	return out
}
