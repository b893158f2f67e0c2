package payment_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"testing"

	"zuum/shared/money"
	"zuum/shared/payment"
)

func newServer(t *testing.T, h http.Handler) string {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestAuthentic_AcceptsTheHashOrTheBodysHMACAndNothingElse(t *testing.T) {
	t.Parallel()
	const secret = "my-dashboard-hash"
	body := []byte(`{"event":"charge.completed","data":{"id":1}}`)
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	good := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	for _, tc := range []struct {
		name    string
		headers map[string]string
		body    []byte
		secret  string
		want    bool
	}{
		{"legacy hash", map[string]string{"verif-hash": secret}, body, secret, true},
		{"signature", map[string]string{"flutterwave-signature": good}, body, secret, true},
		{"wrong hash, good signature", map[string]string{"verif-hash": "nope", "flutterwave-signature": good}, body, secret, true},
		{"no headers", nil, body, secret, false},
		{"wrong hash", map[string]string{"verif-hash": "my-dashboard-has"}, body, secret, false},
		{"signature of another body", map[string]string{"flutterwave-signature": good}, []byte(`{"event":"charge.completed","data":{"id":2}}`), secret, false},
		{"the hash as signature", map[string]string{"flutterwave-signature": secret}, body, secret, false},
		{"no secret configured", map[string]string{"verif-hash": ""}, body, "", false},
	} {
		h := http.Header{}
		for k, v := range tc.headers {
			h.Set(k, v)
		}
		if got := payment.Authentic(tc.secret, h, tc.body); got != tc.want {
			t.Errorf("%s: Authentic = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestParseEvent_ReadsBothShapes(t *testing.T) {
	t.Parallel()
	v3 := `{"event":"charge.completed","data":{"id":8321945,"tx_ref":"dep_x","flw_ref":"FLW1","amount":50000,
	  "currency":"NGN","charged_amount":50000,"app_fee":26.875,"status":"successful","payment_type":"bank_transfer",
	  "customer":{"id":1,"name":"Ada","email":"a@example.com"}},
	  "meta_data":{"originatoraccountnumber":"123*******90","originatorname":"JOHN DOE","bankname":"Access Bank"},
	  "event.type":"BANK_TRANSFER_TRANSACTION"}`
	legacy := `{"id":8321945,"txRef":"dep_x","flwRef":"FLW1","amount":50000,"currency":"NGN","status":"successful",
	  "paymentType":"bank_transfer","createdAt":"2026-11-23T10:00:00.000Z","event.type":"BANK_TRANSFER_TRANSACTION",
	  "entity":{"first_name":"JOHN","last_name":"DOE"}}`
	want := payment.Event{ID: "8321945", TxRef: "dep_x", FlwRef: "FLW1", Amount: 50000 * money.Naira, Currency: "NGN",
		Status: "successful", PaymentType: "bank_transfer", Payer: "JOHN DOE"}
	for name, body := range map[string]string{"v3": v3, "legacy": legacy} {
		ev, err := payment.ParseEvent([]byte(body))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !ev.IsCharge() {
			t.Errorf("%s: %q is not a charge", name, ev.Type)
		}
		ev.Type = ""
		if ev != want {
			t.Errorf("%s: %+v, want %+v", name, ev, want)
		}
	}
}

func TestParseEvent_RefusesWhatNamesNoTransactionOrAnInexactAmount(t *testing.T) {
	t.Parallel()
	for _, body := range []string{
		``, `[]`, `{}`, `{"event":"charge.completed","data":{"tx_ref":"x","amount":1}}`,
		`{"event":"charge.completed","data":{"id":1,"amount":1.005}}`,
		`{"event":"charge.completed","data":{"id":1,"amount":"1"}}`,
		`{"event":"charge.completed","data":{"id":8.321945e+06,"amount":1}}`,
		`{"event":"charge.completed","data":{"id":-5,"amount":1}}`,
	} {
		if ev, err := payment.ParseEvent([]byte(body)); err == nil {
			t.Errorf("ParseEvent(%s) = %+v, want an error", body, ev)
		}
	}
}

func TestParseKeys_NeedsBoth(t *testing.T) {
	t.Parallel()
	if _, err := payment.ParseKeys([]byte(`{"secret_key":"k"}`)); err == nil {
		t.Error("a secret without webhook_hash was taken")
	}
	k, err := payment.ParseKeys([]byte(`{"secret_key":"k","webhook_hash":"h"}`))
	if err != nil || k != (payment.Keys{SecretKey: "k", WebhookHash: "h"}) {
		t.Errorf("ParseKeys = %+v, %v", k, err)
	}
}

func TestParseEvent_ATransferCompletedKeepsItsReference(t *testing.T) {
	t.Parallel()
	for name, body := range map[string]string{
		"v3":              `{"event":"transfer.completed","event.type":"Transfer","data":{"id":412001,"reference":"ref-1","amount":500,"currency":"NGN","status":"FAILED"}}`,
		"event.type only": `{"event.type":"Transfer","data":{"id":412001,"reference":"ref-1","amount":500,"currency":"NGN","status":"FAILED"}}`,
	} {
		ev, err := payment.ParseEvent([]byte(body))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !ev.IsTransfer() || ev.IsCharge() || ev.ID != "412001" || ev.Reference != "ref-1" || ev.Status != "failed" || ev.Amount != 500*money.Naira {
			t.Errorf("%s: %+v", name, ev)
		}
	}
}
