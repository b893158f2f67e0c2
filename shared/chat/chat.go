// Package chat is one-to-one messaging (spec part 2 §7 and §8): rooms of exactly two members,
// their messages, read marks and unread counts, and the chat socket's open connections. It knows
// nothing about WebSockets or HTTP: functions/chat speaks API Gateway's WebSocket events and the
// user group serves the rooms routes; both call this package.
//
// Chat table layout (schema.Chat):
//
//	pk USER#<userId>  sk ROOM#<roomId>   a membership: other_id, received (messages the other
//	                                     member sent), read (how many of them were read),
//	                                     last_id, last_message, last_at, opened_at
//	pk ROOM#<roomId>  sk MSG#<messageId> a message: id, room_id, sender_id, content, created_at,
//	                                     client_id
//	pk USER#<userId>  sk RATE#<roomId>#<window start, unix seconds>
//	                                     n, the messages sent to the room in that RateWindow;
//	                                     expires_at (TTL) once the window is over
//
// Connections table layout (schema.Connections); a connection's attribute and item are written
// and removed together:
//
//	pk USER#<userId>  sk CONNS           a user's open connections: one attribute c:<connId>
//	                                     each, holding its expiry; expires_at, the newest's
//	pk CONN#<connId>  sk CONN            whose a connection is: user_id, session_id and epoch
//	                                     (the session it was opened with), expires_at
//
// A user's connections are one item, so delivering a message reads one item per member however
// many tabs are open.
package chat

import (
	"crypto/sha256"
	"time"

	"github.com/google/uuid"

	"zuum/shared/failure"
	"zuum/shared/text"
)

// MaxContentLength bounds a message, in characters a reader sees.
const MaxContentLength = 2000

// MaxClientIDLength bounds a message's clientId, in bytes: it is stored with the message.
const MaxClientIDLength = 128

// PageSize is how many messages one fetch returns.
const PageSize = 50

// RateLimit bounds how many messages one user may send to one room in a RateWindow (a fixed
// window, counted in the Chat table, so it holds however many connections and Lambda instances
// the messages come through); the one over it is refused with ErrTooFast and stored nowhere.
const (
	RateLimit  = 20
	RateWindow = 10 * time.Second
)

// Texts the socket and the rooms routes answer with (spec part 2 §9 where it names them; the
// rest are written in CHAT_PROTOCOL and functions/asyncapi.yaml).
const (
	MsgMissingData      = "Missing message data"
	MsgNotConnected     = "Not connected to server"
	MsgTooLong          = "Message is too long"
	MsgClientID         = "clientId is too long"
	MsgRoomNotFound     = "Room not found"
	MsgNotReceiver      = "Receiver is not in this room"
	MsgBadBefore        = "Invalid message id"
	MsgProfileIDs       = "Profile IDs missing"
	MsgProfileNotFound  = "Profile not found"
	MsgNotYourRoom      = "You can only open your own rooms"
	MsgSelfRoom         = "You cannot open a chat with yourself"
	MsgNotConnectedPair = "You can only message someone who follows you or whom you follow"
	MsgTooFast          = "You are sending messages too fast. Please wait a few seconds."
)

// Errors of the domain.
var (
	ErrMissingData  = failure.New(failure.Invalid, MsgMissingData)
	ErrTooLong      = failure.New(failure.Invalid, MsgTooLong)
	ErrClientID     = failure.New(failure.Invalid, MsgClientID)
	ErrRoomNotFound = failure.New(failure.NotFound, MsgRoomNotFound)
	ErrNotReceiver  = failure.New(failure.Invalid, MsgNotReceiver)
	ErrBadBefore    = failure.New(failure.Invalid, MsgBadBefore)
	ErrNotConnected = failure.New(failure.Unauthorized, MsgNotConnected)
	ErrTooFast      = failure.New(failure.RateLimited, MsgTooFast)
)

// TooFast is ErrTooFast with when the sender may send to the room again.
type TooFast struct {
	RetryAfter time.Duration
}

func (e *TooFast) Error() string { return ErrTooFast.Error() }
func (e *TooFast) Unwrap() error { return ErrTooFast }

// Message is one chat message. ID is a UUIDv7, so ids sort in time order.
type Message struct {
	ID        string
	RoomID    string
	SenderID  string
	Content   string
	CreatedAt time.Time
	// ClientID is the sender's own id for the message, echoed so its tabs can match the ack.
	ClientID string
}

// Room is one of a user's rooms as the rooms list shows it.
type Room struct {
	ID          string
	OtherID     string
	LastMessage string
	// LastAt is when the last message was sent; zero when the room has none yet.
	LastAt time.Time
	// OpenedAt is when the room was first opened: rooms without messages sort by it.
	OpenedAt time.Time
	// Unread is how many of the other member's messages the user has not read.
	Unread int64
}

// Activity is when something last happened in the room, for sorting the rooms list.
func (r Room) Activity() time.Time {
	if r.LastAt.IsZero() {
		return r.OpenedAt
	}
	return r.LastAt
}

// roomSpace namespaces room ids so they cannot collide with another derived UUID.
var roomSpace = uuid.NewHash(sha256.New(), uuid.NameSpaceURL, []byte("https://zuum.ng/chat/rooms"), 5)

// RoomID is the room of users a and b, whichever order they come in: the same pair always gets
// the same room, so opening it twice (or at once from both sides) cannot make two.
func RoomID(a, b string) string {
	if b < a {
		a, b = b, a
	}
	return uuid.NewSHA1(roomSpace, []byte(a+"\n"+b)).String()
}

// Content cleans a message as other user text is cleaned (line breaks kept) and checks it: blank
// is ErrMissingData (the spec's text for a send without content), longer than MaxContentLength
// characters is ErrTooLong.
func Content(raw string) (string, error) {
	return text.Check(raw, MaxContentLength, ErrMissingData, ErrTooLong)
}

// ValidID reports whether s is a UUID (room and message ids are; a user id is too).
func ValidID(s string) bool {
	_, err := uuid.Parse(s)
	return err == nil && len(s) == 36
}
