package app_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"zuum/localstack/app"
	"zuum/localstack/cloudtest"
	"zuum/localstack/contract"
	"zuum/shared/media"
	"zuum/shared/schema"
)

func TestMain(m *testing.M) { contract.Main(m) }

// checked puts the contract check in front of h: only around the site's /api/ routes, since the
// web app and /public/* it also serves are not the API's and rightly not in the document.
func checked(t *testing.T, h http.Handler) http.Handler {
	return contract.Default(t).Handler(func(*http.Request) testing.TB { return t }, h)
}

// site is the CDN stand-in over a fresh cloud, with a built web app of one index.html.
func site(t *testing.T) (*cloudtest.Cloud, *httptest.Server) {
	t.Helper()
	c := cloudtest.Start(t)
	web := t.TempDir()
	if err := os.WriteFile(filepath.Join(web, "index.html"), []byte("<!doctype html><title>Zuum</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := &app.Site{API: http.NotFoundHandler(), WebDir: web, S3: c.S3, Bucket: schema.Media.Name}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return c, srv
}

func put(t *testing.T, c *cloudtest.Cloud, key, contentType, body string) {
	t.Helper()
	if _, err := c.S3.PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(schema.Media.Name), Key: aws.String(key), Body: strings.NewReader(body),
		ContentType: aws.String(contentType),
	}); err != nil {
		t.Fatal(err)
	}
}

func get(t *testing.T, u string) (*http.Response, string) {
	t.Helper()
	res, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

// What the README says of origins, as the CDN stand-in serves it: public media on the app's own
// origin at the key's path, as CloudFront's /public/* behaviour does; uploads only through
// presigned GETs on the bucket's own address (the edge locally, S3 in AWS), never the app's
// (posts' media/ files are the app's by signed URLs only: media_test.go).
func TestSite_ServesPublicMediaOnTheAppOriginAndUploadsOnlyByPresignedGETsOnTheBucket(t *testing.T) {
	t.Parallel()
	c, srv := site(t)
	put(t, c, schema.PublicPrefix+"profiles/u1/p.png", "image/png", "png bytes")
	put(t, c, schema.UploadsPrefix+"u1/audio/a.wav", "audio/wav", "wav bytes")

	res, body := get(t, srv.URL+"/"+schema.PublicPrefix+"profiles/u1/p.png")
	if res.StatusCode != http.StatusOK || body != "png bytes" || res.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("public media on the app origin: %d %q %v", res.StatusCode, body, res.Header)
	}
	if res, _ := get(t, srv.URL+"/"+schema.PublicPrefix+"profiles/u1/missing.png"); res.StatusCode != http.StatusNotFound {
		t.Errorf("missing public media: %d, want 404", res.StatusCode)
	}

	signed := media.NewStore(c.S3, schema.Media.Name).URL(context.Background(), schema.UploadsPrefix+"u1/audio/a.wav")
	u, err := url.Parse(signed)
	if err != nil || !strings.HasPrefix(signed, c.URL+"/") || u.Query().Get("X-Amz-Signature") == "" {
		t.Fatalf("signed GET %q, want a presigned URL on the edge %s", signed, c.URL)
	}
	if res, body := get(t, signed); res.StatusCode != http.StatusOK || body != "wav bytes" {
		t.Fatalf("presigned GET on the edge: %d %q", res.StatusCode, body)
	}
	for _, path := range []string{u.RequestURI(), "/" + schema.UploadsPrefix + "u1/audio/a.wav"} {
		if _, body := get(t, srv.URL+path); strings.Contains(body, "wav bytes") {
			t.Errorf("the app origin served an upload at %s", path)
		}
	}
}

// The CDN stand-in adds to /api/* requests what CloudFront adds, so the API's edge check runs
// locally as in AWS: the viewer's address from the connection and the origin secret, whatever
// the viewer sent under those names.
func TestSite_ForwardsAPIRequestsWithTheViewerAddressAndOriginSecretAsCloudFrontDoes(t *testing.T) {
	t.Parallel()
	seen := make(chan http.Header, 1)
	s := &app.Site{OriginSecret: "local-origin-secret", API: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen <- r.Header.Clone()
	})}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	req, _ := http.NewRequest("POST", srv.URL+"/api/auth/signup", nil)
	req.Header.Set("CloudFront-Viewer-Address", "203.0.113.99:1")
	req.Header.Set("X-Zuum-Origin", "guess")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	h := <-seen
	if got := h.Values("CloudFront-Viewer-Address"); len(got) != 1 || !strings.HasPrefix(got[0], "127.0.0.1:") {
		t.Errorf("viewer address %q, want the connection's 127.0.0.1:port", got)
	}
	if got := h.Values("X-Zuum-Origin"); len(got) != 1 || got[0] != "local-origin-secret" {
		t.Errorf("origin header %q", got)
	}
}

// A team integrating with Zuum reads the API's reference on the local cloud: the built page at
// /api/docs and the contract itself at /api/openapi.yaml, both answered by the CDN stand-in
// before /api/* reaches the gateway, and re-read from disk so a rebuild shows at once.
func TestSite_ServesTheAPIReferenceAtAPIDocsAndTheContractAtAPIOpenAPIYAML(t *testing.T) {
	t.Parallel()
	docs := filepath.Join(t.TempDir(), "index.html")
	page := "<!DOCTYPE html><html><head><title>Zuum API</title></head><body><div id=\"redoc\"></div></body></html>"
	if err := os.WriteFile(docs, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	document := filepath.Join("..", "..", "functions", "openapi.yaml")
	want, err := os.ReadFile(document)
	if err != nil {
		t.Fatal(err)
	}
	s := &app.Site{OpenAPI: document, APIDocs: docs, API: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("%s reached the gateway", r.URL.Path)
		http.NotFound(w, r)
	})}
	srv := httptest.NewServer(checked(t, s.Handler()))
	t.Cleanup(srv.Close)

	res, body := get(t, srv.URL+"/api/docs")
	if res.StatusCode != http.StatusOK || body != page || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Errorf("/api/docs: %d %q %q, want 200 and the built page as HTML", res.StatusCode, res.Header.Get("Content-Type"), body)
	}
	res, body = get(t, srv.URL+"/api/openapi.yaml")
	if res.StatusCode != http.StatusOK || body != string(want) || res.Header.Get("Content-Type") != "application/yaml" {
		t.Errorf("/api/openapi.yaml: %d %q, want 200 application/yaml with functions/openapi.yaml (%d bytes, got %d)",
			res.StatusCode, res.Header.Get("Content-Type"), len(want), len(body))
	}
	if !strings.HasPrefix(body, "openapi: 3.1") {
		t.Errorf("/api/openapi.yaml does not start as an OpenAPI 3.1 document: %.40q", body)
	}

	rebuilt := strings.Replace(page, "Zuum API", "Zuum API, rebuilt", 1)
	if err := os.WriteFile(docs, []byte(rebuilt), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, body := get(t, srv.URL+"/api/docs"); body != rebuilt {
		t.Errorf("/api/docs after a rebuild: %q, want the new page", body)
	}
}

// Before `make api-docs` has run, /api/docs says how to build the page instead of handing the
// path to the API, whose answer would be a bare 404.
func TestSite_APIDocsNotBuiltYetSaysHowToBuildIt(t *testing.T) {
	t.Parallel()
	s := &app.Site{APIDocs: filepath.Join(t.TempDir(), "index.html"), API: http.NotFoundHandler()}
	srv := httptest.NewServer(checked(t, s.Handler()))
	t.Cleanup(srv.Close)
	res, body := get(t, srv.URL+"/api/docs")
	if res.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body, "make api-docs") {
		t.Errorf("/api/docs unbuilt: %d %q, want 503 naming make api-docs", res.StatusCode, body)
	}
}
