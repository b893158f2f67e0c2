package flutterwave_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"zuum/localstack/flutterwave"
	"zuum/shared/money"
	"zuum/shared/payment"
)

// rig is a sandbox served over HTTP, the real client of its v3 API, and an app stand-in that
// takes its webhooks (answering 200) and keeps them in the order they came.
type rig struct {
	s      *flutterwave.Sandbox
	url    string
	client *payment.Flutterwave
	mu     sync.Mutex
	hooks  []payment.Event
}

func newRig(t *testing.T, timeout time.Duration) *rig {
	t.Helper()
	r := &rig{s: flutterwave.New(flutterwave.Options{RetryDelay: 50 * time.Millisecond})}
	app := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		ev, err := payment.ParseEvent(body)
		if err != nil || !payment.Authentic("hash", req.Header, body) {
			t.Errorf("webhook %s: %v", body, err)
		}
		r.mu.Lock()
		r.hooks = append(r.hooks, ev)
		r.mu.Unlock()
	}))
	srv := httptest.NewServer(r.s)
	t.Cleanup(func() { r.s.Close(); srv.Close(); app.Close() })
	r.s.Configure(flutterwave.Config{SecretKey: "sk", WebhookHash: "hash", WebhookURL: app.URL})
	r.url = srv.URL
	r.s.TopUp(100_000 * money.Naira) // the merchant's balance pays the transfers the rig queues
	r.client = payment.NewFlutterwave(srv.URL+"/_flutterwave/v3", "sk", &http.Client{Timeout: timeout})
	return r
}

func (r *rig) faults(t *testing.T, fs ...flutterwave.Fault) {
	t.Helper()
	if err := r.s.SetFaults(flutterwave.FaultPlan{Seed: 1, Faults: fs}); err != nil {
		t.Fatal(err)
	}
}

// control calls a sandbox control and returns its status and data.
func (r *rig) control(t *testing.T, method, path string, body any) (int, json.RawMessage) {
	t.Helper()
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, r.url+path, bytes.NewReader(raw))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var env struct {
		Data json.RawMessage `json:"data"`
	}
	_ = json.NewDecoder(res.Body).Decode(&env)
	return res.StatusCode, env.Data
}

func (r *rig) transferTo(ref string) payment.TransferRequest {
	return payment.TransferRequest{Reference: ref, AccountNumber: "0123456789", BankCode: "058", Amount: 500 * money.Naira}
}

// queued reports whether the provider has a transfer with ref.
func (r *rig) queued(t *testing.T, ref string) bool {
	t.Helper()
	_, err := r.find(context.Background(), ref)
	if err != nil && !payment.Definite(err) {
		t.Fatal(err)
	}
	return err == nil
}

// find pages through the provider's transfers list for the one with ref (404 when none has it).
func (r *rig) find(ctx context.Context, ref string) (payment.Transfer, error) {
	for page := 1; ; page++ {
		p, err := r.client.ListTransfers(ctx, page)
		if err != nil {
			return payment.Transfer{}, err
		}
		if len(p.Transfers) == 0 {
			return payment.Transfer{}, &payment.Error{Status: http.StatusNotFound, Message: "No transfer has the reference " + ref}
		}
		for _, t := range p.Transfers {
			if t.Reference == ref {
				return t, nil
			}
		}
	}
}

func (r *rig) events() []payment.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]payment.Event(nil), r.hooks...)
}

func (r *rig) idle(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := r.s.WaitIdle(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestFaults_ACallsFaultIsAnErrorTimeoutOrLostAnswerAndOnlyLoseAndDelayAct(t *testing.T) {
	t.Parallel()
	r := newRig(t, 300*time.Millisecond)
	ctx := context.Background()
	cases := []struct {
		kind  string
		delay int64
		acted bool
	}{
		{flutterwave.FaultError, 0, false},
		{flutterwave.FaultDrop, 50, false},
		{flutterwave.FaultLose, 0, true},
		{flutterwave.FaultDelay, 1000, true}, // past the client's 300 ms
	}
	for _, c := range cases {
		r.faults(t, flutterwave.Fault{Method: "POST", Path: "/transfers", Kind: c.kind, Count: 1, DelayMS: c.delay})
		ref := "wd-" + c.kind
		_, err := r.client.Transfer(ctx, r.transferTo(ref))
		if err == nil || payment.Definite(err) {
			t.Errorf("%s: the client got %v; want an indefinite failure", c.kind, err)
		}
		var pe *payment.Error
		if c.kind == flutterwave.FaultError && (!errors.As(err, &pe) || pe.Status != 500) {
			t.Errorf("error: %v, want the provider's 500", err)
		}
		if got := r.queued(t, ref); got != c.acted {
			t.Errorf("%s: queued %v, want %v", c.kind, got, c.acted)
		}
		if f := r.s.Faults(); f[0].Struck != 1 {
			t.Errorf("%s: struck %d times", c.kind, f[0].Struck)
		}
		// Spent: the next call goes through (a retry of the same reference is the provider's
		// duplicate when the first one acted).
		_, err = r.client.Transfer(ctx, r.transferTo(ref))
		if c.acted && (!payment.Definite(err) || err.(*payment.Error).Message != "Duplicate reference") {
			t.Errorf("%s: a retry after the provider acted: %v, want its duplicate refusal", c.kind, err)
		}
		if !c.acted && err != nil {
			t.Errorf("%s: a retry: %v", c.kind, err)
		}
	}
	// Only the chosen endpoint: a fault on /transfers leaves /transfers/fee and GETs alone.
	r.faults(t, flutterwave.Fault{Method: "POST", Path: "/transfers", Kind: flutterwave.FaultError})
	if _, err := r.find(ctx, "wd-lose"); err != nil {
		t.Errorf("a GET under a POST fault: %v", err)
	}
	r.faults(t, flutterwave.Fault{Path: "/transfers/{id}", Kind: flutterwave.FaultError})
	got, err := r.find(ctx, "wd-lose")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.client.GetTransfer(ctx, got.ID); err == nil {
		t.Error("GET /transfers/{id} under its fault succeeded")
	}
}

func TestFaults_AProbabilityStrikesASeededShare(t *testing.T) {
	t.Parallel()
	r := newRig(t, time.Second)
	r.faults(t, flutterwave.Fault{Path: "/banks/*", Kind: flutterwave.FaultError, Probability: 0.3})
	failed := 0
	for range 100 {
		if _, err := r.client.Banks(context.Background()); err != nil {
			failed++
		}
	}
	if failed < 15 || failed > 45 || r.s.Faults()[0].Struck != failed {
		t.Fatalf("%d of 100 failed at 0.3 (struck %d)", failed, r.s.Faults()[0].Struck)
	}
}

// payIn opens an account of amount and pays it, returning the transaction's id.
func (r *rig) payIn(t *testing.T, ref string, amount money.Money) string {
	t.Helper()
	va, err := r.client.CreateVirtualAccount(context.Background(), payment.AccountRequest{Email: "ada@example.com", TxRef: ref, Amount: amount})
	if err != nil {
		t.Fatal(err)
	}
	code, data := r.control(t, "POST", "/_flutterwave/sandbox/pay-in", map[string]any{"account_number": va.AccountNumber, "amount": amount})
	if code != http.StatusOK {
		t.Fatalf("pay-in: %d %s", code, data)
	}
	var tx struct {
		ID json.Number `json:"id"`
	}
	_ = json.Unmarshal(data, &tx)
	return tx.ID.String()
}

func TestFaults_WebhooksComeTwiceLateOutOfOrderOrNever(t *testing.T) {
	t.Parallel()
	r := newRig(t, time.Second)
	ids := func() []string {
		var out []string
		for _, e := range r.events() {
			out = append(out, e.ID)
		}
		return out
	}

	r.faults(t, flutterwave.Fault{Event: payment.ChargeCompleted, Kind: flutterwave.FaultTwice, Count: 1})
	twice := r.payIn(t, "dep-twice", 100*money.Naira)
	r.idle(t)
	if got := ids(); len(got) != 2 || got[0] != twice || got[1] != twice {
		t.Fatalf("twice: %v", got)
	}

	r.faults(t, flutterwave.Fault{Event: payment.ChargeCompleted, Kind: flutterwave.FaultNever, Count: 1})
	never := r.payIn(t, "dep-never", 100*money.Naira)
	r.idle(t)
	if got := ids(); len(got) != 2 {
		t.Fatalf("never: %v", got)
	}
	if d := r.s.Deliveries(); !d[len(d)-1].Done || d[len(d)-1].Delivered || d[len(d)-1].TransactionID == 0 {
		t.Fatalf("the dropped webhook's record: %+v", d[len(d)-1])
	}
	// The provider still has it: the reconcilers find it by listing.
	txs, err := r.client.Transactions(context.Background(), time.Now().AddDate(0, 0, -1), time.Now(), 1)
	if err != nil || len(txs) != 2 || txs[0].ID != never || txs[0].TxRef != "dep-never" || txs[0].Amount != 100*money.Naira {
		t.Fatalf("GET /transactions: %+v %v", txs, err)
	}

	r.faults(t, flutterwave.Fault{Event: payment.ChargeCompleted, Kind: flutterwave.FaultLate, Count: 1, DelayMS: 400})
	start := time.Now()
	late := r.payIn(t, "dep-late", 100*money.Naira)
	if got := ids(); len(got) != 2 {
		t.Fatalf("the late webhook came after %v: %v", time.Since(start), got)
	}
	r.idle(t)
	if got := ids(); len(got) != 3 || got[2] != late || time.Since(start) < 400*time.Millisecond {
		t.Fatalf("late: %v after %v", got, time.Since(start))
	}

	// Out of order: the first transfer's transfer.completed comes after the second's.
	r.faults(t, flutterwave.Fault{Event: payment.TransferCompleted, Kind: flutterwave.FaultReorder, Count: 1, DelayMS: 5000})
	for _, ref := range []string{"wd-first", "wd-second"} {
		if _, err := r.client.Transfer(context.Background(), r.transferTo(ref)); err != nil {
			t.Fatal(err)
		}
	}
	for _, ref := range []string{"wd-first", "wd-second"} {
		if code, data := r.control(t, "POST", "/_flutterwave/sandbox/transfers/"+ref+"/complete", map[string]any{"status": "SUCCESSFUL"}); code != http.StatusOK {
			t.Fatalf("%d %s", code, data)
		}
	}
	r.idle(t)
	ev := r.events()
	if len(ev) != 5 || ev[3].Reference != "wd-second" || ev[4].Reference != "wd-first" {
		t.Fatalf("reorder: %+v", ev[3:])
	}
	if took := time.Since(start); took > 4*time.Second {
		t.Fatalf("the held webhook waited for its bound (%v), not for the next one", took)
	}
}

func TestFaults_TheControlIsTheSandboxsNotTheProviders(t *testing.T) {
	t.Parallel()
	r := newRig(t, time.Second)
	if code, _ := r.control(t, "POST", "/_flutterwave/sandbox/faults", map[string]any{"faults": []map[string]any{{"path": "/transfers", "kind": "twice"}}}); code != http.StatusBadRequest {
		t.Errorf("a webhook kind on a call: %d", code)
	}
	if code, _ := r.control(t, "POST", "/_flutterwave/sandbox/faults", map[string]any{"faults": []map[string]any{{"path": "/transfers", "event": "charge.completed", "kind": "error"}}}); code != http.StatusBadRequest {
		t.Errorf("a fault naming a path and an event: %d", code)
	}
	code, data := r.control(t, "POST", "/_flutterwave/sandbox/faults", map[string]any{"seed": 3, "faults": []map[string]any{{"method": "get", "path": "/v3/banks/NG", "kind": "error", "count": 1}}})
	if code != http.StatusOK {
		t.Fatalf("%d %s", code, data)
	}
	if _, err := r.client.Banks(context.Background()); err == nil {
		t.Fatal("the fault set by the control did not strike")
	}
	var listed []flutterwave.Fault
	code, data = r.control(t, "GET", "/_flutterwave/sandbox/faults", nil)
	if err := json.Unmarshal(data, &listed); err != nil || code != 200 || len(listed) != 1 || listed[0].Struck != 1 || listed[0].Path != "/banks/NG" {
		t.Fatalf("GET: %d %s", code, data)
	}
	if code, data = r.control(t, "DELETE", "/_flutterwave/sandbox/faults", nil); code != 200 || string(data) != "[]" {
		t.Fatalf("DELETE: %d %s", code, data)
	}
	// The provider's surface has no such thing.
	req, _ := http.NewRequest("POST", r.url+"/_flutterwave/v3/sandbox/faults", bytes.NewReader([]byte(`{}`)))
	req.Header.Set("Authorization", "Bearer sk")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Fatalf("v3/sandbox/faults: %d", res.StatusCode)
	}
}
