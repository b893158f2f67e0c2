package payment_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"zuum/localstack/apptest"
	"zuum/localstack/flutterwave"
	"zuum/shared/ledger"
	"zuum/shared/money"
)

// books checks, after step, that the ledger is sound and that GET /api/admin/ledger, which asks
// the provider through the real client, finds no drift: the clearing account holds exactly what
// the provider holds.
func booksAt(t *testing.T, a *apptest.App, admin apptest.Admin, step string) {
	t.Helper()
	au := audit(t, a)
	r := admin.JSON("GET", "/api/admin/ledger", nil)
	p, _ := r.Body["provider"].(map[string]any)
	held := a.Cloud.Edge.Payments().Balance()
	if r.Status != http.StatusOK || r.Body["healthy"] != true || p == nil || p["drift"] != float64(0) {
		t.Fatalf("%s: %d %s", step, r.Status, r.Raw)
	}
	if fmt.Sprint(p["balance"]) != held.Decimal() || -au.Balances[ledger.Clearing] != held {
		t.Fatalf("%s: the provider holds %s, the report says %v, clearing %s", step, held, p["balance"], -au.Balances[ledger.Clearing])
	}
}

func TestFees_TheBooksFollowTheProvidersBalanceThroughDepositsAndWithdrawals(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, nil)
	admin := a.BootstrapAdmin(t)
	ada := newMember(t, a, "ada_fees")
	booksAt(t, a, admin, "start")
	var fees money.Money
	for _, amount := range []money.Money{1_000 * money.Naira, 2_500*money.Naira + 75, 100 * money.Naira, 150_000 * money.Naira, 300_000*money.Naira + 1} {
		fundWallet(t, a, ada, amount) // the user is credited what they sent
		fees += flutterwave.AppFee(amount)
		booksAt(t, a, admin, "deposit of "+amount.String())
	}
	if au := audit(t, a); au.Balances[ledger.ProviderFees] != -fees || fees != 14*money.Naira+3501+140+2*2_000*money.Naira {
		t.Fatalf("provider fees %s, want -%s (two deposits above the ₦2,000 cap)", au.Balances[ledger.ProviderFees], fees)
	}
	wallet := balance(t, a, ada.id)

	// A withdrawal the bank completes: the user pays amount and Zuum's ₦25; the provider's fee is the platform's.
	ref := withdrawConfirmed(t, a, ada, "ada_fees@example.com", to("0123456789", 4_000))
	booksAt(t, a, admin, "withdrawal queued")
	complete(t, a, ref, "SUCCESSFUL", true)
	booksAt(t, a, admin, "withdrawal completed")
	wallet -= 4_025 * money.Naira
	fees += flutterwave.Fee(4_000 * money.Naira)

	// A withdrawal whose transfer FAILS gives back what the provider gave back: the user's amount
	// and fee, the provider's fee.
	r := withdraw(t, a, ada, "", to("0123456789", 20_000))
	if r.Status != http.StatusCreated {
		t.Fatalf("second withdrawal: %d %s", r.Status, r.Raw)
	}
	ref = r.Body["data"].(map[string]any)["tx_ref"].(string)
	booksAt(t, a, admin, "second withdrawal queued")
	complete(t, a, ref, "FAILED", true)
	booksAt(t, a, admin, "second withdrawal failed")

	// A large withdrawal, then one the provider cannot pay (the platform's fees ate into what it
	// holds): queued, FAILED for want of funds, and reversed.
	r = withdraw(t, a, ada, "", to("0123456789", 400_000))
	if r.Status != http.StatusCreated {
		t.Fatalf("large withdrawal: %d %s", r.Status, r.Raw)
	}
	ref = r.Body["data"].(map[string]any)["tx_ref"].(string)
	complete(t, a, ref, "SUCCESSFUL", true)
	wallet -= 400_025 * money.Naira
	fees += flutterwave.Fee(400_000 * money.Naira)
	booksAt(t, a, admin, "large withdrawal completed")
	all := wallet - 25*money.Naira // everything left, which the provider no longer holds
	if held := a.Cloud.Edge.Payments().Balance(); held >= all+flutterwave.Fee(all) {
		t.Fatalf("the provider holds %s, enough for %s: the test needs it short", held, all)
	}
	r = withdraw(t, a, ada, "", map[string]any{"amount": all, "save": false, "accountNumber": "0123456789", "bankCode": gtb})
	if r.Status != http.StatusCreated {
		t.Fatalf("unfunded withdrawal: %d %s", r.Status, r.Raw)
	}
	a.Settle(t)
	ref = r.Body["data"].(map[string]any)["tx_ref"].(string)
	if es := entries(t, a, ada.id, ref); len(es["withdrawal"]) != 1 || es["withdrawal"][0].Status != ledger.Failed {
		t.Fatalf("the unfunded withdrawal: %+v, want failed", es)
	}
	booksAt(t, a, admin, "unfunded withdrawal failed")

	if got := balance(t, a, ada.id); got != wallet {
		t.Fatalf("wallet %s, want %s", got, wallet)
	}
	if au := audit(t, a); au.Balances[ledger.ProviderFees] != -fees {
		t.Fatalf("provider fees %s, want -%s: a failed transfer's fee comes back", au.Balances[ledger.ProviderFees], fees)
	}
}

func TestFees_ConcurrentDepositsAndWithdrawalsLeaveNoDrift(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, nil)
	admin := a.BootstrapAdmin(t)
	const n = 6
	users := make([]member, n)
	for i := range users {
		users[i] = newMember(t, a, fmt.Sprintf("fee_racer_%d", i))
		fundWallet(t, a, users[i], 20_000*money.Naira)
		ref := withdrawConfirmed(t, a, users[i], fmt.Sprintf("fee_racer_%d@example.com", i), to("0123456789", 100))
		complete(t, a, ref, "SUCCESSFUL", true)
	}
	booksAt(t, a, admin, "funded")
	accounts := make([]depositAccount, n)
	for i, u := range users {
		accounts[i] = u.depositAccount(t)
	}
	var mu sync.Mutex
	var refs []string
	var wg sync.WaitGroup
	for i, u := range users {
		wg.Go(func() { // a pay-in and its webhook
			payIn(t, a, map[string]any{"account_number": accounts[i].AccountNumber, "amount": money.Money(i+1)*1_000*money.Naira + 37})
		})
		for k := range 3 {
			wg.Go(func() {
				r := withdraw(t, a, u, "", to("0123456789", int64(1_000*(k+1)+i)))
				if r.Status != http.StatusCreated {
					t.Errorf("withdrawal: %d %s", r.Status, r.Raw)
					return
				}
				mu.Lock()
				refs = append(refs, r.Body["data"].(map[string]any)["tx_ref"].(string))
				mu.Unlock()
			})
		}
	}
	wg.Wait()
	for i, ref := range refs {
		status := "SUCCESSFUL"
		if i%2 == 1 {
			status = "FAILED"
		}
		wg.Go(func() {
			if code, out := sandbox(t, a, "POST", "/_flutterwave/sandbox/transfers/"+ref+"/complete", map[string]any{"status": status}); code != http.StatusOK {
				t.Errorf("complete %s: %d %v", ref, code, out)
			}
		})
	}
	wg.Wait()
	a.Settle(t)
	booksAt(t, a, admin, "after the race")
	if au := audit(t, a); au.Movements != 2*n+4*n+(3*n)/2 {
		t.Fatalf("%d movements, want %d deposits, %d withdrawals and %d reversals", au.Movements, 2*n, 4*n, (3*n)/2)
	}
}

func TestDeposit_NotifiesTheUserOnceWithTheAmount(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_notified")
	acct := ada.depositAccount(t)
	id := payIn(t, a, map[string]any{"account_number": acct.AccountNumber, "amount": 5_000})
	a.Settle(t)
	// The provider sends the webhook again (resend-hook), twice.
	for range 2 {
		if code, out := sandbox(t, a, "POST", "/_flutterwave/v3/transactions/"+id+"/resend-hook", nil); code != http.StatusOK {
			t.Fatalf("resend-hook: %d %v", code, out)
		}
		a.Settle(t)
	}
	wantBalance(t, a, ada.id, 5_000*money.Naira, "balance %s, want ₦5,000")
	r := ada.c.JSON("GET", "/api/notifications", nil)
	notes, _ := r.Body["notifications"].([]any)
	var deposits []map[string]any
	for _, n := range notes {
		if n := n.(map[string]any); n["type"] == "DEPOSIT" {
			deposits = append(deposits, n)
		}
	}
	if r.Status != http.StatusOK || len(deposits) != 1 || r.Body["unread"] != float64(len(notes)) {
		t.Fatalf("notifications: %d %s; want one DEPOSIT, unread", r.Status, r.Raw)
	}
	if n := deposits[0]; n["message"] != "₦5,000.00 was paid into your wallet." || n["name"] != "Zuum" || n["read"] != false || n["action_user_id"] != "" {
		t.Fatalf("the deposit notification: %v", n)
	}
}

func TestWithdrawal_WhenTheProviderCannotSayItsFeeIs503AndMovesNothing(t *testing.T) {
	t.Parallel()
	a, ada := startFunded(t, "ada_no_fee", 2_000*money.Naira)
	ref := withdrawConfirmed(t, a, ada, "ada_no_fee@example.com", to("0123456789", 500))
	complete(t, a, ref, "SUCCESSFUL", true)
	before, moves := balance(t, a, ada.id), audit(t, a).Movements
	// The provider stops taking our key: its transfer fee cannot be asked, so nothing is guessed.
	a.Cloud.Edge.Payments().Configure(flutterwave.Config{SecretKey: "rotated", WebhookHash: "h"})
	r := withdraw(t, a, ada, "", to("0123456789", 500))
	if r.Status != http.StatusServiceUnavailable || r.Message() != "Payment provider unavailable. Please try again later." {
		t.Fatalf("withdrawal without the provider's fee: %d %s", r.Status, r.Raw)
	}
	if got := balance(t, a, ada.id); got != before {
		t.Fatalf("balance %s, want %s untouched", got, before)
	}
	if au := audit(t, a); au.Movements != moves {
		t.Fatalf("%d movements, want %d: nothing moved", au.Movements, moves)
	}
}
