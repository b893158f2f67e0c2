package flutterwave_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"zuum/localstack/flutterwave"
)

// strict is a sandbox on a test server with a clock the test moves, and a webhook receiver that
// counts what it is sent.
type strict struct {
	sb    *flutterwave.Sandbox
	url   string
	hooks *atomic.Int32
	mu    sync.Mutex
	now   time.Time
}

func newStrict(t *testing.T) *strict {
	t.Helper()
	s := &strict{now: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), hooks: new(atomic.Int32)}
	s.sb = flutterwave.New(flutterwave.Options{Clock: func() time.Time {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.now
	}})
	app := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { s.hooks.Add(1) }))
	srv := httptest.NewServer(s.sb)
	t.Cleanup(func() { s.sb.Close(); srv.Close(); app.Close() })
	s.sb.Configure(flutterwave.Config{SecretKey: "sk", WebhookHash: "h", WebhookURL: app.URL})
	s.url = srv.URL
	return s
}

func (s *strict) advance(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.now = s.now.Add(d)
}

// call sends body to the sandbox and returns the status and the raw envelope.
func (s *strict) call(t *testing.T, method, path string, body any) (int, map[string]any) {
	t.Helper()
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, s.url+path, bytes.NewReader(raw))
	req.Header.Set("Authorization", "Bearer sk")
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var env map[string]any
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
		t.Fatalf("%s %s: unreadable answer: %v", method, path, err)
	}
	return res.StatusCode, env
}

// isError checks the provider's error envelope: {"status":"error","message":"…","data":null}.
func isError(t *testing.T, what string, status, want int, env map[string]any) {
	t.Helper()
	data, hasData := env["data"]
	msg, _ := env["message"].(string)
	if status != want || env["status"] != "error" || msg == "" || !hasData || data != nil || len(env) != 3 {
		t.Errorf("%s: %d %v, want %d in the error envelope", what, status, env, want)
	}
}

func TestCreateAccount_RefusesWhatTheProviderRefuses(t *testing.T) {
	t.Parallel()
	s := newStrict(t)
	for name, body := range map[string]map[string]any{
		"no email":                       {"amount": 500, "tx_ref": "a"},
		"dynamic without an amount":      {"email": "a@example.com", "tx_ref": "a"},
		"dynamic with amount 0":          {"email": "a@example.com", "tx_ref": "a", "amount": 0},
		"dynamic with a negative":        {"email": "a@example.com", "tx_ref": "a", "amount": -5},
		"dynamic with frequency 0":       {"email": "a@example.com", "tx_ref": "a", "amount": 500, "frequency": "0"},
		"static without a bvn":           {"email": "a@example.com", "tx_ref": "a", "is_permanent": true},
		"static with a 10-digit bvn":     {"email": "a@example.com", "tx_ref": "a", "is_permanent": true, "bvn": "1234567890"},
		"static with letters in a bvn":   {"email": "a@example.com", "tx_ref": "a", "is_permanent": true, "bvn": "1234567890a"},
		"a tx_ref over 100 characters":   {"email": "a@example.com", "tx_ref": string(bytes.Repeat([]byte("x"), 101)), "amount": 500},
		"an amount that is not a number": {"email": "a@example.com", "tx_ref": "a", "amount": "five"},
	} {
		status, env := s.call(t, "POST", "/_flutterwave/v3/virtual-account-numbers", body)
		isError(t, name, status, http.StatusBadRequest, env)
	}
	if st := s.sb.Snapshot(); len(st.Accounts) != 0 {
		t.Fatalf("%d accounts opened by refused requests", len(st.Accounts))
	}
}

var providerDate = regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$`)

func TestCreateAccount_AnswersInTheProvidersShape(t *testing.T) {
	t.Parallel()
	s := newStrict(t)
	status, env := s.call(t, "POST", "/_flutterwave/v3/virtual-account-numbers",
		map[string]any{"email": "a@example.com", "tx_ref": "dyn_1", "amount": 2500, "narration": "Zuum"})
	data, _ := env["data"].(map[string]any)
	if status != http.StatusOK || env["status"] != "success" || env["message"] == "" || data == nil {
		t.Fatalf("dynamic: %d %v", status, env)
	}
	for _, f := range []string{"response_code", "response_message", "flw_ref", "order_ref", "account_number", "bank_name", "created_at", "expiry_date", "note", "frequency"} {
		if v, _ := data[f].(string); v == "" {
			t.Errorf("dynamic: data.%s = %v", f, data[f])
		}
	}
	if data["frequency"] != "1" || data["amount"] != 2500.0 || !providerDate.MatchString(data["expiry_date"].(string)) || !providerDate.MatchString(data["created_at"].(string)) {
		t.Errorf("dynamic: frequency %v amount %v expiry_date %v created_at %v", data["frequency"], data["amount"], data["expiry_date"], data["created_at"])
	}
	status, env = s.call(t, "POST", "/_flutterwave/v3/virtual-account-numbers",
		map[string]any{"email": "a@example.com", "tx_ref": "static_1", "is_permanent": true, "bvn": "12345678901"})
	data, _ = env["data"].(map[string]any)
	if status != http.StatusOK || env["status"] != "success" || data["expiry_date"] != "N/A" || data["frequency"] != "N/A" || data["account_number"] == "" {
		t.Fatalf("static: %d %v", status, env)
	}
	raw, _ := json.Marshal(s.sb.Snapshot())
	if bytes.Contains(raw, []byte("12345678901")) {
		t.Fatal("the sandbox keeps the BVN it was sent")
	}
}

func (s *strict) open(t *testing.T, body map[string]any) string {
	t.Helper()
	status, env := s.call(t, "POST", "/_flutterwave/v3/virtual-account-numbers", body)
	if status != http.StatusOK {
		t.Fatalf("open %v: %d %v", body, status, env)
	}
	return env["data"].(map[string]any)["account_number"].(string)
}

func (s *strict) payIn(t *testing.T, number string, amount any) (int, map[string]any) {
	t.Helper()
	return s.call(t, "POST", "/_flutterwave/sandbox/pay-in", map[string]any{"account_number": number, "amount": amount})
}

func TestPayIn_ADynamicAccountTakesItsAmountOnceUntilItExpires(t *testing.T) {
	t.Parallel()
	s := newStrict(t)
	once := s.open(t, map[string]any{"email": "a@example.com", "tx_ref": "dyn_once", "amount": 1000})
	if status, env := s.payIn(t, once, 999); status != http.StatusUnprocessableEntity || env["status"] != "error" {
		t.Errorf("a different amount: %d %v, want it returned", status, env)
	}
	if status, env := s.payIn(t, once, 1000); status != http.StatusOK || env["status"] != "success" {
		t.Fatalf("the exact amount: %d %v", status, env)
	}
	status, env := s.payIn(t, once, 1000)
	isError(t, "a second payment", status, http.StatusConflict, env)
	if msg, _ := env["message"].(string); !regexp.MustCompile(`returned to the sender`).MatchString(msg) {
		t.Errorf("bounce message %q does not say the transfer was returned", msg)
	}

	twice := s.open(t, map[string]any{"email": "a@example.com", "tx_ref": "dyn_twice", "amount": 700, "frequency": "2"})
	late := s.open(t, map[string]any{"email": "a@example.com", "tx_ref": "dyn_late", "amount": 300})
	for range 2 {
		if status, env := s.payIn(t, twice, 700); status != http.StatusOK {
			t.Fatalf("frequency 2: %d %v", status, env)
		}
	}
	if status, env := s.payIn(t, twice, 700); status != http.StatusConflict {
		t.Fatalf("third payment into frequency 2: %d %v", status, env)
	}
	s.advance(time.Hour)
	status, env = s.payIn(t, late, 300)
	isError(t, "after the expiry", status, http.StatusGone, env)

	static := s.open(t, map[string]any{"email": "a@example.com", "tx_ref": "static_many", "is_permanent": true, "bvn": "12345678901"})
	for _, amount := range []float64{150, 20000.5, 150} {
		if status, env := s.payIn(t, static, amount); status != http.StatusOK {
			t.Fatalf("static, %v: %d %v", amount, status, env)
		}
	}
	if err := s.sb.WaitIdle(t.Context()); err != nil {
		t.Fatal(err)
	}
	st := s.sb.Snapshot()
	if len(st.Transactions) != 6 || s.hooks.Load() != 6 {
		t.Fatalf("%d transactions and %d webhooks; want 6 of each (1 + 2 + 3 static), none for a returned transfer", len(st.Transactions), s.hooks.Load())
	}
	// The count survives a restart: the account still refuses a second payment.
	again := flutterwave.New(flutterwave.Options{})
	again.Restore(st)
	raw, _ := json.Marshal(again.Snapshot())
	if !bytes.Contains(raw, []byte(`"frequency":1,"paid":1`)) {
		t.Fatalf("restored state lost frequency and paid: %s", raw)
	}
}
