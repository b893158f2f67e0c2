package wallet_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	walletapi "zuum/functions/wallet"
	"zuum/localstack/apptest"
	"zuum/localstack/contract"
	"zuum/shared/ledger"
	"zuum/shared/ledger/ledgertest"
	"zuum/shared/money"
)

// moveAt writes a movement made at the time at.
func (b *books) moveAt(at time.Time, kind ledger.Kind, legs ...ledger.Leg) {
	b.t.Helper()
	b.n++
	if _, err := b.l.Move(context.Background(), ledger.Movement{
		ID: ledgertest.IDAt(at), At: at, Kind: kind, Legs: legs, Once: ledger.Once{Key: fmt.Sprintf("test#%s#%d", kind, b.n)},
	}); err != nil {
		b.t.Fatalf("%s: %v", kind, err)
	}
}

// payIn pays amount into m's wallet at the time at, from a payer.
func (b *books) payIn(at time.Time, m member, amount money.Money, payer, ref string) {
	b.t.Helper()
	b.moveAt(at, "deposit",
		ledger.Leg{Account: ledger.User(m.id), Amount: amount, Type: "deposit", Counterparty: payer, Reference: ref},
		ledger.Leg{Account: ledger.Clearing, Amount: -amount, Type: "deposit", Reference: ref})
}

// lagos is a wall-clock time in Lagos (UTC+1).
func lagos(s string) time.Time {
	t, err := time.Parse("2006-01-02 15:04:05 -0700", s+" +0100")
	if err != nil {
		panic(err)
	}
	return t
}

func statementOf(t *testing.T, m member, from, to string) [][]string {
	t.Helper()
	r := m.c.JSON("GET", "/api/wallet/statement?from="+from+"&to="+to, nil)
	if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "text/csv; charset=utf-8" {
		t.Fatalf("statement %s..%s: %d %s %s", from, to, r.Status, r.Header.Get("Content-Type"), r.Raw)
	}
	if want := fmt.Sprintf(`attachment; filename="zuum-statement-%s-to-%s.csv"`, from, to); r.Header.Get("Content-Disposition") != want {
		t.Errorf("Content-Disposition %q, want %q", r.Header.Get("Content-Disposition"), want)
	}
	rows, err := csv.NewReader(bytes.NewReader(r.Raw)).ReadAll()
	if err != nil {
		t.Fatalf("the statement is not CSV: %v\n%s", err, r.Raw)
	}
	return rows
}

func TestWalletStatement_IsTheRangesEntriesAsCSVThatParsesBack(t *testing.T) {
	t.Parallel()
	_, b, ada, bola := pair(t, "ada_sings", "bola_beats")
	b.payIn(lagos("2026-10-31 23:59:59"), ada, 50*money.Naira, "Bank transfer", "before")
	b.payIn(lagos("2026-11-01 00:00:00"), ada, 500029, `=HYPERLINK("http://evil.example","click")`, "flw-1")
	b.payIn(lagos("2026-11-02 09:15:00"), ada, 1000*money.Naira, "-Okafor, \"Ade\"\nLtd", "+ref")
	b.moveAt(lagos("2026-11-15 18:40:12"), "transfer",
		ledger.Leg{Account: ledger.User(ada.id), Amount: -125050, Type: "transfer", Counterparty: "bola_beats", Reference: "t-1",
			Link: ledger.Link{Kind: ledger.LinkProfile, ID: bola.id}},
		ledger.Leg{Account: ledger.User(bola.id), Amount: 125050, Type: "transfer", Counterparty: "ada_sings", Reference: "t-1"})
	b.moveAt(lagos("2026-11-30 23:59:59"), "withdrawal",
		ledger.Leg{Account: ledger.User(ada.id), Amount: -100 * money.Naira, Type: "withdrawal", Counterparty: "@GTBank 0123456789", Reference: "wd-1", Status: ledger.Pending},
		ledger.Leg{Account: ledger.Clearing, Amount: 100 * money.Naira, Type: "withdrawal", Reference: "wd-1"})
	b.payIn(lagos("2026-12-01 00:00:00"), ada, 70*money.Naira, "Bank transfer", "after")

	rows := statementOf(t, ada, "2026-11-01", "2026-11-30")
	want := [][]string{
		{"date", "type", "direction", "amount", "counterparty", "status", "reference"},
		{"2026-11-01 00:00:00", "deposit", "in", "5000.29", `'=HYPERLINK("http://evil.example","click")`, "completed", "flw-1"},
		{"2026-11-02 09:15:00", "deposit", "in", "1000", "'-Okafor, \"Ade\"\nLtd", "completed", "'+ref"},
		{"2026-11-15 18:40:12", "transfer", "out", "1250.5", "bola_beats", "completed", "t-1"},
		{"2026-11-30 23:59:59", "withdrawal", "out", "100", "'@GTBank 0123456789", "pending", "wd-1"},
	}
	if fmt.Sprintf("%q", rows) != fmt.Sprintf("%q", want) {
		t.Errorf("November:\n got %q\nwant %q", rows, want)
	}
	if rows := statementOf(t, ada, "2026-10-31", "2026-10-31"); len(rows) != 2 || rows[1][6] != "before" {
		t.Errorf("October 31st in Lagos: %q", rows)
	}
	if rows := statementOf(t, bola, "2026-11-01", "2026-11-30"); len(rows) != 2 || rows[1][1] != "transfer" || rows[1][2] != "in" || rows[1][3] != "1250.5" {
		t.Errorf("bola's November: %q", rows)
	}
	if rows := statementOf(t, ada, "2025-12-01", "2026-10-30"); len(rows) != 1 {
		t.Errorf("a range with no entries: %q", rows)
	}
	// 366 days, the most a statement covers, from the first day to the last both included.
	if rows := statementOf(t, ada, "2026-01-01", "2027-01-01"); len(rows) != 7 {
		t.Errorf("the longest range holds %d rows, want the header and 6 entries", len(rows))
	}
}

func TestWalletStatement_BadDatesAreRefused(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	m := join(t, app, "ada_sings")
	for query, msg := range map[string]string{
		"":                                    "from must be a date (YYYY-MM-DD).",
		"to=2026-11-30":                       "from must be a date (YYYY-MM-DD).",
		"from=2026-11-01":                     "to must be a date (YYYY-MM-DD).",
		"from=2026-11-1&to=2026-11-30":        "from must be a date (YYYY-MM-DD).",
		"from=2026-11-01&to=2026-02-30":       "to must be a date (YYYY-MM-DD).",
		"from=2026-11-02&to=2026-11-01":       "from must not be after to.",
		"from=2026-01-01&to=2027-01-02":       "A statement covers at most 366 days.",
		"from=0001-01-01&to=9999-12-31":       "A statement covers at most 366 days.",
		"from=2026-11-01T00:00&to=2026-11-30": "from must be a date (YYYY-MM-DD).",
	} {
		if r := m.c.JSON("GET", "/api/wallet/statement?"+query, nil); r.Status != http.StatusBadRequest || r.Message() != msg {
			t.Errorf("%q: %d %s", query, r.Status, r.Raw)
		}
	}
	if r := app.Client(t).JSON("GET", "/api/wallet/statement?from=2026-11-01&to=2026-11-30", nil); r.Status != http.StatusUnauthorized {
		t.Errorf("without a session: %d %s", r.Status, r.Raw)
	}
}

func TestWalletTransactions_ListEveryTypeWithItsStatusAndLink(t *testing.T) {
	t.Parallel()
	_, b, ada, bola := pair(t, "ada_sings", "bola_beats")
	b.deposit(ada, 50_000*money.Naira, "flw-1")
	b.move("purchase",
		ledger.Leg{Account: ledger.User(ada.id), Amount: -999 * money.Naira, Type: "purchase", Counterparty: "bola_beats", Reference: "p-1",
			Link: ledger.Link{Kind: ledger.LinkBeat, ID: "beat-1"}},
		ledger.Leg{Account: ledger.User(bola.id), Amount: 999 * money.Naira, Type: "sale", Counterparty: "ada_sings", Reference: "p-1",
			Link: ledger.Link{Kind: ledger.LinkBeat, ID: "beat-1"}})
	b.move("withdrawal",
		ledger.Leg{Account: ledger.User(ada.id), Amount: -1000 * money.Naira, Type: "withdrawal", Counterparty: "GTBank", Reference: "wd-1", Status: ledger.Failed},
		ledger.Leg{Account: ledger.Clearing, Amount: 1000 * money.Naira, Type: "withdrawal", Reference: "wd-1"})
	b.move("fee",
		ledger.Leg{Account: ledger.User(ada.id), Amount: -25 * money.Naira, Type: "fee", Counterparty: "Zuum", Reference: "wd-2", Status: ledger.Pending},
		ledger.Leg{Account: ledger.Fees, Amount: 25 * money.Naira, Type: "fee", Reference: "wd-2"})
	b.move("subscription",
		ledger.Leg{Account: ledger.User(ada.id), Amount: -15_000 * money.Naira, Type: "subscription", Counterparty: "Zuum", Reference: "sub-1"},
		ledger.Leg{Account: ledger.Fees, Amount: 15_000 * money.Naira, Type: "subscription", Reference: "sub-1"})

	all := historyOf(t, ada, nil).Transactions
	var got []string
	for _, e := range all {
		l := "null"
		if e.Link != nil {
			l = e.Link.Kind + ":" + e.Link.ID
		}
		got = append(got, e.Type+"/"+e.Status+"/"+l)
	}
	if want := "[subscription/completed/null fee/pending/null withdrawal/failed/null purchase/completed/beat:beat-1 deposit/completed/null]"; fmt.Sprint(got) != want {
		t.Errorf("ada's history %v, want %s", got, want)
	}
	for _, typ := range []string{"withdrawal", "fee", "subscription"} {
		if h := historyOf(t, ada, map[string][]string{"type": {typ}}); len(h.Transactions) != 1 || h.Transactions[0].Type != typ || h.Pagination.Total != 1 {
			t.Errorf("type=%s: %+v", typ, h)
		}
	}
	if s := historyOf(t, bola, nil).Transactions; len(s) != 1 || s[0].Type != "sale" || s[0].Link == nil || *s[0].Link != (link{"beat", "beat-1"}) {
		t.Errorf("bola's sale %+v", s)
	}
}

// The document lists the same entry types, statuses and link kinds as the handler, so a type
// added on one side only fails here rather than in a client.
func TestDocument_WalletEnumsAreTheHandlers(t *testing.T) {
	t.Parallel()
	doc := contract.Default(t).Document()
	entry := doc.Components.Schemas["WalletEntry"].Value
	enum := func(values []any) []string {
		out := []string{}
		for _, v := range values {
			out = append(out, v.(string))
		}
		return out
	}
	if got := enum(entry.Properties["type"].Value.Enum); !slices.Equal(got, walletapi.Types) {
		t.Errorf("WalletEntry.type %v, handler %v", got, walletapi.Types)
	}
	if got := enum(entry.Properties["status"].Value.Enum); !slices.Equal(got, walletapi.Statuses) {
		t.Errorf("WalletEntry.status %v, handler %v", got, walletapi.Statuses)
	}
	if got := enum(entry.Properties["link"].Value.Properties["kind"].Value.Enum); !slices.Equal(got, walletapi.LinkKinds) {
		t.Errorf("WalletEntry.link.kind %v, handler %v", got, walletapi.LinkKinds)
	}
	filter := doc.Paths.Find("/api/wallet/transactions").Get.Parameters.GetByInAndName("query", "type").Schema.Value
	if got := enum(filter.Enum); !slices.Equal(got, append([]string{""}, walletapi.Types...)) {
		t.Errorf("the type filter %v, handler '' and %v", got, walletapi.Types)
	}
}
