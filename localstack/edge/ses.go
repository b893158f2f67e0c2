package edge

import (
	"encoding/json"
	"net/http"
	"net/mail"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
)

// Message is one email sent through SES, in the JSON shape of LocalStack's GET /_aws/ses, so
// tools written against LocalStack read the edge unchanged.
type Message struct {
	ID          string      `json:"Id"`
	Region      string      `json:"Region"`
	Source      string      `json:"Source"`
	Destination Destination `json:"Destination"`
	Subject     string      `json:"Subject,omitempty"`
	Body        Body        `json:"Body"`
	// RawData is the MIME message of a Raw send (Subject and Body are then empty).
	RawData string `json:"RawData,omitempty"`
	// Timestamp is when the edge accepted the message, UTC, as LocalStack formats it.
	Timestamp string `json:"Timestamp"`
}

// Destination lists a message's recipients.
type Destination struct {
	ToAddresses  []string `json:"ToAddresses"`
	CcAddresses  []string `json:"CcAddresses,omitempty"`
	BccAddresses []string `json:"BccAddresses,omitempty"`
}

// Body holds the text and HTML parts of a simple message; an absent part is "" here and null in
// JSON, as in LocalStack.
type Body struct {
	Text string
	HTML string
}

// MarshalJSON writes LocalStack's text_part/html_part names, null for an absent part.
func (b Body) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Text *string `json:"text_part"`
		HTML *string `json:"html_part"`
	}{nonEmpty(b.Text), nonEmpty(b.HTML)})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (b *Body) UnmarshalJSON(data []byte) error {
	var parts struct {
		Text *string `json:"text_part"`
		HTML *string `json:"html_part"`
	}
	if err := json.Unmarshal(data, &parts); err != nil {
		return err
	}
	b.Text, b.HTML = deref(parts.Text), deref(parts.HTML)
	return nil
}

// To reports whether addr is among the message's recipients (To, Cc or Bcc), ignoring case
// and display names ("Ada <ada@zuum.ng>" is ada@zuum.ng), as a mailbox would.
func (m Message) To(addr string) bool {
	for _, list := range [][]string{m.Destination.ToAddresses, m.Destination.CcAddresses, m.Destination.BccAddresses} {
		for _, a := range list {
			if sameAddress(a, addr) {
				return true
			}
		}
	}
	return false
}

// sameAddress compares an address as written in a message, display name and all, with a bare
// address.
func sameAddress(written, addr string) bool {
	if strings.EqualFold(written, addr) {
		return true
	}
	parsed, err := mail.ParseAddress(written)
	return err == nil && strings.EqualFold(parsed.Address, addr)
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// timestampLayout is LocalStack's format for sent-mail timestamps.
const timestampLayout = "2006-01-02T15:04:05"

// mailbox is the SES emulator: it accepts SendEmail and keeps every message.
type mailbox struct {
	mu       sync.Mutex
	messages []Message
	onChange func()
}

func newMailbox() *mailbox { return &mailbox{} }

// ServeHTTP answers the SES v2 REST API; only SendEmail exists locally.
func (m *mailbox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost && strings.TrimSuffix(r.URL.Path, "/") == "/v2/email/outbound-emails" {
		m.serveSend(w, r)
		return
	}
	writeRESTError(w, &awsError{http.StatusNotFound, "NotFoundException",
		"the local edge implements only SES v2 SendEmail, not " + r.Method + " " + r.URL.Path})
}

func (m *mailbox) add(msg Message) {
	m.mu.Lock()
	m.messages = append(m.messages, msg)
	m.mu.Unlock()
	if m.onChange != nil {
		m.onChange()
	}
}

// list returns a copy of the messages from or to addr ("" for all), oldest first.
func (m *mailbox) list(addr string) []Message {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := []Message{}
	for _, msg := range m.messages {
		if addr == "" || sameAddress(msg.Source, addr) || msg.To(addr) {
			out = append(out, msg)
		}
	}
	return out
}

// clear forgets the messages with the given id, or all of them for "".
func (m *mailbox) clear(id string) {
	m.mu.Lock()
	kept := m.messages[:0]
	for _, msg := range m.messages {
		if id != "" && msg.ID != id {
			kept = append(kept, msg)
		}
	}
	clear(m.messages[len(kept):])
	m.messages = kept
	m.mu.Unlock()
	if m.onChange != nil {
		m.onChange()
	}
}

// serveList is LocalStack's GET /_aws/ses[?email=addr][&id=id].
func (m *mailbox) serveList(w http.ResponseWriter, r *http.Request) {
	msgs := m.list(r.URL.Query().Get("email"))
	if id := r.URL.Query().Get("id"); id != "" {
		msgs = filterID(msgs, id)
	}
	writeJSON(w, http.StatusOK, contentJSON, map[string][]Message{"messages": msgs})
}

// serveClear is LocalStack's DELETE /_aws/ses[?id=id].
func (m *mailbox) serveClear(w http.ResponseWriter, r *http.Request) {
	m.clear(r.URL.Query().Get("id"))
	w.WriteHeader(http.StatusNoContent)
}

func filterID(msgs []Message, id string) []Message {
	out := []Message{}
	for _, msg := range msgs {
		if msg.ID == id {
			out = append(out, msg)
		}
	}
	return out
}

// snapshot returns the messages for saving.
func (m *mailbox) snapshot() []Message { return m.list("") }

// restore replaces the messages with saved ones.
func (m *mailbox) restore(msgs []Message) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.messages = msgs
}

func newMessageID() string {
	// SES message ids are opaque; LocalStack's are random letters and dashes. A UUID is as good.
	return uuid.NewString()
}

func now() string { return time.Now().UTC().Format(timestampLayout) }
