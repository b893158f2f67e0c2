package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/google/uuid"

	"zuum/functions/wire"
	"zuum/localstack/lambdas"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/payment"
	"zuum/shared/schema"
)

// benchWithdrawals measures a withdrawal to an account used before (the common case: no step-up
// code), its replay, the first one to a new account (202 and the mailed code), and the
// transfer.completed webhook that settles one; provider calls are counted as provider:*.
func benchWithdrawals(ctx context.Context, c *cloud, measure func(name string, reps int, do func(i int) int, want int) (result, error), n int) ([]result, error) {
	token, id, err := signUp(c.call, c.edge, "withdrawer")
	if err != nil {
		return nil, err
	}
	// The wallet is paid into straight through the ledger: a deposit is not what is measured. The
	// provider's balance gets the same (a top-up), so it pays the transfers and the books agree.
	l := ledger.New(dynamodb.NewFromConfig(c.cfg), schema.Ledger.Name)
	funds := money.Money(n+10) * 200 * money.Naira
	if _, err := l.Move(ctx, ledger.Movement{Kind: "deposit", Once: ledger.Once{Key: "bench-deposit-" + id}, Legs: []ledger.Leg{
		{Account: ledger.User(id), Amount: funds, Type: "deposit", Counterparty: "Bench"},
		{Account: ledger.Clearing, Amount: -funds, Type: "deposit"},
	}}); err != nil {
		return nil, err
	}
	c.edge.Payments().TopUp(funds)
	body := func(number, otp string) map[string]any {
		b := map[string]any{"amount": 100, "save": false, "accountNumber": number, "bankCode": "058"}
		if otp != "" {
			b["otp"] = otp
		}
		return b
	}
	post := func(key string, b map[string]any) (int, map[string]any) {
		return c.callWith("POST", "/api/payment/withdrawal", token, b, map[string]string{"Idempotency-Key": key})
	}
	var out []result
	add := func(r result, err error) error {
		if err == nil {
			out = append(out, r)
		}
		return err
	}
	// A new account: 202 and the code mailed (once: a user gets one code a minute).
	if err := add(measure("POST /api/payment/withdrawal (new account: 202, code mailed)", 1, func(int) int {
		s, _ := post(uuid.NewString(), body("1100000019", ""))
		return s
	}, 202)); err != nil {
		return nil, err
	}
	var code string
	for _, m := range c.edge.Mail() {
		if m.Destination.ToAddresses[0] == "withdrawer@zuum.test" {
			code = sixDigits.FindString(m.Body.Text)
		}
	}
	if err := add(measure("POST /api/payment/withdrawal (new account, with the code)", 1, func(int) int {
		s, _ := post(uuid.NewString(), body("1100000019", code))
		return s
	}, 201)); err != nil {
		return nil, err
	}
	keys := make([]string, n)
	refs := make([]string, n)
	if err := add(measure("POST /api/payment/withdrawal (used account)", n, func(i int) int {
		keys[i] = uuid.NewString()
		s, b := post(keys[i], body("1100000019", ""))
		if d, ok := b["data"].(map[string]any); ok {
			refs[i], _ = d["tx_ref"].(string)
		}
		return s
	}, 201)); err != nil {
		return nil, err
	}
	if err := add(measure("POST /api/payment/withdrawal (replayed key)", n, func(i int) int {
		s, _ := post(keys[i], body("1100000019", ""))
		return s
	}, 201)); err != nil {
		return nil, err
	}
	// The bank completes each transfer; the webhook settles its withdrawal.
	secret, err := c.secret(ctx)
	if err != nil {
		return nil, err
	}
	hooks := make([][]byte, n)
	for i, ref := range refs {
		t, err := c.completeTransfer(ref)
		if err != nil {
			return nil, err
		}
		hooks[i], _ = json.Marshal(map[string]any{"event": payment.TransferCompleted, "event.type": "Transfer", "data": t})
	}
	if err := add(measure("POST /api/payment/webhook (transfer.completed)", n, func(i int) int {
		return c.webhook(hooks[i], secret.WebhookHash)
	}, 200)); err != nil {
		return nil, err
	}
	return out, nil
}

// callWith is call with extra request headers.
func (c *cloud) callWith(method, path, token string, body any, headers map[string]string) (int, map[string]any) {
	b, _ := json.Marshal(body)
	req := httptest.NewRequest(method, path, bytes.NewReader(b))
	n := c.calls.Add(1)
	req.RemoteAddr = fmt.Sprintf("198.18.%d.%d:443", n/250%256, n%250+1)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	c.gateway.ServeHTTP(rec, req)
	var m map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &m)
	return rec.Code, m
}

// webhook delivers a signed provider webhook through the gateway.
func (c *cloud) webhook(body []byte, hash string) int {
	req := httptest.NewRequest("POST", lambdas.WebhookPath, bytes.NewReader(body))
	req.Header.Set(payment.HashHeader, hash)
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	c.gateway.ServeHTTP(rec, req)
	return rec.Code
}

func (c *cloud) secret(ctx context.Context) (payment.Keys, error) {
	out, err := wire.Secret(ctx, c.cfg, lambdas.FlutterwaveSecretName)
	if err != nil {
		return payment.Keys{}, err
	}
	return payment.ParseKeys(out)
}

// completeTransfer settles the sandbox's transfer of reference SUCCESSFUL without its webhook and
// returns the transfer as the provider writes it.
func (c *cloud) completeTransfer(reference string) (map[string]any, error) {
	req := httptest.NewRequest("POST", "/_flutterwave/sandbox/transfers/"+reference+"/complete",
		bytes.NewBufferString(`{"status":"SUCCESSFUL","no_webhook":true}`))
	rec := httptest.NewRecorder()
	c.edge.Payments().ServeHTTP(rec, req)
	var out struct {
		Data map[string]any `json:"data"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil || rec.Code != http.StatusOK {
		return nil, fmt.Errorf("complete %s: %d %s", reference, rec.Code, rec.Body.String())
	}
	return out.Data, nil
}

// providerPath names a provider endpoint without its ids ("/transfers/{id}").
func providerPath(p string) string {
	parts := strings.Split(p, "/")
	for i, seg := range parts {
		if seg != "" && strings.Trim(seg, "0123456789") == "" {
			parts[i] = "{id}"
		}
	}
	return strings.Join(parts, "/")
}
