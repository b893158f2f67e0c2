package chat_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/coder/websocket"

	"zuum/localstack/apptest"
	"zuum/shared/schema"
)

// closedWithin fails t unless the server closes tb within d.
func (tb *tab) closedWithin(t *testing.T, d time.Duration) {
	t.Helper()
	select {
	case <-tb.closed:
	case <-time.After(d):
		t.Fatalf("the socket is still open %s later", d)
	}
}

func TestLogout_EndsAnOpenSocket_NoSendNoHistoryAndItIsClosed(t *testing.T) {
	t.Parallel()
	app, ada, bola, roomID := twoInARoom(t)
	sender, reader := open(t, ada, ""), open(t, ada, "")
	sender.send(t, send(roomID, bola.ID, "before logout", "c-0"))
	sender.expect(t, "ack")
	sender.expect(t, "receiveMessage")
	reader.expect(t, "receiveMessage")

	if r := ada.JSON("POST", "/api/auth/logout", nil); r.Status != http.StatusOK {
		t.Fatalf("logout: %d %s", r.Status, r.Raw)
	}
	sender.sendRefused(t, send(roomID, bola.ID, "after logout", "c-1"), "a send after logout")
	sender.closedWithin(t, 5*time.Second)

	reader.send(t, map[string]any{"action": "fetchMessages", "roomId": roomID})
	var e errorData
	reader.expect(t, "error").decode(t, &e)
	if e.Message != "Not connected to server" {
		t.Fatalf("a fetch after logout: %+v", e)
	}
	reader.closedWithin(t, 5*time.Second)
	if got := connections(t, app, ada.ID); len(got) != 0 {
		t.Fatalf("connections kept: %v", got)
	}
	b := open(t, bola, "")
	if got := history(t, b, roomID, ""); len(got) != 1 || got[0].Content != "before logout" {
		t.Fatalf("history: %+v", got)
	}
}

func TestPasswordReset_EndsTheSocketsOfEverySession(t *testing.T) {
	t.Parallel()
	app, ada, bola, roomID := twoInARoom(t)
	a := open(t, ada, "")

	stranger := app.Client(t) // the reset is done from another device, signed out
	if r := stranger.JSON("POST", "/api/auth/forgot-password", map[string]string{"email": "ada@example.com"}); r.Status != http.StatusOK {
		t.Fatalf("forgot: %d %s", r.Status, r.Raw)
	}
	link := app.ResetLink(t, "ada@example.com")
	reset := map[string]string{"email": "ada@example.com", "token": link.Query().Get("token"), "newPassword": "brand-new-pass"}
	if r := stranger.JSON("POST", "/api/auth/reset-password", reset); r.Status != http.StatusOK {
		t.Fatalf("reset: %d %s", r.Status, r.Raw)
	}
	a.send(t, send(roomID, bola.ID, "after the reset", "c-1"))
	var refused ack
	a.expect(t, "ack").decode(t, &refused)
	if refused.Error != "Not connected to server" {
		t.Fatalf("a send after the reset: %+v", refused)
	}
	a.closedWithin(t, 5*time.Second)
}

func TestLogout_AnOpenSocketReceivesNoMoreMessagesAndIsClosed(t *testing.T) {
	t.Parallel()
	_, ada, bola, roomID := twoInARoom(t)
	a, b := open(t, ada, ""), open(t, bola, "")
	if r := ada.JSON("POST", "/api/auth/logout", nil); r.Status != http.StatusOK {
		t.Fatalf("logout: %d %s", r.Status, r.Raw)
	}
	b.send(t, send(roomID, ada.ID, "are you there?", "c-1"))
	b.expect(t, "ack")
	b.expect(t, "receiveMessage")
	a.closedWithin(t, 5*time.Second)
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.frames) != 0 {
		t.Fatalf("a logged-out socket received %+v", a.frames)
	}
}

func TestUpgrade_ByCookieFromAnotherSiteIsRefusedWith403(t *testing.T) {
	app := apptest.Start(t, nil)
	ada := app.SignedIn(t, "ada")
	dial := func(origin, query string) (int, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		u := app.URL(schema.ChatSocket.Path)
		if query != "" {
			u += "?" + query
		}
		ws, res, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: ada.HTTP, HTTPHeader: http.Header{"Origin": {origin}}})
		if ws != nil {
			_ = ws.CloseNow()
		}
		if res == nil {
			return 0, err
		}
		return res.StatusCode, err
	}
	for _, origin := range []string{"https://evil.example", "null", ""} {
		if status, err := dial(origin, ""); err == nil || status != http.StatusForbidden {
			t.Errorf("a cookie upgrade from Origin %q: %d %v", origin, status, err)
		}
	}
	if status, err := dial(app.URL(""), ""); err != nil || status != http.StatusSwitchingProtocols {
		t.Errorf("a cookie upgrade from the app: %d %v", status, err)
	}
	// A client that sends the token itself is no page riding on a cookie.
	if status, err := dial("https://elsewhere.example", "token="+ada.Token); err != nil || status != http.StatusSwitchingProtocols {
		t.Errorf("a token upgrade: %d %v", status, err)
	}
}
