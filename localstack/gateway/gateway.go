// Package gateway is the local stand-in for API Gateway's HTTP API: it turns each browser
// request under a route group's path prefix into the payload-v2 event AWS would send, invokes
// that group's Lambda handler (the same aws-lambda-go-api-proxy adapter that runs in AWS) and
// writes the Lambda's response back, refusing what AWS refuses (payloads over Lambda's 6 MB).
package gateway

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/aws/aws-lambda-go/events"
	"github.com/google/uuid"

	"zuum/shared/httpapi"
)

// MaxPayload is Lambda's synchronous invocation payload limit. API Gateway answers a larger
// request with 413 before any function runs.
const MaxPayload = 6 * 1024 * 1024

// Lambda is a function as API Gateway invokes it.
type Lambda func(ctx context.Context, e events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error)

// FromHandler wraps a route group's http.Handler the way its Lambda main does (httpapi.Proxy).
func FromHandler(h http.Handler) Lambda { return httpapi.Proxy(h) }

// Gateway routes each request to the Lambda owning the longest path prefix that matches it.
type Gateway struct {
	routes map[string]Lambda
	// Timeout is the integration timeout; API Gateway's HTTP API allows at most 30 s.
	Timeout time.Duration
}

// New returns a gateway for the Lambdas keyed by the path prefix each owns ("/api/audio"). A
// prefix matches the path itself and every path below it, at a segment boundary: /api/audio
// matches /api/audio and /api/audio/x, never /api/audiobooks. A group owning several prefixes
// is listed under each.
func New(routes map[string]Lambda) *Gateway {
	return &Gateway{routes: routes, Timeout: 30 * time.Second}
}

// route returns the Lambda owning the longest prefix that matches path, and that prefix.
func (g *Gateway) route(path string) (Lambda, string, bool) {
	best := ""
	for prefix := range g.routes {
		if len(prefix) > len(best) && (path == prefix || strings.HasPrefix(path, prefix+"/")) {
			best = prefix
		}
	}
	fn, ok := g.routes[best]
	return fn, best, ok && best != ""
}

// ServeHTTP invokes the Lambda of the request's route group.
func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	fn, prefix, ok := g.route(r.URL.Path)
	if !ok {
		writeJSON(w, http.StatusNotFound, `{"message":"Not Found"}`)
		return
	}
	event, err := toEvent(r)
	if err == errTooLarge {
		writeJSON(w, http.StatusRequestEntityTooLarge, `{"message":"Request Entity Too Large"}`)
		return
	}
	if err != nil {
		writeJSON(w, http.StatusBadRequest, `{"message":"Bad Request"}`)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), g.Timeout)
	defer cancel()
	res, err := fn(ctx, event)
	if err != nil {
		slog.Error("lambda failed", "prefix", prefix, "request_id", event.RequestContext.RequestID, "err", err)
		writeJSON(w, http.StatusInternalServerError, `{"message":"Internal Server Error"}`)
		return
	}
	writeResponse(w, res)
}

var errTooLarge = fmt.Errorf("payload too large")

func toEvent(r *http.Request) (events.APIGatewayV2HTTPRequest, error) {
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxPayload+1))
	if err != nil {
		return events.APIGatewayV2HTTPRequest{}, err
	}
	e := events.APIGatewayV2HTTPRequest{
		Version: "2.0", RouteKey: "$default", RawPath: r.URL.Path, RawQueryString: r.URL.RawQuery,
		Headers: map[string]string{}, QueryStringParameters: map[string]string{},
	}
	// API Gateway base64-encodes bodies that are not text; the payload limit counts the encoding.
	if utf8.Valid(body) {
		e.Body = string(body)
	} else {
		e.Body, e.IsBase64Encoded = base64.StdEncoding.EncodeToString(body), true
	}
	if len(e.Body) > MaxPayload {
		return e, errTooLarge
	}
	for name, vals := range r.Header {
		n := strings.ToLower(name)
		if n == "cookie" {
			for _, v := range vals {
				for _, c := range strings.Split(v, ";") {
					if c = strings.TrimSpace(c); c != "" {
						e.Cookies = append(e.Cookies, c)
					}
				}
			}
			continue
		}
		e.Headers[n] = strings.Join(vals, ",")
	}
	for k, vals := range r.URL.Query() {
		e.QueryStringParameters[k] = strings.Join(vals, ",")
	}
	ip, _, _ := net.SplitHostPort(r.RemoteAddr)
	now := time.Now()
	e.RequestContext = events.APIGatewayV2HTTPRequestContext{
		RouteKey: "$default", Stage: "$default", RequestID: uuid.NewString(), DomainName: r.Host,
		APIID: "local", AccountID: "000000000000", TimeEpoch: now.UnixMilli(),
		Time: now.UTC().Format("02/Jan/2006:15:04:05 -0700"),
		HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{
			Method: r.Method, Path: r.URL.Path, Protocol: r.Proto, SourceIP: ip, UserAgent: r.UserAgent(),
		},
	}
	return e, nil
}

func writeResponse(w http.ResponseWriter, res events.APIGatewayV2HTTPResponse) {
	keys := make([]string, 0, len(res.Headers))
	for k := range res.Headers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		w.Header().Set(k, res.Headers[k])
	}
	for k, vals := range res.MultiValueHeaders {
		for _, v := range vals {
			w.Header().Add(k, v)
		}
	}
	for _, c := range res.Cookies {
		w.Header().Add("Set-Cookie", c)
	}
	status := res.StatusCode
	if status == 0 {
		status = http.StatusOK
	}
	body := []byte(res.Body)
	if res.IsBase64Encoded {
		if b, err := base64.StdEncoding.DecodeString(res.Body); err == nil {
			body = b
		}
	}
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func writeJSON(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}
