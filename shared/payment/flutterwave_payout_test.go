package payment_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"zuum/localstack/cloudtest"
	"zuum/localstack/flutterwave"
	"zuum/shared/money"
	"zuum/shared/payment"
)

func TestPayouts_TheClientQueuesAndReadsTransfers(t *testing.T) {
	t.Parallel()
	client, c := sandbox(t, flutterwave.Config{})
	ctx := context.Background()
	fund(t, client, c, 2_000*money.Naira) // the merchant's balance pays transfers
	a, err := client.ResolveAccount(ctx, "0123456789", "058")
	if err != nil || a.AccountName != flutterwave.Holder("0123456789") || a.AccountNumber != "0123456789" {
		t.Fatalf("resolve: %+v, %v", a, err)
	}
	if _, err := client.ResolveAccount(ctx, "012345678", "058"); !payment.Definite(err) {
		t.Fatalf("a 9-digit number: %v, want a definite refusal", err)
	}
	queued, err := client.Transfer(ctx, payment.TransferRequest{Reference: "wd-1", AccountNumber: "0123456789", BankCode: "058",
		Amount: 1500*money.Naira + 50, Narration: "Zuum wallet withdrawal"})
	if err != nil || queued.Status != payment.TransferNew || queued.Amount != 1500*money.Naira+50 || queued.Reference != "wd-1" || queued.ID == "" {
		t.Fatalf("transfer: %+v, %v", queued, err)
	}
	if _, err := client.Transfer(ctx, payment.TransferRequest{Reference: "wd-1", AccountNumber: "0123456789", BankCode: "058", Amount: money.Naira}); !payment.Definite(err) {
		t.Fatalf("a duplicate reference: %v, want a definite refusal", err)
	}
	got, err := client.GetTransfer(ctx, queued.ID)
	if err != nil || got != queued {
		t.Fatalf("get: %+v, %v; want %+v", got, err, queued)
	}
	if _, err := client.GetTransfer(ctx, "1"); !payment.Definite(err) {
		t.Fatalf("an unknown id: %v, want a definite not-found", err)
	}
}

func TestBankList_KeepsTheProvidersListAndFallsBackOnlyBeforeItEverAnswered(t *testing.T) {
	t.Parallel()
	client, cloud := sandbox(t, flutterwave.Config{})
	ctx := context.Background()
	now := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	banks := payment.NewBankList(client)
	banks.Now = func() time.Time { return now }
	list, fromProvider := banks.Banks(ctx)
	if !fromProvider || len(list) != len(payment.FallbackBanks) {
		t.Fatalf("first list: %d banks, from the provider %v", len(list), fromProvider)
	}
	for i := 1; i < len(list); i++ {
		if strings.ToLower(list[i-1].Name) > strings.ToLower(list[i].Name) {
			t.Fatalf("not sorted by name: %q before %q", list[i-1].Name, list[i].Name)
		}
	}
	// The provider stops answering us (rotated keys): within the hour, and after it, the last list.
	cloud.Edge.Payments().Configure(flutterwave.Config{SecretKey: "rotated", WebhookHash: "h"})
	now = now.Add(payment.BankListTTL + time.Minute)
	if again, fromProvider := banks.Banks(ctx); !fromProvider || len(again) != len(list) {
		t.Fatalf("with the provider down: %d banks, from the provider %v; want the last list", len(again), fromProvider)
	}
	if b, ok := banks.Bank(ctx, "058"); !ok || b.Name != "Guaranty Trust Bank" {
		t.Fatalf("058: %+v %v", b, ok)
	}
	// A cache that never reached the provider answers the built-in list.
	cold := payment.NewBankList(client)
	if list, fromProvider := cold.Banks(ctx); fromProvider || len(list) != 62 {
		t.Fatalf("cold with the provider down: %d banks, from the provider %v", len(list), fromProvider)
	}
}

// The transfers list is the provider's documented one: pages of ten, newest first, with
// meta.page_info; a reference in the query filters nothing (the documents name no such filter),
// so the client cannot come to lean on it.
func TestPayouts_TheTransfersListPagesNewestFirstAndHasNoReferenceFilter(t *testing.T) {
	t.Parallel()
	client, cloud := sandbox(t, flutterwave.Config{})
	ctx := context.Background()
	fund(t, client, cloud, 1_000*money.Naira) // the merchant's balance pays transfers
	var ids []string
	for i := range 12 {
		q, err := client.Transfer(ctx, payment.TransferRequest{Reference: fmt.Sprintf("wd-list-%02d", i), AccountNumber: "0123456789",
			BankCode: "058", Amount: money.Money(i+1) * money.Naira})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, q.ID)
	}
	first, err := client.ListTransfers(ctx, 1)
	if err != nil || first.Page != 1 || first.TotalPages != 2 || len(first.Transfers) != flutterwave.TransferPageSize {
		t.Fatalf("page 1: %+v, %v", first, err)
	}
	if got := first.Transfers[0]; got.ID != ids[11] || got.Reference != "wd-list-11" || got.Amount != 12*money.Naira || got.CreatedAt.IsZero() {
		t.Fatalf("newest first: %+v", got)
	}
	second, err := client.ListTransfers(ctx, 2)
	if err != nil || second.Page != 2 || len(second.Transfers) != 2 || second.Transfers[1].ID != ids[0] {
		t.Fatalf("page 2: %+v, %v", second, err)
	}
	if third, err := client.ListTransfers(ctx, 3); err != nil || len(third.Transfers) != 0 {
		t.Fatalf("past the end: %+v, %v", third, err)
	}
	// An undocumented reference filter is ignored: the answer is the first page, unfiltered.
	req, _ := http.NewRequest("GET", cloud.URL+"/_flutterwave/v3/transfers?reference=wd-list-00", nil)
	req.Header.Set("Authorization", "Bearer "+keys.SecretKey)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out struct {
		Data []struct {
			Reference string `json:"reference"`
		} `json:"data"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != http.StatusOK || len(out.Data) != flutterwave.TransferPageSize ||
		out.Data[0].Reference != "wd-list-11" {
		t.Fatalf("?reference=: %d %+v %v", res.StatusCode, out, err)
	}
	// status is documented: it filters.
	if _, err := cloudComplete(cloud, "wd-list-03", "FAILED"); err != nil {
		t.Fatal(err)
	}
	req, _ = http.NewRequest("GET", cloud.URL+"/_flutterwave/v3/transfers?status=failed", nil)
	req.Header.Set("Authorization", "Bearer "+keys.SecretKey)
	res2, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res2.Body.Close()
	if err := json.NewDecoder(res2.Body).Decode(&out); err != nil || len(out.Data) != 1 || out.Data[0].Reference != "wd-list-03" {
		t.Fatalf("?status=failed: %+v %v", out, err)
	}
}

// cloudComplete settles a sandbox transfer through its control, without a webhook.
func cloudComplete(c *cloudtest.Cloud, reference, status string) (int, error) {
	raw, _ := json.Marshal(map[string]any{"status": status, "no_webhook": true})
	res, err := http.Post(c.URL+"/_flutterwave/sandbox/transfers/"+reference+"/complete", "application/json", bytes.NewReader(raw))
	if err != nil {
		return 0, err
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return res.StatusCode, fmt.Errorf("complete %s: %d", reference, res.StatusCode)
	}
	return res.StatusCode, nil
}
