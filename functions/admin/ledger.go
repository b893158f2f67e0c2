package admin

import (
	"net/http"
	"slices"

	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/ledger"
	"zuum/shared/money"
)

// mountLedger adds GET /api/admin/ledger, the ledger's health.
func (h *Handler) mountLedger(l *ledger.Store) {
	h.Handle("GET /api/admin/ledger", func(w http.ResponseWriter, r *http.Request, _ httpapi.AdminPrincipal) {
		ledgerHealth(w, r, l)
	})
}

// platformAccounts are listed in the health report even before any money reaches them.
var platformAccounts = []ledger.Account{ledger.Commission, ledger.Fees, ledger.Clearing, ledger.Held}

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
}

// ledgerHealth answers from ledger.Audit, which reads the whole Ledger table: its cost grows with
// the ledger (a strongly consistent read unit per 4 KB, about a dozen entries), which an admin's occasional look affords
// and no user-facing route would.
func ledgerHealth(w http.ResponseWriter, r *http.Request, l *ledger.Store) {
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
