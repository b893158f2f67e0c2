// Package wallet is the /api/wallet route group: the caller's naira wallet as the ledger
// (shared/ledger) keeps it, its balance with the newest entries and what each kind of entry
// moved in all, its history newest first (all or of one type), its statement of a date range as
// CSV, and transfers to other users (shared/transfer); and, to anyone, every price, fee and
// minimum Zuum applies (GET /api/terms, from shared/terms). Other money moves through the routes that
// sell (beat purchases) and pay in and out (the payment group).
package wallet

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"golang.org/x/sync/errgroup"

	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/profile"
	"zuum/shared/promotion"
	"zuum/shared/transfer"
)

// Entry types a wallet's history shows and can be filtered by: what a buyer paid, what a seller
// was paid (after the platform's commission), what was paid in, sent to or received from another
// user, paid out to a bank, charged as a fee (a withdrawal's), and paid for a subscription.
const (
	Purchase     = "purchase"
	Sale         = "sale"
	Deposit      = "deposit"
	Transfer     = transfer.Type
	Withdrawal   = "withdrawal"
	Fee          = "fee"
	Subscription = "subscription"
)

// Types is every entry type, in the order functions/openapi.yaml lists them (WalletEntry.type
// and the history's type filter); a test holds the two together.
var Types = []string{Purchase, Sale, Deposit, Transfer, Withdrawal, Fee, Subscription}

// Statuses is every status an entry can have, as the document lists them.
var Statuses = []string{ledger.Completed, ledger.Pending, ledger.Failed}

// LinkKinds is every kind of thing an entry can link to, as the document lists them.
var LinkKinds = []string{ledger.LinkBeat, ledger.LinkProfile}

// Currency is the only currency a wallet holds.
const Currency = "NGN"

// RecentEntries is how many of the newest entries the wallet's summary shows (the dashboard's
// "3 most recent transactions", spec part 2 §2).
const RecentEntries = 3

// errBadType refuses a history filter that is not an entry type.
var errBadType = failure.New(failure.Invalid, "type must be one of "+
	strings.Join(Types[:len(Types)-1], ", ")+" or "+Types[len(Types)-1]+".")

// Handler serves /api/wallet and /api/wallet/*.
type Handler struct {
	ledger     *ledger.Store
	transfers  *transfer.Service
	promotions *promotion.Store
	mux        *http.ServeMux
}

// New returns the route group over the ledger and the Users table's profiles (transfer
// recipients, and their notifications).
// promotions reads the promotions an entry paid for (in the Ledger table too).
func New(sessions httpapi.Authenticator, l *ledger.Store, profiles *profile.Store, promotions *promotion.Store) *Handler {
	h := &Handler{ledger: l, transfers: transfer.New(l, profiles), promotions: promotions, mux: http.NewServeMux()}
	h.mux.HandleFunc("GET /api/wallet", httpapi.RequireSession(sessions, h.summary))
	h.mux.HandleFunc("GET /api/wallet/transactions", httpapi.RequireSession(sessions, h.transactions))
	h.mux.HandleFunc("GET /api/wallet/statement", httpapi.RequireSession(sessions, h.statement))
	h.mux.HandleFunc("GET /api/terms", h.terms)
	h.mux.HandleFunc("POST /api/wallet/transfer", httpapi.RequireSession(sessions,
		httpapi.IdempotentRebuilt(l, "transfer", h.sent, h.transfer)))
	h.mux.HandleFunc("/", httpapi.NotFound)
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httpapi.Recover(h.mux).ServeHTTP(w, r)
}

// entryJSON is one line of a wallet's history: amount is positive naira, direction says which
// way it went.
type entryJSON struct {
	ID           string      `json:"id"`
	Type         string      `json:"type"`
	Amount       money.Money `json:"amount"`
	Direction    string      `json:"direction"`
	Counterparty string      `json:"counterparty"`
	Date         string      `json:"date"`
	Status       string      `json:"status"`
	Reference    string      `json:"reference"`
	Link         *linkJSON   `json:"link"`
}

// linkJSON is what an entry paid for: a beat (a purchase's or a sale's) or a profile (the other
// side of a transfer); null for the rest.
type linkJSON struct {
	Kind string `json:"kind"`
	ID   string `json:"id"`
}

// withHeld marks pending an entry that paid for a promotion still waiting for an admin: its price
// sits in the held account and comes back in full if the promotion is rejected (or its post
// deleted), so it is not "completed" yet. A promotion that cannot be read leaves the entry as it is.
func (h *Handler) withHeld(ctx context.Context, entries []entryJSON) []entryJSON {
	for i, e := range entries {
		if e.Type != promotion.LegType || e.Direction != "out" || e.Status != ledger.Completed || uuid.Validate(e.Reference) != nil {
			continue
		}
		if p, err := h.promotions.Get(ctx, e.Reference); err == nil && p.Status == promotion.Pending {
			entries[i].Status = ledger.Pending
		}
	}
	return entries
}

func entriesJSON(entries []ledger.Entry) []entryJSON {
	out := make([]entryJSON, 0, len(entries))
	for _, e := range entries {
		j := entryJSON{
			ID: e.ID, Type: e.Type, Amount: e.Amount, Direction: "in", Counterparty: e.Counterparty,
			Date: e.At.UTC().Format(time.RFC3339), Status: e.Status, Reference: e.Reference,
		}
		if e.Link.Kind != "" {
			j.Link = &linkJSON{Kind: e.Link.Kind, ID: e.Link.ID}
		}
		if e.Amount < 0 {
			j.Amount, j.Direction = -e.Amount, "out"
		}
		out = append(out, j)
	}
	return out
}

type totalsJSON struct {
	Purchases money.Money `json:"purchases"`
	Sales     money.Money `json:"sales"`
	Deposits  money.Money `json:"deposits"`
}

type summaryJSON struct {
	Balance  money.Money `json:"balance"`
	Currency string      `json:"currency"`
	Recent   []entryJSON `json:"recent"`
	Totals   totalsJSON  `json:"totals"`
}

func (h *Handler) summary(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	var (
		bal    ledger.Balance
		recent ledger.EntryPage
	)
	g, ctx := errgroup.WithContext(r.Context())
	g.Go(func() (err error) { bal, err = h.ledger.Balance(ctx, me.UserID); return err })
	g.Go(func() (err error) {
		recent, err = h.ledger.Entries(ctx, me.UserID, "", ledger.Page{Limit: RecentEntries})
		return err
	})
	if err := g.Wait(); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, summaryJSON{
		Balance: bal.Amount, Currency: Currency, Recent: h.withHeld(r.Context(), entriesJSON(recent.Entries)),
		Totals: totalsJSON{Purchases: bal.Totals[Purchase], Sales: bal.Totals[Sale], Deposits: bal.Totals[Deposit]},
	})
}

type historyJSON struct {
	Transactions []entryJSON        `json:"transactions"`
	Pagination   httpapi.Pagination `json:"pagination"`
}

func (h *Handler) transactions(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	typ := r.URL.Query().Get("type")
	if typ != "" && !slices.Contains(Types, typ) {
		httpapi.Error(w, r, errBadType)
		return
	}
	p, err := httpapi.ParsePage(r)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	// The wallet's counts give the total; a page asked for by number alone is found by walking
	// the entries before it (httpapi.MaxWalk bounds how far).
	bal, err := h.ledger.Balance(r.Context(), me.UserID)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	total := bal.Counts[typ]
	skip, err := p.Skip(func() (int64, error) { return total, nil })
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	cursor, err := h.walk(r.Context(), me.UserID, typ, p.Cursor, skip)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	page, err := h.ledger.Entries(r.Context(), me.UserID, typ, ledger.Page{Limit: p.Limit, Cursor: cursor})
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, historyJSON{
		Transactions: h.withHeld(r.Context(), entriesJSON(page.Entries)),
		Pagination:   httpapi.NewPagination(total, p, page.Next),
	})
}

// walk returns the cursor that starts after skip entries from cursor.
func (h *Handler) walk(ctx context.Context, userID, typ, cursor string, skip int) (string, error) {
	for skip > 0 {
		page, err := h.ledger.Entries(ctx, userID, typ, ledger.Page{Limit: skip, Cursor: cursor})
		if err != nil {
			return "", err
		}
		skip -= len(page.Entries)
		cursor = page.Next
		if cursor == "" || len(page.Entries) == 0 {
			break
		}
	}
	return cursor, nil
}
