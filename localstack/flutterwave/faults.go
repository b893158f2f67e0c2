package flutterwave

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"time"

	"zuum/shared/payment"
)

// The fault switch makes the sandbox as unkind as a real provider on a bad day, so tests can show
// that no naira is created, lost or paid twice. Only the local cloud has it: the control is
// POST/GET/DELETE /_flutterwave/sandbox/faults (never under v3/), and Go tests call SetFaults.
//
// A Fault picks v3 calls (Method and Path) or webhooks (Event), and how often it strikes (Count,
// Probability). What it does to a call (Kind):
//
//   - "error": answered 500 in the provider's error envelope with an error_id; nothing is done.
//   - "delay": the call is done, and its answer held DelayMS (past the caller's timeout).
//   - "lose": the call is done (the transfer queued, the account opened), then the connection is
//     cut: the answer never arrives.
//   - "drop": the request is lost on the way: nothing is done, and after DelayMS the connection
//     is cut.
//
// What it does to a webhook:
//
//   - "twice": delivered twice at once.
//   - "late": delivered DelayMS late.
//   - "reorder": held until the next webhook has been answered, then delivered (out of order; at
//     most DelayMS late, 2 s when 0).
//   - "never": not delivered (the reconcilers must find what it reported).

// Fault kinds.
const (
	FaultError   = "error"
	FaultDelay   = "delay"
	FaultLose    = "lose"
	FaultDrop    = "drop"
	FaultTwice   = "twice"
	FaultLate    = "late"
	FaultReorder = "reorder"
	FaultNever   = "never"
)

// Fault is one rule of the switch.
type Fault struct {
	// Method ("POST"; "" any) and Path choose v3 calls. Path is the endpoint under v3
	// ("/transfers", "/transactions/{id}/verify"): a {name} segment matches any one segment, a
	// final "*" anything after.
	Method string `json:"method,omitempty"`
	Path   string `json:"path,omitempty"`
	// Event chooses webhooks instead: "charge.completed", "transfer.completed", or "*".
	Event string `json:"event,omitempty"`
	// Kind is what happens (see above).
	Kind string `json:"kind"`
	// Count, when positive, is how many times the fault strikes at most; then it is spent.
	Count int `json:"count,omitempty"`
	// Probability is the share of matching calls it strikes (0 means every one).
	Probability float64 `json:"probability,omitempty"`
	// DelayMS is how long delay, drop and late wait, and reorder at most.
	DelayMS int64 `json:"delay_ms,omitempty"`
	// Struck is how many times it struck (the control's answer; ignored when set).
	Struck int `json:"struck"`
}

// FaultPlan is the control's body: the rules in force, and the seed of their dice.
type FaultPlan struct {
	Seed   uint64  `json:"seed"`
	Faults []Fault `json:"faults"`
}

// faultSwitch is the rules in force; its fields are guarded by mu.
type faultSwitch struct {
	mu    sync.Mutex
	rules []*Fault
	rnd   *rand.Rand
	// held are the release channels of webhooks held back by reorder.
	held []chan struct{}
}

func (f *Fault) check() error {
	call := f.Path != ""
	hook := f.Event != ""
	switch {
	case call == hook:
		return errors.New("a fault names either a path or an event")
	case f.Count < 0 || f.Probability < 0 || f.Probability > 1:
		return errors.New("count must be at least 0 and probability between 0 and 1")
	case f.DelayMS < 0 || f.DelayMS > 120_000:
		return errors.New("delay_ms must be between 0 and 120000")
	case call && f.Kind != FaultError && f.Kind != FaultDelay && f.Kind != FaultLose && f.Kind != FaultDrop:
		return fmt.Errorf("kind %q is not a call's fault (error, delay, lose, drop)", f.Kind)
	case hook && f.Kind != FaultTwice && f.Kind != FaultLate && f.Kind != FaultReorder && f.Kind != FaultNever:
		return fmt.Errorf("kind %q is not a webhook's fault (twice, late, reorder, never)", f.Kind)
	}
	return nil
}

// SetFaults puts p's rules in force in place of the ones before; an empty plan turns the switch
// off.
func (s *Sandbox) SetFaults(p FaultPlan) error {
	rules := make([]*Fault, 0, len(p.Faults))
	for _, f := range p.Faults {
		if err := f.check(); err != nil {
			return err
		}
		f.Path = strings.TrimPrefix(strings.TrimPrefix(f.Path, Prefix+"v3"), "/v3")
		f.Method, f.Struck = strings.ToUpper(f.Method), 0
		rules = append(rules, &f)
	}
	s.faults.mu.Lock()
	defer s.faults.mu.Unlock()
	s.faults.rules, s.faults.rnd = rules, rand.New(rand.NewPCG(p.Seed, p.Seed^0x9e3779b97f4a7c15))
	return nil
}

// Faults returns the rules in force, each with how often it struck.
func (s *Sandbox) Faults() []Fault {
	s.faults.mu.Lock()
	defer s.faults.mu.Unlock()
	out := make([]Fault, len(s.faults.rules))
	for i, f := range s.faults.rules {
		out[i] = *f
	}
	return out
}

// draw picks the first rule matching that strikes this time, or nil.
func (fs *faultSwitch) draw(match func(*Fault) bool) *Fault {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	for _, f := range fs.rules {
		if !match(f) || (f.Count > 0 && f.Struck >= f.Count) {
			continue
		}
		if f.Probability > 0 && fs.rnd.Float64() >= f.Probability {
			continue
		}
		f.Struck++
		c := *f
		return &c
	}
	return nil
}

// pathMatches reports whether the v3 path (after /v3) fits pattern.
func pathMatches(pattern, path string) bool {
	ps, xs := strings.Split(strings.Trim(pattern, "/"), "/"), strings.Split(strings.Trim(path, "/"), "/")
	for i, p := range ps {
		if p == "*" && i == len(ps)-1 {
			return true
		}
		if i >= len(xs) || p != xs[i] && (!strings.HasPrefix(p, "{") || !strings.HasSuffix(p, "}")) {
			return false
		}
	}
	return len(ps) == len(xs)
}

// serve answers r, through the fault switch when r is a v3 call.
func (s *Sandbox) serve(w http.ResponseWriter, r *http.Request) {
	rest, v3 := strings.CutPrefix(r.URL.Path, Prefix+"v3")
	var f *Fault
	if v3 {
		f = s.faults.draw(func(f *Fault) bool {
			return f.Path != "" && (f.Method == "" || f.Method == r.Method) && pathMatches(f.Path, rest)
		})
	}
	if f == nil {
		s.mux.ServeHTTP(w, r)
		return
	}
	s.log.Info("flutterwave sandbox: fault", "kind", f.Kind, "method", r.Method, "path", r.URL.Path)
	wait := time.Duration(f.DelayMS) * time.Millisecond
	switch f.Kind {
	case FaultError:
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusInternalServerError)
		_ = json.NewEncoder(w).Encode(map[string]any{
			"status": "error", "message": "An error occurred while processing your request. Please try again.",
			"error_id": "E" + strings.ToUpper(randomHex(8)), "data": nil,
		})
	case FaultDelay:
		rec := &buffered{header: http.Header{}}
		s.mux.ServeHTTP(rec, r)
		if !s.sleep(r, wait) {
			panic(http.ErrAbortHandler)
		}
		rec.copyTo(w)
	case FaultLose:
		s.mux.ServeHTTP(&buffered{header: http.Header{}}, r)
		panic(http.ErrAbortHandler) // net/http cuts the connection without an answer
	case FaultDrop:
		s.sleep(r, wait)
		panic(http.ErrAbortHandler)
	}
}

// sleep waits d, or less when the caller leaves or the sandbox closes; true when d passed.
func (s *Sandbox) sleep(r *http.Request, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
	case <-s.ctx.Done():
	}
	return false
}

// buffered keeps an answer to send later, or never.
type buffered struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (b *buffered) Header() http.Header { return b.header }
func (b *buffered) Write(p []byte) (int, error) {
	if b.status == 0 {
		b.status = http.StatusOK
	}
	return b.body.Write(p)
}
func (b *buffered) WriteHeader(code int) {
	if b.status == 0 {
		b.status = code
	}
}

func (b *buffered) copyTo(w http.ResponseWriter) {
	for k, v := range b.header {
		w.Header()[k] = v
	}
	if b.status == 0 {
		b.status = http.StatusOK
	}
	w.WriteHeader(b.status)
	_, _ = w.Write(b.body.Bytes())
}

// deliver sends one webhook body about the transaction or transfer id, through the fault switch.
func (s *Sandbox) deliver(id int64, body []byte) {
	var head struct {
		Event string `json:"event"`
	}
	_ = json.Unmarshal(body, &head)
	if head.Event == "" { // the legacy flat shape is a charge
		head.Event = payment.ChargeCompleted
	}
	f := s.faults.draw(func(f *Fault) bool { return f.Event == "*" || f.Event == head.Event })
	if f == nil {
		done := s.deliverAfter(id, body, nil, 0)
		s.release(done)
		return
	}
	s.log.Info("flutterwave sandbox: webhook fault", "kind", f.Kind, "event", head.Event, "id", id)
	wait := time.Duration(f.DelayMS) * time.Millisecond
	switch f.Kind {
	case FaultNever:
		if cfg := s.config(); cfg.WebhookURL != "" {
			s.mu.Lock()
			s.hooks = append(s.hooks, &Delivery{TransactionID: id, URL: cfg.WebhookURL, Done: true, At: s.now(),
				LastError: "never sent: the sandbox's fault switch dropped it"})
			s.mu.Unlock()
		}
	case FaultTwice:
		a, b := s.deliverAfter(id, body, nil, 0), s.deliverAfter(id, body, nil, 0)
		s.release(a, b)
	case FaultLate:
		s.deliverAfter(id, body, nil, wait)
	case FaultReorder:
		if wait <= 0 {
			wait = 2 * time.Second
		}
		gate := make(chan struct{})
		s.faults.mu.Lock()
		s.faults.held = append(s.faults.held, gate)
		s.faults.mu.Unlock()
		s.deliverAfter(id, body, gate, wait)
	}
}

// release lets the webhooks held back by reorder go once the deliveries done have had their
// first answer.
func (s *Sandbox) release(done ...<-chan struct{}) {
	s.faults.mu.Lock()
	held := s.faults.held
	s.faults.held = nil
	s.faults.mu.Unlock()
	if len(held) == 0 {
		return
	}
	go func() {
		for _, d := range done {
			<-d
		}
		for _, g := range held {
			close(g)
		}
	}()
}

// faultsControl is the control: POST puts a plan in force, GET lists the rules and how often
// each struck, DELETE turns the switch off.
func (s *Sandbox) faultsControl(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
		var p FaultPlan
		if !decode(w, r, &p) {
			return
		}
		if err := s.SetFaults(p); err != nil {
			fail(w, http.StatusBadRequest, err.Error())
			return
		}
	case http.MethodDelete:
		_ = s.SetFaults(FaultPlan{})
	}
	reply(w, http.StatusOK, "Faults", s.Faults())
}

// hold waits for gate (when not nil; wait at most) or wait; false when the sandbox closed.
func (s *Sandbox) hold(gate <-chan struct{}, wait time.Duration) bool {
	if gate == nil && wait <= 0 {
		return true
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-gate:
	case <-t.C:
	case <-s.ctx.Done():
		return false
	}
	return true
}

func closeOnce(c chan struct{}) {
	select {
	case <-c:
	default:
		close(c)
	}
}
