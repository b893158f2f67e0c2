package payment_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/localstack/flutterwave"
	"zuum/localstack/lambdas"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/payment"
)

// member is a signed-in user.
type member struct {
	c  *apptest.Client
	id string
}

func newMember(t *testing.T, a *apptest.App, username string) member {
	t.Helper()
	c := a.Client(t)
	r := a.NewUser(t, c, username)
	return member{c: c, id: r.Body["profile"].(map[string]any)["id"].(string)}
}

// startMember starts an app with username signed in on it.
func startMember(t *testing.T, username string) (*apptest.App, member) {
	t.Helper()
	a := apptest.Start(t, nil)
	return a, newMember(t, a, username)
}

// startFunded starts an app with username signed in on it and amount in their wallet.
func startFunded(t *testing.T, username string, amount money.Money) (*apptest.App, member) {
	t.Helper()
	a, m := startMember(t, username)
	fundWallet(t, a, m, amount)
	return a, m
}

// depositAccount is a deposit account as the API shows it (data of GET/POST
// /api/payment/deposit-account; a permanent account has no reference, amount or expiry).
type depositAccount struct {
	AccountNumber string      `json:"accountNumber"`
	BankName      string      `json:"bankName"`
	Reference     string      `json:"reference"`
	Amount        money.Money `json:"amount"`
	ExpiresAt     *string     `json:"expiresAt"`
}

// postDeposit sends POST /api/payment/deposit-account with key as its Idempotency-Key ("" for a
// new one).
func (m member) postDeposit(t *testing.T, key string, body any) apptest.Response {
	t.Helper()
	if key == "" {
		key = uuid.NewString()
	}
	raw, _ := json.Marshal(body)
	req, err := http.NewRequest("POST", m.c.URL("/api/payment/deposit-account"), bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	return m.c.Do(req)
}

// dataOf decodes an answer's data.
func dataOf(t *testing.T, r apptest.Response) depositAccount {
	t.Helper()
	var out struct {
		Data depositAccount `json:"data"`
	}
	if err := json.Unmarshal(r.Raw, &out); err != nil || out.Data.AccountNumber == "" {
		t.Fatalf("answer %d %s: no account (%v)", r.Status, r.Raw, err)
	}
	return out.Data
}

// openDeposit opens m a temporary account for amount naira.
func (m member) openDeposit(t *testing.T, amount any) depositAccount {
	t.Helper()
	r := m.postDeposit(t, "", map[string]any{"amount": amount})
	if r.Status != http.StatusCreated {
		t.Fatalf("open a deposit account for %v: %d %s", amount, r.Status, r.Raw)
	}
	return dataOf(t, r)
}

// testBVN is the BVN the tests' permanent accounts are opened with.
const testBVN = "22233344455"

// depositAccount is m's permanent account, opened on first use: it takes any amount any number
// of times, so a test funds a wallet through it as often as it likes.
func (m member) depositAccount(t *testing.T) depositAccount {
	t.Helper()
	r := m.c.JSON("POST", "/api/payment/deposit-account/permanent", map[string]any{"bvn": testBVN})
	if r.Status != http.StatusCreated && r.Status != http.StatusOK {
		t.Fatalf("permanent account: %d %s", r.Status, r.Raw)
	}
	return dataOf(t, r)
}

// sandbox calls the payment sandbox's control and v3 endpoints on the test's edge.
func sandbox(t *testing.T, a *apptest.App, method, path string, body any) (int, map[string]any) {
	t.Helper()
	raw, _ := json.Marshal(body)
	req, err := http.NewRequest(method, a.Cloud.URL+path, bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+keys(t, a).SecretKey)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	dec := json.NewDecoder(res.Body)
	dec.UseNumber() // transaction ids are integers
	_ = dec.Decode(&out)
	return res.StatusCode, out
}

// payIn pays naira into an account as a bank transfer does and returns the transaction id.
func payIn(t *testing.T, a *apptest.App, body map[string]any) string {
	t.Helper()
	status, out := sandbox(t, a, "POST", "/_flutterwave/sandbox/pay-in", body)
	if status != http.StatusOK {
		t.Fatalf("pay-in %v: %d %v", body, status, out)
	}
	return fmt.Sprint(out["data"].(map[string]any)["id"])
}

func keys(t *testing.T, a *apptest.App) payment.Keys {
	t.Helper()
	out, err := a.Cloud.Secrets.GetSecretValue(context.Background(), &secretsmanager.GetSecretValueInput{SecretId: aws.String(lambdas.FlutterwaveSecretName)})
	if err != nil {
		t.Fatal(err)
	}
	k, err := payment.ParseKeys([]byte(*out.SecretString))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// chargeCompleted is a v3 webhook body for a pay-in.
func chargeCompleted(id, txRef string, amount money.Money, status string) []byte {
	raw, _ := json.Marshal(map[string]any{
		"event": "charge.completed", "event.type": "BANK_TRANSFER_TRANSACTION",
		"data": map[string]any{
			"id": json.Number(id), "tx_ref": txRef, "flw_ref": "FLW-TEST", "amount": amount, "currency": "NGN",
			"charged_amount": amount, "status": status, "payment_type": "bank_transfer",
		},
		"meta_data": map[string]any{"originatorname": "TEST PAYER", "bankname": "Access Bank"},
	})
	return raw
}

// deliver posts a webhook to the app as the provider would, signed with hash (in both headers).
func deliver(t *testing.T, a *apptest.App, c *apptest.Client, body []byte, hash string) apptest.Response {
	t.Helper()
	req, err := http.NewRequest("POST", a.URL("/api/payment/webhook"), bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(payment.HashHeader, hash)
	req.Header.Set(payment.SignatureHeader, payment.Sign(hash, body))
	return c.Do(req)
}

func ledgerOf(a *apptest.App) *ledger.Store { return a.Ledger() }

func balance(t *testing.T, a *apptest.App, userID string) money.Money {
	t.Helper()
	b, err := ledgerOf(a).Balance(context.Background(), userID)
	if err != nil {
		t.Fatal(err)
	}
	return b.Amount
}

// wantBalance fails the test with format (given the balance found) unless userID's balance is want.
func wantBalance(t *testing.T, a *apptest.App, userID string, want money.Money, format string) {
	t.Helper()
	if got := balance(t, a, userID); got != want {
		t.Fatalf(format, got)
	}
}

// audit checks the whole ledger is sound and returns it.
func audit(t *testing.T, a *apptest.App) ledger.Audit {
	t.Helper()
	return a.Audit(t)
}

func TestWebhook_APayInIsCreditedOnceHoweverOftenItIsDelivered(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_deposits")
	acct := ada.openDeposit(t, json.Number("5000.50"))
	id := payIn(t, a, map[string]any{"account_number": acct.AccountNumber, "amount": json.Number("5000.50"), "payer": "JOHN DOE"})
	a.Settle(t)
	wantBalance(t, a, ada.id, 5000*money.Naira+50, "balance after the webhook = %d kobo, want 500050")
	// The provider resends it; and it arrives again, as a replay of the very same body.
	if status, out := sandbox(t, a, "POST", "/_flutterwave/v3/transactions/"+id+"/resend-hook", nil); status != http.StatusOK {
		t.Fatalf("resend-hook: %d %v", status, out)
	}
	a.Settle(t)
	body := chargeCompleted(id, acct.Reference, 5000*money.Naira+50, "successful")
	if r := deliver(t, a, ada.c, body, keys(t, a).WebhookHash); r.Status != http.StatusOK || r.Message() != "Deposit already credited" {
		t.Fatalf("replay: %d %s", r.Status, r.Raw)
	}
	wantBalance(t, a, ada.id, 5000*money.Naira+50, "balance after replays = %d kobo, want 500050")
	for _, d := range a.Cloud.Edge.Payments().Deliveries() {
		if !d.Delivered || d.Attempts != 1 {
			t.Errorf("delivery %+v: the app should take every delivery at once", d)
		}
	}
	page, err := ledgerOf(a).Entries(context.Background(), ada.id, "", ledger.Page{Limit: 10})
	if err != nil || len(page.Entries) != 1 {
		t.Fatalf("entries %+v, %v", page.Entries, err)
	}
	e := page.Entries[0]
	if e.Type != "deposit" || e.Amount != 5000*money.Naira+50 || e.Counterparty != "JOHN DOE" || e.Reference != acct.Reference {
		t.Fatalf("entry %+v", e)
	}
	if au := audit(t, a); au.Movements != 1 {
		t.Fatalf("%d movements, want 1", au.Movements)
	}
	// The listener sees it in the wallet.
	var w struct {
		Balance money.Money `json:"balance"`
		Recent  []struct {
			Type         string      `json:"type"`
			Amount       money.Money `json:"amount"`
			Direction    string      `json:"direction"`
			Counterparty string      `json:"counterparty"`
		} `json:"recent"`
		Totals struct {
			Deposits money.Money `json:"deposits"`
		} `json:"totals"`
	}
	r := ada.c.JSON("GET", "/api/wallet", nil)
	if err := json.Unmarshal(r.Raw, &w); r.Status != http.StatusOK || err != nil {
		t.Fatalf("wallet: %d %s", r.Status, r.Raw)
	}
	if w.Balance != 5000*money.Naira+50 || w.Totals.Deposits != w.Balance || len(w.Recent) != 1 ||
		w.Recent[0].Type != "deposit" || w.Recent[0].Direction != "in" || w.Recent[0].Amount != w.Balance || w.Recent[0].Counterparty != "JOHN DOE" {
		t.Fatalf("wallet %s", r.Raw)
	}
}

func TestWebhook_LegacyFlatPayloadIsCreditedToo(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_legacy")
	acct := ada.openDeposit(t, 750)
	payIn(t, a, map[string]any{"account_number": acct.AccountNumber, "amount": 750, "shape": "legacy"})
	a.Settle(t)
	wantBalance(t, a, ada.id, 750*money.Naira, "balance = %d kobo, want 75000")
}

func TestWebhook_AForgedSignatureIs401AndMovesNothing(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_forged")
	acct := ada.openDeposit(t, 1000)
	id := payIn(t, a, map[string]any{"account_number": acct.AccountNumber, "amount": 1000, "no_webhook": true})
	body := chargeCompleted(id, acct.Reference, 1000*money.Naira, "successful")
	real := keys(t, a).WebhookHash
	forgeries := map[string]http.Header{
		"no signature":             {},
		"wrong hash":               {payment.HashHeader: {real + "x"}},
		"signature of other body":  {payment.SignatureHeader: {payment.Sign(real, chargeCompleted(id, acct.Reference, 1, "successful"))}},
		"signed with another hash": {payment.SignatureHeader: {payment.Sign("guessed", body)}},
	}
	for name, h := range forgeries {
		req, _ := http.NewRequest("POST", a.URL("/api/payment/webhook"), bytes.NewReader(body))
		req.Header = h
		req.Header.Set("Content-Type", "application/json")
		if r := ada.c.Do(req); r.Status != http.StatusUnauthorized || r.Message() != "Invalid webhook signature" {
			t.Errorf("%s: %d %s", name, r.Status, r.Raw)
		}
	}
	wantBalance(t, a, ada.id, 0, "a forged webhook credited %d kobo")
	if au := audit(t, a); au.Movements != 0 {
		t.Fatalf("%d movements after forgeries", au.Movements)
	}
}

func TestWebhook_WhoseVerifyDisagreesIsRefusedWith200AndCreditsNothing(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_disagrees")
	acct := ada.openDeposit(t, 1000)
	hash := keys(t, a).WebhookHash
	// The failed transfer first: once paid, the account takes no more (frequency 1).
	failed := payIn(t, a, map[string]any{"account_number": acct.AccountNumber, "amount": 1000, "status": "failed", "no_webhook": true})
	paid := payIn(t, a, map[string]any{"account_number": acct.AccountNumber, "amount": 1000, "no_webhook": true})
	for name, body := range map[string][]byte{
		"a larger amount than was paid":       chargeCompleted(paid, acct.Reference, 100000*money.Naira, "successful"),
		"a failed transfer called successful": chargeCompleted(failed, acct.Reference, 1000*money.Naira, "successful"),
		"another account's tx_ref":            chargeCompleted(paid, "zuum-dep-someone-else", 1000*money.Naira, "successful"),
		"a transaction the provider lacks":    chargeCompleted("99999999", acct.Reference, 1000*money.Naira, "successful"),
	} {
		r := deliver(t, a, ada.c, body, hash)
		if r.Status != http.StatusOK || r.Message() != "Deposit refused: the payment provider does not confirm it" {
			t.Errorf("%s: %d %s", name, r.Status, r.Raw)
		}
	}
	// A failed charge reported as failed is no deposit either.
	if r := deliver(t, a, ada.c, chargeCompleted(failed, acct.Reference, 1000*money.Naira, "failed"), hash); r.Status != http.StatusOK || r.Message() != "Event ignored" {
		t.Errorf("failed charge: %d %s", r.Status, r.Raw)
	}
	wantBalance(t, a, ada.id, 0, "balance %d kobo after refused webhooks")
	// The honest delivery of the paid one still goes through.
	if r := deliver(t, a, ada.c, chargeCompleted(paid, acct.Reference, 1000*money.Naira, "successful"), hash); r.Message() != "Deposit credited" {
		t.Fatalf("honest webhook: %d %s", r.Status, r.Raw)
	}
	wantBalance(t, a, ada.id, 1000*money.Naira, "balance %d kobo, want 100000")
	audit(t, a)
}

func TestWebhook_ForATxRefThatIsNotOursIsRefusedOnceAndNotRetried(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, nil)
	client := payment.NewFlutterwave(a.Env["FLUTTERWAVE_BASE_URL"], keys(t, a).SecretKey, nil)
	stranger, err := client.CreateVirtualAccount(context.Background(), payment.AccountRequest{Email: "x@example.com", TxRef: "another-merchant-ref", Amount: 300 * money.Naira})
	if err != nil {
		t.Fatal(err)
	}
	payIn(t, a, map[string]any{"account_number": stranger.AccountNumber, "amount": 300})
	a.Settle(t)
	d := a.Cloud.Edge.Payments().Deliveries()
	if len(d) != 1 || d[0].Attempts != 1 || d[0].LastStatus != http.StatusOK {
		t.Fatalf("deliveries %+v: a refusal is answered 200 so the provider stops", d)
	}
	if au := audit(t, a); au.Movements != 0 {
		t.Fatalf("%d movements for a stranger's tx_ref", au.Movements)
	}
}

func TestWebhook_DeliveredTwentyTimesAtOnceCreditsOnce(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_twenty")
	acct := ada.openDeposit(t, 2500)
	id := payIn(t, a, map[string]any{"account_number": acct.AccountNumber, "amount": 2500, "no_webhook": true})
	body, hash := chargeCompleted(id, acct.Reference, 2500*money.Naira, "successful"), keys(t, a).WebhookHash
	var mu sync.Mutex
	messages := map[string]int{}
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			r := deliver(t, a, ada.c, body, hash)
			mu.Lock()
			defer mu.Unlock()
			messages[fmt.Sprintf("%d %s", r.Status, r.Message())]++
		})
	}
	wg.Wait()
	if messages["200 Deposit credited"] != 1 || messages["200 Deposit already credited"] != 19 {
		t.Fatalf("answers %v, want one credit and 19 replays", messages)
	}
	wantBalance(t, a, ada.id, 2500*money.Naira, "balance %d kobo, want 250000")
	if au := audit(t, a); au.Movements != 1 {
		t.Fatalf("%d movements, want 1", au.Movements)
	}
}

func TestWebhook_FiftyConcurrentPayInsToTenUsersAllArriveAndTheLedgerBalances(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, nil)
	users := make([]member, 10)
	accounts := make([]depositAccount, 10)
	for i := range users {
		users[i] = newMember(t, a, fmt.Sprintf("racer_%02d", i))
		accounts[i] = users[i].depositAccount(t)
	}
	want := map[string]money.Money{}
	var wg sync.WaitGroup
	for i := range 50 {
		u := i % 10
		amount := money.Money(i+1)*money.Naira + money.Money(i) // 1.00, 2.01, 3.02 … naira
		want[users[u].id] += amount
		wg.Go(func() {
			payIn(t, a, map[string]any{"account_number": accounts[u].AccountNumber, "amount": amount})
		})
	}
	wg.Wait()
	a.Settle(t)
	au := audit(t, a)
	if au.Movements != 50 {
		t.Fatalf("%d movements, want 50", au.Movements)
	}
	var total money.Money
	for _, u := range users {
		if got := au.Balances[ledger.User(u.id)]; got != want[u.id] {
			t.Errorf("user %s: balance %d kobo, paid %d", u.id, got, want[u.id])
		}
		total += want[u.id]
	}
	// Clearing holds what the provider settled, the provider's fees the rest of what was paid.
	if got := au.Balances[ledger.Clearing]; got != -a.Cloud.Edge.Payments().Balance() {
		t.Fatalf("clearing %d kobo, the provider holds %d", got, a.Cloud.Edge.Payments().Balance())
	}
	if got := au.Balances[ledger.Clearing] + au.Balances[ledger.ProviderFees]; got != -total {
		t.Fatalf("clearing and provider fees %d kobo, want %d", got, -total)
	}
	for _, d := range a.Cloud.Edge.Payments().Deliveries() {
		if !d.Delivered {
			t.Errorf("delivery %+v not taken", d)
		}
	}
}

func TestEvents_SamplesReplayThroughTheLambdaAdapter(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, nil)
	for file, want := range map[string]int{
		"events/payment/deposit-account-no-session.json": http.StatusUnauthorized,
		"events/payment/webhook-forged.json":             http.StatusUnauthorized,
	} {
		if res := a.Replay(t, "payment", file); res.StatusCode != want {
			t.Errorf("%s: %d %s, want %d", file, res.StatusCode, res.Body, want)
		}
	}
	audit(t, a)
}

func TestWebhook_WhenTheProviderCannotBeAskedIs503AndTheRetryCredits(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_retries")
	acct := ada.openDeposit(t, 400)
	k := keys(t, a)
	id := payIn(t, a, map[string]any{"account_number": acct.AccountNumber, "amount": 400, "no_webhook": true})
	body := chargeCompleted(id, acct.Reference, 400*money.Naira, "successful")
	sb := a.Cloud.Edge.Payments()
	// The provider refuses our key (rotated in its dashboard, not yet in ours): not a verdict on
	// the payment, so the webhook must come again.
	sb.Configure(flutterwave.Config{SecretKey: "rotated", WebhookHash: k.WebhookHash})
	if r := deliver(t, a, ada.c, body, k.WebhookHash); r.Status != http.StatusServiceUnavailable {
		t.Fatalf("verify refused us: %d %s, want 503", r.Status, r.Raw)
	}
	wantBalance(t, a, ada.id, 0, "credited %d kobo unverified")
	sb.Configure(flutterwave.Config{SecretKey: k.SecretKey, WebhookHash: k.WebhookHash})
	if r := deliver(t, a, ada.c, body, k.WebhookHash); r.Status != http.StatusOK || r.Message() != "Deposit credited" {
		t.Fatalf("retry: %d %s", r.Status, r.Raw)
	}
	wantBalance(t, a, ada.id, 400*money.Naira, "balance %d kobo, want 40000")
}
