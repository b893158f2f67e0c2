// Package roundtrip counts the store round trips in sequence of a set of calls: the measure the
// read tests (functions/wire) hold to at most two and the bench reports per API call.
package roundtrip

import (
	"slices"
	"time"
)

// Span is when one call was sent and when its answer came back.
type Span struct{ Start, End time.Time }

// Depth is the number of round trips in sequence among spans: the longest chain of calls each of
// which started after the one before it had ended. Calls that overlap count once.
func Depth(spans []Span) int {
	sorted := slices.Clone(spans)
	slices.SortFunc(sorted, func(a, b Span) int { return a.Start.Compare(b.Start) })
	chain := make([]int, len(sorted))
	best := 0
	for i, s := range sorted {
		chain[i] = 1
		for j := range i {
			if !sorted[j].End.After(s.Start) {
				chain[i] = max(chain[i], chain[j]+1)
			}
		}
		best = max(best, chain[i])
	}
	return best
}
