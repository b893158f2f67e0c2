// Package credential is the one implementation of what proves a principal is who they say,
// shared by users (shared/account) and admins (shared/admin): one-time codes (made, keyed-hashed,
// tried a limited number of times before they expire, resent at most once a cooldown), opaque
// tokens, password hashes (bcrypt) checked with a timing guard, and fixed-window rate limits. The
// rules are plain functions; Store keeps codes and limit windows as items of a DynamoDB table. It
// knows no principal: each one names its own items (Key) and its own answers (Refusals).
package credential

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"time"
)

// NewCode returns a uniformly random 6-digit code.
func NewCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// Hasher keys code hashes with a server secret, so that a 6-digit code, too small a space for a
// plain hash to hide, cannot be read back from the table. Scope sets one principal's hashes
// apart from another's ("" for users, "admin|" for admins).
type Hasher struct {
	Secret []byte
	Scope  string
}

// Hash is the stored form of code sent to id: hex HMAC-SHA256 of scope + id + "|" + code.
func (h Hasher) Hash(id, code string) string {
	m := hmac.New(sha256.New, h.Secret)
	m.Write([]byte(h.Scope + id + "|" + code))
	return hex.EncodeToString(m.Sum(nil))
}

// SameHash compares two hex digests in constant time.
func SameHash(a, b string) bool { return hmac.Equal([]byte(a), []byte(b)) }

// Code is a one-time code as stored: its hash, the tries counted against it, when it was sent and
// when it expires (Unix seconds; expires_at is also the table's TTL attribute).
type Code struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	Hash      string `dynamodbav:"code_hash"`
	Tries     int    `dynamodbav:"tries"`
	SentAt    int64  `dynamodbav:"sent_at"`
	ExpiresAt int64  `dynamodbav:"expires_at"`
}

// Why a code did not work.
var (
	ErrNoCode  = errors.New("no code")
	ErrNoTries = errors.New("no tries left")
	ErrExpired = errors.New("code expired")
	ErrWrong   = errors.New("wrong code")
)

// NewCodeItem is the code hashed as hash sent to key at now, living ttl.
func NewCodeItem(key Key, hash string, now time.Time, ttl time.Duration) Code {
	return Code{PK: key.PK, SK: key.SK, Hash: hash, SentAt: now.Unix(), ExpiresAt: now.Add(ttl).Unix()}
}

// Expired tells whether c no longer works at now.
func (c Code) Expired(now time.Time) bool { return now.Unix() >= c.ExpiresAt }

// Count is the rule of one more try of c, counted before it is compared: with max tries used up
// it is ErrNoTries, else c with the try counted. (Store.Try applies it in one conditional write.)
func (c Code) Count(max int) (Code, error) {
	if c.Tries >= max {
		return c, ErrNoTries
	}
	c.Tries++
	return c, nil
}

// Check judges a try of the code hashed as hash against c, its try already counted: ErrExpired,
// ErrWrong or nil.
func (c Code) Check(now time.Time, hash string) error {
	switch {
	case c.Expired(now):
		return ErrExpired
	case !SameHash(hash, c.Hash):
		return ErrWrong
	}
	return nil
}

// Open tells whether c can still be entered at now: not expired, tries left.
func (c Code) Open(now time.Time, max int) bool { return !c.Expired(now) && c.Tries < max }

// ResendCutoff is the latest send time of an earlier code that lets a new one be sent at now:
// a code replaces another only when that one was sent at least cooldown ago.
func ResendCutoff(now time.Time, cooldown time.Duration) int64 { return now.Add(-cooldown).Unix() }

// MayResend tells whether a new code may replace prev (nil when there is none) at now.
func MayResend(prev *Code, now time.Time, cooldown time.Duration) bool {
	return prev == nil || cooldown <= 0 || prev.SentAt <= ResendCutoff(now, cooldown)
}

// Refusals are one principal's answers to a code that did not work.
type Refusals struct {
	Wrong, Expired, NoTries error
}

// Of turns a reason a code did not work (ErrNoCode, ErrWrong, ErrExpired, ErrNoTries) into the
// principal's answer; an unknown code is answered as a wrong one. Other errors pass as they are.
func (r Refusals) Of(err error) error {
	switch err {
	case ErrNoCode, ErrWrong:
		return r.Wrong
	case ErrExpired:
		return r.Expired
	case ErrNoTries:
		return r.NoTries
	}
	return err
}
