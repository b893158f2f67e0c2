package apptest

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"zuum/shared/ledger"
	"zuum/shared/media"
	"zuum/shared/money"
	"zuum/shared/schema"
)

// Upload puts body in the media bucket as one of owner's uploads of kind with contentType, as
// the browser's presigned POST would (which sets off the media function), and returns its key.
func (a *App) Upload(t testing.TB, owner string, kind media.Kind, contentType string, body []byte) string {
	t.Helper()
	key := media.UserPrefix(owner, kind) + uuid.NewString()
	if _, err := a.Cloud.S3.PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(schema.Media.Name), Key: aws.String(key), Body: bytes.NewReader(body),
		ContentType: aws.String(contentType),
	}); err != nil {
		t.Fatal(err)
	}
	return key
}

// PostKeyed posts body as JSON to path with key as its Idempotency-Key ("" for none).
func (c *Client) PostKeyed(path, key string, body any) Response {
	raw, _ := json.Marshal(body)
	return c.PostRaw(path, key, raw)
}

// PostRaw posts raw (JSON or not) to path as application/json with key as its Idempotency-Key
// ("" for none).
func (c *Client) PostRaw(path, key string, raw []byte) Response {
	req, _ := http.NewRequest("POST", c.URL(path), bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	return c.Do(req)
}

// Ledger is the app's ledger, read and written through the real SDK.
func (a *App) Ledger() *ledger.Store { return ledger.New(a.Cloud.DynamoDB, schema.Ledger.Name) }

// Fund pays amount into u's wallet as a deposit does: a movement from the provider clearing
// account (the deposit path itself is the wallet's).
func (a *App) Fund(t testing.TB, u User, amount money.Money) {
	t.Helper()
	if _, err := a.Ledger().Move(context.Background(), ledger.Movement{
		Kind: "deposit",
		Legs: []ledger.Leg{
			{Account: ledger.Clearing, Amount: -amount, Type: "deposit", Counterparty: u.Name},
			{Account: ledger.User(u.ID), Amount: amount, Type: "deposit", Counterparty: "Bank transfer"},
		},
		Once: ledger.Once{Key: "test-deposit#" + uuid.NewString()},
	}); err != nil {
		t.Fatalf("fund %s: %v", u.Name, err)
	}
}

// Audit checks the ledger's invariants (every movement sums to zero, the balances sum to zero,
// no wallet is below zero, every balance is the sum of its entries) and returns it.
func (a *App) Audit(t testing.TB) ledger.Audit {
	t.Helper()
	au, err := a.Ledger().Audit(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if au.Sum != 0 || len(au.Negative) > 0 || len(au.Unbalanced) > 0 || len(au.Drifted) > 0 {
		t.Fatalf("ledger unsound: sum %d, negative %v, unbalanced %v, drifted %v", au.Sum, au.Negative, au.Unbalanced, au.Drifted)
	}
	return au
}
