package apptest

import (
	"bytes"
	"sync"
	"testing"
)

// AtOnce sends n tries of one request at the same time (send sends one), as a client that
// retries while its first try is still running does, and returns their answers in order.
func AtOnce(n int, send func() Response) []Response {
	out := make([]Response, n)
	var wg sync.WaitGroup
	for i := range out {
		wg.Go(func() { out[i] = send() })
	}
	wg.Wait()
	return out
}

// OneAnswer checks that every try of one Idempotency-Key got status and the same body: the key's
// first answer, given again to every other try whatever would refuse a new request.
func OneAnswer(t testing.TB, tries []Response, status int) {
	t.Helper()
	for i, r := range tries {
		if r.Status != status || !bytes.Equal(bytes.TrimSpace(r.Raw), bytes.TrimSpace(tries[0].Raw)) {
			t.Errorf("try %d of %d: %d %q, want %d with the body every try got", i+1, len(tries), r.Status, r.Message(), status)
		}
	}
}
