// Package licence is the licence a buyer gets with a beat: its number (random, unguessable,
// readable aloud), the item that records it in the Posts table (written inside the purchase's
// ledger transaction, so a licence exists exactly when its purchase does), the PDF the buyer
// downloads, and the public page address where anyone can check that a licence is genuine.
package licence

import (
	"crypto/rand"
	"strings"
	"time"

	"zuum/shared/money"
)

// Licence is one buyer's non-exclusive licence to one beat, as sold.
type Licence struct {
	Number           string
	PurchaseID       string
	BeatID           string
	BeatTitle        string
	BuyerID          string
	BuyerUsername    string
	ProducerID       string
	ProducerUsername string
	// Price is what the buyer paid.
	Price       money.Money
	PurchasedAt time.Time
}

// Licence numbers read ZUUM-XXXX-XXXX-XXXX: twelve symbols of Crockford's base32 (digits and
// capitals without I, L, O and U, so none is mistaken for another when read off a printout),
// 60 random bits from crypto/rand: nobody finds a valid number by guessing.
const (
	prefix   = "ZUUM-"
	alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
	groups   = 3
	groupLen = 4
	// numberLen is len("ZUUM-XXXX-XXXX-XXXX").
	numberLen = len(prefix) + groups*groupLen + groups - 1
)

// NewNumber returns a fresh random licence number.
func NewNumber() string {
	var raw [groups * groupLen]byte
	_, _ = rand.Read(raw[:]) // crypto/rand.Read never fails (it panics instead)
	var b strings.Builder
	b.Grow(numberLen)
	b.WriteString(prefix)
	for i, r := range raw {
		if i > 0 && i%groupLen == 0 {
			b.WriteByte('-')
		}
		b.WriteByte(alphabet[r&31]) // 256 is a multiple of 32, so every symbol is equally likely
	}
	return b.String()
}

// ValidNumber reports whether s is a licence number as NewNumber writes it (upper case, dashes
// in place). It says nothing about whether such a licence was sold: Store.Get does.
func ValidNumber(s string) bool {
	if len(s) != numberLen || !strings.HasPrefix(s, prefix) {
		return false
	}
	for i := len(prefix); i < len(s); i++ {
		if (i-len(prefix))%(groupLen+1) == groupLen {
			if s[i] != '-' {
				return false
			}
		} else if strings.IndexByte(alphabet, s[i]) < 0 {
			return false
		}
	}
	return true
}

// Canonical returns s as NewNumber writes it when s is a licence number typed the way people
// type one: any case, surrounding spaces, and the letters Crockford's base32 reads as digits
// (O as 0, I and L as 1). ok is false when s is no licence number at all.
func Canonical(s string) (number string, ok bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if !strings.HasPrefix(s, prefix) {
		return "", false
	}
	body := strings.NewReplacer("O", "0", "I", "1", "L", "1").Replace(s[len(prefix):])
	s = prefix + body
	return s, ValidNumber(s)
}

// VerifyURL is the public page of the web app that shows whether number is a genuine licence
// (it reads GET /api/licences/{number}); appURL is the app's origin (APP_URL).
func VerifyURL(appURL, number string) string {
	return strings.TrimRight(appURL, "/") + "/licences/" + number
}
