package media_test

import (
	"context"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha1" //nolint:gosec // CloudFront's canned policy is signed with RSA-SHA1
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"zuum/shared/media"
	"zuum/shared/schema"
)

var testKey = func() *rsa.PrivateKey {
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	return k
}()

func pkcs1PEM(k *rsa.PrivateKey) []byte {
	return pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(k)})
}

// verifyCloudFront checks a signed URL as CloudFront documents it ("Creating a signed URL using a
// canned policy"): the URL without Expires, Signature and Key-Pair-Id is the policy's resource,
// the policy is {"Statement":[{"Resource":…,"Condition":{"DateLessThan":{"AWS:EpochTime":…}}}]},
// and the signature is RSA-SHA1 over it, base64 with + = / written - _ ~.
func verifyCloudFront(pub *rsa.PublicKey, origin, signed string, now time.Time) error {
	u, err := url.Parse(origin + signed)
	if err != nil {
		return err
	}
	q := u.Query()
	expires, err := strconv.ParseInt(q.Get("Expires"), 10, 64)
	if err != nil {
		return fmt.Errorf("expires: %w", err)
	}
	if now.Unix() >= expires {
		return fmt.Errorf("expired at %d", expires)
	}
	if q.Get("Key-Pair-Id") != "KTEST" {
		return fmt.Errorf("key pair id %q", q.Get("Key-Pair-Id"))
	}
	sig, err := base64.StdEncoding.DecodeString(strings.NewReplacer("-", "+", "_", "=", "~", "/").Replace(q.Get("Signature")))
	if err != nil {
		return err
	}
	resource := origin + u.EscapedPath()
	policy := `{"Statement":[{"Resource":"` + resource + `","Condition":{"DateLessThan":{"AWS:EpochTime":` + strconv.FormatInt(expires, 10) + `}}}]}`
	sum := sha1.Sum([]byte(policy)) //nolint:gosec // the algorithm CloudFront verifies
	return rsa.VerifyPKCS1v15(pub, crypto.SHA1, sum[:], sig)
}

func TestSigner_URLVerifiesAsCloudFrontChecksIt(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 27, 10, 15, 0, 0, time.UTC)
	s, err := media.NewSigner("https://zuum.ng", "KTEST", pkcs1PEM(testKey), func() time.Time { return now })
	if err != nil {
		t.Fatal(err)
	}
	signed, err := s.URL("media/u1/audio/a.mp3")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(signed, "/media/u1/audio/a.mp3?Expires=") {
		t.Fatalf("signed URL %q is not the same-origin path with Expires first", signed)
	}
	if err := verifyCloudFront(&testKey.PublicKey, "https://zuum.ng", signed, now); err != nil {
		t.Fatalf("signed URL %q does not verify: %v", signed, err)
	}
	want := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC).Unix()
	if got := mustQuery(t, signed).Get("Expires"); got != strconv.FormatInt(want, 10) {
		t.Errorf("Expires %s, want the end of the next full hour %d", got, want)
	}
	// Another origin, another path or another expiry is not what was signed.
	if verifyCloudFront(&testKey.PublicKey, "https://evil.ng", signed, now) == nil {
		t.Error("the URL verifies on another origin")
	}
	if verifyCloudFront(&testKey.PublicKey, "https://zuum.ng", strings.Replace(signed, "a.mp3", "b.mp3", 1), now) == nil {
		t.Error("a tampered path verifies")
	}
	tampered := strings.Replace(signed, "Expires="+strconv.FormatInt(want, 10), "Expires="+strconv.FormatInt(want+3600, 10), 1)
	if verifyCloudFront(&testKey.PublicKey, "https://zuum.ng", tampered, now) == nil {
		t.Error("a tampered expiry verifies")
	}
	other, _ := rsa.GenerateKey(rand.Reader, 2048)
	if verifyCloudFront(&other.PublicKey, "https://zuum.ng", signed, now) == nil {
		t.Error("the URL verifies with another key")
	}
	if verifyCloudFront(&testKey.PublicKey, "https://zuum.ng", signed, time.Unix(want, 0)) == nil {
		t.Error("the URL verifies at its expiry")
	}
}

func TestSigner_SameURLWithinTheWindowValidAtLeastAWindow(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	s, err := media.NewSigner("http://127.0.0.1:8080/", "KTEST", pkcs1PEM(testKey), func() time.Time { return now })
	if err != nil {
		t.Fatal(err)
	}
	first, _ := s.URL("media/u1/image/c.jpg")
	now = now.Add(59*time.Minute + 59*time.Second)
	last, _ := s.URL("media/u1/image/c.jpg")
	if first != last {
		t.Errorf("URLs within one window differ:\n%s\n%s", first, last)
	}
	if err := verifyCloudFront(&testKey.PublicKey, "http://127.0.0.1:8080", last, now.Add(time.Hour)); err != nil {
		t.Errorf("a URL signed at the window's end does not last another hour: %v", err)
	}
	now = now.Add(time.Second)
	if next, _ := s.URL("media/u1/image/c.jpg"); next == first {
		t.Error("the next window signs the same URL")
	}
}

func TestNewSigner_ReadsPKCS1AndPKCS8AndRefusesTheRest(t *testing.T) {
	t.Parallel()
	der, err := x509.MarshalPKCS8PrivateKey(testKey)
	if err != nil {
		t.Fatal(err)
	}
	pkcs8 := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})
	for name, key := range map[string][]byte{"pkcs1": pkcs1PEM(testKey), "pkcs8": pkcs8} {
		if _, err := media.NewSigner("https://zuum.ng", "KTEST", key, nil); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for name, c := range map[string]struct{ origin, id, key string }{
		"not PEM":   {"https://zuum.ng", "KTEST", "replace-me"},
		"no key id": {"https://zuum.ng", "", string(pkcs8)},
		"a path":    {"https://zuum.ng/app", "KTEST", string(pkcs8)},
		"no scheme": {"zuum.ng", "KTEST", string(pkcs8)},
	} {
		if _, err := media.NewSigner(c.origin, c.id, []byte(c.key), nil); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestStoreURL_SignsMediaForTheCDNAndPresignsTheRest(t *testing.T) {
	t.Parallel()
	c, plain := newStore(t)
	now := time.Now()
	s, err := media.NewSigner("https://zuum.ng", "KTEST", pkcs1PEM(testKey), func() time.Time { return now })
	if err != nil {
		t.Fatal(err)
	}
	signing := plain.WithSigner(s)
	ctx := context.Background()
	key := schema.FinalPrefix + "u1/audio/a.mp3"
	got := signing.URL(ctx, key)
	if err := verifyCloudFront(&testKey.PublicKey, "https://zuum.ng", got, now); err != nil || !strings.HasPrefix(got, "/"+key+"?") {
		t.Errorf("media URL %q: %v", got, err)
	}
	if again := signing.URL(ctx, key); again != got {
		t.Errorf("a second URL of the same object differs: %q", again)
	}
	if got := signing.URL(ctx, schema.PublicPrefix+"profiles/u1/p.jpg"); got != "/public/profiles/u1/p.jpg" {
		t.Errorf("public URL %q", got)
	}
	for _, u := range []string{signing.URL(ctx, schema.UploadsPrefix+"u1/audio/a.mp3"), plain.URL(ctx, key)} {
		if !strings.HasPrefix(u, c.URL+"/"+schema.Media.Name+"/") || !strings.Contains(u, "X-Amz-Signature=") {
			t.Errorf("URL %q is not a presigned S3 GET", u)
		}
	}
}

func mustQuery(t *testing.T, raw string) url.Values {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query()
}
