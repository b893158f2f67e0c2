package credential

import (
	"strconv"
	"time"
)

// Limit is one rate limit: at most Max events per key in each fixed Window of its Scope, else Err.
type Limit struct {
	Scope  string
	Max    int64
	Window time.Duration
	Err    error
}

// Event is one event of a limit, counted against Key (an email, an address, an id).
type Event struct {
	Limit
	Key string
}

// Of is one event of l against key.
func (l Limit) Of(key string) Event { return Event{l, key} }

// WindowStart is when the window holding now began.
func (l Limit) WindowStart(now time.Time) time.Time { return now.Truncate(l.Window) }

// Item is the key of e's window at now: pk=LIMIT#<scope>#<key>, sk=<window start, Unix seconds>.
func (e Event) Item(now time.Time) Key {
	return Key{PK: "LIMIT#" + e.Scope + "#" + e.Key, SK: strconv.FormatInt(e.WindowStart(now).Unix(), 10)}
}

// ExpiresAt is when e's window at now may be forgotten: a window after it ends.
func (e Event) ExpiresAt(now time.Time) int64 { return e.WindowStart(now).Add(2 * e.Window).Unix() }

// Allows is the rule of a count: n events already counted in the window leave room for one more.
func (l Limit) Allows(n int64) bool { return n < l.Max }
