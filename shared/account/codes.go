package account

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"math/big"
)

// newOTP returns a uniformly random 6-digit code.
func newOTP() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// hashOTP keys the code with the server secret and the user id: a 6-digit code is too small a
// space for a plain hash to hide it from anyone who reads the table.
func hashOTP(secret []byte, userID, code string) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(userID + "|" + code))
	return hex.EncodeToString(m.Sum(nil))
}

// newToken returns 32 random bytes, URL-safe: used for password-reset links and session ids.
func newToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// hashToken is a plain SHA-256: reset tokens carry 256 bits, so no key is needed to hide them.
func hashToken(t string) string {
	s := sha256.Sum256([]byte(t))
	return hex.EncodeToString(s[:])
}

// sameHash compares two hex digests in constant time.
func sameHash(a, b string) bool { return hmac.Equal([]byte(a), []byte(b)) }
