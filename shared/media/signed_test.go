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
	"sync"
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

// signer returns a signer of testKey on origin whose clock reads *now (time.Now when now is nil).
func signer(t *testing.T, origin string, now *time.Time) *media.Signer {
	t.Helper()
	clock := time.Now
	if now != nil {
		clock = func() time.Time { return *now }
	}
	s, err := media.NewSigner(origin, "KTEST", pkcs1PEM(testKey), clock)
	if err != nil {
		t.Fatal(err)
	}
	return s
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
	s := signer(t, "https://zuum.ng", &now)
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
	s := signer(t, "http://127.0.0.1:8080/", &now)
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

func TestSigner_SignsEachObjectOncePerWindowTheURLAFreshSignatureMakes(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	s := signer(t, "https://zuum.ng", &now)
	fresh := s.WithCacheSize(0)
	keys := []string{"media/u1/audio/a.mp3", "media/u1/image/c.jpg", "media/u2/video/v.mp4"}
	urls := map[string]string{}
	for round := 0; round < 3; round++ { // 10:00, 10:20, 10:40: one window
		for _, k := range keys {
			u, err := s.URL(k)
			if err != nil {
				t.Fatal(err)
			}
			if prev, ok := urls[k]; ok && prev != u {
				t.Errorf("%s: URL changed within the window", k)
			}
			urls[k] = u
		}
		if s.Signatures() != int64(len(keys)) {
			t.Fatalf("round %d: %d signatures, want one per object (%d)", round, s.Signatures(), len(keys))
		}
		now = now.Add(20 * time.Minute)
	}
	// 11:00: the next window signs each object once more, with the next expiry, the URL a fresh
	// signature makes.
	for _, k := range keys {
		u, _ := s.URL(k)
		want, _ := fresh.URL(k)
		if u != want || u == urls[k] {
			t.Errorf("%s in the next window: %q, want %q (a fresh signature's)", k, u, want)
		}
		if err := verifyCloudFront(&testKey.PublicKey, "https://zuum.ng", u, now.Add(time.Hour)); err != nil {
			t.Errorf("%s: %v", k, err)
		}
	}
	if got, want := s.Signatures(), int64(2*len(keys)); got != want {
		t.Errorf("%d signatures after two windows, want %d", got, want)
	}
	if fresh.Signatures() != int64(len(keys)) {
		t.Errorf("an uncached signer made %d signatures for %d URLs", fresh.Signatures(), len(keys))
	}
	// Just before the window's end the URL is still the window's; at its end, the next one's.
	now = now.Add(time.Hour - time.Nanosecond)
	before, _ := s.URL(keys[0])
	now = now.Add(time.Nanosecond)
	after, _ := s.URL(keys[0])
	if before == after || s.Signatures() != int64(2*len(keys))+1 {
		t.Errorf("across the boundary: same URL %v, %d signatures", before == after, s.Signatures())
	}
}

func TestSigner_KeepsAtMostItsBoundLeastRecentlyUsedOut(t *testing.T) {
	t.Parallel()
	s := signer(t, "https://zuum.ng", nil).WithCacheSize(2)
	sign := func(keys ...string) int64 {
		t.Helper()
		before := s.Signatures()
		for _, k := range keys {
			if _, err := s.URL("media/u1/" + k); err != nil {
				t.Fatal(err)
			}
		}
		return s.Signatures() - before
	}
	for _, step := range []struct {
		keys string
		want int64
	}{
		{"abab", 2},
		{"c", 1},  // b was used last: a goes
		{"bc", 0}, // kept
		{"a", 1},  // let go for c; b goes
		{"ca", 0}, // kept
		{"b", 1},  // let go for a
	} {
		if n := sign(strings.Split(step.keys, "")...); n != step.want {
			t.Fatalf("%s: %d signatures, want %d", step.keys, n, step.want)
		}
	}
}

func TestSigner_ConcurrentRequestsForOneObjectSignItOnce(t *testing.T) {
	t.Parallel()
	s := signer(t, "https://zuum.ng", nil)
	const readers = 16
	urls := make([]string, readers)
	var wg sync.WaitGroup
	for i := range readers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			urls[i], _ = s.URL("media/u1/audio/a.mp3")
		}()
	}
	wg.Wait()
	for _, u := range urls {
		if u == "" || u != urls[0] {
			t.Fatalf("readers got different URLs: %q", urls)
		}
	}
	if n := s.Signatures(); n != 1 {
		t.Errorf("%d readers at once made %d signatures, want 1", readers, n)
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
	signing := plain.WithSigner(signer(t, "https://zuum.ng", &now))
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
