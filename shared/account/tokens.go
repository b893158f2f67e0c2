package account

import (
	"errors"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

const issuer = "zuum"

// claims are what a session token says: whose it is (sub), which session (jti) and which
// session epoch of the account it belongs to (ep; moving the epoch on ends all sessions).
type claims struct {
	Epoch int64 `json:"ep"`
	jwt.RegisteredClaims
}

// Tokens signs and checks session JWTs with an HMAC secret.
type Tokens struct {
	secret []byte
}

// NewTokens returns a signer for secret, which must hold at least 32 bytes.
func NewTokens(secret []byte) (*Tokens, error) {
	if len(secret) < 32 {
		return nil, errors.New("session signing secret must be at least 32 bytes")
	}
	return &Tokens{secret: secret}, nil
}

func (t *Tokens) sign(userID, sessionID string, epoch int64, now, exp time.Time) (string, error) {
	c := claims{Epoch: epoch, RegisteredClaims: jwt.RegisteredClaims{
		Issuer: issuer, Subject: userID, ID: sessionID,
		IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(exp),
	}}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(t.secret)
}

func (t *Tokens) parse(token string, now time.Time) (*claims, error) {
	var c claims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return t.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(issuer), jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(func() time.Time { return now }))
	if err != nil {
		return nil, err
	}
	if c.Subject == "" || c.ID == "" {
		return nil, errors.New("token lacks subject or id")
	}
	return &c, nil
}
