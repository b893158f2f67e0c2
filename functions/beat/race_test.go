package beat_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/google/uuid"

	"zuum/localstack/edge"
	"zuum/shared/ledger"
	"zuum/shared/money"
)

// race has buyers (each able to pay) race for a beat of supply licences at price, each retrying
// a 5xx with the same Idempotency-Key as a careful client does. It returns how many got a
// licence and checks that every other answer was "sold out".
func race(t *testing.T, w *world, seller user, buyers []user, supply int, price money.Money, faults edge.DynamoFaults) {
	t.Helper()
	id := w.beat(seller, "Contended", map[string]any{"amount": price, "total_supply": supply})["id"].(string)
	w.app.Cloud.Edge.FailDynamo(faults)
	var (
		mu      sync.Mutex
		won     = map[string]bool{}
		other   []string
		retries int
		wg      sync.WaitGroup
	)
	for _, b := range buyers {
		wg.Go(func() {
			key := uuid.NewString()
			for attempt := 1; ; attempt++ {
				r := w.buy(b, id, price, key)
				mu.Lock()
				switch {
				case r.Status >= 500 && attempt < 30:
					retries++
					mu.Unlock()
					continue
				case r.Status == http.StatusCreated:
					won[b.ID] = true
				case r.Status != http.StatusNotFound || r.Message() != "Beat not found or sold out":
					other = append(other, fmt.Sprintf("%s: %d %s", b.Name, r.Status, r.Raw))
				}
				mu.Unlock()
				return
			}
		})
	}
	wg.Wait()
	refused, lost := w.app.Cloud.Edge.DynamoFaulted()
	w.app.Cloud.Edge.FailDynamo(edge.DynamoFaults{})
	t.Logf("%d buyers, supply %d: %d licences; %d client retries; store calls refused %d, answers lost %d",
		len(buyers), supply, len(won), retries, refused, lost)
	if len(other) > 0 {
		t.Errorf("answers that were neither a licence nor sold out: %v", other)
	}
	if len(won) != supply {
		t.Errorf("%d licences sold, want exactly %d", len(won), supply)
	}

	// The money: nothing created or lost, nothing moved twice.
	a := w.audit()
	commission := price * 10 / 100
	if got := w.balance(seller); got != money.Money(supply)*(price-commission) {
		t.Errorf("the producer has %v, want %d × (%v − %v)", got, supply, price, commission)
	}
	if got := a.Balances[ledger.Commission]; got != money.Money(supply)*commission {
		t.Errorf("commission %v, want %v", got, money.Money(supply)*commission)
	}
	for _, b := range buyers {
		want := 2 * price
		if won[b.ID] {
			want = price
		}
		if got := w.balance(b); got != want {
			t.Errorf("%s has %v, want %v (won: %v)", b.Name, got, want, won[b.ID])
		}
		lib := b.JSON("GET", "/api/beat/purchase", nil)
		if n := len(lib.Body["purchases"].([]any)); won[b.ID] && n != 1 || !won[b.ID] && n != 0 {
			t.Errorf("%s's library holds %d purchases (won: %v)", b.Name, n, won[b.ID])
		}
	}
	g := seller.JSON("GET", "/api/beat/"+id, nil).Body["post"].(map[string]any)
	if g["total_buyers"] != float64(supply) || g["available"] != 0.0 {
		t.Errorf("the beat: buyers %v available %v", g["total_buyers"], g["available"])
	}
}

// buyers signs up n users, each holding twice price. They are signed up by a few workers, not n
// at once: the race is the purchases, and 200 simultaneous sign-ups on a busy 2-core machine run
// past the gateway's 30-second integration timeout without testing anything more.
func (w *world) buyers(n int, price money.Money) []user {
	out := make([]user, n)
	next := make(chan int, n) // filled before the workers start: a worker that fails leaves no sender blocked
	for i := range out {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for range signupWorkers {
		wg.Go(func() {
			for i := range next {
				out[i] = w.user(fmt.Sprintf("buyer_%03d", i))
				w.credit(out[i], 2*price)
			}
		})
	}
	wg.Wait()
	for i, b := range out {
		if b.Client == nil {
			w.t.Fatalf("buyer %d was not signed up", i)
		}
	}
	return out
}

// signupWorkers is how many buyers sign up at once.
const signupWorkers = 4

func TestPurchase_TwoHundredBuyersRaceForTwentyLicencesAndExactlyTwentyWin(t *testing.T) {
	w := start(t)
	kel := w.user("kel_on_the_beat")
	race(t, w, kel, w.buyers(200, 500*money.Naira), 20, 500*money.Naira, edge.DynamoFaults{})
}

func TestPurchase_TheRaceLosesAndDuplicatesNothingWhenTheStoreFailsAShareOfCalls(t *testing.T) {
	w := start(t)
	kel := w.user("kel_on_the_beat")
	race(t, w, kel, w.buyers(200, 500*money.Naira), 20, 500*money.Naira,
		edge.DynamoFaults{Refused: 0.1, Lost: 0.05, Seed: 9})
}
