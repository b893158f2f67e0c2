package ledger_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"zuum/localstack/cloudtest"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/schema"
)

func newLedger(t *testing.T) *ledger.Store {
	t.Helper()
	return ledger.New(cloudtest.Start(t).DynamoDB, schema.Ledger.Name)
}

// deposit pays amount into user's wallet from the provider's clearing account.
func deposit(t *testing.T, l *ledger.Store, user string, amount money.Money, key string) {
	t.Helper()
	if _, err := l.Move(context.Background(), ledger.Movement{Kind: "deposit", Once: ledger.Once{Key: key}, Legs: []ledger.Leg{
		{Account: ledger.User(user), Amount: amount, Type: "deposit", Counterparty: "Bank transfer"},
		{Account: ledger.Clearing, Amount: -amount, Type: "deposit"},
	}}); err != nil {
		t.Fatalf("deposit %s: %v", key, err)
	}
}

func audit(t *testing.T, l *ledger.Store) ledger.Audit {
	t.Helper()
	a, err := l.Audit(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if a.Sum != 0 || len(a.Negative) > 0 || len(a.Unbalanced) > 0 || len(a.Drifted) > 0 {
		t.Fatalf("ledger broken: sum %d, negative %v, unbalanced %v, drifted %v", a.Sum, a.Negative, a.Unbalanced, a.Drifted)
	}
	return a
}

func TestMove_RefusesLegsThatDoNotSumToZero(t *testing.T) {
	t.Parallel()
	l := newLedger(t)
	_, err := l.Move(context.Background(), ledger.Movement{Kind: "deposit", Once: ledger.Once{Key: "k"}, Legs: []ledger.Leg{
		{Account: ledger.User("a"), Amount: 100, Type: "deposit"}, {Account: ledger.Clearing, Amount: -99, Type: "deposit"},
	}})
	if err == nil {
		t.Fatal("an unbalanced movement was written")
	}
	if a := audit(t, l); a.Movements != 0 {
		t.Fatalf("%d movements written", a.Movements)
	}
}

func TestMove_NeverTakesAWalletBelowZero(t *testing.T) {
	t.Parallel()
	l := newLedger(t)
	deposit(t, l, "buyer", 500, "d1")
	_, err := l.Move(context.Background(), ledger.Movement{Kind: "purchase", Once: ledger.Once{Key: "p1"}, Legs: []ledger.Leg{
		{Account: ledger.User("buyer"), Amount: -501, Type: "purchase"}, {Account: ledger.User("seller"), Amount: 501, Type: "sale"},
	}})
	var short *ledger.Insufficient
	if !errors.As(err, &short) || short.Account != ledger.User("buyer") {
		t.Fatalf("err = %v, want Insufficient for the buyer", err)
	}
	_, err = l.Move(context.Background(), ledger.Movement{Kind: "purchase", Once: ledger.Once{Key: "p2"}, Legs: []ledger.Leg{
		{Account: ledger.User("nobody"), Amount: -1, Type: "purchase"}, {Account: ledger.User("seller"), Amount: 1, Type: "sale"},
	}})
	if !errors.As(err, &short) || short.Account != ledger.User("nobody") {
		t.Fatalf("a wallet never paid into paid: err = %v", err)
	}
	if b, _ := l.Balance(context.Background(), "buyer"); b.Amount != 500 {
		t.Fatalf("buyer balance %d, want 500", b.Amount)
	}
	audit(t, l)
}

func TestMove_ReplayOfAKeyMovesNothingAndKeepsWhatTheFirstMade(t *testing.T) {
	t.Parallel()
	l := newLedger(t)
	ctx := context.Background()
	first := ledger.Once{Key: "flw#1", Hash: "h", Made: "made-1"}
	m, err := l.Move(ctx, ledger.Movement{Kind: "deposit", Once: first, Legs: []ledger.Leg{
		{Account: ledger.User("a"), Amount: 1000, Type: "deposit", Counterparty: "Bank transfer", Reference: "ref-1"},
		{Account: ledger.Clearing, Amount: -1000, Type: "deposit", Counterparty: "a", Reference: "ref-1"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		_, err = l.Move(ctx, ledger.Movement{Kind: "deposit", Once: ledger.Once{Key: "flw#1", Hash: "other"}, Legs: []ledger.Leg{
			{Account: ledger.User("a"), Amount: 1000, Type: "deposit"}, {Account: ledger.Clearing, Amount: -1000, Type: "deposit"},
		}})
		if !errors.Is(err, ledger.ErrReplayed) {
			t.Fatalf("replay err = %v, want ErrReplayed", err)
		}
	}
	o, ok, err := l.Once(ctx, "flw#1")
	if err != nil || !ok || o.Hash != "h" || o.Made != "made-1" || o.MovementID != m.ID {
		t.Fatalf("Once = %+v, %v, %v", o, ok, err)
	}
	// The movement the item names reads back as it was moved: what a replay rebuilds from.
	got, err := l.Movement(ctx, o.MovementID)
	wantLeg := ledger.Leg{Account: ledger.User("a"), Amount: 1000, Type: "deposit", Counterparty: "Bank transfer", Reference: "ref-1"}
	if leg, found := got.Leg(ledger.User("a"), "deposit"); err != nil || !found || leg != wantLeg || got.Kind != "deposit" || got.Status != ledger.Completed || len(got.Legs) != 2 {
		t.Fatalf("Movement = %+v, %v", got, err)
	}
	if _, err := l.Movement(ctx, "no-such-movement"); !errors.Is(err, ledger.ErrNoMovement) {
		t.Fatalf("unknown movement: %v, want ErrNoMovement", err)
	}
	if b, _ := l.Balance(ctx, "a"); b.Amount != 1000 || b.Totals["deposit"] != 1000 || b.Counts[""] != 1 {
		t.Fatalf("balance after replays = %+v, want 1000 once", b)
	}
	audit(t, l)
}

func TestMove_ACallersFailedConditionMovesNothing(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	l := ledger.New(c.DynamoDB, schema.Ledger.Name)
	deposit(t, l, "buyer", 1000, "d")
	// The caller's own item: a put that can only succeed once.
	guard := guardItem("owns#buyer#beat")
	if _, err := l.Move(context.Background(), purchase("p1", 300), guard); err != nil {
		t.Fatal(err)
	}
	_, err := l.Move(context.Background(), purchase("p2", 300), guardItem("owns#buyer#beat"))
	var extra *ledger.ExtraFailed
	if !errors.As(err, &extra) || extra.Index != 0 {
		t.Fatalf("err = %v, want ExtraFailed{0}", err)
	}
	if b, _ := l.Balance(context.Background(), "buyer"); b.Amount != 700 {
		t.Fatalf("buyer balance %d, want 700", b.Amount)
	}
	a := audit(t, l)
	if a.Balances[ledger.Commission] != 30 || a.Balances[ledger.User("seller")] != 270 {
		t.Fatalf("balances %v", a.Balances)
	}
}

func purchase(key string, price money.Money) ledger.Movement {
	cut := price / 10
	return ledger.Movement{Kind: "purchase", Once: ledger.Once{Key: key}, Legs: []ledger.Leg{
		{Account: ledger.User("buyer"), Amount: -price, Type: "purchase", Counterparty: "seller"},
		{Account: ledger.User("seller"), Amount: price - cut, Type: "sale", Counterparty: "buyer"},
		{Account: ledger.Commission, Amount: cut, Type: "commission"},
	}}
}

// TestMove_ConcurrentDebitsSpendExactlyTheBalance: 60 purchases of ₦3 race on a wallet of ₦100:
// exactly 33 succeed, the rest are refused as insufficient, and the ledger still balances.
func TestMove_ConcurrentDebitsSpendExactlyTheBalance(t *testing.T) {
	t.Parallel()
	l := newLedger(t)
	deposit(t, l, "buyer", 100*money.Naira, "d")
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, short := 0, 0
	for i := range 60 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := l.Move(context.Background(), purchase(fmt.Sprintf("p%d", i), 3*money.Naira))
			mu.Lock()
			defer mu.Unlock()
			var ins *ledger.Insufficient
			switch {
			case err == nil:
				ok++
			case errors.As(err, &ins):
				short++
			default:
				t.Errorf("purchase %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	if ok != 33 || short != 27 {
		t.Fatalf("%d succeeded and %d were refused, want 33 and 27", ok, short)
	}
	a := audit(t, l)
	if a.Balances[ledger.User("buyer")] != 1*money.Naira || a.Movements != 34 {
		t.Fatalf("buyer %d, movements %d", a.Balances[ledger.User("buyer")], a.Movements)
	}
}

func TestEntries_PagesNewestFirstAndByType(t *testing.T) {
	t.Parallel()
	l := newLedger(t)
	ctx := context.Background()
	for i := range 5 {
		deposit(t, l, "buyer", 1000, fmt.Sprintf("d%d", i))
	}
	for i := range 4 {
		if _, err := l.Move(ctx, purchase(fmt.Sprintf("p%d", i), 100)); err != nil {
			t.Fatal(err)
		}
	}
	var all []ledger.Entry
	cursor := ""
	for pages := 0; ; pages++ {
		p, err := l.Entries(ctx, "buyer", "", ledger.Page{Limit: 4, Cursor: cursor})
		if err != nil || pages > 5 {
			t.Fatalf("page %d: %v", pages, err)
		}
		all = append(all, p.Entries...)
		if cursor = p.Next; cursor == "" {
			break
		}
	}
	if len(all) != 9 || all[0].Type != "purchase" || all[8].Type != "deposit" || all[0].Amount != -100 {
		t.Fatalf("got %d entries, first %+v, last %+v", len(all), all[0], all[len(all)-1])
	}
	for i := 1; i < len(all); i++ {
		if all[i].At.After(all[i-1].At) {
			t.Fatalf("entry %d is newer than the one before it", i)
		}
	}
	var deposits []ledger.Entry
	cursor = ""
	for {
		p, err := l.Entries(ctx, "buyer", "deposit", ledger.Page{Limit: 2, Cursor: cursor})
		if err != nil {
			t.Fatal(err)
		}
		deposits = append(deposits, p.Entries...)
		if cursor = p.Next; cursor == "" {
			break
		}
	}
	if len(deposits) != 5 {
		t.Fatalf("%d deposits, want 5", len(deposits))
	}
	for _, e := range deposits {
		if e.Type != "deposit" || e.Amount != 1000 || e.Counterparty != "Bank transfer" {
			t.Fatalf("deposit entry %+v", e)
		}
	}
	// Another wallet's cursor does not open this one.
	p, _ := l.Entries(ctx, "buyer", "", ledger.Page{Limit: 1})
	if _, err := l.Entries(ctx, "seller", "", ledger.Page{Limit: 1, Cursor: p.Next}); !errors.Is(err, ledger.ErrBadCursor) {
		t.Fatalf("a cursor of the buyer's list was taken for the seller's: %v", err)
	}
	b, _ := l.Balance(ctx, "buyer")
	if b.Counts[""] != 9 || b.Counts["deposit"] != 5 || b.Totals["purchase"] != 400 {
		t.Fatalf("balance counts %+v", b)
	}
	audit(t, l)
}
