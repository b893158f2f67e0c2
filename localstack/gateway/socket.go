package gateway

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/coder/websocket"
	"github.com/google/uuid"

	"zuum/localstack/edge"
)

// SocketLambda is a WebSocket API's function as API Gateway invokes it.
type SocketLambda func(ctx context.Context, e events.APIGatewayWebsocketProxyRequest) (events.APIGatewayProxyResponse, error)

// MaxMessage is API Gateway's largest WebSocket message (128 KB); a bigger one closes the
// connection with 1009 (message too big).
const MaxMessage = 128 * 1024

// Sockets is the local stand-in for an API Gateway WebSocket API: it accepts WebSockets on the
// app's path, turns the upgrade into a CONNECT event (refused unless the function answers 2xx),
// each text message into a MESSAGE event whose route is the message's "action" when the API has
// that route ($default otherwise, and for anything that is not a JSON object), and the close into
// a DISCONNECT event, all for the same function that runs in AWS. Its connections are what the
// edge's @connections API posts to, reads and closes (edge.Connections).
type Sockets struct {
	fn     SocketLambda
	stage  string
	routes map[string]bool
	// Timeout bounds one invocation (API Gateway's integration timeout is 29 s).
	Timeout time.Duration

	mu    sync.Mutex
	conns map[string]*socket
	live  sync.WaitGroup // connections not yet through their $disconnect
}

// socket is one open connection.
type socket struct {
	// ready closes once the upgrade is done (ws is set, or nil when it failed): a post that
	// comes between $connect's answer and the end of the handshake waits for it.
	ready       chan struct{}
	ws          *websocket.Conn
	connectedAt time.Time
	sourceIP    string
	userAgent   string

	mu         sync.Mutex
	lastActive time.Time
}

// NewSockets returns the WebSocket API with the function fn, its stage name and its route keys
// besides $connect, $disconnect and $default.
func NewSockets(fn SocketLambda, stage string, routes []string) *Sockets {
	s := &Sockets{fn: fn, stage: stage, routes: map[string]bool{}, Timeout: 29 * time.Second, conns: map[string]*socket{}}
	for _, r := range routes {
		s.routes[r] = true
	}
	return s
}

// newConnectionID makes an id shaped like API Gateway's (12 random bytes, base64 with padding).
func newConnectionID() string {
	b := make([]byte, 11)
	_, _ = rand.Read(b)
	return base64.StdEncoding.EncodeToString(b)
}

// ServeHTTP takes a WebSocket upgrade: $connect decides, then the connection lives until either
// side closes it.
func (s *Sockets) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		writeJSON(w, http.StatusBadRequest, `{"message":"Bad Request: a WebSocket upgrade is expected"}`)
		return
	}
	id := newConnectionID()
	ip, _, _ := net.SplitHostPort(r.RemoteAddr)
	now := time.Now()
	sock := &socket{ready: make(chan struct{}), connectedAt: now, lastActive: now, sourceIP: ip, userAgent: r.UserAgent()}
	connect := s.event(id, r.Host, "$connect", "CONNECT", sock, "")
	connect.Headers, connect.MultiValueHeaders = map[string]string{}, map[string][]string{}
	for name, vals := range r.Header {
		connect.Headers[name] = strings.Join(vals, ",")
		connect.MultiValueHeaders[name] = vals
	}
	connect.QueryStringParameters, connect.MultiValueQueryStringParameters = map[string]string{}, map[string][]string{}
	for k, vals := range r.URL.Query() {
		connect.QueryStringParameters[k] = vals[len(vals)-1]
		connect.MultiValueQueryStringParameters[k] = vals
	}
	res, err := s.invoke(r.Context(), connect)
	if err != nil {
		writeJSON(w, http.StatusInternalServerError, `{"message":"Internal server error"}`)
		return
	}
	if res.StatusCode < 200 || res.StatusCode > 299 {
		writeResponse(w, events.APIGatewayV2HTTPResponse{StatusCode: res.StatusCode, Headers: res.Headers, Body: res.Body})
		return
	}
	// The connection is the function's from $connect's answer on (it may post to it at once).
	s.mu.Lock()
	s.conns[id] = sock
	s.live.Add(1)
	s.mu.Unlock()
	defer s.live.Done()
	// API Gateway checks no Origin: the session cookie is SameSite=Lax, so another site's page
	// cannot open a signed-in socket, and a token must be known to be sent.
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		close(sock.ready)
		s.disconnect(id, r.Host, sock)
		return
	}
	ws.SetReadLimit(MaxMessage)
	sock.ws = ws
	close(sock.ready)
	s.serve(id, r.Host, sock)
}

// serve reads the connection's messages until it closes, one MESSAGE event each, in order.
func (s *Sockets) serve(id, host string, sock *socket) {
	defer s.disconnect(id, host, sock)
	ctx := context.Background()
	for {
		kind, data, err := sock.ws.Read(ctx)
		if err != nil {
			return
		}
		sock.mu.Lock()
		sock.lastActive = time.Now()
		sock.mu.Unlock()
		if kind != websocket.MessageText {
			continue // API Gateway's routes take text; binary frames reach no route here
		}
		res, err := s.invoke(ctx, s.event(id, host, s.routeOf(data), "MESSAGE", sock, string(data)))
		if err != nil || res.StatusCode >= 500 {
			// What API Gateway sends a client whose integration failed.
			raw, _ := json.Marshal(map[string]string{"message": "Internal server error", "connectionId": id, "requestId": uuid.NewString()})
			_ = sock.ws.Write(ctx, websocket.MessageText, raw)
		}
	}
}

// routeOf is the route key $request.body.action selects: the action when the API has that route,
// else $default.
func (s *Sockets) routeOf(data []byte) string {
	var body struct {
		Action any `json:"action"`
	}
	if json.Unmarshal(data, &body) == nil {
		if a, ok := body.Action.(string); ok && s.routes[a] {
			return a
		}
	}
	return "$default"
}

// disconnect forgets the connection and tells the function.
func (s *Sockets) disconnect(id, host string, sock *socket) {
	s.mu.Lock()
	delete(s.conns, id)
	s.mu.Unlock()
	if sock.ws != nil {
		_ = sock.ws.CloseNow()
	}
	if _, err := s.invoke(context.Background(), s.event(id, host, "$disconnect", "DISCONNECT", sock, "")); err != nil {
		slog.Error("socket: $disconnect failed", "conn", id, "err", err)
	}
}

func (s *Sockets) invoke(ctx context.Context, e events.APIGatewayWebsocketProxyRequest) (events.APIGatewayProxyResponse, error) {
	ctx, cancel := context.WithTimeout(ctx, s.Timeout)
	defer cancel()
	res, err := s.fn(ctx, e)
	if err != nil {
		slog.Error("socket lambda failed", "route", e.RequestContext.RouteKey, "request_id", e.RequestContext.RequestID, "err", err)
	}
	return res, err
}

// event is the WebSocket event API Gateway sends for a connection.
func (s *Sockets) event(id, host, route, kind string, sock *socket, body string) events.APIGatewayWebsocketProxyRequest {
	now := time.Now()
	e := events.APIGatewayWebsocketProxyRequest{
		Body: body,
		RequestContext: events.APIGatewayWebsocketProxyRequestContext{
			RouteKey: route, EventType: kind, ConnectionID: id, DomainName: host, Stage: s.stage,
			APIID: "local", AccountID: "000000000000", RequestID: uuid.NewString(), ExtendedRequestID: uuid.NewString(),
			MessageDirection: "IN", ConnectedAt: sock.connectedAt.UnixMilli(),
			RequestTime: now.UTC().Format("02/Jan/2006:15:04:05 -0700"), RequestTimeEpoch: now.UnixMilli(),
			Identity: events.APIGatewayRequestIdentity{SourceIP: sock.sourceIP, UserAgent: sock.userAgent},
		},
	}
	if kind == "MESSAGE" {
		e.RequestContext.MessageID = uuid.NewString()
	}
	return e
}

// open returns connection id once its handshake is done; false when it is not open.
func (s *Sockets) open(ctx context.Context, id string) (*socket, bool) {
	s.mu.Lock()
	sock, ok := s.conns[id]
	s.mu.Unlock()
	if !ok {
		return nil, false
	}
	select {
	case <-sock.ready:
	case <-ctx.Done():
		return nil, false
	}
	return sock, sock.ws != nil
}

// Post sends data to connection id as a text message (edge.Connections).
func (s *Sockets) Post(ctx context.Context, id string, data []byte) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	sock, ok := s.open(ctx, id)
	if !ok {
		return false, nil
	}
	if err := sock.ws.Write(ctx, websocket.MessageText, data); err != nil {
		var ce websocket.CloseError
		if errors.As(err, &ce) || errors.Is(err, net.ErrClosed) {
			return false, nil
		}
		return true, err
	}
	return true, nil
}

// Get describes connection id (edge.Connections).
func (s *Sockets) Get(id string) (edge.Connection, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	sock, ok := s.open(ctx, id)
	if !ok {
		return edge.Connection{}, false
	}
	sock.mu.Lock()
	defer sock.mu.Unlock()
	return edge.Connection{ConnectedAt: sock.connectedAt, LastActiveAt: sock.lastActive, SourceIP: sock.sourceIP, UserAgent: sock.userAgent}, true
}

// Delete closes connection id as the management API's DeleteConnection does (edge.Connections);
// its DISCONNECT event follows.
func (s *Sockets) Delete(ctx context.Context, id string) bool {
	sock, ok := s.open(ctx, id)
	if !ok {
		return false
	}
	go func() { _ = sock.ws.Close(websocket.StatusNormalClosure, "") }()
	return true
}

// CloseAll closes every open connection (the app is stopping) and waits, at most 5 seconds, for
// their DISCONNECT events to be handled.
func (s *Sockets) CloseAll() {
	s.mu.Lock()
	all := make([]*socket, 0, len(s.conns))
	for _, sock := range s.conns {
		all = append(all, sock)
	}
	s.mu.Unlock()
	for _, sock := range all {
		go func() {
			<-sock.ready
			if sock.ws != nil {
				_ = sock.ws.Close(websocket.StatusGoingAway, "")
			}
		}()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = s.Drained(ctx)
}

// Drained waits until no connection is open or waiting for its DISCONNECT event to be handled,
// or ctx ends (its error then). A test that closed every connection waits here for $disconnect.
func (s *Sockets) Drained(ctx context.Context) error {
	done := make(chan struct{})
	go func() { s.live.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
