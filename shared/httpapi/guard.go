package httpapi

import (
	"context"
	"mime"
	"net/http"
	"net/url"
	"strings"

	"github.com/aws/aws-lambda-go/events"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"
)

// What the edge answers before any route runs (Guard, Proxy).
const (
	MsgBadPath       = "Malformed URL path."
	MsgBadQuery      = "Malformed query string."
	MsgNotJSON       = "Content-Type must be application/json."
	MsgForeignOrigin = "Request refused: it did not come from the Zuum app."
)

// Guard is what every route group answers alike before its routes run (wire wraps each group in
// it): a path or query no route can have is 400, a body of a media type no route takes is 415,
// and a state-changing request a browser sent from another site's page is 403.
type Guard struct {
	// Origin is the web app's own origin (APP_URL), the only one a browser's state-changing
	// request may come from. Empty: no origin matches, and every such request with a cookie is
	// refused.
	Origin string
}

// NewGuard returns the guard of the app at appURL (APP_URL; its scheme, host and port count).
func NewGuard(appURL string) Guard { return Guard{Origin: originOf(appURL)} }

// originOf is the scheme://host[:port] of u, lower case; "" when u has none.
func originOf(u string) string {
	p, err := url.Parse(strings.TrimSpace(u))
	if err != nil || p.Scheme == "" || p.Host == "" {
		return ""
	}
	return strings.ToLower(p.Scheme + "://" + p.Host)
}

// Wrap returns next behind the guard:
//   - a path holding a control character or a bare % (after the one decoding every client and
//     API Gateway does: "%00", "%0a", "%7f", "%25") is 400 MsgBadPath;
//   - a query string that does not parse (a bad escape such as "%ZZ", a ";") is 400 MsgBadQuery,
//     rather than the bad pair being dropped and the rest answered;
//   - a body whose Content-Type is not JSON nor a form (multipart/form-data,
//     application/x-www-form-urlencoded: only routes that say so read those, and Decode answers
//     415 on every other) is 415 MsgNotJSON;
//   - a POST, PUT, PATCH or DELETE that carries a session cookie (zuum_session, zuum_admin) and
//     no Bearer header must come from Origin, said by the Origin header or, when a browser sent
//     none, the Referer's; any non-Bearer one whose Origin names another is refused as well (403
//     MsgForeignOrigin). A Bearer client sends its token itself, which no other site's page can,
//     so it needs no Origin.
func (g Guard) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !ValidPath(r.URL.Path) {
			JSON(w, http.StatusBadRequest, ErrorBody{Message: MsgBadPath})
			return
		}
		if _, err := url.ParseQuery(r.URL.RawQuery); err != nil {
			JSON(w, http.StatusBadRequest, ErrorBody{Message: MsgBadQuery})
			return
		}
		if hasBody(r) && !jsonOrForm(r.Header.Get("Content-Type")) {
			JSON(w, http.StatusUnsupportedMediaType, ErrorBody{Message: MsgNotJSON})
			return
		}
		if changes(r.Method) && !g.sameSite(r) {
			JSON(w, http.StatusForbidden, ErrorBody{Message: MsgForeignOrigin})
			return
		}
		next.ServeHTTP(w, r)
	})
}

// ValidPath reports whether a decoded path can be a route's: no control character, no %.
func ValidPath(p string) bool {
	return !strings.ContainsFunc(p, func(c rune) bool { return c < 0x20 || c == 0x7f || c == '%' })
}

func hasBody(r *http.Request) bool {
	return r.ContentLength > 0 || r.ContentLength < 0 && r.Body != nil && r.Body != http.NoBody
}

// isJSON reports whether a Content-Type names JSON: application/json or a +json type.
func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && (mt == "application/json" || strings.HasPrefix(mt, "application/") && strings.HasSuffix(mt, "+json"))
}

func jsonOrForm(contentType string) bool {
	if isJSON(contentType) {
		return true
	}
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && (mt == "multipart/form-data" || mt == "application/x-www-form-urlencoded")
}

// changes reports whether method may change state (everything but GET, HEAD and OPTIONS).
func changes(method string) bool {
	return method != http.MethodGet && method != http.MethodHead && method != http.MethodOptions
}

// sameSite reports whether a state-changing request may go on: a Bearer client's always; a
// browser's when it came from the app's own page.
func (g Guard) sameSite(r *http.Request) bool {
	if h := r.Header.Get("Authorization"); len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return true
	}
	if o := r.Header.Get("Origin"); o != "" {
		return g.Origin != "" && strings.EqualFold(o, g.Origin)
	}
	if !hasSessionCookie(r) {
		return true
	}
	return g.Origin != "" && originOf(r.Header.Get("Referer")) == g.Origin
}

// SameOrigin reports whether headers come from a page of origin (the Origin header, else the
// Referer's): what the chat socket's upgrade checks when its cookie authenticates it.
func SameOrigin(origin string, h http.Header) bool {
	want := originOf(origin)
	if want == "" {
		return false
	}
	if o := h.Get("Origin"); o != "" {
		return strings.EqualFold(o, want)
	}
	return originOf(h.Get("Referer")) == want
}

func hasSessionCookie(r *http.Request) bool {
	for _, name := range []string{SessionCookie, AdminCookie} {
		if c, err := r.Cookie(name); err == nil && c.Value != "" {
			return true
		}
	}
	return false
}

// Proxy is h as a Lambda of API Gateway's HTTP API (payload v2), through the standard adapter.
// API Gateway delivers rawPath decoded ("/api/x%00" arrives as "/api/x\x00", "%25" as "%"),
// which the adapter cannot turn into a request and answers with an error, a 500: here a path
// with a control character is answered 400 MsgBadPath, and the rest is escaped again before the
// adapter parses it, so the handler (and Guard) sees the path the client sent.
func Proxy(h http.Handler) func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	adapter := httpadapter.NewV2(h)
	return func(ctx context.Context, e events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
		path := e.RawPath
		if path == "" {
			path = e.RequestContext.HTTP.Path
		}
		if strings.ContainsFunc(path, func(c rune) bool { return c < 0x20 || c == 0x7f }) {
			return events.APIGatewayV2HTTPResponse{
				StatusCode: http.StatusBadRequest,
				Headers:    map[string]string{"Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store"},
				Body:       `{"message":"` + MsgBadPath + `"}` + "\n",
			}, nil
		}
		e.RawPath = (&url.URL{Path: path}).EscapedPath()
		return adapter.ProxyWithContext(ctx, e)
	}
}
