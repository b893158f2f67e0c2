package money_test

import (
	"encoding/json"
	"errors"
	"testing"

	"zuum/shared/money"
)

func TestParseReadsNairaIntoKoboWithoutFloats(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want money.Money
	}{
		{"999", 99900}, {"0.01", 1}, {"12.5", 1250}, {"0.29", 29}, {"1.10", 110}, {"0", 0},
		{"-2.5", -250}, {"1000000000000", money.Max}, {"0001", 100},
	} {
		got, err := money.Parse(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("Parse(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
}

func TestParseRefusesWhatIsNotNairaWithTwoDecimals(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"", "1.234", "1e3", "+1", " 1", "1.", ".5", "1,000", "abc", "--1", "1000000000000.01", "99999999999999", "0x10", "NaN"} {
		if got, err := money.Parse(in); err == nil {
			t.Errorf("Parse(%q) = %d, want an error", in, got)
		}
	}
}

func TestJSONRoundTripsAsNairaNumbers(t *testing.T) {
	t.Parallel()
	type body struct {
		Amount money.Money `json:"amount"`
	}
	for _, tc := range []struct {
		m    money.Money
		want string
	}{{99900, `{"amount":999}`}, {1250, `{"amount":12.5}`}, {1, `{"amount":0.01}`}, {1205, `{"amount":12.05}`}, {-250, `{"amount":-2.5}`}, {0, `{"amount":0}`}} {
		raw, _ := json.Marshal(body{tc.m})
		if string(raw) != tc.want {
			t.Errorf("marshal %d = %s, want %s", tc.m, raw, tc.want)
		}
		var back body
		if err := json.Unmarshal(raw, &back); err != nil || back.Amount != tc.m {
			t.Errorf("unmarshal %s = %d, %v", raw, back.Amount, err)
		}
	}
}

func TestJSONRefusalNamesTheField(t *testing.T) {
	t.Parallel()
	var b struct {
		Amount money.Money `json:"amount"`
	}
	for _, raw := range []string{`{"amount":"999"}`, `{"amount":1.234}`, `{"amount":1e3}`, `{"amount":true}`} {
		err := json.Unmarshal([]byte(raw), &b)
		var typ *json.UnmarshalTypeError
		if !errors.As(err, &typ) || typ.Field != "amount" || typ.Type != money.Type {
			t.Errorf("%s: err = %v, want an UnmarshalTypeError of money on field amount", raw, err)
		}
	}
}

func TestStringIsEnNG(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		m    money.Money
		want string
	}{{123450, "₦1,234.50"}, {99900, "₦999.00"}, {1, "₦0.01"}, {-2500, "-₦25.00"}, {100000000, "₦1,000,000.00"}} {
		if got := tc.m.String(); got != tc.want {
			t.Errorf("%d.String() = %q, want %q", tc.m, got, tc.want)
		}
	}
}

func TestLabelDropsNoKobo(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		m    money.Money
		want string
	}{{10000, "₦100"}, {100, "₦1"}, {100000000, "₦1,000,000"}, {150, "₦1.50"}, {1, "₦0.01"}, {-2500, "-₦25"}} {
		if got := tc.m.Label(); got != tc.want {
			t.Errorf("%d.Label() = %q, want %q", tc.m, got, tc.want)
		}
	}
}
