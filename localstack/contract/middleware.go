package contract

import (
	"bytes"
	"io"
	"net/http"
	"testing"
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
		v.Check(report(seen), Exchange{Request: seen, RequestBody: body, Status: rec.status, Header: w.Header().Clone(), Body: rec.body.Bytes()})
	})
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
