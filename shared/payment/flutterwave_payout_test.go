package payment_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"zuum/localstack/flutterwave"
	"zuum/shared/money"
	"zuum/shared/payment"
)

func TestPayouts_TheClientQueuesReadsAndFindsTransfersByReference(t *testing.T) {
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
	byRef, err := client.TransferByReference(ctx, "wd-1")
	if err != nil || byRef.ID != queued.ID {
		t.Fatalf("by reference: %+v, %v", byRef, err)
	}
	if _, err := client.TransferByReference(ctx, "wd-unknown"); !payment.Definite(err) {
		t.Fatalf("an unknown reference: %v, want a definite not-found", err)
	}
	if _, err := client.GetTransfer(ctx, "1"); !payment.Definite(err) {
		t.Fatalf("an unknown id: %v, want a definite not-found", err)
	}
}

func TestBankList_KeepsTheProvidersListAndFallsBackOnlyBeforeItEverAnswered(t *testing.T) {
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
