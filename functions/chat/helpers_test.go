package chat_test

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"zuum/localstack/apptest"
)

// TestMain prints, after the tests, how many exchanges were checked against the API document.
func TestMain(m *testing.M) { apptest.Main(m) }

// person is a signed-in user of a test app.
type person = apptest.User

// twoInARoom starts an app with ada and bola signed up and their room open.
func twoInARoom(t *testing.T) (*apptest.App, person, person, string) {
	t.Helper()
	app := apptest.Start(t, nil)
	ada, bola := app.SignedIn(t, "ada"), app.SignedIn(t, "bola")
	return app, ada, bola, room(t, ada, bola)
}

// room makes a follow b and opens their room.
func room(t *testing.T, a, b person) string {
	t.Helper()
	if r := a.JSON("POST", "/api/user/follow", map[string]any{"profileId": b.ID, "follow": true}); r.Status != http.StatusOK {
		t.Fatalf("follow: %d %s", r.Status, r.Raw)
	}
	r := a.JSON("POST", "/api/user/get-room-id", map[string]any{"profileId_1": a.ID, "profileId_2": b.ID})
	if r.Status != http.StatusOK {
		t.Fatalf("get-room-id: %d %s", r.Status, r.Raw)
	}
	return r.Body["room_id"].(string)
}

// frame is a server frame: an event with its data, or API Gateway's own error ({message}).
type frame struct {
	Event   string          `json:"event"`
	Data    json.RawMessage `json:"data"`
	Message string          `json:"message"`
}

func (f frame) decode(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(f.Data, v); err != nil {
		t.Fatalf("%s data %s: %v", f.Event, f.Data, err)
	}
}

// tab is one open chat socket, as a browser tab holds it: every frame it receives is kept, in
// order, until a test takes it.
type tab struct {
	user     string // whose connection it is
	ws       *websocket.Conn
	mu       sync.Mutex
	frames   []frame
	problems []string // frames that disagree with functions/asyncapi.yaml
	more     chan struct{}
	closed   chan struct{}
}

// open connects p's client to the chat socket (its session cookie travels with the upgrade).
func open(t *testing.T, p person, query string) *tab {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, res, err := p.Socket(ctx, query)
	if err != nil {
		status := 0
		if res != nil {
			status = res.StatusCode
		}
		t.Fatalf("open socket: %d %v", status, err)
	}
	tb := &tab{user: p.ID, ws: ws, more: make(chan struct{}, 1), closed: make(chan struct{})}
	go tb.read()
	t.Cleanup(func() {
		_ = ws.CloseNow()
		tb.mu.Lock()
		defer tb.mu.Unlock()
		for _, p := range tb.problems {
			t.Error(p)
		}
	})
	return tb
}

func (tb *tab) read() {
	defer close(tb.closed)
	for {
		_, data, err := tb.ws.Read(context.Background())
		if err != nil {
			return
		}
		var f frame
		_ = json.Unmarshal(data, &f)
		tb.mu.Lock()
		if p := checkFrame(f.Event, data); p != "" {
			tb.problems = append(tb.problems, p)
		}
		tb.frames = append(tb.frames, f)
		tb.mu.Unlock()
		select {
		case tb.more <- struct{}{}:
		default:
		}
	}
}

// send writes v (encoded, or as is when a string) as one text frame.
func (tb *tab) send(t *testing.T, v any) {
	t.Helper()
	raw, ok := v.(string)
	if !ok {
		b, _ := json.Marshal(v)
		raw = string(b)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := tb.ws.Write(ctx, websocket.MessageText, []byte(raw)); err != nil {
		t.Fatalf("send: %v", err)
	}
}

// expect takes the first frame of event received (waiting up to 5 s); frames of other events
// stay for later.
func (tb *tab) expect(t *testing.T, event string) frame {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		tb.mu.Lock()
		for i, f := range tb.frames {
			if f.Event == event {
				tb.frames = append(tb.frames[:i:i], tb.frames[i+1:]...)
				tb.mu.Unlock()
				return f
			}
		}
		got := append([]frame(nil), tb.frames...)
		tb.mu.Unlock()
		select {
		case <-tb.more:
		case <-tb.closed:
			t.Fatalf("socket closed while waiting for %q (kept: %+v)", event, got)
		case <-deadline:
			t.Fatalf("no %q frame within 5 s (kept: %+v)", event, got)
		}
	}
}

// quiet fails t when any frame not yet taken has reached tb. It first makes a round trip on tb's
// own connection (joinChat, answered by "joined"): the socket hands a connection's frames to the
// function one at a time and a connection's frames arrive in order, so every frame posted to tb
// by an invocation that ended before the round trip began is there by its answer. Quiet the
// sending tab first: its round trip waits for the sending invocation to end.
func (tb *tab) quiet(t *testing.T) {
	t.Helper()
	tb.send(t, map[string]any{"action": "joinChat", "userId": tb.user})
	tb.expect(t, "joined")
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if len(tb.frames) > 0 {
		t.Fatalf("unexpected frames: %+v", tb.frames)
	}
}

// sendRefused sends frame from tb and fails t (saying what) unless its ack refuses it as sent
// without a connection: "Not connected to server" and no message id.
func (tb *tab) sendRefused(t *testing.T, frame map[string]any, what string) {
	t.Helper()
	tb.send(t, frame)
	var refused ack
	tb.expect(t, "ack").decode(t, &refused)
	if refused.Error != "Not connected to server" || refused.ID != "" {
		t.Fatalf("%s: %+v", what, refused)
	}
}

// message is a message as frames carry it.
type message struct {
	ID        string `json:"id"`
	RoomID    string `json:"room_id"`
	SenderID  string `json:"sender_id"`
	Content   string `json:"content"`
	CreatedAt string `json:"created_at"`
	ClientID  string `json:"clientId"`
}

type ack struct {
	ClientID   string `json:"clientId"`
	ID         string `json:"id"`
	Error      string `json:"error"`
	RetryAfter int    `json:"retryAfter"`
}

type errorData struct {
	Message string `json:"message"`
	RoomID  string `json:"roomId"`
}

func send(roomID, receiver, content, clientID string) map[string]any {
	return map[string]any{"action": "sendMessage", "roomId": roomID, "receiverId": receiver, "content": content, "clientId": clientID}
}

// history fetches room's newest messages on tb.
func history(t *testing.T, tb *tab, roomID, before string) []message {
	t.Helper()
	f := map[string]any{"action": "fetchMessages", "roomId": roomID}
	if before != "" {
		f["before"] = before
	}
	tb.send(t, f)
	var msgs []message
	tb.expect(t, "recentMessages").decode(t, &msgs)
	return msgs
}

// rooms is p's rooms list.
func rooms(t *testing.T, p person) []map[string]any {
	t.Helper()
	r := p.JSON("GET", "/api/user/get-rooms", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("get-rooms: %d %s", r.Status, r.Raw)
	}
	var out []map[string]any
	for _, x := range r.Body["rooms"].([]any) {
		out = append(out, x.(map[string]any))
	}
	return out
}
