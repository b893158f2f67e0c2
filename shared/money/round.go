package money

import (
	"encoding/json"
	"strings"
)

// Rounded reads a naira number that may carry more than two decimals into kobo, rounding half up
// (away from zero): the payment provider writes fees such as 26.875 (shared/PAYMENTS.md §2), which
// is 2688 kobo; 0.004 is 0 and 0.005 is 1. Only the provider's figures are read this way: amounts
// users send keep Parse's two decimals. Exponents and everything Parse refuses besides the extra
// decimals are refused.
func Rounded(n json.Number) (Money, error) {
	s := string(n)
	whole, frac, dotted := strings.Cut(s, ".")
	if !dotted || len(frac) <= 2 {
		return Parse(s)
	}
	if !digits(frac) {
		return 0, &Error{msgFormat}
	}
	m, err := Parse(whole + "." + frac[:2])
	if err != nil {
		return 0, err
	}
	if frac[2] >= '5' {
		if m < 0 || strings.HasPrefix(whole, "-") {
			m -= Kobo
		} else {
			m += Kobo
		}
	}
	if m > Max || m < -Max {
		return 0, &Error{msgRange}
	}
	return m, nil
}
