package apptest_test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"zuum/localstack/apptest"
	"zuum/localstack/gateway"
	"zuum/shared/schema"
)

// badPaths are paths with what no route can hold, as a client sends them (escaped).
var badPaths = []string{"%00", "%0a", "%0d", "%7f", "%25", "%2500", "a%25b"}

// A bad path or a malformed query string reaches no route of any group: 400 with its message.
func TestEveryGroup_AnswersABadPathOrAMalformedQueryWith400(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	c := app.Client(t)
	for _, tc := range []struct {
		sep  string // between a group's prefix and a bad tail
		bad  []string
		want string
	}{
		{"/x", badPaths, "Malformed URL path."},
		{"?", []string{"type=%ZZ", "type=audio&x=%", "a=1;b=2"}, "Malformed query string."},
	} {
		for _, g := range schema.RouteGroups {
			for _, prefix := range g.Prefixes() {
				for _, bad := range tc.bad {
					req, _ := http.NewRequest("GET", app.URL(prefix+tc.sep+bad), nil)
					if r := c.Do(req); r.Status != http.StatusBadRequest || r.Message() != tc.want {
						t.Errorf("%s: GET %s%s%s: %d %s", g.Name, prefix, tc.sep, bad, r.Status, r.Raw)
					}
				}
			}
		}
	}
}

// API Gateway's HTTP API delivers rawPath decoded: "%00" arrives as a NUL, "%25" as "%".
func TestEveryGroup_AnswersABadPathAsAPIGatewayDeliversItWith400(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	for _, g := range schema.RouteGroups {
		fn := gateway.FromHandler(app.Handlers[g.Name])
		for _, decoded := range []string{"\x00", "\n", "\r", "\x7f", "%", "%00", "a%b"} {
			path := g.Prefixes()[0] + "/x" + decoded
			e := events.APIGatewayV2HTTPRequest{Version: "2.0", RouteKey: "$default", RawPath: path,
				Headers: map[string]string{}, RequestContext: events.APIGatewayV2HTTPRequestContext{
					DomainName: "zuum.test", HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "GET", Path: path}}}
			res, err := fn(context.Background(), e)
			if err != nil || res.StatusCode != http.StatusBadRequest || !strings.Contains(res.Body, "Malformed URL path.") {
				t.Errorf("%s: rawPath %q: %d %s %v", g.Name, path, res.StatusCode, res.Body, err)
			}
		}
	}
}

// The attack of issue 22: a page of another site posts a form (text/plain) to an admin route;
// the admin's browser adds the zuum_admin cookie (SameSite=Lax only guards cross-site
// subresource requests, not every kind of navigation and not same-site hosts).
func TestCookieWrites_RefuseAnotherContentTypeWith415AndAnotherOriginWith403(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada := app.SignedIn(t, "ada")
	admin := app.BootstrapAdmin(t)
	if r := admin.JSON("POST", "/api/admin/auth/deactivate", map[string]string{"userId": ada.ID}); r.Status != http.StatusOK {
		t.Fatalf("deactivate: %d %s", r.Status, r.Raw)
	}
	cookieOnly := *admin.Client
	cookieOnly.Token = "" // the browser: the cookie, no Bearer header

	post := func(c *apptest.Client, path, contentType, origin, referer, body string) apptest.Response {
		req, _ := http.NewRequest("POST", app.URL(path), bytes.NewBufferString(body))
		req.Header.Set("Content-Type", contentType)
		req.Header["Origin"] = []string{origin} // "" sends none
		if referer != "" {
			req.Header.Set("Referer", referer)
		}
		return c.Do(req)
	}
	body := `{"userId":"` + ada.ID + `"}`
	for _, tc := range []struct{ name, contentType, origin, referer string }{
		{"text/plain from another site", "text/plain", "https://evil.example", ""},
		{"text/plain from the app", "text/plain;charset=UTF-8", app.URL(""), ""},
		{"a form from the app", "application/x-www-form-urlencoded", app.URL(""), ""},
	} {
		r := post(&cookieOnly, "/api/admin/auth/reactivate", tc.contentType, tc.origin, tc.referer, body)
		if r.Status != http.StatusUnsupportedMediaType || r.Message() != "Content-Type must be application/json." {
			t.Errorf("%s: %d %s", tc.name, r.Status, r.Raw)
		}
	}
	for _, tc := range []struct{ name, origin, referer string }{
		{"JSON from another site", "https://evil.example", ""},
		{"JSON from a look-alike host", strings.Replace(app.URL(""), "127.0.0.1", "127.0.0.1.evil.example", 1), ""},
		{"JSON from a sandboxed page", "null", ""},
		{"JSON without Origin from another site's page", "", "https://evil.example/page"},
		{"JSON with neither Origin nor Referer", "", ""},
	} {
		r := post(&cookieOnly, "/api/admin/auth/reactivate", "application/json", tc.origin, tc.referer, body)
		if r.Status != http.StatusForbidden || r.Message() != "Request refused: it did not come from the Zuum app." {
			t.Errorf("%s: %d %s", tc.name, r.Status, r.Raw)
		}
	}
	// Refused, ada is still deactivated; from the app's own page (Origin, or the Referer when a
	// browser sends no Origin) the same request works.
	if r := app.Client(t).JSON("POST", "/api/auth/login", map[string]string{"email": "ada@example.com", "password": "password123"}); r.Status != http.StatusForbidden {
		t.Fatalf("ada logged in while deactivated: %d %s", r.Status, r.Raw)
	}
	if r := post(&cookieOnly, "/api/admin/auth/reactivate", "application/json", "", app.URL("/admin/users"), body); r.Status != http.StatusOK {
		t.Fatalf("from the app's page, by Referer: %d %s", r.Status, r.Raw)
	}
	if r := post(&cookieOnly, "/api/admin/auth/deactivate", "application/json", app.URL(""), "", body); r.Status != http.StatusOK {
		t.Fatalf("from the app's page, by Origin: %d %s", r.Status, r.Raw)
	}

	// A user's cookie write is guarded alike; a Bearer client needs no Origin.
	bola := app.SignedIn(t, "bola")
	browser := *bola.Client
	browser.Token = ""
	follow := `{"profileId":"` + admin.ID + `","follow":true}`
	if r := post(&browser, "/api/user/follow", "application/json", "https://evil.example", "", follow); r.Status != http.StatusForbidden {
		t.Errorf("a user's cookie write from another site: %d %s", r.Status, r.Raw)
	}
	if r := post(&browser, "/api/user/follow", "text/plain", app.URL(""), "", follow); r.Status != http.StatusUnsupportedMediaType {
		t.Errorf("a user's text/plain write: %d %s", r.Status, r.Raw)
	}
	cleo := app.SignedIn(t, "cleo")
	api := app.Client(t) // no cookies at all: a mobile app or a script with its token
	api.Token = bola.Token
	req, _ := http.NewRequest("POST", app.URL("/api/user/follow"), strings.NewReader(`{"profileId":"`+cleo.ID+`","follow":true}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header["Origin"] = []string{""}
	if r := api.Do(req); r.Status != http.StatusOK {
		t.Errorf("a Bearer client without Origin: %d %s", r.Status, r.Raw)
	}
}
