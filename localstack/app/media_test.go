package app_test

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"zuum/localstack/app"
	"zuum/localstack/cloudtest"
	"zuum/shared/media"
	"zuum/shared/schema"
)

var mediaKey = func() *rsa.PrivateKey {
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	return k
}()

// signedSite is the CDN stand-in trusting mediaKey as "KTEST", at the clock *now, with a signer
// for its own origin at the same clock.
func signedSite(t *testing.T, now *time.Time) (*cloudtest.Cloud, *httptest.Server, *media.Signer) {
	t.Helper()
	c := cloudtest.Start(t)
	s := &app.Site{API: http.NotFoundHandler(), WebDir: t.TempDir(), S3: c.S3, Bucket: schema.Media.Name,
		MediaKeys: map[string]*rsa.PublicKey{"KTEST": &mediaKey.PublicKey}, Now: func() time.Time { return *now }}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	key := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(mediaKey)})
	signer, err := media.NewSigner(srv.URL, "KTEST", key, func() time.Time { return *now })
	if err != nil {
		t.Fatal(err)
	}
	return c, srv, signer
}

func do(t *testing.T, method, u string, header map[string]string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultTransport.RoundTrip(req) // no transparent gunzip: bodies as sent
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

func TestSignedMedia_ServesASignedURLWithRangesAndCacheHeaders(t *testing.T) {
	t.Parallel()
	now := time.Now()
	c, srv, signer := signedSite(t, &now)
	audio := strings.Repeat("0123456789", 300) // text/plain would be compressible: media never is
	key := schema.FinalPrefix + "u1/audio/a.mp3"
	put(t, c, key, "audio/mpeg", audio)
	u, err := signer.URL(key)
	if err != nil {
		t.Fatal(err)
	}

	res, body := do(t, "GET", srv.URL+u, map[string]string{"Accept-Encoding": "br, gzip"})
	h := res.Header
	if res.StatusCode != http.StatusOK || body != audio {
		t.Fatalf("signed GET: %d, %d bytes", res.StatusCode, len(body))
	}
	if h.Get("Content-Type") != "audio/mpeg" || h.Get("Accept-Ranges") != "bytes" || h.Get("Content-Length") != "3000" ||
		h.Get("ETag") == "" || h.Get("Last-Modified") == "" || h.Get("Cache-Control") != "public, max-age=86400" ||
		h.Get("Content-Encoding") != "" {
		t.Errorf("signed GET headers %v", h)
	}

	res, body = do(t, "GET", srv.URL+u, map[string]string{"Range": "bytes=1000-1009", "Accept-Encoding": "br, gzip"})
	if res.StatusCode != http.StatusPartialContent || body != audio[1000:1010] ||
		res.Header.Get("Content-Range") != "bytes 1000-1009/3000" || res.Header.Get("Content-Length") != "10" ||
		res.Header.Get("Accept-Ranges") != "bytes" || res.Header.Get("Content-Encoding") != "" {
		t.Errorf("range GET: %d %q %v", res.StatusCode, body, res.Header)
	}
	res, body = do(t, "GET", srv.URL+u, map[string]string{"Range": "bytes=2990-"})
	if res.StatusCode != http.StatusPartialContent || body != audio[2990:] || res.Header.Get("Content-Range") != "bytes 2990-2999/3000" {
		t.Errorf("open range GET: %d %q %v", res.StatusCode, body, res.Header)
	}

	res, body = do(t, "HEAD", srv.URL+u, nil)
	if res.StatusCode != http.StatusOK || body != "" || res.Header.Get("Content-Length") != "3000" || res.Header.Get("Accept-Ranges") != "bytes" {
		t.Errorf("HEAD: %d %q %v", res.StatusCode, body, res.Header)
	}
	res, _ = do(t, "GET", srv.URL+u, map[string]string{"If-None-Match": h.Get("ETag")})
	if res.StatusCode != http.StatusNotModified {
		t.Errorf("revalidation with the ETag: %d, want 304", res.StatusCode)
	}
	missing, _ := signer.URL(schema.FinalPrefix + "u1/audio/gone.mp3")
	if res, _ := do(t, "GET", srv.URL+missing, nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("signed URL of a missing object: %d, want 404", res.StatusCode)
	}
}

func TestSignedMedia_RefusesWhatCloudFrontRefuses(t *testing.T) {
	t.Parallel()
	now := time.Now()
	c, srv, signer := signedSite(t, &now)
	key := schema.FinalPrefix + "u1/audio/a.mp3"
	put(t, c, key, "audio/mpeg", "secret audio")
	u, _ := signer.URL(key)
	other, _ := signer.URL(schema.FinalPrefix + "u1/audio/b.mp3")
	_, otherQuery, _ := strings.Cut(other, "?")
	path, query, _ := strings.Cut(u, "?")
	sigAt := strings.Index(u, "Signature=") + len("Signature=")
	flipped := "A"
	if u[sigAt] == 'A' {
		flipped = "B"
	}
	var expires int64
	_, _ = fmt.Sscanf(query, "Expires=%d", &expires)

	for name, bad := range map[string]string{
		"unsigned":               path,
		"another object's query": path + "?" + otherQuery,
		"a tampered signature":   u[:sigAt] + flipped + u[sigAt+1:],
		"a later expiry":         strings.Replace(u, fmt.Sprintf("Expires=%d", expires), fmt.Sprintf("Expires=%d", expires+3600), 1),
		"an unknown key pair":    strings.Replace(u, "Key-Pair-Id=KTEST", "Key-Pair-Id=KOTHER", 1),
		"no key pair":            strings.Replace(u, "&Key-Pair-Id=KTEST", "", 1),
		"an extra parameter":     u + "&download=1",
	} {
		if res, body := do(t, "GET", srv.URL+bad, nil); res.StatusCode != http.StatusForbidden || strings.Contains(body, "secret audio") {
			t.Errorf("%s (%s): %d %q, want 403", name, bad, res.StatusCode, body)
		}
	}
	if res, _ := do(t, "GET", srv.URL+u, nil); res.StatusCode != http.StatusOK {
		t.Fatalf("the signed URL itself: %d", res.StatusCode)
	}
	now = time.Unix(expires, 0)
	if res, _ := do(t, "GET", srv.URL+u, nil); res.StatusCode != http.StatusForbidden {
		t.Errorf("at its expiry: %d, want 403", res.StatusCode)
	}
}
