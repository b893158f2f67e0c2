package payment_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"

	"zuum/localstack/cloudtest"
	"zuum/localstack/flutterwave"
	"zuum/shared/money"
	"zuum/shared/payment"
)

// keys are the merchant's keys the tests configure the sandbox with.
var keys = payment.Keys{SecretKey: "FLWSECK_TEST-sandbox", WebhookHash: "hash-of-the-dashboard"}

// sandbox starts a cloud whose payment sandbox holds keys and lifetime, and returns a real
// client of it and the cloud.
func sandbox(t *testing.T, cfg flutterwave.Config) (*payment.Flutterwave, *cloudtest.Cloud) {
	t.Helper()
	c := cloudtest.Start(t)
	cfg.SecretKey, cfg.WebhookHash = keys.SecretKey, keys.WebhookHash
	c.Edge.Payments().Configure(cfg)
	return payment.NewFlutterwave(c.URL+"/_flutterwave/v3", keys.SecretKey, nil), c
}

// payIn pays naira into an account through the sandbox's control, as a bank transfer does,
// and returns the transaction id.
func payIn(t *testing.T, c *cloudtest.Cloud, body map[string]any) (int, string) {
	t.Helper()
	raw, _ := json.Marshal(body)
	res, err := http.Post(c.URL+"/_flutterwave/sandbox/pay-in", "application/json", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out struct {
		Message string `json:"message"`
		Data    struct {
			ID json.Number `json:"id"`
		} `json:"data"`
	}
	_ = json.NewDecoder(res.Body).Decode(&out)
	if res.StatusCode == http.StatusOK {
		return res.StatusCode, out.Data.ID.String()
	}
	return res.StatusCode, out.Message
}

func TestCreateVirtualAccount_KeepsTheExpiryTheProviderReturns(t *testing.T) {
	t.Parallel()
	client, _ := sandbox(t, flutterwave.Config{AccountLifetime: 90 * time.Minute})
	before := time.Now().Truncate(time.Second)
	a, err := client.CreateVirtualAccount(context.Background(), payment.AccountRequest{
		Email: "ada@example.com", TxRef: "dep_abc", Narration: "Zuum wallet ada", Amount: 5000 * money.Naira,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.AccountNumber) != 10 || a.BankName == "" || a.OrderRef == "" || a.TxRef != "dep_abc" || a.Frequency != 1 || a.Amount != 5000*money.Naira {
		t.Fatalf("account = %+v", a)
	}
	if d := a.ExpiresAt.Sub(before); d < 90*time.Minute || d > 90*time.Minute+2*time.Second {
		t.Fatalf("expires %v after creation, want the sandbox's 90 minutes", d)
	}
	again, err := client.VirtualAccount(context.Background(), a.OrderRef)
	if err != nil || again.AccountNumber != a.AccountNumber || !again.ExpiresAt.Equal(a.ExpiresAt) {
		t.Fatalf("read back %+v, %v; want %+v", again, err, a)
	}
}

func TestCreateVirtualAccount_NeedsAnAmountOrAPermanentAccountsBVN(t *testing.T) {
	t.Parallel()
	client, _ := sandbox(t, flutterwave.Config{})
	ctx := context.Background()
	for name, r := range map[string]payment.AccountRequest{
		"temporary without an amount": {Email: "a@example.com", TxRef: "no_amount"},
		"permanent without a BVN":     {Email: "a@example.com", TxRef: "no_bvn", Permanent: true},
		"permanent with a short BVN":  {Email: "a@example.com", TxRef: "short_bvn", Permanent: true, BVN: "1234"},
	} {
		if _, err := client.CreateVirtualAccount(ctx, r); !payment.Definite(err) {
			t.Errorf("%s: err = %v, want the provider's 400", name, err)
		}
	}
	a, err := client.CreateVirtualAccount(ctx, payment.AccountRequest{Email: "a@example.com", TxRef: "static", Permanent: true, BVN: "22212345678"})
	if err != nil || len(a.AccountNumber) != 10 || !a.ExpiresAt.IsZero() || a.Frequency != 0 || a.Amount != 0 {
		t.Fatalf("permanent account %+v, %v; want one that never expires and takes any amount", a, err)
	}
}

func TestClient_AWrongSecretKeyIsRefusedWithTheProvidersEnvelope(t *testing.T) {
	t.Parallel()
	_, c := sandbox(t, flutterwave.Config{})
	wrong := payment.NewFlutterwave(c.URL+"/_flutterwave/v3", "FLWSECK_TEST-stolen", nil)
	_, err := wrong.CreateVirtualAccount(context.Background(), payment.AccountRequest{Email: "a@example.com", TxRef: "x"})
	var pe *payment.Error
	if !errors.As(err, &pe) || pe.Status != http.StatusUnauthorized || pe.Message != "Invalid authorization key" {
		t.Fatalf("err = %v, want 401 Invalid authorization key", err)
	}
	if payment.Definite(err) {
		t.Fatal("a refusal of our key is taken as a verdict on the request: fixing the key could not help")
	}
}

func TestCreateVirtualAccount_WithoutEmailIsA400(t *testing.T) {
	t.Parallel()
	client, _ := sandbox(t, flutterwave.Config{})
	_, err := client.CreateVirtualAccount(context.Background(), payment.AccountRequest{TxRef: "x"})
	var pe *payment.Error
	if !errors.As(err, &pe) || pe.Status != http.StatusBadRequest || pe.Message != "email is required" {
		t.Fatalf("err = %v", err)
	}
}

func TestVerifyTransaction_ReadsAPayInBackInKobo(t *testing.T) {
	t.Parallel()
	client, c := sandbox(t, flutterwave.Config{})
	ctx := context.Background()
	a, err := client.CreateVirtualAccount(ctx, payment.AccountRequest{Email: "ada@example.com", TxRef: "dep_1", Amount: 2500*money.Naira + 75})
	if err != nil {
		t.Fatal(err)
	}
	status, id := payIn(t, c, map[string]any{"account_number": a.AccountNumber, "amount": json.Number("2500.75"), "payer": "JOHN DOE"})
	if status != http.StatusOK {
		t.Fatalf("pay-in: %d %s", status, id)
	}
	tx, err := client.VerifyTransaction(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	want := payment.Transaction{ID: id, TxRef: "dep_1", Amount: 2500*money.Naira + 75, AppFee: 35*money.Naira + 1, Currency: "NGN", Status: "successful", PaymentType: "bank_transfer", Payer: "JOHN DOE"}
	tx.FlwRef, tx.CreatedAt = "", time.Time{}
	if tx != want {
		t.Fatalf("verify = %+v, want %+v", tx, want)
	}
	byRef, err := client.VerifyByReference(ctx, "dep_1")
	if err != nil || byRef.ID != id {
		t.Fatalf("verify_by_reference = %+v, %v", byRef, err)
	}
}

func TestVerifyTransaction_AnUnknownIdIsADefiniteRefusal(t *testing.T) {
	t.Parallel()
	client, _ := sandbox(t, flutterwave.Config{})
	_, err := client.VerifyTransaction(context.Background(), "999999999")
	if !payment.Definite(err) {
		t.Fatalf("err = %v, want a 4xx", err)
	}
}

func TestVerifyTransaction_ProviderDownIsNotDefinite(t *testing.T) {
	t.Parallel()
	client := payment.NewFlutterwave("http://127.0.0.1:1/v3", "k", &http.Client{Timeout: time.Second})
	_, err := client.VerifyTransaction(context.Background(), "1")
	if err == nil || payment.Definite(err) {
		t.Fatalf("err = %v, want a failure that is not a definite answer", err)
	}
}

// hook is a webhook the app would receive.
type hook struct {
	header http.Header
	body   []byte
}

// receiver is an app stand-in that records webhooks and answers with the statuses given, then 200.
func receiver(t *testing.T, c *cloudtest.Cloud, statuses ...int) *[]hook {
	t.Helper()
	var mu sync.Mutex
	var got []hook
	srv := newServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		got = append(got, hook{r.Header.Clone(), body})
		n := len(got)
		mu.Unlock()
		if n <= len(statuses) {
			w.WriteHeader(statuses[n-1])
			return
		}
		w.WriteHeader(http.StatusOK)
	}))
	c.Edge.Payments().Configure(flutterwave.Config{SecretKey: keys.SecretKey, WebhookHash: keys.WebhookHash, WebhookURL: srv})
	return &got
}

func TestWebhook_IsSignedBothWaysAndParsesToThePayIn(t *testing.T) {
	t.Parallel()
	for _, shape := range []string{"v3", "legacy"} {
		t.Run(shape, func(t *testing.T) {
			client, c := sandbox(t, flutterwave.Config{})
			got := receiver(t, c)
			a, err := client.CreateVirtualAccount(context.Background(), payment.AccountRequest{Email: "a@example.com", TxRef: "dep_2", Amount: 500 * money.Naira})
			if err != nil {
				t.Fatal(err)
			}
			_, id := payIn(t, c, map[string]any{"account_number": a.AccountNumber, "amount": 500, "payer": "MARY ANN", "shape": shape})
			settle(t, c)
			if len(*got) != 1 {
				t.Fatalf("%d webhooks, want 1", len(*got))
			}
			h := (*got)[0]
			if !payment.Authentic(keys.WebhookHash, h.header, h.body) {
				t.Fatal("the sandbox's webhook is not authentic")
			}
			ev, err := payment.ParseEvent(h.body)
			if err != nil {
				t.Fatal(err)
			}
			if !ev.IsCharge() || ev.ID != id || ev.TxRef != "dep_2" || ev.Amount != 500*money.Naira || ev.Status != "successful" || ev.Currency != "NGN" || ev.Payer != "MARY ANN" {
				t.Fatalf("event = %+v", ev)
			}
		})
	}
}

func TestWebhook_IsRetriedThreeTimesUntilTheAppAnswers200(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		statuses  []int
		attempts  int
		delivered bool
	}{
		{"taken on the third attempt", []int{500, http.StatusFound}, 3, true},
		{"never taken", []int{500, 500, 500, 500, 500}, 4, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			client, c := sandbox(t, flutterwave.Config{})
			got := receiver(t, c, tc.statuses...)
			a, _ := client.CreateVirtualAccount(context.Background(), payment.AccountRequest{Email: "a@example.com", TxRef: "dep_3", Amount: money.Naira})
			payIn(t, c, map[string]any{"account_number": a.AccountNumber, "amount": 1})
			settle(t, c)
			d := c.Edge.Payments().Deliveries()
			if len(*got) != tc.attempts || len(d) != 1 || d[0].Attempts != tc.attempts || d[0].Delivered != tc.delivered || !d[0].Done {
				t.Fatalf("received %d, deliveries %+v; want %d attempts, delivered %v", len(*got), d, tc.attempts, tc.delivered)
			}
		})
	}
}

func TestPayIn_RefusesUnknownAndExpiredAccounts(t *testing.T) {
	t.Parallel()
	client, c := sandbox(t, flutterwave.Config{AccountLifetime: time.Second})
	a, _ := client.CreateVirtualAccount(context.Background(), payment.AccountRequest{Email: "a@example.com", TxRef: "dep_4", Amount: 10 * money.Naira})
	if status, msg := payIn(t, c, map[string]any{"account_number": "7800000000", "amount": 10}); status != http.StatusNotFound {
		t.Fatalf("unknown account: %d %s", status, msg)
	}
	if status, msg := payIn(t, c, map[string]any{"account_number": a.AccountNumber, "amount": 0}); status != http.StatusBadRequest {
		t.Fatalf("zero amount: %d %s", status, msg)
	}
	if status, msg := payIn(t, c, map[string]any{"account_number": a.AccountNumber, "amount": json.Number("1.005")}); status != http.StatusBadRequest {
		t.Fatalf("three decimals: %d %s", status, msg)
	}
	c.Edge.Payments().SetClock(func() time.Time { return a.ExpiresAt.Add(10 * time.Millisecond) }) // its second has passed
	if status, msg := payIn(t, c, map[string]any{"account_number": a.AccountNumber, "amount": 10}); status != http.StatusGone {
		t.Fatalf("expired account: %d %s", status, msg)
	}
	if _, err := client.VerifyByReference(context.Background(), "dep_4"); !payment.Definite(err) {
		t.Fatalf("a refused pay-in left a transaction: %v", err)
	}
}

func settle(t *testing.T, c *cloudtest.Cloud) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.Edge.WaitIdle(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestSandboxSettings_ShortensTheLifeOfNewAccounts(t *testing.T) {
	t.Parallel()
	client, c := sandbox(t, flutterwave.Config{})
	for body, want := range map[string]int{`{"account_lifetime_seconds":0}`: 400, `{"account_lifetime_seconds":5}`: 200} {
		res, err := http.Post(c.URL+"/_flutterwave/sandbox/settings", "application/json", bytes.NewReader([]byte(body)))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Fatalf("settings %s: %d, want %d", body, res.StatusCode, want)
		}
	}
	a, err := client.CreateVirtualAccount(context.Background(), payment.AccountRequest{Email: "a@example.com", TxRef: "short", Amount: money.Naira})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Until(a.ExpiresAt); d > 5*time.Second || d < 3*time.Second {
		t.Fatalf("expires in %v, want about 5 s", d)
	}
}
