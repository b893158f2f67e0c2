package app

import (
	"bytes"
	"compress/gzip"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/andybalholm/brotli"
)

// Bounds of the bodies CloudFront compresses, in bytes.
const (
	minCompressed = 1000
	maxCompressed = 10_000_000
)

// compressible are the media types CloudFront compresses (its list, less the font and
// Microsoft types Zuum never serves), besides every text/* type.
var compressible = map[string]bool{
	"application/javascript": true, "application/x-javascript": true, "application/json": true,
	"application/ld+json": true, "application/manifest+json": true, "application/xml": true,
	"application/xhtml+xml": true, "application/rss+xml": true, "application/yaml": true,
	"application/wasm": true, "image/svg+xml": true, "image/x-icon": true, "image/vnd.microsoft.icon": true,
	"font/ttf": true, "font/otf": true,
}

func init() {
	// The PWA manifest's type, which Go's table does not know (it would be sniffed as text/plain).
	_ = mime.AddExtensionType(".webmanifest", "application/manifest+json")
}

// isCompressible reports whether CloudFront compresses a body of Content-Type ct.
func isCompressible(ct string) bool {
	t, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return false
	}
	return strings.HasPrefix(t, "text/") || compressible[t]
}

// acceptedEncoding returns the encoding CloudFront would answer a request with Accept-Encoding ae: "br"
// when the viewer takes Brotli, else "gzip" when it takes gzip, else "" (identity). An encoding
// with q=0 is refused.
func acceptedEncoding(ae string) string {
	accepts := map[string]bool{}
	for _, part := range strings.Split(ae, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if _, v, ok := strings.Cut(strings.ReplaceAll(params, " ", ""), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		accepts[strings.ToLower(name)] = q > 0
	}
	switch {
	case accepts["br"]:
		return "br"
	case accepts["gzip"]:
		return "gzip"
	}
	return ""
}

// compress answers what next answers compressed as CloudFront compresses: with Brotli or gzip by
// the request's Accept-Encoding (Brotli first), when the status is 200, 403 or 404, the
// Content-Type is compressible, the body is between 1,000 and 10,000,000 bytes and not already
// encoded; never for a Range request or HEAD. Such answers say Vary: Accept-Encoding whether
// compressed or not; a compressed one loses Content-Length and Accept-Ranges of the identity
// body, and its strong ETag becomes weak, as CloudFront's do.
func compress(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Range") != "" || r.Method == http.MethodHead {
			next.ServeHTTP(w, r)
			return
		}
		cw := &compressWriter{w: w, encoding: acceptedEncoding(r.Header.Get("Accept-Encoding"))}
		next.ServeHTTP(cw, r)
		cw.finish()
	})
}

// compressWriter holds an answer's body until it is complete (or passes maxCompressed, when it
// is sent as it is), then decides.
type compressWriter struct {
	w        http.ResponseWriter
	encoding string
	status   int
	buf      bytes.Buffer
	passing  bool // the body outgrew maxCompressed: headers are sent and writes go straight through
}

func (c *compressWriter) Header() http.Header { return c.w.Header() }

func (c *compressWriter) WriteHeader(status int) {
	if c.status == 0 {
		c.status = status
	}
}

func (c *compressWriter) Write(p []byte) (int, error) {
	if c.status == 0 {
		c.status = http.StatusOK
	}
	if c.passing {
		return c.w.Write(p)
	}
	c.buf.Write(p)
	if c.buf.Len() > maxCompressed {
		c.passing = true
		c.w.WriteHeader(c.status)
		if _, err := c.w.Write(c.buf.Bytes()); err != nil {
			return 0, err
		}
		c.buf.Reset()
	}
	return len(p), nil
}

// finish sends the held answer, compressed when it qualifies.
func (c *compressWriter) finish() {
	if c.passing {
		return
	}
	if c.status == 0 {
		c.status = http.StatusOK
	}
	h := c.w.Header()
	n := c.buf.Len()
	eligible := (c.status == http.StatusOK || c.status == http.StatusForbidden || c.status == http.StatusNotFound) &&
		h.Get("Content-Encoding") == "" && isCompressible(h.Get("Content-Type")) && n >= minCompressed && n <= maxCompressed
	if !eligible {
		c.w.WriteHeader(c.status)
		_, _ = c.w.Write(c.buf.Bytes())
		return
	}
	h.Add("Vary", "Accept-Encoding")
	if c.encoding == "" {
		c.w.WriteHeader(c.status)
		_, _ = c.w.Write(c.buf.Bytes())
		return
	}
	var out bytes.Buffer
	var enc io.WriteCloser
	if c.encoding == "br" {
		enc = brotli.NewWriterLevel(&out, brotli.DefaultCompression)
	} else {
		enc, _ = gzip.NewWriterLevel(&out, gzip.DefaultCompression)
	}
	_, _ = enc.Write(c.buf.Bytes())
	_ = enc.Close()
	h.Set("Content-Encoding", c.encoding)
	h.Del("Accept-Ranges")
	h.Set("Content-Length", strconv.Itoa(out.Len()))
	if etag := h.Get("ETag"); etag != "" && !strings.HasPrefix(etag, "W/") {
		h.Set("ETag", "W/"+etag)
	}
	c.w.WriteHeader(c.status)
	_, _ = c.w.Write(out.Bytes())
}
