package roundtrip

import (
	"testing"
	"time"
)

func TestDepth_CountsCallsInSequenceAndOverlapsOnce(t *testing.T) {
	t.Parallel()
	at := func(ms int) time.Time { return time.Unix(0, 0).Add(time.Duration(ms) * time.Millisecond) }
	cases := []struct {
		name  string
		spans []Span
		want  int
	}{
		{"none", nil, 0},
		{"one", []Span{{at(0), at(10)}}, 1},
		{"three at once", []Span{{at(0), at(10)}, {at(1), at(12)}, {at(2), at(9)}}, 1},
		{"two in a row, given backwards", []Span{{at(10), at(20)}, {at(0), at(10)}}, 2},
		{"a check beside a read, then two reads at once", []Span{{at(0), at(15)}, {at(0), at(10)}, {at(11), at(20)}, {at(12), at(22)}}, 2},
		{"three in a row", []Span{{at(0), at(5)}, {at(6), at(9)}, {at(10), at(11)}}, 3},
	}
	for _, c := range cases {
		if got := Depth(c.spans); got != c.want {
			t.Errorf("%s: depth %d, want %d", c.name, got, c.want)
		}
	}
}
