package contract

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"testing"

	"github.com/andybalholm/brotli"
)

// Handler serves next and checks every exchange that passes through it, reporting to the test
// that report returns for the request (the test whose client sent it).
func (v *Validator) Handler(report func(*http.Request) testing.TB, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body []byte
		if r.Body != nil {
			body, _ = io.ReadAll(r.Body)
			r.Body.Close()
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		seen := r.Clone(r.Context()) // as received: the handler may change r
		rec := &recorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		out, err := decoded(w.Header().Get("Content-Encoding"), rec.body.Bytes())
		if err != nil {
			report(seen).Errorf("contract: %s %s answered a body its Content-Encoding does not decode: %v", seen.Method, seen.URL.Path, err)
			return
		}
		v.Check(report(seen), Exchange{Request: seen, RequestBody: body, Status: rec.status, Header: w.Header().Clone(), Body: out})
	})
}

// decoded is body as the document describes it: without the Content-Encoding (gzip or br) the
// CDN compressed it with.
func decoded(encoding string, body []byte) ([]byte, error) {
	var r io.Reader
	switch encoding {
	case "":
		return body, nil
	case "br":
		r = brotli.NewReader(bytes.NewReader(body))
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		r = zr
	default:
		return nil, fmt.Errorf("unknown encoding %q", encoding)
	}
	return io.ReadAll(r)
}

// recorder passes an answer on and keeps a copy of its status and body.
type recorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }
