package media

import (
	"container/list"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/cloudfront/sign"
)

// SignedWindow is the step signed media URLs expire on: a URL is valid until the end of the next
// full window, so every URL of an object signed within one window is the same string (browsers
// and the service worker cache it), and each one stays valid between one and two windows.
const SignedWindow = time.Hour

// SignedCacheSize bounds the URLs a Signer keeps (about 300 bytes each): more than the media
// objects a warm function's feed pages name within one window.
const SignedCacheSize = 4096

// Signer makes CloudFront signed URLs (canned policy, RSA-SHA1) for objects the site's origin
// serves at "/" + key: the distribution's /media/* behaviour trusts the key group holding the
// public half of its key. A URL depends only on the key and the window (Expires), so the signer
// keeps the last SignedCacheSize URLs it made, least recently used out first, and signs each
// object at most once per window; it is safe for concurrent use.
type Signer struct {
	origin string // the site's origin, https://host: the signed resource is origin + path
	signer *sign.URLSigner
	now    func() time.Time

	mu      sync.Mutex
	size    int                      // the cache's bound; 0 signs every URL afresh
	entries map[string]*list.Element // by key, of *signed
	recent  list.List                // most recently used first
	// signatures counts the RSA signatures made, for tests and the benchmark.
	signatures atomic.Int64
}

// signed is a key's URL for the window ending at expires; once signs it, a single time however
// many requests ask for it at once.
type signed struct {
	key     string
	expires time.Time
	once    sync.Once
	url     string
	err     error
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
	return &Signer{origin: u.Scheme + "://" + u.Host, signer: sign.NewURLSigner(keyID, key), now: now,
		size: SignedCacheSize, entries: map[string]*list.Element{}}, nil
}

// WithCacheSize returns a signer over the same key and clock keeping at most size URLs (0 keeps
// none: every URL is signed afresh), with a cache of its own.
func (s *Signer) WithCacheSize(size int) *Signer {
	return &Signer{origin: s.origin, signer: s.signer, now: s.now, size: max(size, 0), entries: map[string]*list.Element{}}
}

// Signatures is how many RSA signatures s has made.
func (s *Signer) Signatures() int64 { return s.signatures.Load() }

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
// Expires, Signature and Key-Pair-Id, over the canned policy of the full URL on the origin. Within
// a window it is the URL made the first time key was asked for, unless the cache has let it go.
func (s *Signer) URL(key string) (string, error) {
	expires := Expires(s.now())
	if s.size == 0 {
		return s.sign(key, expires)
	}
	e := s.entry(key, expires)
	e.once.Do(func() { e.url, e.err = s.sign(key, expires) })
	if e.err != nil {
		s.mu.Lock()
		if el, ok := s.entries[key]; ok && el.Value == e { // not kept: the next call tries again
			s.recent.Remove(el)
			delete(s.entries, key)
		}
		s.mu.Unlock()
	}
	return e.url, e.err
}

// entry returns the cache's entry of key for the window ending at expires, a new one (taking
// the place of one of an earlier window, or of the least recently used when full) if it has none.
func (s *Signer) entry(key string, expires time.Time) *signed {
	s.mu.Lock()
	defer s.mu.Unlock()
	if el, ok := s.entries[key]; ok {
		if e := el.Value.(*signed); e.expires.Equal(expires) {
			s.recent.MoveToFront(el)
			return e
		}
		s.recent.Remove(el)
		delete(s.entries, key)
	}
	e := &signed{key: key, expires: expires}
	s.entries[key] = s.recent.PushFront(e)
	if s.recent.Len() > s.size {
		oldest := s.recent.Back()
		s.recent.Remove(oldest)
		delete(s.entries, oldest.Value.(*signed).key)
	}
	return e
}

// sign makes key's URL expiring at expires: one RSA signature.
func (s *Signer) sign(key string, expires time.Time) (string, error) {
	s.signatures.Add(1)
	path := (&url.URL{Path: "/" + key}).EscapedPath()
	signed, err := s.signer.Sign(s.origin+path, expires)
	if err != nil {
		return "", fmt.Errorf("sign %s: %w", key, err)
	}
	return strings.TrimPrefix(signed, s.origin), nil
}
