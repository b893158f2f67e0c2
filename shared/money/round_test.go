package money_test

import (
	"encoding/json"
	"testing"

	"zuum/shared/money"
)

func TestRoundedReadsTheProvidersFiguresHalfUpToTheKobo(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want money.Money
	}{
		{"26.875", 2688}, {"26.874", 2687}, {"14", 1400}, {"10.75", 1075}, {"0.004", 0}, {"0.005", 1},
		{"0.0049999", 0}, {"13.9999", 1400}, {"-0.005", -1}, {"-2.5", -250}, {"0", 0},
	} {
		got, err := money.Rounded(json.Number(tc.in))
		if err != nil || got != tc.want {
			t.Errorf("Rounded(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{"", "1e3", "1.2x5", "abc", "1000000000000.005", ".125"} {
		if got, err := money.Rounded(json.Number(in)); err == nil {
			t.Errorf("Rounded(%q) = %d, want an error", in, got)
		}
	}
}
