package edge_test

import (
	"context"
	"testing"

	"zuum/localstack/flutterwave"
	"zuum/shared/money"
	"zuum/shared/payment"
)

func TestRestartOnTheSameDataDirKeepsThePaymentSandboxsAccounts(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx := context.Background()
	cfg := flutterwave.Config{SecretKey: "sk", WebhookHash: "h"}
	a := startEdge(t, dir)
	a.Edge.Payments().Configure(cfg)
	made, err := payment.NewFlutterwave(a.URL+"/_flutterwave/v3", "sk", nil).CreateVirtualAccount(ctx,
		payment.AccountRequest{Email: "ada@example.com", TxRef: "dep_kept", Amount: 1000 * money.Naira})
	if err != nil {
		t.Fatal(err)
	}
	a.stop()

	b := startEdge(t, dir)
	b.Edge.Payments().Configure(cfg)
	got, err := payment.NewFlutterwave(b.URL+"/_flutterwave/v3", "sk", nil).VirtualAccount(ctx, made.OrderRef)
	if err != nil || got.AccountNumber != made.AccountNumber || !got.ExpiresAt.Equal(made.ExpiresAt) || got.Amount != made.Amount || got.Frequency != 1 {
		t.Fatalf("after a restart: %+v, %v; want %+v", got, err, made)
	}
}

func TestPaymentSandbox_RefusesCallsWithoutTheSecretKey(t *testing.T) {
	t.Parallel()
	a := startEdge(t, "")
	a.Edge.Payments().Configure(flutterwave.Config{SecretKey: "sk", WebhookHash: "h"})
	status, body := get(t, "GET", a.URL+"/_flutterwave/v3/transactions/1/verify")
	if status != 401 || body != `{"data":null,"message":"Authorization required","status":"error"}`+"\n" {
		t.Fatalf("%d %s", status, body)
	}
}
