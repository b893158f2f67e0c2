package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"
)

const app = "https://zuum.test"

// guarded serves one request through NewGuard(app) to a handler that answers 204 and reports
// the path it saw.
func guarded(r *http.Request) (*httptest.ResponseRecorder, string) {
	var seen string
	h := NewGuard(app + "/").Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = r.URL.Path
		w.WriteHeader(http.StatusNoContent)
	}))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec, seen
}

func TestGuard_OriginOfCookieWrites(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, method, origin, referer, cookie, auth string
		want                                        int
	}{
		{"a read from anywhere", "GET", "https://evil.test", "", SessionCookie, "", 204},
		{"a cookie write from the app", "POST", app, "", SessionCookie, "", 204},
		{"the app's origin in another case", "DELETE", "HTTPS://Zuum.test", "", SessionCookie, "", 204},
		{"a cookie write from another site", "POST", "https://evil.test", "", SessionCookie, "", 403},
		{"an admin cookie write from another site", "PUT", "https://evil.test", "", AdminCookie, "", 403},
		{"a cookie write from another port", "POST", app + ":8443", "", SessionCookie, "", 403},
		{"a cookie write from a sandbox", "PATCH", "null", "", SessionCookie, "", 403},
		{"a cookie write by the app's Referer", "POST", "", app + "/wallet?x=1", SessionCookie, "", 204},
		{"a cookie write by another Referer", "POST", "", "https://evil.test/x", SessionCookie, "", 403},
		{"a cookie write naming no page", "POST", "", "", SessionCookie, "", 403},
		{"a Bearer write from anywhere", "POST", "https://evil.test", "", SessionCookie, "Bearer t", 204},
		{"a Bearer write naming no page", "POST", "", "", "", "Bearer t", 204},
		{"a write without cookie or Origin (a webhook)", "POST", "", "", "", "", 204},
		{"a write without cookie from another site", "POST", "https://evil.test", "", "", "", 403},
	} {
		r := httptest.NewRequest(tc.method, app+"/api/x", nil)
		if tc.origin != "" {
			r.Header.Set("Origin", tc.origin)
		}
		if tc.referer != "" {
			r.Header.Set("Referer", tc.referer)
		}
		if tc.cookie != "" {
			r.AddCookie(&http.Cookie{Name: tc.cookie, Value: "token"})
		}
		if tc.auth != "" {
			r.Header.Set("Authorization", tc.auth)
		}
		if rec, _ := guarded(r); rec.Code != tc.want {
			t.Errorf("%s: %d %s", tc.name, rec.Code, rec.Body)
		}
	}
}

func TestGuard_BodiesAreJSONOrAForm(t *testing.T) {
	t.Parallel()
	for ct, want := range map[string]int{
		"application/json": 204, "application/json; charset=utf-8": 204, "application/merge-patch+json": 204,
		"multipart/form-data; boundary=x": 204, "application/x-www-form-urlencoded": 204,
		"text/plain": 415, "text/plain;charset=UTF-8": 415, "": 415, "application/xml": 415, "garbage/": 415,
	} {
		r := httptest.NewRequest("POST", app+"/api/x", strings.NewReader(`{}`))
		r.Header.Set("Origin", app)
		r.Header.Set("Content-Type", ct)
		if ct == "" {
			r.Header.Del("Content-Type")
		}
		if rec, _ := guarded(r); rec.Code != want {
			t.Errorf("%q: %d %s", ct, rec.Code, rec.Body)
		}
	}
	r := httptest.NewRequest("POST", app+"/api/x", nil) // no body, no type: nothing to judge
	r.Header.Set("Origin", app)
	if rec, _ := guarded(r); rec.Code != 204 {
		t.Errorf("an empty POST: %d", rec.Code)
	}
}

func TestDecode_RefusesAFormOnAJSONRoute(t *testing.T) {
	t.Parallel()
	r := httptest.NewRequest("POST", "/x", strings.NewReader(`a=1`))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	var v struct{ A string }
	if err := Decode(httptest.NewRecorder(), r, &v); err == nil || !strings.Contains(err.Error(), MsgNotJSON) {
		t.Fatalf("a form decoded as JSON: %v", err)
	}
}

// API Gateway's HTTP API hands rawPath over decoded.
func TestProxy_DecodedRawPaths(t *testing.T) {
	t.Parallel()
	for raw, want := range map[string]int{
		"/api/x\x00": 400, "/api/x\n": 400, "/api/x\x7f": 400, "/api/x%": 400, "/api/x%00": 400,
		"/api/ok": 204, "/api/caf\u00e9 au lait": 204, "/api/a?b": 204,
	} {
		fn := Proxy(NewGuard(app).Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })))
		res, err := fn(context.Background(), events.APIGatewayV2HTTPRequest{RawPath: raw, RequestContext: events.APIGatewayV2HTTPRequestContext{
			DomainName: "zuum.test", HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "GET", Path: raw}}})
		if err != nil || res.StatusCode != want {
			t.Errorf("%q: %d %s %v", raw, res.StatusCode, res.Body, err)
		}
	}
}
