package chat_test

import (
	"fmt"
	"testing"
	"time"

	"zuum/localstack/apptest"
	domain "zuum/shared/chat"
)

func TestSend_IsLimitedPerUserAndRoomAcrossTabs(t *testing.T) {
	t.Parallel()
	// The clock stands still a second into a window: every message falls in it, however slowly they go.
	app := apptest.StartAt(t, apptest.NewClock(time.Now().Truncate(domain.RateWindow).Add(time.Second)).Now, nil)
	ada, bola, cleo := app.SignedIn(t, "ada"), app.SignedIn(t, "bola"), app.SignedIn(t, "cleo")
	withBola, withCleo := room(t, ada, bola), room(t, ada, cleo)
	// Two tabs (two connections, as two Lambda instances would see them) share one count.
	tabs := []*tab{open(t, ada, ""), open(t, ada, "")}
	for i := range domain.RateLimit {
		tb := tabs[i%2]
		tb.send(t, send(withBola, bola.ID, fmt.Sprint("message ", i), fmt.Sprint("c-", i)))
		var a ack
		tb.expect(t, "ack").decode(t, &a)
		if a.Error != "" || a.ID == "" {
			t.Fatalf("message %d refused: %+v", i, a)
		}
	}
	tabs[0].send(t, send(withBola, bola.ID, "one too many", "c-over"))
	var refused ack
	tabs[0].expect(t, "ack").decode(t, &refused)
	if refused.Error != domain.MsgTooFast || refused.ID != "" || refused.RetryAfter < 1 || refused.RetryAfter > int(domain.RateWindow.Seconds()) {
		t.Fatalf("the message over the limit: %+v", refused)
	}
	// Another room has its own count.
	tabs[1].send(t, send(withCleo, cleo.ID, "hi cleo", "c-cleo"))
	var other ack
	tabs[1].expect(t, "ack").decode(t, &other)
	if other.Error != "" {
		t.Fatalf("another room: %+v", other)
	}
	b := open(t, bola, "")
	if got := history(t, b, withBola, ""); len(got) != domain.RateLimit {
		t.Fatalf("stored %d messages, want %d", len(got), domain.RateLimit)
	}
}
