package session

import (
	"errors"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

const issuer = "zuum"

// Claims are what a session token says: whom it is for (aud), whose it is (sub), which session
// (jti) and which session epoch of the principal it belongs to (ep; moving the epoch on ends all
// sessions).
type Claims struct {
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

// Sign returns the token of a session of subject for aud.
func (t *Tokens) Sign(aud Audience, subject, sessionID string, epoch int64, now, exp time.Time) (string, error) {
	c := Claims{Epoch: epoch, RegisteredClaims: jwt.RegisteredClaims{
		Issuer: issuer, Subject: subject, ID: sessionID, Audience: jwt.ClaimStrings{string(aud)},
		IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(exp),
	}}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(t.secret)
}

// Parse checks token's signature, issuer, expiry and audience (it must be aud's alone) and
// returns its claims.
func (t *Tokens) Parse(aud Audience, token string, now time.Time) (*Claims, error) {
	var c Claims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return t.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(issuer), jwt.WithExpirationRequired(), jwt.WithAudience(string(aud)),
		jwt.WithTimeFunc(func() time.Time { return now }))
	if err != nil {
		return nil, err
	}
	if len(c.Audience) != 1 {
		return nil, errors.New("token names more than one audience")
	}
	if c.Subject == "" || c.ID == "" {
		return nil, errors.New("token lacks subject or id")
	}
	return &c, nil
}
