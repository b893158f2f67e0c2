package payment_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"zuum/localstack/cloudtest"
	"zuum/localstack/flutterwave"
	"zuum/shared/money"
	"zuum/shared/payment"
)

// fund pays amount into a new temporary account, so the merchant's balance grows by amount less
// the provider's app_fee.
func fund(t *testing.T, client *payment.Flutterwave, c *cloudtest.Cloud, amount money.Money) {
	t.Helper()
	a, err := client.CreateVirtualAccount(context.Background(), payment.AccountRequest{Email: "fund@example.com", TxRef: "fund-" + amount.Decimal() + "-" + time.Now().Format("150405.000000000"), Amount: amount})
	if err != nil {
		t.Fatal(err)
	}
	if status, msg := payIn(t, c, map[string]any{"account_number": a.AccountNumber, "amount": amount}); status != http.StatusOK {
		t.Fatalf("pay-in: %d %s", status, msg)
	}
}

func balanceOf(t *testing.T, client *payment.Flutterwave) money.Money {
	t.Helper()
	b, err := client.Balance(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if b.Available != b.Ledger {
		t.Fatalf("the sandbox settles at once: available %s, ledger %s", b.Available, b.Ledger)
	}
	return b.Ledger
}

func TestAppFee_Is1Point4PercentRoundedToTheKoboCappedAt2000Naira(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ amount, fee money.Money }{
		{1_000 * money.Naira, 14 * money.Naira}, // the documented sample: 1,000 paid, 14 fee, 986 settled
		{50_000 * money.Naira, 700 * money.Naira},
		{2500*money.Naira + 75, 35*money.Naira + 1}, // 35.0105
		{36, 1}, // 0.504 kobo rounds up
		{35, 0}, // 0.49 kobo rounds down
		{142_000 * money.Naira, 1_988 * money.Naira},
		{142_857 * money.Naira, 2_000 * money.Naira}, // 199,999.8 kobo rounds up to the cap
		{142_858 * money.Naira, 2_000 * money.Naira},
		{1_000_000 * money.Naira, 2_000 * money.Naira},
	} {
		if got := flutterwave.AppFee(tc.amount); got != tc.fee {
			t.Errorf("AppFee(%s) = %s, want %s", tc.amount, got, tc.fee)
		}
	}
}

func TestBalance_GrowsByWhatChargesSettleAndVerifyReportsTheAppFee(t *testing.T) {
	t.Parallel()
	client, c := sandbox(t, flutterwave.Config{})
	ctx := context.Background()
	if got := balanceOf(t, client); got != 0 {
		t.Fatalf("a new merchant holds %s, want 0", got)
	}
	a, err := client.CreateVirtualAccount(ctx, payment.AccountRequest{Email: "ada@example.com", TxRef: "dep_fee", Amount: 1_000 * money.Naira})
	if err != nil {
		t.Fatal(err)
	}
	_, id := payIn(t, c, map[string]any{"account_number": a.AccountNumber, "amount": 1000})
	tx, err := client.VerifyTransaction(ctx, id)
	if err != nil || tx.Amount != 1_000*money.Naira || tx.AppFee != 14*money.Naira {
		t.Fatalf("verify: %+v, %v; want 1,000 with app_fee 14", tx, err)
	}
	if got := balanceOf(t, client); got != 986*money.Naira {
		t.Fatalf("balance %s, want ₦986.00 settled", got)
	}
	// A failed charge settles nothing.
	b, err := client.CreateVirtualAccount(ctx, payment.AccountRequest{Email: "ada@example.com", TxRef: "dep_failed", Amount: 500 * money.Naira})
	if err != nil {
		t.Fatal(err)
	}
	payIn(t, c, map[string]any{"account_number": b.AccountNumber, "amount": 500, "status": "failed"})
	if got := balanceOf(t, client); got != 986*money.Naira {
		t.Fatalf("balance after a failed charge %s, want ₦986.00", got)
	}
}

func TestBalance_IsTheProvidersShape(t *testing.T) {
	t.Parallel()
	_, c := sandbox(t, flutterwave.Config{})
	req, _ := http.NewRequest("GET", c.URL+"/_flutterwave/v3/balances/NGN", nil)
	req.Header.Set("Authorization", "Bearer "+keys.SecretKey)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	var env struct {
		Status, Message string
		Data            map[string]any
	}
	if err := json.Unmarshal(raw, &env); err != nil || res.StatusCode != 200 || env.Status != "success" || env.Message != "Wallet balance fetched" {
		t.Fatalf("%d %s", res.StatusCode, raw)
	}
	for _, k := range []string{"currency", "available_balance", "ledger_balance"} {
		if _, ok := env.Data[k]; !ok {
			t.Fatalf("data lacks %s: %s", k, raw)
		}
	}
	req.Header.Del("Authorization")
	if res, _ := http.DefaultClient.Do(req); res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("without the key: %d", res.StatusCode)
	}
}

func TestTransferFee_IsTheProvidersListReadToTheKobo(t *testing.T) {
	t.Parallel()
	client, c := sandbox(t, flutterwave.Config{})
	for _, tc := range []struct{ amount, fee money.Money }{
		{100 * money.Naira, 1075}, {5_000 * money.Naira, 1075}, {5_000*money.Naira + 1, 2688},
		{50_000 * money.Naira, 2688}, {50_001 * money.Naira, 5375},
	} {
		fee, err := client.TransferFee(context.Background(), tc.amount)
		if err != nil || fee != tc.fee || fee != flutterwave.Fee(tc.amount) {
			t.Errorf("TransferFee(%s) = %s, %v; want %s", tc.amount, fee, err, tc.fee)
		}
	}
	res, err := http.Get(c.URL + "/_flutterwave/v3/transfers/fee?amount=100&currency=NGN")
	if err != nil || res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("without the key: %v %v", res, err)
	}
	res.Body.Close()
}

func TestTransfers_TakeAmountAndFeeFromTheBalanceAndAFailureGivesThemBack(t *testing.T) {
	t.Parallel()
	client, c := sandbox(t, flutterwave.Config{})
	ctx := context.Background()
	fund(t, client, c, 10_000*money.Naira) // 9,860 settled
	held := balanceOf(t, client)
	if held != 9_860*money.Naira {
		t.Fatalf("balance %s, want ₦9,860.00", held)
	}
	tr, err := client.Transfer(ctx, payment.TransferRequest{Reference: "wd-a", AccountNumber: "0123456789", BankCode: "058", Amount: 4_000 * money.Naira})
	if err != nil || tr.Fee != 1075 {
		t.Fatalf("transfer: %+v, %v", tr, err)
	}
	if got := balanceOf(t, client); got != held-4_000*money.Naira-1075 {
		t.Fatalf("after queuing ₦4,000: %s", got)
	}
	post(t, c, "/_flutterwave/sandbox/transfers/wd-a/complete", `{"status":"FAILED"}`)
	if got := balanceOf(t, client); got != held {
		t.Fatalf("after the transfer FAILED: %s, want %s back", got, held)
	}
	// More than the balance: queued, then FAILED for want of funds, and nothing is taken.
	big, err := client.Transfer(ctx, payment.TransferRequest{Reference: "wd-b", AccountNumber: "0123456789", BankCode: "058", Amount: 9_860 * money.Naira})
	if err != nil || big.Status != payment.TransferNew {
		t.Fatalf("an unfunded transfer is still queued: %+v, %v", big, err)
	}
	// The sandbox fails it before answering the queuing call (its webhook follows).
	got, err := client.GetTransfer(ctx, big.ID)
	if err != nil || got.Status != payment.TransferFailed || got.Message != flutterwave.InsufficientFunds {
		t.Fatalf("the unfunded transfer is %+v, %v; want FAILED with %q", got, err, flutterwave.InsufficientFunds)
	}
	if got := balanceOf(t, client); got != held {
		t.Fatalf("after the unfunded transfer: %s, want %s untouched", got, held)
	}
	// The balance survives a restart of the local cloud.
	st := c.Edge.Payments().Snapshot()
	fresh := flutterwave.New(flutterwave.Options{})
	fresh.Restore(st)
	if fresh.Balance() != held {
		t.Fatalf("restored balance %s, want %s", fresh.Balance(), held)
	}
}

func post(t *testing.T, c *cloudtest.Cloud, path, body string) {
	t.Helper()
	res, err := http.Post(c.URL+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("%s: %d %s", path, res.StatusCode, raw)
	}
}
