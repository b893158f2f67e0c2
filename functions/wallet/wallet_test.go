package wallet_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"zuum/localstack/apptest"
	"zuum/shared/httpapi"
	"zuum/shared/ledger"
	"zuum/shared/money"
)

type member struct {
	c        *apptest.Client
	id, name string
}

func join(t *testing.T, app *apptest.App, name string) member {
	t.Helper()
	c := app.Client(t)
	r := app.NewUser(t, c, name)
	return member{c: c, id: r.Body["profile"].(map[string]any)["id"].(string), name: name}
}

// books moves money the way the beat and payment groups do, through the ledger itself.
type books struct {
	t   *testing.T
	app *apptest.App
	l   *ledger.Store
	n   int
}

func newBooks(t *testing.T, app *apptest.App) *books {
	return &books{t: t, app: app, l: app.Ledger()}
}

func (b *books) move(kind ledger.Kind, legs ...ledger.Leg) {
	b.t.Helper()
	b.n++
	if _, err := b.l.Move(context.Background(), ledger.Movement{
		Kind: kind, Legs: legs, Once: ledger.Once{Key: fmt.Sprintf("test#%s#%d", kind, b.n)},
	}); err != nil {
		b.t.Fatalf("%s: %v", kind, err)
	}
}

// deposit pays amount into m's wallet from the provider's clearing account.
func (b *books) deposit(m member, amount money.Money, ref string) {
	b.t.Helper()
	b.move("deposit",
		ledger.Leg{Account: ledger.User(m.id), Amount: amount, Type: "deposit", Counterparty: "Bank transfer", Reference: ref},
		ledger.Leg{Account: ledger.Clearing, Amount: -amount, Type: "deposit", Reference: ref})
}

// purchase has buyer pay price to seller, the platform keeping 10 %.
func (b *books) purchase(buyer, seller member, price money.Money, ref string) {
	b.t.Helper()
	commission := price / 10
	b.move("purchase",
		ledger.Leg{Account: ledger.User(buyer.id), Amount: -price, Type: "purchase", Counterparty: seller.name, Reference: ref},
		ledger.Leg{Account: ledger.User(seller.id), Amount: price - commission, Type: "sale", Counterparty: buyer.name, Reference: ref},
		ledger.Leg{Account: ledger.Commission, Amount: commission, Type: "commission", Reference: ref})
}

type entry struct {
	ID           string      `json:"id"`
	Type         string      `json:"type"`
	Amount       money.Money `json:"amount"`
	Direction    string      `json:"direction"`
	Counterparty string      `json:"counterparty"`
	Date         string      `json:"date"`
	Status       string      `json:"status"`
	Reference    string      `json:"reference"`
	Link         *link       `json:"link"`
}

type link struct {
	Kind string `json:"kind"`
	ID   string `json:"id"`
}

type wallet struct {
	Balance  money.Money `json:"balance"`
	Currency string      `json:"currency"`
	Recent   []entry     `json:"recent"`
	Totals   struct {
		Purchases money.Money `json:"purchases"`
		Sales     money.Money `json:"sales"`
		Deposits  money.Money `json:"deposits"`
	} `json:"totals"`
}

type history struct {
	Transactions []entry            `json:"transactions"`
	Pagination   httpapi.Pagination `json:"pagination"`
}

// decode reads an answer's body strictly (amounts through money.Money, never a float).
func decode(t *testing.T, r apptest.Response, v any) {
	t.Helper()
	if r.Status != http.StatusOK {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
	dec := json.NewDecoder(bytes.NewReader(r.Raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("decode %s: %v", r.Raw, err)
	}
}

func walletOf(t *testing.T, m member) wallet {
	t.Helper()
	var w wallet
	decode(t, m.c.JSON("GET", "/api/wallet", nil), &w)
	return w
}

func historyOf(t *testing.T, m member, query url.Values) history {
	t.Helper()
	var h history
	decode(t, m.c.JSON("GET", "/api/wallet/transactions?"+query.Encode(), nil), &h)
	return h
}

func refs(entries []entry) []string {
	out := []string{}
	for _, e := range entries {
		out = append(out, e.Reference)
	}
	return out
}

func TestWallet_NeedsASession(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	anon := app.Client(t)
	for _, path := range []string{"/api/wallet", "/api/wallet/transactions", "/api/wallet/transactions?type=sale"} {
		if r := anon.JSON("GET", path, nil); r.Status != http.StatusUnauthorized || r.Message() != "Unauthorized: Invalid or missing token" {
			t.Errorf("%s: %d %s", path, r.Status, r.Raw)
		}
	}
	if r := anon.JSON("POST", "/api/wallet", nil); r.Status != http.StatusNotFound || r.Message() != "Route not found." {
		t.Errorf("POST: %d %s", r.Status, r.Raw)
	}
}

func TestWallet_AnEmptyWalletAnswersZeros(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	m := join(t, app, "new_listener")
	r := m.c.JSON("GET", "/api/wallet", nil)
	if want := `{"balance":0,"currency":"NGN","recent":[],"totals":{"purchases":0,"sales":0,"deposits":0}}`; string(bytes.TrimSpace(r.Raw)) != want {
		t.Errorf("got  %s\nwant %s", r.Raw, want)
	}
	h := historyOf(t, m, nil)
	if len(h.Transactions) != 0 || h.Pagination.Total != 0 || h.Pagination.HasNext || h.Pagination.Next != nil {
		t.Errorf("history of an empty wallet: %+v", h)
	}
}

func TestWallet_BalanceRecentAndTotalsFollowRealMovements(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	buyer, seller := join(t, app, "ada_sings"), join(t, app, "kel_on_the_beat")
	b := newBooks(t, app)
	b.deposit(buyer, 5000*money.Naira, "flw-1")
	b.deposit(buyer, 250050, "flw-2") // ₦2,500.50
	b.deposit(buyer, 29, "flw-3")     // ₦0.29, which no float64 holds exactly
	b.purchase(buyer, seller, 999*money.Naira, "purchase-1")

	w := walletOf(t, buyer)
	if w.Balance != 650179 || w.Currency != "NGN" { // 5000 + 2500.50 + 0.29 − 999
		t.Errorf("buyer balance %v %s, want ₦6,501.79 NGN", w.Balance, w.Currency)
	}
	if got := refs(w.Recent); fmt.Sprint(got) != "[purchase-1 flw-3 flw-2]" {
		t.Errorf("recent %v, want the 3 newest, newest first", got)
	}
	want := entry{Type: "purchase", Amount: 999 * money.Naira, Direction: "out", Counterparty: "kel_on_the_beat", Status: "completed", Reference: "purchase-1"}
	if got := w.Recent[0]; got.ID == "" || got.Date == "" || got.Link != nil || (entry{Type: got.Type, Amount: got.Amount, Direction: got.Direction, Counterparty: got.Counterparty, Status: got.Status, Reference: got.Reference}) != want {
		t.Errorf("newest entry %+v, want %+v", got, want)
	}
	if d := w.Recent[1]; d.Direction != "in" || d.Amount != 29 || d.Counterparty != "Bank transfer" {
		t.Errorf("deposit entry %+v", d)
	}
	if w.Totals.Purchases != 999*money.Naira || w.Totals.Sales != 0 || w.Totals.Deposits != 750079 {
		t.Errorf("buyer totals %+v", w.Totals)
	}

	s := walletOf(t, seller)
	if s.Balance != 89910 || s.Totals.Sales != 89910 || s.Totals.Purchases != 0 || s.Totals.Deposits != 0 {
		t.Errorf("seller wallet %+v, want ₦899.10 from the sale", s)
	}
	if len(s.Recent) != 1 || s.Recent[0].Type != "sale" || s.Recent[0].Direction != "in" || s.Recent[0].Counterparty != "ada_sings" {
		t.Errorf("seller's history %+v", s.Recent)
	}
	if raw := string(seller.c.JSON("GET", "/api/wallet", nil).Raw); !bytes.Contains([]byte(raw), []byte(`"balance":899.1,`)) {
		t.Errorf("the balance is not naira on the wire: %s", raw)
	}
}

func TestWalletTransactions_FilterByType(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	buyer, seller := join(t, app, "ada_sings"), join(t, app, "kel_on_the_beat")
	b := newBooks(t, app)
	b.deposit(buyer, 10_000*money.Naira, "flw-1")
	b.purchase(buyer, seller, 999*money.Naira, "purchase-1")
	b.deposit(seller, 100*money.Naira, "flw-2")
	b.purchase(buyer, seller, 1500*money.Naira, "purchase-2")

	for _, c := range []struct {
		who  member
		typ  string
		want string
	}{
		{buyer, "", "[purchase-2 purchase-1 flw-1]"},
		{buyer, "purchase", "[purchase-2 purchase-1]"},
		{buyer, "deposit", "[flw-1]"},
		{buyer, "sale", "[]"},
		{seller, "sale", "[purchase-2 purchase-1]"},
		{seller, "deposit", "[flw-2]"},
		{seller, "", "[purchase-2 flw-2 purchase-1]"},
	} {
		h := historyOf(t, c.who, url.Values{"type": {c.typ}})
		if got := fmt.Sprint(refs(h.Transactions)); got != c.want {
			t.Errorf("%s type=%q: %s, want %s", c.who.name, c.typ, got, c.want)
		}
		if h.Pagination.Total != int64(len(h.Transactions)) {
			t.Errorf("%s type=%q: total %d for %d entries", c.who.name, c.typ, h.Pagination.Total, len(h.Transactions))
		}
		for _, e := range h.Transactions {
			if c.typ != "" && e.Type != c.typ {
				t.Errorf("%s type=%q listed a %s", c.who.name, c.typ, e.Type)
			}
		}
	}
}

func TestWalletTransactions_AnUnknownTypeOrBadPagingIs400(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	m := join(t, app, "ada_sings")
	const types = "type must be one of purchase, sale, deposit, transfer, withdrawal, fee or subscription."
	for query, msg := range map[string]string{
		"type=transfers":  types,
		"type=commission": types,
		"type=Deposit":    types,
		"limit=0":         "limit must be between 1 and 50.",
		"cursor=nonsense": "Invalid cursor.",
	} {
		if r := m.c.JSON("GET", "/api/wallet/transactions?"+query, nil); r.Status != http.StatusBadRequest || r.Message() != msg {
			t.Errorf("%s: %d %s", query, r.Status, r.Raw)
		}
	}
}

func TestWalletTransactions_PagesByCursorAcrossPagesAndByNumber(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	m := join(t, app, "ada_sings")
	b := newBooks(t, app)
	for i := 1; i <= 7; i++ {
		b.deposit(m, money.Money(i)*money.Naira, fmt.Sprintf("flw-%d", i))
	}
	var seen []string
	q := url.Values{"limit": {"3"}}
	for page := 1; ; page++ {
		h := historyOf(t, m, q)
		p := h.Pagination
		if p.Total != 7 || p.TotalPages != 3 || p.CurrentPage != page || p.HasPrev != (page > 1) || p.HasNext != (page < 3) {
			t.Errorf("page %d: pagination %+v", page, p)
		}
		seen = append(seen, refs(h.Transactions)...)
		if p.Next == nil {
			break
		}
		if page == 3 {
			t.Fatal("a fourth page")
		}
		q = url.Values{"limit": {"3"}, "cursor": {*p.Next}, "page": {fmt.Sprint(page + 1)}}
	}
	if got := fmt.Sprint(seen); got != "[flw-7 flw-6 flw-5 flw-4 flw-3 flw-2 flw-1]" {
		t.Errorf("pages by cursor: %s", got)
	}
	if got := fmt.Sprint(refs(historyOf(t, m, url.Values{"limit": {"3"}, "page": {"2"}}).Transactions)); got != "[flw-4 flw-3 flw-2]" {
		t.Errorf("page=2 without a cursor: %s", got)
	}
	if r := m.c.JSON("GET", "/api/wallet/transactions?limit=3&page=4", nil); r.Status != http.StatusBadRequest || r.Message() != "page must be between 1 and 3." {
		t.Errorf("page past the end: %d %s", r.Status, r.Raw)
	}
	// A cursor of the deposits filter does not continue another filter's list.
	first := historyOf(t, m, url.Values{"limit": {"3"}, "type": {"deposit"}})
	if r := m.c.JSON("GET", "/api/wallet/transactions?type=purchase&cursor="+url.QueryEscape(*first.Pagination.Next), nil); r.Status != http.StatusBadRequest || r.Message() != "Invalid cursor." {
		t.Errorf("a deposits cursor on purchases: %d %s", r.Status, r.Raw)
	}
}

func TestWallet_AnotherUsersEntriesAreNeverVisible(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	rich, other := join(t, app, "ada_sings"), join(t, app, "tunde_flows")
	b := newBooks(t, app)
	for i := 1; i <= 4; i++ {
		b.deposit(rich, 1000*money.Naira, fmt.Sprintf("flw-%d", i))
	}
	if w := walletOf(t, other); w.Balance != 0 || len(w.Recent) != 0 || w.Totals.Deposits != 0 {
		t.Errorf("another user's wallet shows %+v", w)
	}
	if h := historyOf(t, other, nil); len(h.Transactions) != 0 || h.Pagination.Total != 0 {
		t.Errorf("another user's history shows %+v", h)
	}
	// Nor does the rich user's cursor open their list to someone else.
	next := historyOf(t, rich, url.Values{"limit": {"2"}}).Pagination.Next
	if next == nil {
		t.Fatal("no second page")
	}
	r := other.c.JSON("GET", "/api/wallet/transactions?limit=2&cursor="+url.QueryEscape(*next), nil)
	if r.Status != http.StatusBadRequest || r.Message() != "Invalid cursor." {
		t.Errorf("another user's cursor: %d %s", r.Status, r.Raw)
	}
}

// The samples in events/wallet are what `make invoke` replays.
func TestEvents_WalletSamplesThroughTheLambdaAdapter(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	res := app.Replay(t, "wallet", "events/wallet/transactions-no-session.json")
	if res.StatusCode != http.StatusUnauthorized || !bytes.Contains([]byte(res.Body), []byte("Unauthorized: Invalid or missing token")) {
		t.Errorf("%d %s", res.StatusCode, res.Body)
	}
}
