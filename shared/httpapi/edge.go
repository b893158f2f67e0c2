package httpapi

import (
	"context"
	"crypto/subtle"
	"net"
	"net/http"
	"net/netip"
	"strings"

	"github.com/awslabs/aws-lambda-go-api-proxy/core"
)

// Headers between the CDN and the API. CloudFront adds ViewerAddressHeader itself (the /api/*
// origin request policy names it) and sends OriginHeader, with the stack's origin secret as its
// value, on every request it forwards to the API; the local cloud's CDN stand-in does the same.
const (
	ViewerAddressHeader = "CloudFront-Viewer-Address"
	OriginHeader        = "X-Zuum-Origin"
)

// ForbiddenMessage answers a call that skipped the CDN where the CDN is required; it is what API
// Gateway itself answers a refused call with.
const ForbiddenMessage = "Forbidden"

// Edge is what the API knows of the CDN in front of it. In AWS every /api call reaches API Gateway
// from a CloudFront server, so API Gateway's sourceIp is an edge address shared by everyone
// behind that edge; the viewer's own address arrives in ViewerAddressHeader, which the API
// believes only on requests carrying Secret, since anyone can call the API's own URL directly
// and set any header.
type Edge struct {
	// Secret is the value of OriginHeader on requests that came through the CDN. Empty: no
	// request is recognised as such and ClientIP is always sourceIp.
	Secret string
	// Required refuses every request that did not come through the CDN with a 403, as a group
	// that limits per address must not be called around those limits.
	Required bool
}

type viewerKey struct{}

// Wrap returns next behind the edge check: on a request carrying the secret, ClientIP becomes
// the viewer address the CDN reported; without it the address header is ignored (or, when
// Required, the request is refused). The secret header never reaches next.
func (e Edge) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := r.Header.Get(OriginHeader)
		r.Header.Del(OriginHeader)
		via := e.Secret != "" && subtle.ConstantTimeCompare([]byte(got), []byte(e.Secret)) == 1
		if !via && e.Required {
			JSON(w, http.StatusForbidden, ErrorBody{Message: ForbiddenMessage})
			return
		}
		if via {
			if ip, ok := ParseViewerAddress(r.Header.Get(ViewerAddressHeader)); ok {
				r = r.WithContext(context.WithValue(r.Context(), viewerKey{}, ip))
			}
		}
		next.ServeHTTP(w, r)
	})
}

// ParseViewerAddress returns the address part of a CloudFront-Viewer-Address value, which is
// the viewer's IP and source port joined by a colon without brackets, also for IPv6
// ("198.51.100.10:46532", "2001:db8::1:46532"): the port is what follows the last colon.
func ParseViewerAddress(v string) (string, bool) {
	i := strings.LastIndexByte(v, ':')
	if i <= 0 {
		return "", false
	}
	host := strings.TrimSuffix(strings.TrimPrefix(v[:i], "["), "]")
	addr, err := netip.ParseAddr(host)
	if err != nil || addr.Zone() != "" {
		return "", false
	}
	return addr.Unmap().String(), true
}

// ClientIP is the caller's address: the viewer address the CDN reported when Edge.Wrap vouched
// for the request, otherwise the caller as API Gateway saw it (sourceIp), falling back to the
// socket peer outside a Lambda invocation.
func ClientIP(r *http.Request) string {
	if ip, ok := r.Context().Value(viewerKey{}).(string); ok {
		return ip
	}
	if rc, ok := core.GetAPIGatewayV2ContextFromContext(r.Context()); ok && rc.HTTP.SourceIP != "" {
		return rc.HTTP.SourceIP
	}
	if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return host
	}
	return r.RemoteAddr
}
