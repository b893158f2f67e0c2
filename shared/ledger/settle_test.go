package ledger_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"zuum/shared/ledger"
	"zuum/shared/money"
)

// withdraw moves amount and a ₦25 fee out of user's wallet as a pending withdrawal: two legs on
// the user's account, one balance update.
func withdraw(t *testing.T, l *ledger.Store, user string, amount money.Money, key string) (ledger.Movement, error) {
	t.Helper()
	fee := 25 * money.Naira
	return l.Move(context.Background(), ledger.Movement{Kind: "withdrawal", Status: ledger.Pending, Once: ledger.Once{Key: key}, Legs: []ledger.Leg{
		{Account: ledger.User(user), Amount: -amount, Type: "withdrawal", Counterparty: "GTBank 0123456789"},
		{Account: ledger.User(user), Amount: -fee, Type: "fee", Counterparty: "Zuum"},
		{Account: ledger.Clearing, Amount: amount, Type: "withdrawal"},
		{Account: ledger.Fees, Amount: fee, Type: "fee"},
	}})
}

// pending is a ledger where ada paid in ₦500 and has ₦200 and its fee out in a pending withdrawal.
func pending(t *testing.T) (*ledger.Store, ledger.Movement) {
	t.Helper()
	l := newLedger(t)
	deposit(t, l, "ada", 500*money.Naira, "d")
	m, err := withdraw(t, l, "ada", 200*money.Naira, "w")
	if err != nil {
		t.Fatal(err)
	}
	return l, m
}

func statuses(t *testing.T, l *ledger.Store, user string) map[string]string {
	t.Helper()
	p, err := l.Entries(context.Background(), user, "", ledger.Page{Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, e := range p.Entries {
		out[e.Type+"/"+e.Counterparty] = e.Status
	}
	return out
}

func TestMove_TwoLegsOnOneWalletAreGuardedTogether(t *testing.T) {
	t.Parallel()
	l := newLedger(t)
	deposit(t, l, "ada", 1000*money.Naira, "d")
	// ₦980 + ₦25 is more than ₦1,000 although each leg alone is not.
	var short *ledger.Insufficient
	if _, err := withdraw(t, l, "ada", 980*money.Naira, "w1"); !errors.As(err, &short) {
		t.Fatalf("err = %v, want Insufficient", err)
	}
	if _, err := withdraw(t, l, "ada", 975*money.Naira, "w2"); err != nil {
		t.Fatal(err)
	}
	b, _ := l.Balance(context.Background(), "ada")
	if b.Amount != 0 || b.Counts["withdrawal"] != 1 || b.Counts["fee"] != 1 || b.Counts[""] != 3 || b.Totals["fee"] != 25*money.Naira {
		t.Fatalf("balance %+v", b)
	}
	if st := statuses(t, l, "ada"); st["withdrawal/GTBank 0123456789"] != ledger.Pending || st["fee/Zuum"] != ledger.Pending || st["deposit/Bank transfer"] != ledger.Completed {
		t.Fatalf("statuses %v", st)
	}
	audit(t, l)
}

func TestSettle_CompletedMarksEntriesOnce(t *testing.T) {
	t.Parallel()
	l, m := pending(t)
	if _, err := l.Settle(context.Background(), m.ID, ledger.Completed); err != nil {
		t.Fatal(err)
	}
	if st := statuses(t, l, "ada"); st["withdrawal/GTBank 0123456789"] != ledger.Completed || st["fee/Zuum"] != ledger.Completed {
		t.Fatalf("statuses %v", st)
	}
	for _, to := range []string{ledger.Completed, ledger.Failed} {
		if _, err := l.Settle(context.Background(), m.ID, to); !errors.Is(err, ledger.ErrSettled) {
			t.Fatalf("settling a settled movement %s: %v", to, err)
		}
	}
	if b, _ := l.Balance(context.Background(), "ada"); b.Amount != 275*money.Naira {
		t.Fatalf("balance %d, want ₦275", b.Amount)
	}
	if _, err := l.Settle(context.Background(), "no-such-movement", ledger.Completed); !errors.Is(err, ledger.ErrNoMovement) {
		t.Fatalf("unknown movement: %v", err)
	}
	audit(t, l)
}

// TestSettle_FailedGivesEverythingBackOnceWhateverTheRace: a FAILED transfer reported by the
// webhook and the reconciler at once (10 settlements) reverses the amount and the fee once.
func TestSettle_FailedGivesEverythingBackOnceWhateverTheRace(t *testing.T) {
	t.Parallel()
	l, m := pending(t)
	var wg sync.WaitGroup
	var mu sync.Mutex
	won, settled := 0, 0
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := l.Settle(context.Background(), m.ID, ledger.Failed)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				won++
			case errors.Is(err, ledger.ErrSettled):
				settled++
			default:
				t.Errorf("settle: %v", err)
			}
		}()
	}
	wg.Wait()
	if won != 1 || settled != 9 {
		t.Fatalf("%d settlements won and %d found it settled, want 1 and 9", won, settled)
	}
	if b, _ := l.Balance(context.Background(), "ada"); b.Amount != 500*money.Naira {
		t.Fatalf("balance %d, want the ₦500 back", b.Amount)
	}
	if st := statuses(t, l, "ada"); st["withdrawal/GTBank 0123456789"] != ledger.Failed || st["fee/Zuum"] != ledger.Failed || st["withdrawal/Refund"] != ledger.Completed || st["fee/Refund"] != ledger.Completed {
		t.Fatalf("statuses %v", st)
	}
	a := audit(t, l)
	if a.Balances[ledger.Fees] != 0 || a.Balances[ledger.Clearing] != -500*money.Naira {
		t.Fatalf("platform balances %v", a.Balances)
	}
}
