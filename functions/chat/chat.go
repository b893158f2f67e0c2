// Package chat is the chat WebSocket API's function (route group chat): API Gateway invokes it
// with the CONNECT, DISCONNECT and MESSAGE events of each connection, the route chosen from the
// frame's "action" ($request.body.action). It answers through the @connections management API,
// never in the invocation's response, so every frame a client gets is one posted to it. The
// frames are functions/asyncapi.yaml.
package chat

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math"
	"net/http"
	"strings"
	"sync"

	"github.com/aws/aws-lambda-go/events"

	"zuum/shared/chat"
	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/session"
)

// Poster posts a frame to a connection (chat.ErrGone when it has closed) and closes one.
type Poster interface {
	Post(ctx context.Context, conn string, data []byte) error
	Close(ctx context.Context, conn string) error
}

// Sessions authenticates the upgrade's token and, on every later frame, the session the
// connection was opened with (session.Users).
type Sessions interface {
	httpapi.Authenticator
	Resume(ctx context.Context, userID, sessionID string, epoch int64) (session.Session, error)
}

// Handler serves the chat socket's events.
type Handler struct {
	sessions Sessions
	rooms    *chat.Store
	conns    *chat.Connections
	push     Poster
	origin   string
}

// New returns the chat function. Every frame is judged by the session its connection was opened
// with, so that a socket stops with its session: logout, a password reset, a deactivation.
// origin is the app's own origin (APP_URL): an upgrade from a page of any other is refused.
func New(sessions Sessions, rooms *chat.Store, conns *chat.Connections, push Poster, origin string) *Handler {
	return &Handler{sessions: sessions, rooms: rooms, conns: conns, push: push, origin: origin}
}

// Route keys of the WebSocket API (schema.ChatSocket.Routes and API Gateway's own).
const (
	routeConnect    = "$connect"
	routeDisconnect = "$disconnect"
	routeJoin       = "joinChat"
	routeSend       = "sendMessage"
	routeFetch      = "fetchMessages"
	routeMarkRead   = "markRead"
)

// Texts of the error event that the domain does not own.
const (
	msgUnauthorized = "Unauthorized: Invalid or missing token"
	msgMalformed    = "Unknown or malformed frame"
	msgOwnChatOnly  = "You can only join your own chat"
)

// Handle answers one event. Refusing $connect is a 401 response (API Gateway then refuses the
// upgrade); every other answer is a frame posted to the connection, and the response is 200.
func (h *Handler) Handle(ctx context.Context, e events.APIGatewayWebsocketProxyRequest) (events.APIGatewayProxyResponse, error) {
	conn := e.RequestContext.ConnectionID
	switch e.RequestContext.RouteKey {
	case routeConnect:
		return h.connect(ctx, e), nil
	case routeDisconnect:
		if err := h.conns.Remove(ctx, conn); err != nil {
			slog.ErrorContext(ctx, "chat: disconnect", "conn", conn, "err", err)
		}
		return ok(), nil
	}
	o, err := h.owner(ctx, conn)
	if err != nil {
		h.fail(ctx, conn, e, err)
		if errors.Is(err, chat.ErrNotConnected) {
			h.hangUp(ctx, conn)
		}
		return ok(), nil
	}
	user := o.UserID
	var f frame
	if json.Unmarshal([]byte(e.Body), &f) != nil {
		h.post(ctx, conn, errorEvent(msgMalformed, ""))
		return ok(), nil
	}
	switch e.RequestContext.RouteKey {
	case routeJoin:
		h.join(ctx, conn, user, f)
	case routeSend:
		h.send(ctx, conn, user, f)
	case routeFetch:
		h.fetch(ctx, conn, user, f)
	case routeMarkRead:
		h.markRead(ctx, conn, user, f)
	default: // $default: not JSON, no action, or one the API has no route for
		h.post(ctx, conn, errorEvent(msgMalformed, ""))
	}
	return ok(), nil
}

// owner is whose conn is, while the session it was opened with is live; chat.ErrNotConnected
// when it is unknown, expired or its session has ended, the connection then forgotten.
func (h *Handler) owner(ctx context.Context, conn string) (chat.Owner, error) {
	o, err := h.conns.Owner(ctx, conn)
	if errors.Is(err, chat.ErrNotConnected) {
		if err := h.conns.Remove(ctx, conn); err != nil {
			return o, err
		}
		return o, chat.ErrNotConnected
	}
	if err != nil {
		return o, err
	}
	return o, h.live(ctx, conn, o)
}

// live refuses the frames of a connection whose session has ended since it connected (logout,
// expiry), whose account's session epoch moved on (a password reset) or whose account was
// deactivated or is gone: the connection is forgotten and the frame answered as one of an
// expired connection (chat.ErrNotConnected), then closed (hangUp); reconnecting is refused, as
// the session is.
func (h *Handler) live(ctx context.Context, conn string, o chat.Owner) error {
	_, err := h.sessions.Resume(ctx, o.UserID, o.SessionID, o.Epoch)
	if err == nil || !failure.Is(err, failure.Unauthorized) {
		return err
	}
	if err := h.conns.RemoveOf(ctx, o.UserID, conn); err != nil {
		return err
	}
	return chat.ErrNotConnected
}

// hangUp closes conn (the management API's DeleteConnection), after the answer to its frame.
func (h *Handler) hangUp(ctx context.Context, conn string) {
	if err := h.push.Close(ctx, conn); err != nil {
		slog.ErrorContext(ctx, "chat: close", "conn", conn, "err", err)
	}
}

func ok() events.APIGatewayProxyResponse {
	return events.APIGatewayProxyResponse{StatusCode: http.StatusOK}
}

// connect authenticates the upgrade with the session cookie (browsers cannot set headers on a
// WebSocket), a token query parameter, or a Bearer header, and records the connection with the
// session it was opened with. An upgrade the cookie authenticates must come from the app's own
// page (its Origin, else its Referer): another site's page would ride on the browser's cookie,
// which API Gateway does not stop. A client that sends the token itself needs no Origin.
func (h *Handler) connect(ctx context.Context, e events.APIGatewayWebsocketProxyRequest) events.APIGatewayProxyResponse {
	token, byCookie := connectToken(e)
	if token == "" {
		return refuse()
	}
	if byCookie && !httpapi.SameOrigin(h.origin, headers(e)) {
		return events.APIGatewayProxyResponse{StatusCode: http.StatusForbidden,
			Headers: map[string]string{"Content-Type": "application/json"}, Body: `{"message":"` + httpapi.MsgForeignOrigin + `"}`}
	}
	session, err := h.sessions.Authenticate(ctx, token)
	if failure.Is(err, failure.Unauthorized) {
		return refuse()
	}
	if err == nil {
		err = h.conns.Add(ctx, e.RequestContext.ConnectionID, chat.Owner{
			UserID: session.UserID, SessionID: session.SessionID, Epoch: session.Account.SessionEpoch})
	}
	if err != nil {
		slog.ErrorContext(ctx, "chat: connect", "request_id", e.RequestContext.RequestID, "err", err)
		return events.APIGatewayProxyResponse{StatusCode: http.StatusInternalServerError,
			Headers: map[string]string{"Content-Type": "application/json"}, Body: `{"message":"` + httpapi.ServerErrorMessage + `"}`}
	}
	return ok()
}

func refuse() events.APIGatewayProxyResponse {
	return events.APIGatewayProxyResponse{StatusCode: http.StatusUnauthorized,
		Headers: map[string]string{"Content-Type": "application/json"}, Body: `{"message":"` + msgUnauthorized + `"}`}
}

// headers are a $connect event's headers.
func headers(e events.APIGatewayWebsocketProxyRequest) http.Header {
	h := http.Header{}
	for name, v := range e.Headers {
		h.Set(name, v)
	}
	return h
}

// connectToken is the session token of a $connect event: the token query parameter, a Bearer
// Authorization header, then the session cookie (byCookie).
func connectToken(e events.APIGatewayWebsocketProxyRequest) (token string, byCookie bool) {
	if t := strings.TrimSpace(e.QueryStringParameters["token"]); t != "" {
		return t, false
	}
	var cookies []string
	for name, v := range e.Headers {
		switch strings.ToLower(name) {
		case "authorization":
			if len(v) > 7 && strings.EqualFold(v[:7], "bearer ") {
				return strings.TrimSpace(v[7:]), false
			}
		case "cookie":
			cookies = append(cookies, v)
		}
	}
	for name, vs := range e.MultiValueHeaders {
		if strings.EqualFold(name, "cookie") {
			cookies = append(cookies, vs...)
		}
	}
	for _, line := range cookies {
		parsed, err := http.ParseCookie(line)
		if err != nil {
			continue
		}
		for _, c := range parsed {
			if c.Name == httpapi.SessionCookie && c.Value != "" {
				return c.Value, true
			}
		}
	}
	return "", false
}

// frame is a client frame; every field is optional, and one of the wrong type reads as missing.
type frame struct {
	Action     lenient `json:"action"`
	UserID     lenient `json:"userId"`
	Content    lenient `json:"content"`
	RoomID     lenient `json:"roomId"`
	ReceiverID lenient `json:"receiverId"`
	ClientID   lenient `json:"clientId"`
	Before     lenient `json:"before"`
}

// lenient is a string field that keeps a non-string value as "" instead of failing the frame.
type lenient string

func (l *lenient) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		*l = lenient(s)
	}
	return nil
}

func (l lenient) String() string { return strings.TrimSpace(string(l)) }

func (h *Handler) join(ctx context.Context, conn, user string, f frame) {
	if f.UserID.String() != user {
		h.post(ctx, conn, errorEvent(msgOwnChatOnly, ""))
		return
	}
	h.post(ctx, conn, event{Event: "joined", Data: map[string]string{"userId": user}})
}

// send stores the message, then pushes it to every open connection of both members and
// acknowledges it to the sending connection, all at once.
func (h *Handler) send(ctx context.Context, conn, user string, f frame) {
	clientID := f.ClientID.String()
	msg, err := h.rooms.Send(ctx, user, f.RoomID.String(), f.ReceiverID.String(), string(f.Content), clientID)
	if err != nil {
		refused := ackData{ClientID: clientID, Error: h.text(ctx, err)}
		if tooFast := (*chat.TooFast)(nil); errors.As(err, &tooFast) {
			refused.RetryAfter = int(math.Ceil(tooFast.RetryAfter.Seconds()))
		}
		h.post(ctx, conn, event{Event: "ack", Data: refused})
		return
	}
	var wg sync.WaitGroup
	wg.Go(func() { h.post(ctx, conn, event{Event: "ack", Data: ackData{ClientID: clientID, ID: msg.ID}}) })
	for _, member := range []string{user, f.ReceiverID.String()} {
		wg.Go(func() { h.deliver(ctx, member, event{Event: "receiveMessage", Data: messageJSON(msg)}) })
	}
	wg.Wait()
}

func (h *Handler) fetch(ctx context.Context, conn, user string, f frame) {
	room := f.RoomID.String()
	msgs, err := h.rooms.Recent(ctx, user, room, f.Before.String())
	if err != nil {
		h.post(ctx, conn, errorEvent(h.text(ctx, err), room))
		return
	}
	out := make([]message, 0, len(msgs))
	for _, m := range msgs {
		out = append(out, messageJSON(m))
	}
	h.post(ctx, conn, event{Event: "recentMessages", Data: out})
}

func (h *Handler) markRead(ctx context.Context, conn, user string, f frame) {
	room := f.RoomID.String()
	if err := h.rooms.MarkRead(ctx, user, room); err != nil {
		h.post(ctx, conn, errorEvent(h.text(ctx, err), room))
		return
	}
	h.post(ctx, conn, event{Event: "read", Data: map[string]string{"roomId": room}})
}

// fail answers a frame that could not be handled at all: its connection is unknown (a send gets
// its ack with the spec's "Not connected to server"), or reading it failed.
func (h *Handler) fail(ctx context.Context, conn string, e events.APIGatewayWebsocketProxyRequest, err error) {
	msg := h.text(ctx, err)
	if e.RequestContext.RouteKey == routeSend {
		var f frame
		_ = json.Unmarshal([]byte(e.Body), &f)
		h.post(ctx, conn, event{Event: "ack", Data: ackData{ClientID: f.ClientID.String(), Error: msg}})
		return
	}
	h.post(ctx, conn, errorEvent(msg, ""))
}

// text is what a client may learn of err: a domain error's message, else the server error text
// (the cause is logged).
func (h *Handler) text(ctx context.Context, err error) string {
	var fe *failure.Error
	if errors.As(err, &fe) && fe.Code != failure.Internal {
		return fe.Message
	}
	slog.ErrorContext(ctx, "chat: frame failed", "err", err)
	return httpapi.ServerErrorMessage
}

// deliver posts ev to every open connection of user whose session is still live, forgetting
// those that have closed; one whose session has ended gets nothing and is closed.
func (h *Handler) deliver(ctx context.Context, user string, ev event) {
	conns, err := h.conns.Of(ctx, user)
	if err != nil {
		slog.ErrorContext(ctx, "chat: read connections", "user", user, "err", err)
		return
	}
	raw, _ := json.Marshal(ev)
	var wg sync.WaitGroup
	for _, c := range conns {
		wg.Go(func() {
			_, err := h.owner(ctx, c)
			if errors.Is(err, chat.ErrNotConnected) {
				h.hangUp(ctx, c)
				return
			}
			if err == nil {
				err = h.push.Post(ctx, c, raw)
			}
			if errors.Is(err, chat.ErrGone) {
				err = h.conns.RemoveOf(ctx, user, c)
			}
			if err != nil {
				slog.ErrorContext(ctx, "chat: deliver", "user", user, "conn", c, "err", err)
			}
		})
	}
	wg.Wait()
}

// post sends ev to conn; a connection that has closed is forgotten.
func (h *Handler) post(ctx context.Context, conn string, ev event) {
	raw, _ := json.Marshal(ev)
	err := h.push.Post(ctx, conn, raw)
	if errors.Is(err, chat.ErrGone) {
		err = h.conns.Remove(ctx, conn)
	}
	if err != nil {
		slog.ErrorContext(ctx, "chat: post", "conn", conn, "err", err)
	}
}

// event is a server frame.
type event struct {
	Event string `json:"event"`
	Data  any    `json:"data,omitempty"`
}

type ackData struct {
	ClientID string `json:"clientId"`
	ID       string `json:"id,omitempty"`
	Error    string `json:"error,omitempty"`
	// RetryAfter is, for a message over the rate limit, in how many seconds the room takes more.
	RetryAfter int `json:"retryAfter,omitempty"`
}

type errorData struct {
	Message string `json:"message"`
	RoomID  string `json:"roomId,omitempty"`
}

func errorEvent(msg, room string) event {
	return event{Event: "error", Data: errorData{Message: msg, RoomID: room}}
}

// message is a message as frames carry it (spec part 2 §8's Message, plus id and clientId).
type message struct {
	ID        string `json:"id"`
	RoomID    string `json:"room_id"`
	SenderID  string `json:"sender_id"`
	Content   string `json:"content"`
	CreatedAt string `json:"created_at"`
	ClientID  string `json:"clientId,omitempty"`
}

func messageJSON(m chat.Message) message {
	return message{ID: m.ID, RoomID: m.RoomID, SenderID: m.SenderID, Content: m.Content,
		CreatedAt: m.CreatedAt.UTC().Format("2006-01-02T15:04:05.000Z"), ClientID: m.ClientID}
}
