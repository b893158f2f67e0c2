package app_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"zuum/localstack/app"
	"zuum/shared/schema"
)

// webSite is the CDN stand-in over a built web app: index.html, config.json and a hashed script,
// with an API answering a large JSON body.
func webSite(t *testing.T) (*httptest.Server, string) {
	t.Helper()
	return webSiteWith(t, nil)
}

// webSiteWith is webSite with more files in the build (a name to its body).
func webSiteWith(t *testing.T, more map[string]string) (*httptest.Server, string) {
	t.Helper()
	web := t.TempDir()
	script := "export const x = [" + strings.Repeat(`"zuum", `, 500) + "];\n"
	files := map[string]string{
		"index.html":           "<!doctype html><html><head><title>Zuum</title></head><body><div id=\"root\"></div></body></html>",
		"config.json":          `{"apiEndpoint":"/api","region":"us-east-1"}`,
		"assets/index-abc1.js": script,
		"favicon.svg":          "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
	}
	maps.Copy(files, more)
	for name, body := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(web, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(web, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := &app.Site{WebDir: web, API: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"items":[`+strings.Repeat(`{"caption":"Lagos nights"},`, 100)+`{}]}`)
	})}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return srv, script
}

func decode(t *testing.T, encoding, body string) string {
	t.Helper()
	var r io.Reader
	switch encoding {
	case "br":
		r = brotli.NewReader(strings.NewReader(body))
	case "gzip":
		zr, err := gzip.NewReader(strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	default:
		return body
	}
	var out bytes.Buffer
	if _, err := io.Copy(&out, r); err != nil {
		t.Fatalf("decode %s: %v", encoding, err)
	}
	return out.String()
}

func TestCompress_BrotliOrGzipByAcceptEncodingForCompressibleBodies(t *testing.T) {
	t.Parallel()
	srv, script := webSite(t)
	for _, c := range []struct{ accept, want string }{
		{"gzip, deflate, br, zstd", "br"},
		{"gzip", "gzip"},
		{"br;q=0, gzip;q=0.5", "gzip"},
		{"", ""},
		{"identity", ""},
	} {
		res, body := do(t, "GET", srv.URL+"/assets/index-abc1.js", map[string]string{"Accept-Encoding": c.accept})
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Encoding") != c.want || decode(t, c.want, body) != script {
			t.Errorf("Accept-Encoding %q: %d encoding %q, want %q and the script", c.accept, res.StatusCode, res.Header.Get("Content-Encoding"), c.want)
		}
		if res.Header.Get("Vary") != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: Vary %q", c.accept, res.Header.Get("Vary"))
		}
		if c.want != "" && (len(body) >= len(script)/4 || res.Header.Get("Accept-Ranges") != "") {
			t.Errorf("%s: %d bytes of %d, Accept-Ranges %q", c.want, len(body), len(script), res.Header.Get("Accept-Ranges"))
		}
		if got := res.Header.Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
			t.Errorf("hashed asset Cache-Control %q", got)
		}
	}
	res, body := do(t, "GET", srv.URL+"/api/feed", map[string]string{"Accept-Encoding": "br"})
	if res.Header.Get("Content-Encoding") != "br" || !strings.HasPrefix(decode(t, "br", body), `{"items":[`) {
		t.Errorf("API answer: encoding %q", res.Header.Get("Content-Encoding"))
	}
}

func TestCompress_NotForSmallBodiesRangesOrMedia(t *testing.T) {
	t.Parallel()
	srv, script := webSite(t)
	res, body := do(t, "GET", srv.URL+"/favicon.svg", map[string]string{"Accept-Encoding": "br, gzip"})
	if res.Header.Get("Content-Encoding") != "" || !strings.HasPrefix(body, "<svg") {
		t.Errorf("a %d-byte body: encoding %q", len(body), res.Header.Get("Content-Encoding"))
	}
	res, body = do(t, "GET", srv.URL+"/assets/index-abc1.js", map[string]string{"Accept-Encoding": "br, gzip", "Range": "bytes=0-99"})
	if res.StatusCode != http.StatusPartialContent || res.Header.Get("Content-Encoding") != "" || body != script[:100] {
		t.Errorf("a range: %d encoding %q", res.StatusCode, res.Header.Get("Content-Encoding"))
	}

	c, srv2 := site(t)
	svg := "<svg xmlns=\"http://www.w3.org/2000/svg\">" + strings.Repeat("<g/>", 500) + "</svg>"
	put(t, c, schema.PublicPrefix+"profiles/u1/p.svg", "image/svg+xml", svg)
	res, body = do(t, "GET", srv2.URL+"/"+schema.PublicPrefix+"profiles/u1/p.svg", map[string]string{"Accept-Encoding": "br, gzip"})
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Encoding") != "" || body != svg {
		t.Errorf("media: %d encoding %q", res.StatusCode, res.Header.Get("Content-Encoding"))
	}
}

func TestWeb_RootIsTheLandingPageWhenBuiltOtherRoutesTheShell(t *testing.T) {
	t.Parallel()
	// Given a build with the landing page rendered at build time
	landing := "<!doctype html><html><head><title>Zuum</title></head><body><div id=\"root\"><div class=\"landing\">" +
		strings.Repeat("<p>Your music. Your fans. Your label deal.</p>", 40) + "</div></div></body></html>"
	srv, _ := webSiteWith(t, map[string]string{"landing.html": landing})

	// When / is asked for, Then it is landing.html as built, revalidated by its ETag, and compressed
	res, body := do(t, "GET", srv.URL+"/", nil)
	if res.StatusCode != http.StatusOK || body != landing || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("/: %d %q %q", res.StatusCode, res.Header.Get("Content-Type"), body)
	}
	etag := res.Header.Get("ETag")
	if res.Header.Get("Cache-Control") != "no-cache" || etag == "" {
		t.Errorf("/: headers %v", res.Header)
	}
	if res, _ := do(t, "GET", srv.URL+"/", map[string]string{"If-None-Match": etag}); res.StatusCode != http.StatusNotModified {
		t.Errorf("/ revalidated by its ETag: %d, want 304", res.StatusCode)
	}
	res, body = do(t, "GET", srv.URL+"/", map[string]string{"Accept-Encoding": "gzip"})
	if res.Header.Get("Content-Encoding") != "gzip" || decode(t, "gzip", body) != landing {
		t.Errorf("/ compressed: encoding %q", res.Header.Get("Content-Encoding"))
	}

	// When / is asked for with a query string, Then it is still the landing page
	if _, body := do(t, "GET", srv.URL+"/?ref=share", nil); body != landing {
		t.Errorf("/?ref=share: not the landing page: %q", body)
	}

	// When any other route is asked for, Then it is the app's shell with its configuration
	for _, path := range []string{"/index.html", "/home", "/login"} {
		res, body := do(t, "GET", srv.URL+path, nil)
		if res.StatusCode != http.StatusOK || strings.Contains(body, "landing") || !strings.Contains(body, `<script id="zuum-config"`) {
			t.Errorf("%s: %d %q", path, res.StatusCode, body)
		}
	}
}

func TestWeb_IndexHasTheRuntimeConfigInlinedOnEveryRouteAndRevalidates(t *testing.T) {
	t.Parallel()
	srv, _ := webSite(t)
	script := `<script id="zuum-config" type="application/json">{"apiEndpoint":"/api","region":"us-east-1"}</script></head>`
	var etag string
	for _, path := range []string{"/", "/index.html", "/home", "/profile/ada_sings"} {
		res, body := do(t, "GET", srv.URL+path, nil)
		if res.StatusCode != http.StatusOK || !strings.Contains(body, script) || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
			t.Errorf("%s: %d %q", path, res.StatusCode, body)
		}
		if res.Header.Get("Cache-Control") != "no-cache" || res.Header.Get("ETag") == "" || res.Header.Get("Last-Modified") == "" {
			t.Errorf("%s: headers %v", path, res.Header)
		}
		if etag != "" && res.Header.Get("ETag") != etag {
			t.Errorf("%s: ETag %q differs from %q", path, res.Header.Get("ETag"), etag)
		}
		etag = res.Header.Get("ETag")
	}
	if res, _ := do(t, "GET", srv.URL+"/home", map[string]string{"If-None-Match": etag}); res.StatusCode != http.StatusNotModified {
		t.Errorf("index revalidated by its ETag: %d, want 304", res.StatusCode)
	}
	res, body := do(t, "GET", srv.URL+"/config.json", nil)
	if res.StatusCode != http.StatusOK || body != `{"apiEndpoint":"/api","region":"us-east-1"}` {
		t.Errorf("/config.json: %d %q", res.StatusCode, body)
	}
	res, _ = do(t, "GET", srv.URL+"/assets/index-abc1.js", map[string]string{"Accept-Encoding": "gzip"})
	tag := res.Header.Get("ETag")
	if !strings.HasPrefix(tag, `W/"`) {
		t.Fatalf("a compressed asset's ETag %q is not weak", tag)
	}
	if res, _ := do(t, "GET", srv.URL+"/assets/index-abc1.js", map[string]string{"Accept-Encoding": "gzip", "If-None-Match": tag}); res.StatusCode != http.StatusNotModified {
		t.Errorf("an asset revalidated by its ETag: %d, want 304", res.StatusCode)
	}
	lm := res.Header.Get("Last-Modified")
	if res, _ := do(t, "GET", srv.URL+"/assets/index-abc1.js", map[string]string{"If-Modified-Since": lm}); res.StatusCode != http.StatusNotModified {
		t.Errorf("an asset revalidated by Last-Modified: %d, want 304", res.StatusCode)
	}
}
