package edge

import (
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
)

// DynamoFaults makes the edge's DynamoDB fail a share of item calls (reads, writes,
// transactions), as a flaky network or an overloaded partition does: so tests can show that
// what runs on top loses and duplicates nothing. It is off unless a test turns it on
// (Edge.FailDynamo); table administration never fails.
type DynamoFaults struct {
	// Refused is the share of calls answered 500 InternalServerError before they run: nothing
	// changes, and the caller may retry.
	Refused float64
	// Lost is the share of calls that run (a write is applied) and are then answered 500 as
	// if the answer had been lost on the way back: the caller cannot tell it from Refused.
	Lost float64
	// Seed makes the sequence of failures repeatable.
	Seed uint64
}

// faults is DynamoFaults in force, with its random source and a tally.
type faults struct {
	DynamoFaults
	mu            sync.Mutex
	rnd           *rand.Rand
	refused, lost atomic.Int64
}

// FailDynamo turns fault injection on with f, or off with the zero DynamoFaults.
func (e *Edge) FailDynamo(f DynamoFaults) {
	if f.Refused <= 0 && f.Lost <= 0 {
		e.dynamo.faults.Store(nil)
		return
	}
	e.dynamo.faults.Store(&faults{DynamoFaults: f, rnd: rand.New(rand.NewPCG(f.Seed, f.Seed^0x9e3779b97f4a7c15))})
}

// DynamoFaulted reports how many calls fault injection refused and how many answers it lost.
func (e *Edge) DynamoFaulted() (refused, lost int64) {
	if f := e.dynamo.faults.Load(); f != nil {
		return f.refused.Load(), f.lost.Load()
	}
	return 0, 0
}

// draw decides the fate of one call: refuse it, lose its answer, or neither.
func (f *faults) draw() (refuse, lose bool) {
	f.mu.Lock()
	x := f.rnd.Float64()
	f.mu.Unlock()
	switch {
	case x < f.Refused:
		f.refused.Add(1)
		return true, false
	case x < f.Refused+f.Lost:
		f.lost.Add(1)
		return false, true
	}
	return false, false
}

// injectedError is what a faulted call is answered with: DynamoDB's own 500, which the SDK
// retries.
var injectedError = &awsError{http.StatusInternalServerError, "InternalServerError", "edge: injected failure"}

// discard is a ResponseWriter that keeps nothing: a lost answer is written here.
type discard struct{ h http.Header }

func (d *discard) Header() http.Header {
	if d.h == nil {
		d.h = http.Header{}
	}
	return d.h
}
func (d *discard) Write(b []byte) (int, error) { return len(b), nil }
func (d *discard) WriteHeader(int)             {}
