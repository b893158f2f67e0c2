package edge

import (
	"net/http"
	"slices"
	"strings"
)

// The media bucket's CORS rule as the local cloud has it: any origin may GET, HEAD, PUT and POST
// (the signature or policy, not CORS, authorizes a request), with any request headers, and
// scripts may read the ETag of what they stored.
var (
	corsMethods  = []string{http.MethodGet, http.MethodHead, http.MethodPut, http.MethodPost}
	corsExpose   = "ETag"
	corsMaxAge   = "3600"
	corsVary     = "Origin, Access-Control-Request-Headers, Access-Control-Request-Method"
	corsDenied   = "CORSResponse: This CORS request is not allowed. This is usually because the evalution of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource's CORS spec."
	corsNoOrigin = "Insufficient information. Origin request header needed."
)

// servePreflight answers a CORS preflight (OPTIONS) as S3 does for the rule: without needing a
// signature, 200 with the rule's methods and the requested headers, or 403 when the rule does
// not allow the method.
func servePreflight(w http.ResponseWriter, r *http.Request) {
	method := r.Header.Get("Access-Control-Request-Method")
	if r.Header.Get("Origin") == "" || method == "" {
		writeS3Error(w, r, &s3Error{http.StatusBadRequest, "BadRequest", corsNoOrigin, nil})
		return
	}
	if !slices.Contains(corsMethods, method) {
		writeS3Error(w, r, (&s3Error{http.StatusForbidden, "AccessForbidden", corsDenied, nil}).
			with("Method", method).with("ResourceType", "OBJECT"))
		return
	}
	h := w.Header()
	setCORS(h)
	if requested := r.Header.Get("Access-Control-Request-Headers"); requested != "" {
		h.Set("Access-Control-Allow-Headers", requested)
	}
	w.WriteHeader(http.StatusOK)
}

func setCORS(h http.Header) {
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Access-Control-Allow-Methods", strings.Join(corsMethods, ", "))
	h.Set("Access-Control-Expose-Headers", corsExpose)
	h.Set("Access-Control-Max-Age", corsMaxAge)
	h.Set("Vary", corsVary)
}

// corsWriter gives a response the rule's CORS headers when the request came from a browser
// (it has an Origin) with an allowed method, and none otherwise; gofakes3 adds its own to every
// response, which are removed.
type corsWriter struct {
	http.ResponseWriter
	allowed bool
	done    bool
}

func withCORS(w http.ResponseWriter, r *http.Request) *corsWriter {
	return &corsWriter{ResponseWriter: w, allowed: r.Header.Get("Origin") != "" && slices.Contains(corsMethods, r.Method)}
}

func (c *corsWriter) WriteHeader(code int) {
	if !c.done {
		c.done = true
		h := c.Header()
		for name := range h {
			if strings.HasPrefix(name, "Access-Control-") {
				delete(h, name)
			}
		}
		if c.allowed {
			setCORS(h)
		}
	}
	c.ResponseWriter.WriteHeader(code)
}

func (c *corsWriter) Write(b []byte) (int, error) {
	if !c.done {
		c.WriteHeader(http.StatusOK)
	}
	return c.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (c *corsWriter) Unwrap() http.ResponseWriter { return c.ResponseWriter }
