package user

import (
	"encoding/json"
	"net/http"
	"strings"

	"zuum/shared/chat"
	"zuum/shared/failure"
	"zuum/shared/httpapi"
)

// Rooms errors (spec part 2 §9 "Chat"; the 403s are written in CHAT_PROTOCOL and the document).
var (
	errProfileIDs   = failure.New(failure.Invalid, chat.MsgProfileIDs)
	errSelfRoom     = failure.New(failure.Invalid, chat.MsgSelfRoom)
	errProfile      = failure.New(failure.NotFound, chat.MsgProfileNotFound)
	errNotYourRoom  = failure.New(failure.Forbidden, chat.MsgNotYourRoom)
	errNotConnected = failure.New(failure.Forbidden, chat.MsgNotConnectedPair)
)

type roomIDRequest struct {
	ProfileID1 json.RawMessage `json:"profileId_1"`
	ProfileID2 json.RawMessage `json:"profileId_2"`
}

// idOf reads a profile id that must be a non-blank string; anything else is "".
func idOf(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return ""
	}
	return strings.TrimSpace(s)
}

type roomIDResponse struct {
	RoomID string `json:"room_id"`
}

// getRoomID answers the room of two profiles, opening it the first time. Both must exist (404
// first), the caller must be one of them, and one must follow the other: the spec offers Message
// to a follower, and the one followed must be able to answer.
func (h *Handler) getRoomID(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	var in roomIDRequest
	if err := httpapi.Decode(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	a, b := idOf(in.ProfileID1), idOf(in.ProfileID2)
	if a == "" || b == "" {
		httpapi.Error(w, r, errProfileIDs)
		return
	}
	for _, id := range []string{a, b} {
		if _, err := h.active(r.Context(), id); err != nil {
			if failure.Is(err, failure.NotFound) {
				err = errProfile
			}
			httpapi.Error(w, r, err)
			return
		}
	}
	if a == b {
		httpapi.Error(w, r, errSelfRoom)
		return
	}
	other := b
	switch me.UserID {
	case a:
	case b:
		other = a
	default:
		httpapi.Error(w, r, errNotYourRoom)
		return
	}
	if err := h.eitherFollows(r, me.UserID, other); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	id, err := h.rooms.Open(r.Context(), me.UserID, other)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, roomIDResponse{RoomID: id})
}

// eitherFollows is nil when a follows b or b follows a, errNotConnected otherwise.
func (h *Handler) eitherFollows(r *http.Request, a, b string) error {
	for _, pair := range [][2]string{{a, b}, {b, a}} {
		follows, err := h.profiles.IsFollowing(r.Context(), pair[0], pair[1])
		if err != nil || follows {
			return err
		}
	}
	return errNotConnected
}

// roomJSON is a room of the rooms list (spec part 2 §8 "Chat room", plus the last message and
// the unread count the Messages tab shows).
type roomJSON struct {
	RoomID         string  `json:"room_id"`
	RecipientID    string  `json:"recipient_id"`
	RecipientName  string  `json:"recipient_profile_username"`
	RecipientImage string  `json:"recipient_profile_image"`
	LastMessage    string  `json:"last_message"`
	LastMessageAt  *string `json:"last_message_at"`
	Unread         int64   `json:"unread"`
}

type roomsResponse struct {
	Rooms []roomJSON `json:"rooms"`
}

// getRooms lists the caller's rooms, newest activity first: one query for the rooms and one
// batch read for the other members' names and pictures, however many rooms. Rooms with a
// deactivated member are left out, as deactivated accounts are everywhere.
func (h *Handler) getRooms(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	rooms, err := h.rooms.Rooms(r.Context(), me.UserID)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	ids := make([]string, 0, len(rooms))
	for _, room := range rooms {
		ids = append(ids, room.OtherID)
	}
	people, err := h.profiles.Summaries(r.Context(), ids)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	out := roomsResponse{Rooms: make([]roomJSON, 0, len(rooms))}
	for _, room := range rooms {
		p, ok := people[room.OtherID]
		if !ok {
			continue
		}
		j := roomJSON{RoomID: room.ID, RecipientID: room.OtherID, RecipientName: p.Username,
			RecipientImage: h.media.URL(p.Image), LastMessage: room.LastMessage, Unread: room.Unread}
		if !room.LastAt.IsZero() {
			at := room.LastAt.UTC().Format("2006-01-02T15:04:05.000Z")
			j.LastMessageAt = &at
		}
		out.Rooms = append(out.Rooms, j)
	}
	httpapi.JSON(w, http.StatusOK, out)
}
