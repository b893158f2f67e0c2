package httpapi

import (
	"context"
	"net/http"
	"testing"

	"github.com/aws/aws-lambda-go/events"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"
)

// edgeAddress is a CloudFront server's address as API Gateway reports it (sourceIp).
const edgeAddress = "130.176.12.34"

// viaAdapter sends one API Gateway v2 event with headers through the Lambda adapter to
// e.Wrap(handler), where the handler answers with ClientIP and whether the origin secret reached it.
func viaAdapter(t *testing.T, e Edge, headers map[string]string) events.APIGatewayV2HTTPResponse {
	t.Helper()
	h := e.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get(OriginHeader) != "" {
			w.WriteHeader(http.StatusTeapot)
		}
		_, _ = w.Write([]byte(ClientIP(r)))
	}))
	res, err := httpadapter.NewV2(h).ProxyWithContext(context.Background(), events.APIGatewayV2HTTPRequest{
		Version: "2.0", RawPath: "/api/auth/signup", Headers: headers,
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "POST", Path: "/api/auth/signup", SourceIP: edgeAddress},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestClientIP_TrustsTheViewerAddressOnlyWithTheOriginSecret(t *testing.T) {
	t.Parallel()
	edge := Edge{Secret: "s3cret-from-the-stack"}
	cases := []struct {
		name    string
		edge    Edge
		headers map[string]string
		want    string
	}{
		{"ipv4 viewer through the CDN", edge,
			map[string]string{"cloudfront-viewer-address": "198.51.100.10:46532", "x-zuum-origin": edge.Secret}, "198.51.100.10"},
		{"ipv6 viewer: the port follows the last colon", edge,
			map[string]string{"cloudfront-viewer-address": "2001:db8::1:46532", "x-zuum-origin": edge.Secret}, "2001:db8::1"},
		{"bracketed ipv6", edge,
			map[string]string{"cloudfront-viewer-address": "[2001:db8::7]:443", "x-zuum-origin": edge.Secret}, "2001:db8::7"},
		{"ipv4-mapped ipv6 is the ipv4 address", edge,
			map[string]string{"cloudfront-viewer-address": "::ffff:198.51.100.11:80", "x-zuum-origin": edge.Secret}, "198.51.100.11"},
		{"spoofed viewer address without the secret", edge,
			map[string]string{"cloudfront-viewer-address": "203.0.113.99:1"}, edgeAddress},
		{"spoofed viewer address with a wrong secret", edge,
			map[string]string{"cloudfront-viewer-address": "203.0.113.99:1", "x-zuum-origin": "guess"}, edgeAddress},
		{"secret but no viewer address", edge,
			map[string]string{"x-zuum-origin": edge.Secret}, edgeAddress},
		{"secret but an address without a port", edge,
			map[string]string{"cloudfront-viewer-address": "198.51.100.10", "x-zuum-origin": edge.Secret}, edgeAddress},
		{"secret but garbage", edge,
			map[string]string{"cloudfront-viewer-address": "localhost:80", "x-zuum-origin": edge.Secret}, edgeAddress},
		{"no secret configured: an empty origin header proves nothing", Edge{},
			map[string]string{"cloudfront-viewer-address": "203.0.113.99:1", "x-zuum-origin": ""}, edgeAddress},
		{"no secret configured and a guessed one", Edge{},
			map[string]string{"cloudfront-viewer-address": "203.0.113.99:1", "x-zuum-origin": "anything"}, edgeAddress},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := viaAdapter(t, c.edge, c.headers)
			if res.StatusCode != http.StatusOK || res.Body != c.want {
				t.Fatalf("got %d %q, want %q", res.StatusCode, res.Body, c.want)
			}
		})
	}
}

func TestEdge_RequiredRefusesCallsThatSkipTheCDN(t *testing.T) {
	t.Parallel()
	edge := Edge{Secret: "s3cret-from-the-stack", Required: true}
	for name, headers := range map[string]map[string]string{
		"no secret":    {"cloudfront-viewer-address": "198.51.100.10:46532"},
		"wrong secret": {"cloudfront-viewer-address": "198.51.100.10:46532", "x-zuum-origin": "s3cret-from-the-stacK"},
	} {
		res := viaAdapter(t, edge, headers)
		if res.StatusCode != http.StatusForbidden || res.Body != `{"message":"Forbidden"}`+"\n" {
			t.Errorf("%s: %d %q", name, res.StatusCode, res.Body)
		}
	}
	res := viaAdapter(t, edge, map[string]string{"cloudfront-viewer-address": "198.51.100.10:46532", "x-zuum-origin": edge.Secret})
	if res.StatusCode != http.StatusOK || res.Body != "198.51.100.10" {
		t.Fatalf("through the CDN: %d %q", res.StatusCode, res.Body)
	}
}

func TestClientIP_WithoutALambdaEventIsTheSocketPeer(t *testing.T) {
	t.Parallel()
	r, _ := http.NewRequest("GET", "/", nil)
	r.RemoteAddr = "[2001:db8::5]:5000"
	if got := ClientIP(r); got != "2001:db8::5" {
		t.Fatalf("got %q", got)
	}
}
