package gateway

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"
)

// echo is a route group that reports what the adapter handed it.
var echo = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	c, _ := r.Cookie("a")
	http.SetCookie(w, &http.Cookie{Name: "set", Value: "1"})
	w.Header().Set("X-Got", r.Method+" "+r.URL.Path+"?"+r.URL.RawQuery+" cookie="+c.Value+" len="+strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusTeapot)
	_, _ = w.Write(body)
})

func TestGateway_CarriesMethodPathQueryCookiesAndBinaryBodies(t *testing.T) {
	t.Parallel()
	g := New(map[string]Lambda{"/api/echo": FromHandler(echo)})
	bin := []byte{0xff, 0xd8, 0xff, 0x00, 0x01}
	req := httptest.NewRequest("PUT", "/api/echo/x/y?q=1", bytes.NewReader(bin))
	req.Header.Set("Cookie", "a=hello; b=2")
	rec := httptest.NewRecorder()
	g.ServeHTTP(rec, req)
	if rec.Code != http.StatusTeapot || rec.Header().Get("X-Got") != "PUT /api/echo/x/y?q=1 cookie=hello len=5" {
		t.Fatalf("%d %q", rec.Code, rec.Header().Get("X-Got"))
	}
	if !bytes.Equal(rec.Body.Bytes(), bin) || !strings.HasPrefix(rec.Header().Get("Set-Cookie"), "set=1") {
		t.Fatalf("body %v cookie %q", rec.Body.Bytes(), rec.Header().Get("Set-Cookie"))
	}
}

func TestGateway_RefusesWhatAWSRefuses(t *testing.T) {
	t.Parallel()
	called := false
	g := New(map[string]Lambda{"/api/echo": func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
		called = true
		return events.APIGatewayV2HTTPResponse{StatusCode: 200}, nil
	}})
	rec := httptest.NewRecorder()
	g.ServeHTTP(rec, httptest.NewRequest("POST", "/api/echo", strings.NewReader(strings.Repeat("a", MaxPayload+1))))
	if rec.Code != http.StatusRequestEntityTooLarge || called {
		t.Fatalf("over the payload limit: %d, invoked %v", rec.Code, called)
	}
	// Binary counts as its base64 encoding: 4.6 MB of bytes is over 6 MB encoded.
	rec = httptest.NewRecorder()
	g.ServeHTTP(rec, httptest.NewRequest("POST", "/api/echo", bytes.NewReader(bytes.Repeat([]byte{0xff}, 4_800_000))))
	if rec.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("encoded binary over the limit: %d", rec.Code)
	}
	rec = httptest.NewRecorder()
	g.ServeHTTP(rec, httptest.NewRequest("GET", "/api/nothing/here", nil))
	if rec.Code != http.StatusNotFound {
		t.Fatalf("unknown group: %d", rec.Code)
	}
}

// named is a Lambda that answers with its name.
func named(name string) Lambda {
	return func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
		return events.APIGatewayV2HTTPResponse{StatusCode: http.StatusOK, Body: name}, nil
	}
}

func TestGateway_RoutesByTheLongestPrefixAtASegmentBoundary(t *testing.T) {
	t.Parallel()
	// Given a group owning two prefixes, and a prefix nested in another group's
	g := New(map[string]Lambda{
		"/api/packages": named("promotion"), "/api/promotions": named("promotion"),
		"/api/user": named("user"), "/api/user/admin": named("admin"),
	})
	for path, want := range map[string]string{
		"/api/packages":           "promotion",
		"/api/packages/":          "promotion",
		"/api/packages/p1/buy":    "promotion",
		"/api/promotions/mine":    "promotion",
		"/api/user/profile":       "user",
		"/api/user/admin":         "admin",
		"/api/user/admin/x":       "admin",
		"/api/user/administrator": "user",
		"/api/users":              "404",
		"/api/package":            "404",
		"/api":                    "404",
	} {
		rec := httptest.NewRecorder()
		g.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		got := rec.Body.String()
		if rec.Code == http.StatusNotFound {
			got = "404"
		}
		if got != want {
			t.Errorf("%s went to %s, want %s", path, got, want)
		}
	}
}
