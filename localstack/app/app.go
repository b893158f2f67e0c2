// Package app is the local stand-in for Zuum's CloudFront distribution on 127.0.0.1:8080: the
// built web app at /, /api/* through the API gateway to each route group's Lambda, and
// /public/* media from the media bucket, all on one origin as in AWS.
package app

import (
	"errors"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"

	"zuum/shared/schema"
)

// Site serves the web app, the API and public media.
type Site struct {
	// API handles /api/* (the gateway).
	API http.Handler
	// Extra handlers mounted by path prefix (the Google stand-in).
	Extra map[string]http.Handler
	// WebDir holds the built web app (webui/dist).
	WebDir string
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
	mux.Handle("/api/", s.API)
	mux.HandleFunc("GET /"+schema.PublicPrefix, s.media)
	for prefix, h := range s.Extra {
		mux.Handle(prefix, h)
	}
	mux.HandleFunc("/", s.web) // GET and HEAD; other methods get the SPA too, as from a static origin
	return mux
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
