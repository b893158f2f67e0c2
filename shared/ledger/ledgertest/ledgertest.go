// Package ledgertest helps tests put movements at chosen times. Only _test files import it.
package ledgertest

import (
	"time"

	"github.com/google/uuid"
)

// IDAt is a UUIDv7 made at t, as the ledger makes a movement's id at the time it runs: a test
// that writes a movement with it places the movement at t in every time-ordered read.
func IDAt(t time.Time) string {
	id := uuid.Must(uuid.NewV7())
	ms := uint64(t.UnixMilli())
	for i := range 6 {
		id[i] = byte(ms >> (40 - 8*i))
	}
	return id.String()
}
