// Package money is Zuum's one amount type and its one conversion. Inside, every amount is an
// int64 count of kobo (Money); on the wire, in JSON, an amount is naira: a number with at most two
// decimals (spec part 1 §9's "stored amount divided by 100" is this conversion). Parsing works on
// the number's text, never through float64, so 0.29 naira is exactly 29 kobo.
package money

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
)

// Money is an amount in kobo, the naira's hundredth.
type Money int64

// Units.
const (
	Kobo  Money = 1
	Naira Money = 100
)

// Max is the largest amount Zuum accepts anywhere: a trillion naira, far above any real payment
// and far below int64's range, so sums of many amounts cannot overflow.
const Max = 1_000_000_000_000 * Naira

// Error says why a naira amount was refused. Its message is meant for the user.
type Error struct{ Reason string }

func (e *Error) Error() string { return e.Reason }

// Messages of refused amounts.
const (
	msgFormat = "Amount must be a number of naira with at most two decimals"
	msgRange  = "Amount is too large"
)

// Parse reads a naira amount written as a decimal number ("999", "0.01", "12.5") into kobo. A
// sign is allowed only as "-" (for signed ledger amounts; callers check the sign they need);
// exponents, more than two decimals, a leading "+", spaces and amounts above Max are refused.
func Parse(s string) (Money, error) {
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	whole, frac, dotted := strings.Cut(s, ".")
	if whole == "" || len(frac) > 2 || dotted && frac == "" || !digits(whole) || !digits(frac) {
		return 0, &Error{msgFormat}
	}
	if len(whole) > 13 { // more than Max's 13 digits of naira, even with leading zeros
		whole = strings.TrimLeft(whole, "0")
		if len(whole) > 13 {
			return 0, &Error{msgRange}
		}
	}
	n, _ := strconv.ParseInt(whole, 10, 64) // at most 13 digits: cannot fail
	k := int64(0)
	if frac != "" {
		k, _ = strconv.ParseInt((frac + "0")[:2], 10, 64)
	}
	m := Money(n)*Naira + Money(k)
	if m > Max {
		return 0, &Error{msgRange}
	}
	if neg {
		m = -m
	}
	return m, nil
}

func digits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// FromNumber reads a JSON number (decoded with UseNumber, or a json.Number field) as naira.
func FromNumber(n json.Number) (Money, error) { return Parse(string(n)) }

// Kobo returns the amount in kobo.
func (m Money) Kobo() int64 { return int64(m) }

// Decimal writes the amount in naira with the fewest decimals that keep it exact: 99900 is
// "999", 1250 is "12.5", 1 is "0.01", -250 is "-2.5".
func (m Money) Decimal() string {
	sign := ""
	if m < 0 {
		sign, m = "-", -m
	}
	whole, frac := int64(m/Naira), int64(m%Naira)
	switch {
	case frac == 0:
		return sign + strconv.FormatInt(whole, 10)
	case frac%10 == 0:
		return sign + strconv.FormatInt(whole, 10) + "." + strconv.FormatInt(frac/10, 10)
	default:
		return sign + strconv.FormatInt(whole, 10) + "." + pad2(frac)
	}
}

func pad2(n int64) string {
	if n < 10 {
		return "0" + strconv.FormatInt(n, 10)
	}
	return strconv.FormatInt(n, 10)
}

// String writes the amount as people in Nigeria read it (en-NG): "₦1,234.50", "-₦25.00".
func (m Money) String() string {
	sign := ""
	if m < 0 {
		sign, m = "-", -m
	}
	whole := strconv.FormatInt(int64(m/Naira), 10)
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return sign + "₦" + b.String() + "." + pad2(int64(m%Naira))
}

// Label writes the amount as messages name a figure: String without the kobo when there are
// none, "₦100", "₦1,000", and "₦1.50" when there are.
func (m Money) Label() string {
	s := m.String()
	if m%Naira == 0 {
		return strings.TrimSuffix(s, ".00")
	}
	return s
}

// MarshalJSON writes the amount as a naira JSON number (Decimal).
func (m Money) MarshalJSON() ([]byte, error) { return []byte(m.Decimal()), nil }

// UnmarshalJSON reads a naira JSON number with at most two decimals. Anything else (a string, a
// boolean, an exponent, a third decimal, an amount above Max) is a *json.UnmarshalTypeError of
// Type, so encoding/json names the field it was in; shared/httpapi words it for the user.
func (m *Money) UnmarshalJSON(b []byte) error {
	s := string(b)
	if s == "null" {
		return nil
	}
	v, err := Parse(s)
	if err != nil {
		return &json.UnmarshalTypeError{Value: "amount " + s, Type: Type}
	}
	*m = v
	return nil
}

// Type is Money's reflect type, which a decoding error of an amount names.
var Type = reflect.TypeFor[Money]()

// FieldMessage is what a user is told about a refused amount in the named field.
func FieldMessage(field string) string {
	return field + " must be a number of naira with at most two decimals"
}

// ErrorOf returns the *Error in err's chain, if any.
func ErrorOf(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}
