package ledger_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"zuum/shared/ledger"
	"zuum/shared/ledger/ledgertest"
	"zuum/shared/money"
)

// depositAt pays amount into user's wallet as a movement made at t.
func depositAt(t *testing.T, l *ledger.Store, user string, amount money.Money, at time.Time, ref string) {
	t.Helper()
	if _, err := l.Move(context.Background(), ledger.Movement{ID: ledgertest.IDAt(at), At: at, Kind: "deposit", Once: ledger.Once{Key: ref}, Legs: []ledger.Leg{
		{Account: ledger.User(user), Amount: amount, Type: "deposit", Counterparty: "Bank transfer", Reference: ref},
		{Account: ledger.Clearing, Amount: -amount, Type: "deposit", Reference: ref},
	}}); err != nil {
		t.Fatalf("deposit %s: %v", ref, err)
	}
}

func TestBetween_ReadsTheEntriesOfATimeRangeOldestFirst(t *testing.T) {
	t.Parallel()
	l := newLedger(t)
	ctx := context.Background()
	jan := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	feb := time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)
	depositAt(t, l, "ada", 100, jan.Add(-time.Millisecond), "before")
	depositAt(t, l, "ada", 200, jan, "first")
	depositAt(t, l, "ada", 300, jan.Add(14*24*time.Hour), "middle")
	depositAt(t, l, "ada", 400, feb.Add(-time.Millisecond), "last")
	depositAt(t, l, "ada", 500, feb, "after")
	depositAt(t, l, "bola", 600, jan.Add(time.Hour), "someone else's")

	got, err := l.Between(ctx, "ada", jan, feb, 10)
	if err != nil {
		t.Fatal(err)
	}
	var refs []string
	for _, e := range got {
		refs = append(refs, e.Reference)
	}
	if fmt.Sprint(refs) != "[first middle last]" {
		t.Fatalf("entries in January: %v, want [first middle last]", refs)
	}
	if got[0].Amount != 200 || got[0].Type != "deposit" || !got[0].At.Equal(jan) {
		t.Fatalf("first entry %+v", got[0])
	}
	if _, err := l.Between(ctx, "ada", jan, feb, 2); !errors.Is(err, ledger.ErrTooManyEntries) {
		t.Fatalf("three entries with a limit of 2: %v", err)
	}
	if got, err := l.Between(ctx, "ada", feb.Add(time.Hour), feb.Add(2*time.Hour), 10); err != nil || len(got) != 0 {
		t.Fatalf("an empty range: %v %v", got, err)
	}
	audit(t, l)
}

func TestMove_KeepsWhatALegPaidFor(t *testing.T) {
	t.Parallel()
	l := newLedger(t)
	ctx := context.Background()
	deposit(t, l, "buyer", 1000, "d1")
	m := purchase("p1", 500)
	m.Legs[0].Link = ledger.Link{Kind: ledger.LinkBeat, ID: "beat-1"}
	if _, err := l.Move(ctx, m); err != nil {
		t.Fatal(err)
	}
	p, err := l.Entries(ctx, "buyer", "", ledger.Page{Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Entries[0].Link; got != (ledger.Link{Kind: "beat", ID: "beat-1"}) {
		t.Fatalf("the purchase's link: %+v", got)
	}
	if got := p.Entries[1].Link; got != (ledger.Link{}) {
		t.Fatalf("a deposit links to %+v, want nothing", got)
	}
}

// Between reads a date range as a key range, so a movement whose id is not a time-ordered UUIDv7
// in its canonical text would land outside its range: Move refuses it.
func TestMove_RefusesAnIDThatIsNotAUUIDv7(t *testing.T) {
	t.Parallel()
	l := newLedger(t)
	for _, id := range []string{"purchase-1", uuid.NewString(), strings.ToUpper(ledgertest.IDAt(time.Now()))} {
		m := ledger.Movement{ID: id, Kind: "deposit", Once: ledger.Once{Key: id}, Legs: []ledger.Leg{
			{Account: ledger.User("ada"), Amount: 100, Type: "deposit"}, {Account: ledger.Clearing, Amount: -100, Type: "deposit"},
		}}
		if _, err := l.Move(context.Background(), m); err == nil {
			t.Errorf("a movement with id %q was written", id)
		}
	}
	if a := audit(t, l); a.Movements != 0 {
		t.Fatalf("%d movements written", a.Movements)
	}
}

// More entries than one query returns: Between follows the pages and keeps the order.
func TestBetween_FollowsPagesInOrder(t *testing.T) {
	t.Parallel()
	l := newLedger(t)
	day := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	const n = 520
	for i := range n {
		depositAt(t, l, "ada", money.Money(i+1), day.Add(time.Duration(i)*time.Minute), fmt.Sprintf("d%d", i))
	}
	got, err := l.Between(context.Background(), "ada", day, day.Add(24*time.Hour), n)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != n {
		t.Fatalf("%d entries, want %d", len(got), n)
	}
	for i, e := range got {
		if e.Amount != money.Money(i+1) {
			t.Fatalf("entry %d is %+v, want the deposit of %d kobo", i, e, i+1)
		}
	}
	if _, err := l.Between(context.Background(), "ada", day, day.Add(24*time.Hour), n-1); !errors.Is(err, ledger.ErrTooManyEntries) {
		t.Fatalf("%d entries with a limit of %d: %v", n, n-1, err)
	}
}
