package payment_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"zuum/functions/reconcile"
	"zuum/localstack/apptest"
	"zuum/localstack/flutterwave"
	"zuum/shared/account"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/payment"
)

// gtb is a bank every list has.
const gtb = "058"

// fundWallet pays amount into m's wallet the real way: a bank transfer into the deposit account and the
// provider's webhook.
func fundWallet(t *testing.T, a *apptest.App, m member, amount money.Money) {
	t.Helper()
	before := balance(t, a, m.id)
	acct := m.depositAccount(t)
	payIn(t, a, map[string]any{"account_number": acct.AccountNumber, "amount": amount})
	a.Settle(t)
	if got := balance(t, a, m.id); got != before+amount {
		t.Fatalf("balance after funding %s = %s, want %s", amount, got, before+amount)
	}
}

// withdraw sends POST /api/payment/withdrawal with key as its Idempotency-Key ("" for a new one).
func withdraw(t *testing.T, a *apptest.App, m member, key string, body map[string]any) apptest.Response {
	t.Helper()
	if key == "" {
		key = uuid.NewString()
	}
	raw, _ := json.Marshal(body)
	req, err := http.NewRequest("POST", a.URL("/api/payment/withdrawal"), bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	return m.c.Do(req)
}

// to is a withdrawal body to GTBank account number.
func to(number string, naira int64) map[string]any {
	return map[string]any{"amount": naira, "save": false, "accountNumber": number, "bankCode": gtb}
}

// withdrawConfirmed withdraws to a new account: the 202, then the same request with the mailed
// code. It returns the 201's tx_ref.
func withdrawConfirmed(t *testing.T, a *apptest.App, m member, email string, body map[string]any) string {
	t.Helper()
	if r := withdraw(t, a, m, "", body); r.Status != http.StatusAccepted || r.Body["step_up"] != true {
		t.Fatalf("first withdrawal to a new account: %d %s, want 202 step_up", r.Status, r.Raw)
	}
	body["otp"] = a.LastOTP(t, email)
	r := withdraw(t, a, m, "", body)
	delete(body, "otp")
	if r.Status != http.StatusCreated {
		t.Fatalf("withdrawal with the code: %d %s", r.Status, r.Raw)
	}
	return r.Body["data"].(map[string]any)["tx_ref"].(string)
}

// complete settles the sandbox's transfer of the withdrawal txRef and waits for its webhook.
func complete(t *testing.T, a *apptest.App, txRef, status string, webhook bool) {
	t.Helper()
	code, out := sandbox(t, a, "POST", "/_flutterwave/sandbox/transfers/"+txRef+"/complete", map[string]any{"status": status, "no_webhook": !webhook})
	if code != http.StatusOK {
		t.Fatalf("complete %s: %d %v", txRef, code, out)
	}
	a.Settle(t)
}

// entries are the wallet's entries of the withdrawal ref's own movement, by type.
func entries(t *testing.T, a *apptest.App, userID, ref string) map[string][]ledger.Entry {
	t.Helper()
	page, err := ledgerOf(a).Entries(context.Background(), userID, "", ledger.Page{Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]ledger.Entry{}
	for _, e := range page.Entries {
		if e.MovementID == ref {
			out[e.Type] = append(out[e.Type], e)
		}
	}
	return out
}

func TestBanks_AreTheProvidersSortedByName(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_banks")
	r := ada.c.JSON("GET", "/api/payment/banks", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
	banks := r.Body["banks"].([]any)
	if len(banks) != len(payment.FallbackBanks) {
		t.Fatalf("%d banks, want the sandbox's %d", len(banks), len(payment.FallbackBanks))
	}
	names := map[string]string{}
	for _, b := range banks {
		m := b.(map[string]any)
		names[m["code"].(string)] = m["name"].(string)
	}
	if names["058"] != "Guaranty Trust Bank" || names["044"] != "Access Bank" {
		t.Fatalf("codes 058 and 044 name %q and %q", names["058"], names["044"])
	}
	if r := a.Client(t).JSON("GET", "/api/payment/banks", nil); r.Status != http.StatusUnauthorized {
		t.Fatalf("without a session: %d", r.Status)
	}
}

func TestBanks_FallBackToTheBuiltInListWhenTheProviderIsDown(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, map[string]string{"FLUTTERWAVE_BASE_URL": "http://127.0.0.1:1/v3"})
	ada := newMember(t, a, "ada_offline")
	r := ada.c.JSON("GET", "/api/payment/banks", nil)
	if r.Status != http.StatusOK || len(r.Body["banks"].([]any)) != 62 {
		t.Fatalf("%d, %d banks; want the 62 of ng-banks.json", r.Status, len(r.Body["banks"].([]any)))
	}
	// Resolving needs the provider: 503, not a wrong answer.
	if r := ada.c.JSON("POST", "/api/payment/resolve-account", map[string]string{"accountNumber": "0123456789", "bankCode": gtb}); r.Status != http.StatusServiceUnavailable {
		t.Fatalf("resolve with the provider down: %d %s", r.Status, r.Raw)
	}
}

func TestResolveAccount_NamesTheHolderOrRefuses(t *testing.T) {
	t.Parallel()
	_, ada := startMember(t, "ada_resolves")
	r := ada.c.JSON("POST", "/api/payment/resolve-account", map[string]string{"accountNumber": "0123456789", "bankCode": gtb})
	if r.Status != http.StatusOK || r.Body["account_name"] == "" || r.Body["account_number"] != "0123456789" || r.Body["bank_code"] != gtb {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
	again := ada.c.JSON("POST", "/api/payment/resolve-account", map[string]string{"accountNumber": "0123456789", "bankCode": gtb})
	if again.Body["account_name"] != r.Body["account_name"] {
		t.Fatalf("the same account resolved to %v, then %v", r.Body["account_name"], again.Body["account_name"])
	}
	for name, tc := range map[string]struct {
		body  any
		field string
		msg   string
	}{
		"nine digits":  {map[string]string{"accountNumber": "012345678", "bankCode": gtb}, "accountNumber", "Account number must be exactly 10 digits"},
		"letters":      {map[string]string{"accountNumber": "01234567ab", "bankCode": gtb}, "accountNumber", "Account number must be exactly 10 digits"},
		"unknown bank": {map[string]string{"accountNumber": "0123456789", "bankCode": "999"}, "bankCode", "Unknown bank code"},
		"no bank":      {map[string]string{"accountNumber": "0123456789"}, "bankCode", "Please select a bank"},
		"malformed":    {"{", "", "Invalid request data"},
	} {
		r := ada.c.JSON("POST", "/api/payment/resolve-account", tc.body)
		if r.Status != http.StatusBadRequest {
			t.Errorf("%s: %d %s", name, r.Status, r.Raw)
			continue
		}
		if tc.field != "" && r.FieldErrors()[tc.field] != tc.msg || tc.field == "" && r.Message() != tc.msg {
			t.Errorf("%s: %s", name, r.Raw)
		}
	}
}

func TestResolveAccount_IsLimitedPerUserAnHour(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_harvests")
	for i := range account.AccountLookupsPerHour {
		r := ada.c.JSON("POST", "/api/payment/resolve-account", map[string]string{"accountNumber": fmt.Sprintf("01234567%02d", i), "bankCode": gtb})
		if r.Status != http.StatusOK {
			t.Fatalf("lookup %d: %d %s", i+1, r.Status, r.Raw)
		}
	}
	r := ada.c.JSON("POST", "/api/payment/resolve-account", map[string]string{"accountNumber": "0123456799", "bankCode": gtb})
	if r.Status != http.StatusTooManyRequests || r.Message() != "Too many account lookups. Please try again in an hour." {
		t.Fatalf("lookup %d: %d %s", account.AccountLookupsPerHour+1, r.Status, r.Raw)
	}
	// Another user is not held back by it.
	bola := newMember(t, a, "bola_looks")
	if r := bola.c.JSON("POST", "/api/payment/resolve-account", map[string]string{"accountNumber": "0123456799", "bankCode": gtb}); r.Status != http.StatusOK {
		t.Fatalf("another user: %d %s", r.Status, r.Raw)
	}
}

func TestWithdrawal_RefusalsChangeNothing(t *testing.T) {
	t.Parallel()
	a, ada := startFunded(t, "ada_refused", 300*money.Naira)
	for name, tc := range map[string]struct {
		body   any
		status int
		field  string
		msg    string
	}{
		"no amount":       {map[string]any{"save": false, "accountNumber": "0123456789", "bankCode": gtb}, 400, "amount", "Amount is required"},
		"below minimum":   {to("0123456789", 99), 400, "amount", "Minimum withdrawal: ₦100"},
		"three decimals":  {map[string]any{"amount": json.Number("100.001"), "accountNumber": "0123456789", "bankCode": gtb}, 400, "amount", "amount must be a number of naira with at most two decimals"},
		"save, no bank":   {map[string]any{"amount": 100, "save": true, "accountNumber": "0123456789"}, 400, "bankCode", "Please select a bank"},
		"nothing saved":   {map[string]any{"amount": 100, "save": false}, 400, "accountNumber", "Account number is required"},
		"short number":    {to("123456789", 100), 400, "accountNumber", "Account number must be exactly 10 digits"},
		"unknown bank":    {map[string]any{"amount": 100, "accountNumber": "0123456789", "bankCode": "000"}, 400, "bankCode", "Unknown bank code"},
		"amount plus fee": {to("0123456789", 276), 406, "", "Insufficient funds"},
		"malformed":       {"{", 400, "", "Invalid request data"},
	} {
		var r apptest.Response
		if s, ok := tc.body.(string); ok {
			req, _ := http.NewRequest("POST", a.URL("/api/payment/withdrawal"), bytes.NewBufferString(s))
			req.Header.Set("Idempotency-Key", uuid.NewString())
			r = ada.c.Do(req)
		} else {
			r = withdraw(t, a, ada, "", tc.body.(map[string]any))
		}
		if r.Status != tc.status || tc.field != "" && r.FieldErrors()[tc.field] != tc.msg || tc.field == "" && r.Message() != tc.msg {
			t.Errorf("%s: %d %s; want %d %s %q", name, r.Status, r.Raw, tc.status, tc.field, tc.msg)
		}
	}
	req, _ := http.NewRequest("POST", a.URL("/api/payment/withdrawal"), bytes.NewBufferString(`{"amount":100}`))
	if r := ada.c.Do(req); r.Status != http.StatusBadRequest || r.Message() != "Idempotency-Key header is required" {
		t.Errorf("without a key: %d %s", r.Status, r.Raw)
	}
	if r := withdraw(t, a, member{c: a.Client(t)}, "", to("0123456789", 100)); r.Status != http.StatusUnauthorized {
		t.Errorf("without a session: %d %s", r.Status, r.Raw)
	}
	wantBalance(t, a, ada.id, 300*money.Naira, "balance %s after refusals, want ₦300")
	if n := len(a.Cloud.MailTo("ada_refused@example.com")); n != 1 { // the sign-up code only
		t.Fatalf("%d mails: a refused withdrawal must not mail a step-up code", n)
	}
	audit(t, a)
}

func TestWithdrawal_NewAccountNeedsTheMailedCodeThenTheBankCompletesIt(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_withdraws")
	email := "ada_withdraws@example.com"
	fundWallet(t, a, ada, 1000*money.Naira)
	body := map[string]any{"amount": 500, "save": true, "accountNumber": "0123456789", "bankCode": gtb}

	r := withdraw(t, a, ada, "", body)
	if r.Status != http.StatusAccepted || r.Body["step_up"] != true || r.Message() == "" {
		t.Fatalf("first withdrawal to a new account: %d %s", r.Status, r.Raw)
	}
	wantBalance(t, a, ada.id, 1000*money.Naira, "the 202 moved money: balance %s")
	code := a.LastOTP(t, email)
	body["otp"] = "000000"
	if code == "000000" {
		body["otp"] = "111111"
	}
	if r := withdraw(t, a, ada, "", body); r.Status != http.StatusBadRequest || r.FieldErrors()["otp"] != "Invalid code" {
		t.Fatalf("a wrong code: %d %s", r.Status, r.Raw)
	}
	// A code confirms the account it was mailed for, nothing else.
	other := map[string]any{"amount": 500, "accountNumber": "9876543210", "bankCode": gtb, "otp": code}
	if r := withdraw(t, a, ada, "", other); r.Status != http.StatusBadRequest {
		t.Fatalf("the code used for another account: %d %s", r.Status, r.Raw)
	}
	body["otp"] = code
	key := uuid.NewString()
	r = withdraw(t, a, ada, key, body)
	if r.Status != http.StatusCreated {
		t.Fatalf("with the code: %d %s", r.Status, r.Raw)
	}
	data := r.Body["data"].(map[string]any)
	txRef := data["tx_ref"].(string)
	if data["status"] != "pending" || data["bank_name"] != "Guaranty Trust Bank" || data["amount"] != 500.0 || data["fee"] != 25.0 {
		t.Fatalf("answer %s", r.Raw)
	}
	if again := withdraw(t, a, ada, key, body); again.Status != http.StatusCreated || !bytes.Equal(bytes.TrimSpace(again.Raw), bytes.TrimSpace(r.Raw)) ||
		again.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("replay: %d %s", again.Status, again.Raw)
	}
	wantBalance(t, a, ada.id, 475*money.Naira, "balance %s while pending, want ₦475 (₦500 and the ₦25 fee held)")
	es := entries(t, a, ada.id, txRef)
	if len(es["withdrawal"]) != 1 || len(es["fee"]) != 1 || es["withdrawal"][0].Amount != -500*money.Naira ||
		es["fee"][0].Amount != -25*money.Naira || es["withdrawal"][0].Status != ledger.Pending || es["fee"][0].Status != ledger.Pending {
		t.Fatalf("entries while pending: %+v", es)
	}
	if es["withdrawal"][0].MovementID != es["fee"][0].MovementID {
		t.Fatal("amount and fee left in two movements")
	}

	complete(t, a, txRef, "SUCCESSFUL", true)
	es = entries(t, a, ada.id, txRef)
	if es["withdrawal"][0].Status != ledger.Completed || es["fee"][0].Status != ledger.Completed {
		t.Fatalf("entries after the bank's success: %+v", es)
	}
	wantBalance(t, a, ada.id, 475*money.Naira, "balance %s after completion, want ₦475")
	// The account is used now: no code the second time; and the saved account serves an empty one.
	if r := withdraw(t, a, ada, "", map[string]any{"amount": 100, "save": false}); r.Status != http.StatusCreated {
		t.Fatalf("to the saved, used account: %d %s", r.Status, r.Raw)
	}
	wantBalance(t, a, ada.id, 350*money.Naira, "balance %s, want ₦350")
	audit(t, a)
}

func TestWithdrawal_AFailedTransferGivesAmountAndFeeBackOnceWhateverTheRedeliveries(t *testing.T) {
	t.Parallel()
	a, ada := startFunded(t, "ada_bounced", 1000*money.Naira)
	txRef := withdrawConfirmed(t, a, ada, "ada_bounced@example.com", to("0123456789", 600))
	wantBalance(t, a, ada.id, 375*money.Naira, "balance while pending %s")
	complete(t, a, txRef, "FAILED", true)
	wantBalance(t, a, ada.id, 1000*money.Naira, "balance after the failure %s, want ₦1000 back")
	es := entries(t, a, ada.id, txRef)
	if es["withdrawal"][0].Status != ledger.Failed || es["fee"][0].Status != ledger.Failed {
		t.Fatalf("entries after the failure: %+v", es)
	}
	refunds := 0
	page, _ := ledgerOf(a).Entries(context.Background(), ada.id, "", ledger.Page{Limit: 50})
	for _, e := range page.Entries {
		if e.Kind == "reversal" && e.Counterparty == "Refund" && e.Reference == txRef && e.Amount > 0 && e.Status == ledger.Completed {
			refunds++
		}
	}
	if refunds != 2 {
		t.Fatalf("%d refund entries, want the amount's and the fee's", refunds)
	}
	// The provider delivers the webhook again, twice; and the sandbox is asked to settle it again.
	body := transferCompleted(transferID(t, a, txRef), txRef, 600, "FAILED")
	for range 2 {
		if r := deliver(t, a, ada.c, body, keys(t, a).WebhookHash); r.Status != http.StatusOK || r.Message() != "Withdrawal already settled" {
			t.Fatalf("redelivery: %d %s", r.Status, r.Raw)
		}
	}
	if code, _ := sandbox(t, a, "POST", "/_flutterwave/sandbox/transfers/"+txRef+"/complete", map[string]any{"status": "SUCCESSFUL"}); code != http.StatusConflict {
		t.Fatalf("settling a settled transfer: %d, want 409", code)
	}
	wantBalance(t, a, ada.id, 1000*money.Naira, "balance after redeliveries %s, want ₦1000")
	// A failed withdrawal does not make the account used: the code is asked for again.
	if r := withdraw(t, a, ada, "", to("0123456789", 100)); r.Status != http.StatusAccepted {
		t.Fatalf("after a failed withdrawal: %d %s, want 202", r.Status, r.Raw)
	}
	audit(t, a)
}

func TestWithdrawal_AForgedOrMismatchedTransferWebhookMovesNothing(t *testing.T) {
	t.Parallel()
	a, ada := startFunded(t, "ada_forged", 1000*money.Naira)
	txRef := withdrawConfirmed(t, a, ada, "ada_forged@example.com", to("0123456789", 200))
	// A webhook naming a transfer the provider does not have.
	if r := deliver(t, a, ada.c, transferCompleted(999, txRef, 200, "FAILED"), keys(t, a).WebhookHash); r.Status != http.StatusOK ||
		r.Message() != "Transfer refused: the payment provider does not confirm it" {
		t.Fatalf("unknown transfer: %d %s", r.Status, r.Raw)
	}
	// One signed with the wrong hash.
	id := transferID(t, a, txRef)
	if r := deliver(t, a, ada.c, transferCompleted(id, txRef, 200, "FAILED"), "not-the-hash"); r.Status != http.StatusUnauthorized {
		t.Fatalf("forged: %d %s", r.Status, r.Raw)
	}
	// The real transfer, still queued: a webhook claiming it failed is checked against the provider.
	if r := deliver(t, a, ada.c, transferCompleted(id, txRef, 200, "FAILED"), keys(t, a).WebhookHash); r.Status != http.StatusOK ||
		r.Message() != "Transfer still pending" {
		t.Fatalf("a false failure: %d %s", r.Status, r.Raw)
	}
	wantBalance(t, a, ada.id, 775*money.Naira, "balance %s, want ₦775 still held")
	audit(t, a)
}

func TestWithdrawal_AProviderRefusalIsReversedBeforeTheAnswer(t *testing.T) {
	t.Parallel()
	a, ada := startFunded(t, "ada_refusal", 500*money.Naira)
	withdrawConfirmed(t, a, ada, "ada_refusal@example.com", to("0123456789", 100))
	complete(t, a, transfers(t, a)[0], "SUCCESSFUL", true)
	if code, out := sandbox(t, a, "POST", "/_flutterwave/sandbox/transfer-settings", map[string]any{"refuse_with": "DISBURSE FAILED: Insufficient funds in customer wallet"}); code != http.StatusOK {
		t.Fatalf("%d %v", code, out)
	}
	key := uuid.NewString()
	r := withdraw(t, a, ada, key, to("0123456789", 200))
	if r.Status != http.StatusBadGateway || r.Message() != "The bank transfer could not be made. Nothing was taken from your balance." {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
	wantBalance(t, a, ada.id, 375*money.Naira, "balance %s after a refused transfer, want ₦375")
	// The attempt's key answers what really happened.
	if again := withdraw(t, a, ada, key, to("0123456789", 200)); again.Status != http.StatusBadGateway || again.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("replay of the refused attempt: %d %s", again.Status, again.Raw)
	}
	wantBalance(t, a, ada.id, 375*money.Naira, "balance %s after the replay")
	audit(t, a)
}

// transfers lists the sandbox's transfers' references, newest first.
func transfers(t *testing.T, a *apptest.App) []string {
	t.Helper()
	code, out := sandbox(t, a, "GET", "/_flutterwave/v3/transfers", nil)
	if code != http.StatusOK {
		t.Fatalf("%d %v", code, out)
	}
	var refs []string
	for _, d := range out["data"].([]any) {
		refs = append(refs, d.(map[string]any)["reference"].(string))
	}
	return refs
}

// The provider queues the transfer but its answer is lost (the sandbox holds it back past the
// client's timeout: a real round trip, the transfer made before the answer is dropped). The
// reconciler finds the transfer in the provider's documented list by its reference and settles
// the withdrawal by the transfer's own status: NEW leaves it pending, SUCCESSFUL completes it.
func TestWithdrawal_ATimedOutTransferCallIsFoundInTheProvidersListAndSettledByItsStatus(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, map[string]string{"FLUTTERWAVE_TRANSFER_TIMEOUT": "300ms"})
	ada := newMember(t, a, "ada_timeout")
	fundWallet(t, a, ada, 1000*money.Naira)
	// Other merchants' transfers fill the list's first pages: the search reads on to ours.
	others(t, a, 25)
	if code, out := sandbox(t, a, "POST", "/_flutterwave/sandbox/transfer-settings", map[string]any{"delay_ms": 4000}); code != http.StatusOK {
		t.Fatalf("%d %v", code, out)
	}
	// The answer comes 4 s after the transfer is made; the client gives up after 300 ms. Well
	// before 4 s is proof enough on a busy machine that the answer was not waited for.
	start := time.Now()
	txRef := withdrawConfirmed(t, a, ada, "ada_timeout@example.com", to("0123456789", 400))
	if took := time.Since(start); took > 3500*time.Millisecond {
		t.Fatalf("the withdrawal waited %v for the provider; its bound is 300ms", took)
	}
	if !hasTransfer(t, a, txRef) {
		t.Fatal("the sandbox did not queue the transfer whose answer was lost")
	}
	sandbox(t, a, "POST", "/_flutterwave/sandbox/transfer-settings", map[string]any{})
	others(t, a, 12) // and more after it: ours is on the list's third page
	wantBalance(t, a, ada.id, 575*money.Naira, "balance %s, want ₦575 held while the transfer's fate is unknown")
	got := reconcileLater(t, a, time.Hour) // found by listing: NEW, so still pending
	if got.Checked != 1 || got.Pending != 1 || got.Errors != 0 {
		t.Fatalf("first run: %+v", got)
	}
	if es := entries(t, a, ada.id, txRef); es["withdrawal"][0].Status != ledger.Pending {
		t.Fatalf("after the first run: %+v", es)
	}
	// The bank completes it and the webhook is lost.
	complete(t, a, txRef, "SUCCESSFUL", false)
	if got := reconcileLater(t, a, time.Hour); got.Completed != 1 || got.Errors != 0 {
		t.Fatalf("second run: %+v", got)
	}
	if es := entries(t, a, ada.id, txRef); es["withdrawal"][0].Status != ledger.Completed || es["fee"][0].Status != ledger.Completed {
		t.Fatalf("after the reconciler: %+v", es)
	}
	wantBalance(t, a, ada.id, 575*money.Naira, "balance %s, want ₦575")
	if got := reconcileLater(t, a, time.Hour); got.Checked != 0 { // nothing left to do
		t.Fatalf("third run: %+v", got)
	}
	if n := withdrawalNotes(t, ada); len(n) != 1 || n[0]["type"] != "WITHDRAWAL_COMPLETED" ||
		n[0]["message"] != "Your withdrawal of ₦400.00 to Guaranty Trust Bank 0123456789 was completed." || n[0]["post_id"] != txRef {
		t.Fatalf("notifications: %v", n)
	}
	books(t, a) // the others' transfers were paid for: the provider's balance is still the books'
}

// The same lost answer, and the bank fails the transfer: the reconciler reads FAILED on the
// provider's own record of it and only then gives amount and fee back, telling the owner once.
func TestWithdrawal_ATimedOutTransferThatFailedIsRefundedOnlyOnTheProvidersFailed(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, map[string]string{"FLUTTERWAVE_TRANSFER_TIMEOUT": "200ms"})
	ada := newMember(t, a, "ada_timeout_failed")
	fundWallet(t, a, ada, 1000*money.Naira)
	sandbox(t, a, "POST", "/_flutterwave/sandbox/transfer-settings", map[string]any{"delay_ms": 1000})
	txRef := withdrawConfirmed(t, a, ada, "ada_timeout_failed@example.com", to("0123456789", 300))
	sandbox(t, a, "POST", "/_flutterwave/sandbox/transfer-settings", map[string]any{})
	complete(t, a, txRef, "FAILED", false)
	for range 3 { // run after run: one refund
		reconcileLater(t, a, time.Hour)
	}
	wantBalance(t, a, ada.id, 1000*money.Naira, "balance %s, want ₦1000 back")
	if n := withdrawalNotes(t, ada); len(n) != 1 || n[0]["type"] != "WITHDRAWAL_FAILED" ||
		n[0]["message"] != "Your withdrawal of ₦300.00 to Guaranty Trust Bank 0123456789 failed. ₦325.00 was refunded to your wallet." {
		t.Fatalf("notifications: %v", n)
	}
	audit(t, a)
}

// The request never reached the provider (lost before anything was queued). Its list does not
// show the reference, which proves nothing (an undocumented filter, a page too deep, a provider
// slow to list): the withdrawal stays pending, run after run, and its money never goes back on a
// guess. (The admin area's review queue takes it from there: functions/admin.)
func TestWithdrawal_ATransferTheProviderNeverQueuedStaysPendingAndIsNeverReversedByTheReconciler(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, map[string]string{"FLUTTERWAVE_TRANSFER_TIMEOUT": "200ms"})
	ada := newMember(t, a, "ada_lost")
	fundWallet(t, a, ada, 1000*money.Naira)
	if code, out := sandbox(t, a, "POST", "/_flutterwave/sandbox/transfer-settings", map[string]any{"delay_ms": 500, "drop": true}); code != http.StatusOK {
		t.Fatalf("%d %v", code, out)
	}
	txRef := withdrawConfirmed(t, a, ada, "ada_lost@example.com", to("0123456789", 300))
	wantBalance(t, a, ada.id, 675*money.Naira, "balance %s, want ₦675 held")
	if hasTransfer(t, a, txRef) {
		t.Fatal("the dropped request was queued")
	}
	// Not yet old enough for the reconciler: untouched.
	if got := reconcileLater(t, a, 0); got.Checked != 0 {
		t.Fatalf("a young withdrawal was checked: %+v", got)
	}
	for _, later := range []time.Duration{time.Hour, 2 * payment.NeedsReviewAfter} {
		if got := reconcileLater(t, a, later); got.Checked != 1 || got.Pending != 1 || got.Failed != 0 {
			t.Fatalf("%v later: %+v", later, got)
		}
	}
	wantBalance(t, a, ada.id, 675*money.Naira, "balance %s, want ₦675 still held: nothing says the transfer failed")
	if es := entries(t, a, ada.id, txRef); es["withdrawal"][0].Status != ledger.Pending || es["fee"][0].Status != ledger.Pending {
		t.Fatalf("entries: %+v", es)
	}
	if n := withdrawalNotes(t, ada); len(n) != 0 {
		t.Fatalf("notified of an unsettled withdrawal: %v", n)
	}
	audit(t, a)
}

// reconcileLater runs the reconciler once, as the schedule does (withdrawals pending longer than
// payment.PendingTooLong), with its clock later than now: the withdrawals' age without a sleep.
func reconcileLater(t *testing.T, a *apptest.App, later time.Duration) payment.Reconciled {
	t.Helper()
	w, err := reconcile.Withdrawals(context.Background(), a.Cloud.Config, func(k string) string { return a.Env[k] })
	if err != nil {
		t.Fatal(err)
	}
	w.SetClock(func() time.Time { return time.Now().Add(later) })
	got, err := w.Reconcile(context.Background(), payment.PendingTooLong)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// others queues n transfers of other merchants' customers straight at the sandbox.
func others(t *testing.T, a *apptest.App, n int) {
	t.Helper()
	// The sandbox has one merchant balance: what they take (amount and fee) is paid into it first,
	// as funding it from a bank account does, so they neither drain the money that pays Zuum's
	// users nor fail for want of funds, and the provider's balance still equals the books.
	const amount = 150 * money.Naira
	a.Cloud.Edge.Payments().TopUp(money.Money(n) * (amount + flutterwave.Fee(amount)))
	for range n {
		body := map[string]any{"account_bank": gtb, "account_number": "0987654321", "amount": 150, "currency": "NGN",
			"reference": "other-" + uuid.NewString(), "narration": "someone else"}
		if code, out := sandbox(t, a, "POST", "/_flutterwave/v3/transfers", body); code != http.StatusOK {
			t.Fatalf("another transfer: %d %v", code, out)
		}
	}
}

// withdrawalNotes are m's withdrawal notifications, newest first.
func withdrawalNotes(t *testing.T, m member) []map[string]any {
	t.Helper()
	r := m.c.JSON("GET", "/api/notifications", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("notifications: %d %s", r.Status, r.Raw)
	}
	var out []map[string]any
	list, _ := r.Body["notifications"].([]any)
	for _, n := range list {
		if n := n.(map[string]any); n["type"] == "WITHDRAWAL_COMPLETED" || n["type"] == "WITHDRAWAL_FAILED" {
			out = append(out, n)
		}
	}
	return out
}

func TestWithdrawal_ConcurrentWithdrawalsNeverOverdraw(t *testing.T) {
	t.Parallel()
	a, ada := startFunded(t, "ada_races_out", 1000*money.Naira)
	withdrawConfirmed(t, a, ada, "ada_races_out@example.com", to("0123456789", 100)) // ₦875 left
	const n = 12
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { statuses[i] = withdraw(t, a, ada, "", to("0123456789", 200)).Status })
	}
	wg.Wait()
	ok, poor := 0, 0
	for _, s := range statuses {
		switch s {
		case http.StatusCreated:
			ok++
		case http.StatusNotAcceptable:
			poor++
		default:
			t.Errorf("status %d", s)
		}
	}
	// ₦875 covers three withdrawals of ₦200 with their ₦25 fees (₦675), not four.
	if ok != 3 || poor != n-3 {
		t.Fatalf("%d succeeded and %d were refused, want 3 and %d", ok, poor, n-3)
	}
	wantBalance(t, a, ada.id, 200*money.Naira, "balance %s, want ₦200")
	if au := audit(t, a); au.Movements != 1+1+3 {
		t.Fatalf("%d movements, want the deposit and 4 withdrawals: refused ones wrote nothing", au.Movements)
	}
}

// transferCompleted is a v3 transfer.completed body.
func transferCompleted(id int64, reference string, naira int64, status string) []byte {
	raw, _ := json.Marshal(map[string]any{
		"event": "transfer.completed", "event.type": "Transfer",
		"data": map[string]any{
			"id": id, "account_number": "0123456789", "bank_code": gtb, "bank_name": "Guaranty Trust Bank",
			"fullname": "SANDBOX", "currency": "NGN", "debit_currency": "NGN", "amount": naira, "fee": 10.75,
			"status": status, "reference": reference, "complete_message": "", "requires_approval": 0, "is_approved": 1,
		},
	})
	return raw
}

// listed is the sandbox's transfer with reference, found as the client finds it: through the
// documented list's pages (it has no reference filter).
func listed(t *testing.T, a *apptest.App, reference string) (map[string]any, bool) {
	t.Helper()
	for page := 1; page <= 50; page++ {
		code, out := sandbox(t, a, "GET", fmt.Sprintf("/_flutterwave/v3/transfers?page=%d", page), nil)
		list, _ := out["data"].([]any)
		if code != http.StatusOK {
			t.Fatalf("transfers page %d: %d %v", page, code, out)
		}
		if len(list) == 0 {
			return nil, false
		}
		for _, d := range list {
			if d := d.(map[string]any); d["reference"] == reference {
				return d, true
			}
		}
	}
	return nil, false
}

func hasTransfer(t *testing.T, a *apptest.App, reference string) bool {
	t.Helper()
	_, ok := listed(t, a, reference)
	return ok
}

// transferID is the provider's id of the transfer with reference.
func transferID(t *testing.T, a *apptest.App, reference string) int64 {
	t.Helper()
	d, ok := listed(t, a, reference)
	if !ok {
		t.Fatalf("no transfer %s", reference)
	}
	id, err := d["id"].(json.Number).Int64()
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func TestEvents_TheWithdrawalSampleReplaysThroughTheLambdaAdapter(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, nil)
	if res := a.Replay(t, "payment", "events/payment/withdrawal-no-session.json"); res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("%d %s, want 401", res.StatusCode, res.Body)
	}
	audit(t, a)
}

// history is the caller's wallet history of one type, as GET /api/wallet/transactions lists it.
func history(t *testing.T, m member, typ string) []map[string]any {
	t.Helper()
	r := m.c.JSON("GET", "/api/wallet/transactions?type="+typ, nil)
	if r.Status != http.StatusOK {
		t.Fatalf("history %s: %d %s", typ, r.Status, r.Raw)
	}
	var out []map[string]any
	for _, e := range r.Body["transactions"].([]any) {
		out = append(out, e.(map[string]any))
	}
	return out
}

func TestWithdrawal_TheWalletHistoryShowsItPendingThenCompletedOrFailed(t *testing.T) {
	t.Parallel()
	a, ada := startFunded(t, "ada_history", 1000*money.Naira)
	done := withdrawConfirmed(t, a, ada, "ada_history@example.com", to("0123456789", 200))
	r := withdraw(t, a, ada, "", to("0123456789", 300)) // a used account: no code
	if r.Status != http.StatusCreated {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
	failed := r.Body["data"].(map[string]any)["tx_ref"].(string)
	ws := history(t, ada, "withdrawal")
	if len(ws) != 2 || ws[0]["status"] != "pending" || ws[1]["status"] != "pending" || ws[0]["direction"] != "out" ||
		ws[0]["reference"] != failed || ws[0]["amount"] != 300.0 {
		t.Fatalf("pending withdrawals: %v", ws)
	}
	complete(t, a, done, "SUCCESSFUL", true)
	complete(t, a, failed, "FAILED", true)
	status := map[string]string{}
	refunds := 0
	for _, e := range history(t, ada, "withdrawal") {
		if e["direction"] == "in" {
			refunds++
			continue
		}
		status[e["reference"].(string)] = e["status"].(string)
	}
	if status[done] != "completed" || status[failed] != "failed" || refunds != 1 {
		t.Fatalf("after the bank: %v, %d refunds", status, refunds)
	}
	fees := history(t, ada, "fee")
	if len(fees) != 3 { // two fees out, one given back
		t.Fatalf("fee entries: %v", fees)
	}
	wantBalance(t, a, ada.id, 775*money.Naira, "balance %s, want ₦775 (₦200 and its fee gone, ₦300 and its fee back)")
}

func TestWithdrawal_ConcurrentWithdrawalsAndTransfersNeverOverdraw(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_spends")
	bola := newMember(t, a, "bola_receives")
	fundWallet(t, a, ada, 1000*money.Naira)
	withdrawConfirmed(t, a, ada, "ada_spends@example.com", to("0123456789", 100)) // ₦875 left
	const n = 8
	type outcome struct {
		withdrawal bool
		status     int
	}
	outcomes := make([]outcome, 2*n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { outcomes[i] = outcome{true, withdraw(t, a, ada, "", to("0123456789", 175)).Status} })
		wg.Go(func() {
			raw, _ := json.Marshal(map[string]any{"email": "bola_receives@example.com", "amount": 200, "note": "race"})
			req, _ := http.NewRequest("POST", a.URL("/api/wallet/transfer"), bytes.NewReader(raw))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Idempotency-Key", uuid.NewString())
			outcomes[n+i] = outcome{false, ada.c.Do(req).Status}
		})
	}
	wg.Wait()
	withdrawn, transferred := 0, 0
	for _, o := range outcomes {
		switch {
		case o.status == http.StatusCreated && o.withdrawal:
			withdrawn++
		case o.status == http.StatusCreated:
			transferred++
		case o.status != http.StatusNotAcceptable:
			t.Errorf("status %d (withdrawal %v)", o.status, o.withdrawal)
		}
	}
	// Each costs ₦200 (₦175 and the ₦25 fee, or ₦200 sent): ₦875 pays four, never a fifth.
	if withdrawn+transferred != 4 {
		t.Fatalf("%d withdrawals and %d transfers went through, want 4 in all", withdrawn, transferred)
	}
	wantBalance(t, a, ada.id, 75*money.Naira, "balance %s, want ₦75")
	if got := balance(t, a, bola.id); got != money.Money(transferred)*200*money.Naira {
		t.Fatalf("bola has %s after %d transfers of ₦200", got, transferred)
	}
	audit(t, a)
}

// Tries of one withdrawal at once (a client retrying while its first try still runs): the tries
// that find the balance spent get the first try's 201, not 406, and one withdrawal is made.
func TestWithdrawal_TriesOfOneKeyAtOnceAllGetTheFirstAnswer(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, nil)
	ada := newMember(t, a, "ada_retries_out")
	fundWallet(t, a, ada, 1000*money.Naira)
	withdrawConfirmed(t, a, ada, "ada_retries_out@example.com", to("0123456789", 100)) // ₦875 left
	key := uuid.NewString()
	apptest.OneAnswer(t, apptest.AtOnce(6, func() apptest.Response { return withdraw(t, a, ada, key, to("0123456789", 850)) }), http.StatusCreated)
	if got := balance(t, a, ada.id); got != 0 {
		t.Fatalf("balance %s, want 0 (₦850 and its ₦25 fee once)", got)
	}
	if au := audit(t, a); au.Movements != 1+1+1 {
		t.Fatalf("%d movements, want the deposit and 2 withdrawals", au.Movements)
	}
}
