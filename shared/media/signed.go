package media

import (
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/cloudfront/sign"
)

// SignedWindow is the step signed media URLs expire on: a URL is valid until the end of the next
// full window, so every URL of an object signed within one window is the same string (browsers
// and the service worker cache it), and each one stays valid between one and two windows.
const SignedWindow = time.Hour

// Signer makes CloudFront signed URLs (canned policy, RSA-SHA1) for objects the site's origin
// serves at "/" + key: the distribution's /media/* behaviour trusts the key group holding the
// public half of its key.
type Signer struct {
	origin string // the site's origin, https://host: the signed resource is origin + path
	signer *sign.URLSigner
	now    func() time.Time
}

// NewSigner returns a signer for origin (the site, https://host with no path) with the private
// key in PEM (PKCS #1 "RSA PRIVATE KEY" or PKCS #8 "PRIVATE KEY", as openssl writes them) whose
// public key CloudFront knows as keyID. now is the clock; nil means time.Now.
func NewSigner(origin, keyID string, privateKeyPEM []byte, now func() time.Time) (*Signer, error) {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || strings.TrimSuffix(u.Path, "/") != "" {
		return nil, fmt.Errorf("media signer: %q is not an origin such as https://zuum.ng", origin)
	}
	if keyID == "" {
		return nil, errors.New("media signer: no key pair id")
	}
	key, err := ParsePrivateKey(privateKeyPEM)
	if err != nil {
		return nil, err
	}
	if now == nil {
		now = time.Now
	}
	return &Signer{origin: u.Scheme + "://" + u.Host, signer: sign.NewURLSigner(keyID, key), now: now}, nil
}

// ParsePrivateKey reads an RSA private key in PEM, PKCS #1 or PKCS #8.
func ParsePrivateKey(privateKeyPEM []byte) (*rsa.PrivateKey, error) {
	block, _ := pem.Decode(privateKeyPEM)
	if block == nil {
		return nil, errors.New("media signer: the signing key is not PEM")
	}
	if k, err := x509.ParsePKCS1PrivateKey(block.Bytes); err == nil {
		return k, nil
	}
	k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("media signer: the signing key is neither PKCS #1 nor PKCS #8: %w", err)
	}
	rk, ok := k.(*rsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("media signer: the signing key is a %T, not RSA (CloudFront signs with RSA)", k)
	}
	return rk, nil
}

// Expires is when a URL signed at t stops working: the end of the window after t's.
func Expires(t time.Time) time.Time { return t.Truncate(SignedWindow).Add(2 * SignedWindow) }

// URL returns the same-origin path of key ("/" + key) with the query CloudFront checks:
// Expires, Signature and Key-Pair-Id, over the canned policy of the full URL on the origin.
func (s *Signer) URL(key string) (string, error) {
	path := (&url.URL{Path: "/" + key}).EscapedPath()
	signed, err := s.signer.Sign(s.origin+path, Expires(s.now()))
	if err != nil {
		return "", fmt.Errorf("sign %s: %w", key, err)
	}
	return strings.TrimPrefix(signed, s.origin), nil
}
