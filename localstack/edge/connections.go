package edge

import (
	"context"
	"crypto/hmac"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// serviceExecuteAPI is API Gateway's management API (@connections) in a credential scope.
const serviceExecuteAPI = "execute-api"

// Connection is what the management API's GetConnection tells about an open WebSocket.
type Connection struct {
	ConnectedAt  time.Time
	LastActiveAt time.Time
	SourceIP     string
	UserAgent    string
}

// Connections are the open WebSockets of a local WebSocket API (the app's /ws), which the edge's
// @connections API reaches the way API Gateway's management endpoint does.
type Connections interface {
	// Post sends data to connection id as one text frame; false when it is not open.
	Post(ctx context.Context, id string, data []byte) (bool, error)
	// Get describes connection id; false when it is not open.
	Get(id string) (Connection, bool)
	// Delete closes connection id; false when it was not open.
	Delete(ctx context.Context, id string) bool
}

// sockets holds the Connections the edge serves, once the app has registered them.
type sockets struct {
	mu    sync.RWMutex
	conns Connections
}

// ServeConnections makes the edge answer the @connections API (POST, GET and DELETE
// /<stage>/@connections/<id>, signed for execute-api) for conns, replacing any earlier ones.
func (e *Edge) ServeConnections(conns Connections) {
	e.sockets.mu.Lock()
	defer e.sockets.mu.Unlock()
	e.sockets.conns = conns
}

// maxPostSize is API Gateway's largest WebSocket message, which PostToConnection also allows.
const maxPostSize = 128 * 1024

// connectionPath is a management API path: the stage (empty when the endpoint has none), then
// @connections and the connection id, percent-encoded as the SDK sends it.
var connectionPath = regexp.MustCompile(`^(?:/[^/]+)?/@connections/([^/]+)$`)

// serveConnections is the management API. Errors are API Gateway's rest-json errors: the type in
// X-Amzn-ErrorType and {"message"} in the body, which the SDK turns into GoneException and so on.
func (e *Edge) serveConnections(w http.ResponseWriter, r *http.Request) {
	m := connectionPath.FindStringSubmatch(r.URL.EscapedPath())
	if m == nil {
		apiError(w, http.StatusNotFound, "NotFoundException", "No method found matching route "+r.URL.Path+" for http method "+r.Method+".")
		return
	}
	id, err := url.PathUnescape(m[1])
	if err != nil {
		apiError(w, http.StatusBadRequest, "BadRequestException", "Invalid connectionId: "+m[1])
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxPostSize+1))
	if err != nil {
		apiError(w, http.StatusBadRequest, "BadRequestException", "unreadable body")
		return
	}
	if msg := e.verifyAPIRequest(r, body); msg != "" {
		apiError(w, http.StatusForbidden, "ForbiddenException", msg)
		return
	}
	e.sockets.mu.RLock()
	conns := e.sockets.conns
	e.sockets.mu.RUnlock()
	if conns == nil {
		apiError(w, http.StatusGone, "GoneException", "")
		return
	}
	switch r.Method {
	case http.MethodPost:
		if len(body) > maxPostSize {
			apiError(w, http.StatusRequestEntityTooLarge, "PayloadTooLargeException", "Message too long")
			return
		}
		found, err := conns.Post(r.Context(), id, body)
		switch {
		case !found:
			apiError(w, http.StatusGone, "GoneException", "")
		case err != nil:
			apiError(w, http.StatusGone, "GoneException", err.Error())
		default:
			w.WriteHeader(http.StatusOK)
		}
	case http.MethodGet:
		c, found := conns.Get(id)
		if !found {
			apiError(w, http.StatusGone, "GoneException", "")
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"connectedAt":  c.ConnectedAt.UTC().Format(time.RFC3339Nano),
			"lastActiveAt": c.LastActiveAt.UTC().Format(time.RFC3339Nano),
			"identity":     map[string]string{"sourceIp": c.SourceIP, "userAgent": c.UserAgent},
		})
	case http.MethodDelete:
		if !conns.Delete(r.Context(), id) {
			apiError(w, http.StatusGone, "GoneException", "")
			return
		}
		w.WriteHeader(http.StatusNoContent)
	default:
		apiError(w, http.StatusNotFound, "NotFoundException", "No method found matching route "+r.URL.Path+" for http method "+r.Method+".")
	}
}

// verifyAPIRequest checks r's SigV4 Authorization as API Gateway does for execute-api: the
// signature over the canonical request (its path encoded a second time, as for every service
// but S3) and the body's hash. It returns why it fails, or "".
func (e *Edge) verifyAPIRequest(r *http.Request, body []byte) string {
	found := map[string]string{}
	alg, params, _ := strings.Cut(r.Header.Get("Authorization"), " ")
	for _, m := range authParam.FindAllStringSubmatch(params, -1) {
		found[m[1]] = m[2]
	}
	cred, ok := parseCredential(found["Credential"])
	if alg != sigV4Algorithm || !ok || found["SignedHeaders"] == "" || found["Signature"] == "" {
		return "Missing Authentication Token"
	}
	secret, known := e.credentials[cred.accessKey]
	if !known {
		return "The security token included in the request is invalid."
	}
	amzDate := r.Header.Get("X-Amz-Date")
	if !strings.HasPrefix(amzDate, cred.date) || cred.service != serviceExecuteAPI {
		return "Credential should be scoped to a valid date and the execute-api service."
	}
	payload := sha256Hex(string(body))
	if h := r.Header.Get("X-Amz-Content-Sha256"); h != "" && h != payload {
		return "The provided payload hash does not match the body."
	}
	key := signingKey(secret, cred)
	query := canonicalQuery(r.URL.RawQuery, "")
	headers := canonicalHeaders(r, found["SignedHeaders"])
	for _, path := range uniq(uriEncode(r.URL.EscapedPath(), false), r.URL.EscapedPath()) {
		canonical := strings.Join([]string{r.Method, path, query, headers, found["SignedHeaders"], payload}, "\n")
		stringToSign := strings.Join([]string{sigV4Algorithm, amzDate, cred.scope(), sha256Hex(canonical)}, "\n")
		want := hex.EncodeToString(hmacSHA256(key, stringToSign))
		if hmac.Equal([]byte(want), []byte(strings.ToLower(found["Signature"]))) {
			return ""
		}
	}
	return "The request signature we calculated does not match the signature you provided."
}

// apiError writes an API Gateway rest-json error.
func apiError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Amzn-ErrorType", code)
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"message": msg})
}

// unknownService answers a request signed for a service the edge does not emulate.
func unknownService(w http.ResponseWriter, service string, served map[string]http.Handler) {
	names := make([]string, 0, len(served))
	for name := range served {
		names = append(names, name)
	}
	slices.Sort(names)
	apiError(w, http.StatusNotImplemented, "UnknownServiceException",
		"the local edge does not emulate the AWS service "+strconv.Quote(service)+"; it serves "+strings.Join(names, ", "))
}
