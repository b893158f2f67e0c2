package user_test

import (
	"net/http"
	"testing"

	"github.com/google/uuid"

	"zuum/localstack/apptest"
)

func roomID(m apptest.User, a, b any) apptest.Response {
	return m.JSON("POST", "/api/user/get-room-id", map[string]any{"profileId_1": a, "profileId_2": b})
}

func TestGetRoomID_SamePairSameRoomWhicheverOrderAndSide(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada, bola := app.SignedIn(t, "ada"), app.SignedIn(t, "bola")
	if r := follow(ada, bola.ID, true); r.Status != http.StatusOK {
		t.Fatal(r.Status, string(r.Raw))
	}
	first := roomID(ada, ada.ID, bola.ID)
	if first.Status != http.StatusOK || first.Body["room_id"] == "" {
		t.Fatalf("first open: %d %s", first.Status, first.Raw)
	}
	// The one followed may open it too (to answer), in either order.
	for _, r := range []apptest.Response{roomID(ada, bola.ID, ada.ID), roomID(bola, bola.ID, ada.ID), roomID(bola, ada.ID, bola.ID)} {
		if r.Status != http.StatusOK || r.Body["room_id"] != first.Body["room_id"] {
			t.Fatalf("another open gave %d %s, want room %v", r.Status, r.Raw, first.Body["room_id"])
		}
	}
	rooms := bola.JSON("GET", "/api/user/get-rooms", nil)
	list, _ := rooms.Body["rooms"].([]any)
	if rooms.Status != http.StatusOK || len(list) != 1 {
		t.Fatalf("bola's rooms: %d %s", rooms.Status, rooms.Raw)
	}
	room := list[0].(map[string]any)
	if room["room_id"] != first.Body["room_id"] || room["recipient_id"] != ada.ID || room["recipient_profile_username"] != "ada" ||
		room["last_message"] != "" || room["last_message_at"] != nil || room["unread"] != float64(0) {
		t.Fatalf("bola's room: %s", rooms.Raw)
	}
}

func TestGetRoomID_RefusesWithTheSpecsTextsInOrder(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada, bola, cleo := app.SignedIn(t, "ada"), app.SignedIn(t, "bola"), app.SignedIn(t, "cleo")
	follow(ada, bola.ID, true)
	unknown := uuid.NewString()
	cases := []struct {
		name   string
		by     apptest.User
		a, b   any
		status int
		msg    string
	}{
		{"missing", ada, ada.ID, nil, http.StatusBadRequest, "Profile IDs missing"},
		{"blank", ada, "  ", bola.ID, http.StatusBadRequest, "Profile IDs missing"},
		{"not a string", ada, 42, bola.ID, http.StatusBadRequest, "Profile IDs missing"},
		{"unknown profile before the caller check", cleo, ada.ID, unknown, http.StatusNotFound, "Profile not found"},
		{"not a uuid", ada, ada.ID, "nobody", http.StatusNotFound, "Profile not found"},
		{"yourself", ada, ada.ID, ada.ID, http.StatusBadRequest, "You cannot open a chat with yourself"},
		{"a third user", cleo, ada.ID, bola.ID, http.StatusForbidden, "You can only open your own rooms"},
		{"no follow either way", cleo, cleo.ID, ada.ID, http.StatusForbidden, "You can only message someone who follows you or whom you follow"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := roomID(c.by, c.a, c.b)
			if r.Status != c.status || r.Message() != c.msg {
				t.Fatalf("got %d %s, want %d %q", r.Status, r.Raw, c.status, c.msg)
			}
		})
	}
	for _, m := range []apptest.User{ada, bola, cleo} {
		r := m.JSON("GET", "/api/user/get-rooms", nil)
		if list, _ := r.Body["rooms"].([]any); r.Status != http.StatusOK || len(list) != 0 {
			t.Fatalf("a refused open made a room: %s", r.Raw)
		}
	}
	if r := app.Client(t).JSON("GET", "/api/user/get-rooms", nil); r.Status != http.StatusUnauthorized {
		t.Fatalf("rooms without a session: %d", r.Status)
	}
}
