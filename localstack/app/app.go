// Package app is the local stand-in for Zuum's CloudFront distribution on 127.0.0.1:8080: the
// built web app at /, /api/* through the API gateway to each route group's Lambda, /ws through
// the local WebSocket API to the chat Lambda, and /public/* media from the media bucket, all on
// one origin as in AWS. It also serves the API's
// reference: the contract at /api/openapi.yaml and its readable page at /api/docs.
package app

import (
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"

	"zuum/shared/httpapi"
	"zuum/shared/schema"
)

// Site serves the web app, the API and public media.
type Site struct {
	// API handles /api/* (the gateway).
	API http.Handler
	// Socket handles the chat's WebSocket at schema.ChatSocket.Path (the WebSocket API); nil
	// leaves that path to the web app.
	Socket http.Handler
	// OriginSecret is what the /api/* requests carry in httpapi.OriginHeader, as CloudFront's
	// origin custom header carries the stack's origin secret (see CDNHeaders).
	OriginSecret string
	// Extra handlers mounted by path prefix (the Google stand-in).
	Extra map[string]http.Handler
	// WebDir holds the built web app (webui/dist).
	WebDir string
	// OpenAPI is the contract (functions/openapi.yaml), served at /api/openapi.yaml.
	OpenAPI string
	// APIDocs is the reference page built from it (make api-docs), served at /api/docs.
	APIDocs string
	// S3 reads public media from Bucket.
	S3     *s3.Client
	Bucket string

	ready atomic.Bool
}

// SetReady makes /api/health answer 200: called once everything is provisioned and seeded.
func (s *Site) SetReady() { s.ready.Store(true) }

// Handler returns the site's routes.
func (s *Site) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/health", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if !s.ready.Load() {
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = io.WriteString(w, `{"status":"starting"}`)
			return
		}
		_, _ = io.WriteString(w, `{"status":"ok"}`)
	})
	mux.HandleFunc("GET /api/openapi.yaml", s.openAPI)
	mux.HandleFunc("GET /api/docs", s.apiDocs)
	mux.Handle("/api/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		CDNHeaders(r, s.OriginSecret)
		s.API.ServeHTTP(w, r)
	}))
	mux.HandleFunc("GET /"+schema.PublicPrefix, s.media)
	if s.Socket != nil {
		mux.Handle("GET "+schema.ChatSocket.Path, s.Socket)
	}
	for prefix, h := range s.Extra {
		mux.Handle(prefix, h)
	}
	mux.HandleFunc("/", s.web) // GET and HEAD; other methods get the SPA too, as from a static origin
	return mux
}

// CDNHeaders sets on r what CloudFront adds to every request its /api/* behaviour forwards: the
// viewer's address and source port as CloudFront-Viewer-Address (from the connection, in
// CloudFront's form: no brackets around IPv6) and the origin secret, replacing whatever the
// viewer itself sent under those names, as CloudFront does.
func CDNHeaders(r *http.Request, originSecret string) {
	r.Header.Del(httpapi.ViewerAddressHeader)
	r.Header.Del(httpapi.OriginHeader)
	if host, port, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		r.Header.Set(httpapi.ViewerAddressHeader, host+":"+port)
	}
	if originSecret != "" {
		r.Header.Set(httpapi.OriginHeader, originSecret)
	}
}

// openAPI serves the contract as it is on disk, so an edit shows without a restart.
func (s *Site) openAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/yaml")
	serveFile(w, r, s.OpenAPI, "The API contract is missing: functions/openapi.yaml is read from the folder make dev runs in.")
}

// apiDocs serves the reference page, a single HTML file with Redoc inlined: it loads nothing
// from another origin.
func (s *Site) apiDocs(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	serveFile(w, r, s.APIDocs, "<h1>Zuum API</h1><p>The reference is not built yet: run <code>make dev</code>, "+
		"which builds it (or <code>make api-docs</code>).</p>")
}

// serveFile answers the file at name (no-cache: it changes with every build), or 503 with
// missing while it does not exist.
func serveFile(w http.ResponseWriter, r *http.Request, name, missing string) {
	f, err := os.Open(name)
	var st os.FileInfo
	if err == nil {
		defer f.Close()
		st, err = f.Stat()
	}
	if err != nil || st.IsDir() {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = io.WriteString(w, missing)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, filepath.Base(name), st.ModTime(), f)
}

// media streams a public object, as CloudFront's /public/* behaviour does.
func (s *Site) media(w http.ResponseWriter, r *http.Request) {
	key := strings.TrimPrefix(r.URL.Path, "/")
	out, err := s.S3.GetObject(r.Context(), &s3.GetObjectInput{Bucket: &s.Bucket, Key: &key})
	var missing *types.NoSuchKey
	if errors.As(err, &missing) {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		http.Error(w, "media unavailable", http.StatusBadGateway)
		return
	}
	defer out.Body.Close()
	w.Header().Set("Content-Type", aws.ToString(out.ContentType))
	if cc := aws.ToString(out.CacheControl); cc != "" {
		w.Header().Set("Cache-Control", cc)
	}
	_, _ = io.Copy(w, out.Body)
}

// web serves the built single-page app: a file when one exists, otherwise index.html so the
// client-side router can take the path (CloudFront's 403/404 → /index.html rule).
func (s *Site) web(w http.ResponseWriter, r *http.Request) {
	clean := path.Clean("/" + r.URL.Path)
	file := filepath.Join(s.WebDir, filepath.FromSlash(clean))
	if st, err := os.Stat(file); err == nil && !st.IsDir() {
		if strings.HasPrefix(clean, "/assets/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		}
		http.ServeFile(w, r, file)
		return
	}
	index := filepath.Join(s.WebDir, "index.html")
	if _, err := os.Stat(index); err != nil {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = io.WriteString(w, "<h1>Zuum</h1><p>The web app is not built yet: run <code>make dev</code>, which builds webui/ first.</p>")
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeFile(w, r, index)
}
