// Package app is the local stand-in for Zuum's CloudFront distribution on 127.0.0.1:8080: the
// built web app (landing.html, the landing page rendered at build time, at /; index.html with the
// runtime configuration inlined on every other route), /api/* through the API
// gateway to each route group's Lambda, /ws through the local WebSocket API to the chat Lambda,
// /public/* media from the media bucket, and posts' /media/* from it by CloudFront signed URLs
// only, all on one origin as in AWS, compressed as CloudFront compresses (compress.go). It also
// serves the API's reference: the contract at /api/openapi.yaml and its readable page at
// /api/docs.
package app

import (
	"bytes"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"

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
	// S3 reads media from Bucket.
	S3     *s3.Client
	Bucket string
	// MediaKeys are the public keys /media/* URLs must be signed with, by key pair id: the
	// distribution's trusted key group (see media.go).
	MediaKeys map[string]*rsa.PublicKey
	// Now is the clock signed URLs' expiry is checked against; nil means time.Now.
	Now func() time.Time

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
	mux.Handle("GET /api/openapi.yaml", compress(http.HandlerFunc(s.openAPI)))
	mux.Handle("GET /api/docs", compress(http.HandlerFunc(s.apiDocs)))
	mux.Handle("/api/", compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		CDNHeaders(r, s.OriginSecret)
		s.API.ServeHTTP(w, r)
	})))
	mux.HandleFunc("GET /"+schema.PublicPrefix, s.publicMedia)
	mux.HandleFunc("GET /"+schema.FinalPrefix, s.signedMedia)
	if s.Socket != nil {
		mux.Handle("GET "+schema.ChatSocket.Path, s.Socket)
	}
	for prefix, h := range s.Extra {
		mux.Handle(prefix, h)
	}
	mux.Handle("/", compress(http.HandlerFunc(s.web))) // GET and HEAD; other methods get the SPA too, as from a static origin
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

// web serves the built single-page app: a file when one exists, otherwise index.html so the
// client-side router can take the path (the CDK stack's viewer-request function). / alone is
// landing.html, the landing page rendered at build time, when the build has one (as that function
// rewrites it). Hashed files under /assets/ are cached for a year, everything else revalidated
// (no-cache) by its ETag or Last-Modified, as the CDK stack deploys them.
func (s *Site) web(w http.ResponseWriter, r *http.Request) {
	clean := path.Clean("/" + r.URL.Path)
	file := filepath.Join(s.WebDir, filepath.FromSlash(clean))
	if r.URL.Path == "/" {
		file = filepath.Join(s.WebDir, "landing.html")
	}
	if st, err := os.Stat(file); err == nil && !st.IsDir() && clean != "/index.html" {
		f, err := os.Open(file)
		if err != nil {
			http.Error(w, "unreadable file", http.StatusInternalServerError)
			return
		}
		defer f.Close()
		if strings.HasPrefix(clean, "/assets/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
		w.Header().Set("ETag", fmt.Sprintf(`"%x-%x"`, st.ModTime().UnixNano(), st.Size()))
		http.ServeContent(w, r, st.Name(), st.ModTime(), f)
		return
	}
	page, modified, err := s.index()
	if errors.Is(err, fs.ErrNotExist) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = io.WriteString(w, "<h1>Zuum</h1><p>The web app is not built yet: run <code>make dev</code>, which builds webui/ first.</p>")
		return
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	sum := sha256.Sum256(page)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("ETag", `"`+hex.EncodeToString(sum[:16])+`"`)
	http.ServeContent(w, r, "index.html", modified, bytes.NewReader(page))
}

// index is the built index.html with the runtime configuration the web app also serves as
// /config.json inlined (schema.InlineWebConfig), read afresh so a rebuild shows without a
// restart, and the later of the two files' times. Without a config.json it is index.html as
// built: the app then fetches /config.json itself, and reports that it is missing.
func (s *Site) index() ([]byte, time.Time, error) {
	name := filepath.Join(s.WebDir, "index.html")
	page, err := os.ReadFile(name)
	if err != nil {
		return nil, time.Time{}, err
	}
	st, err := os.Stat(name)
	if err != nil {
		return nil, time.Time{}, err
	}
	modified := st.ModTime()
	configName := filepath.Join(s.WebDir, "config.json")
	config, err := os.ReadFile(configName)
	if err != nil {
		return page, modified, nil
	}
	inlined, err := schema.InlineWebConfig(page, config)
	if err != nil {
		return nil, time.Time{}, fmt.Errorf("inline %s: %w", configName, err)
	}
	if cst, err := os.Stat(configName); err == nil && cst.ModTime().After(modified) {
		modified = cst.ModTime()
	}
	return inlined, modified, nil
}
