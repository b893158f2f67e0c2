package payment

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"zuum/shared/money"
)

// Webhook signature headers: the legacy one carries the secret hash itself, the newer one
// base64(HMAC-SHA256(secret hash, raw body)) (shared/PAYMENTS.md §4).
const (
	HashHeader      = "verif-hash"
	SignatureHeader = "flutterwave-signature"
)

// Sign is what the provider sends in SignatureHeader for body.
func Sign(webhookHash string, body []byte) string {
	mac := hmac.New(sha256.New, []byte(webhookHash))
	mac.Write(body)
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// Authentic reports whether a webhook's headers prove it came from the provider: verif-hash
// equal to the secret hash, or flutterwave-signature equal to the body's HMAC; both compared in
// constant time. An empty secret hash authenticates nothing.
func Authentic(webhookHash string, h http.Header, body []byte) bool {
	if webhookHash == "" {
		return false
	}
	if got := h.Get(HashHeader); got != "" && subtle.ConstantTimeCompare([]byte(got), []byte(webhookHash)) == 1 {
		return true
	}
	got := h.Get(SignatureHeader)
	return got != "" && hmac.Equal([]byte(got), []byte(Sign(webhookHash, body)))
}

// Event is a webhook's payload, read from either shape the provider sends.
type Event struct {
	// Type is the event ("charge.completed"); a legacy delivery without one has its event.type
	// ("BANK_TRANSFER_TRANSACTION").
	Type        string
	ID          string // the provider's transaction id
	TxRef       string
	FlwRef      string
	Amount      money.Money
	Currency    string
	Status      string // lower case
	PaymentType string
	// Payer is the sender's name as the bank reports it ("" when not given).
	Payer string
	// Reference is a transfer's: the reference Zuum gave it (transfer.completed).
	Reference string
}

// ChargeCompleted is the event of a completed pay-in.
const ChargeCompleted = "charge.completed"

// IsCharge reports whether the event is about money paid in (either shape's name for it).
func (e Event) IsCharge() bool {
	return e.Type == ChargeCompleted || strings.EqualFold(e.Type, "BANK_TRANSFER_TRANSACTION")
}

// ErrUnreadable is returned for a webhook body that is neither shape.
var ErrUnreadable = errors.New("payment webhook: unreadable payload")

// v3Payload is the data-wrapped shape.
type v3Payload struct {
	Event     string           `json:"event"`
	EventType string           `json:"event.type"`
	Data      *json.RawMessage `json:"data"`
	MetaData  payerMeta        `json:"meta_data"`
}

type v3Data struct {
	ID          json.Number `json:"id"`
	TxRef       string      `json:"tx_ref"`
	FlwRef      string      `json:"flw_ref"`
	Amount      money.Money `json:"amount"`
	Currency    string      `json:"currency"`
	Status      string      `json:"status"`
	PaymentType string      `json:"payment_type"`
	Meta        payerMeta   `json:"meta"`
	Reference   string      `json:"reference"`
}

// legacyPayload is the flat camelCase shape (Flutterwave/Node-v3 issue #175, legacy samples).
type legacyPayload struct {
	ID          json.Number `json:"id"`
	TxRef       string      `json:"txRef"`
	FlwRef      string      `json:"flwRef"`
	Amount      money.Money `json:"amount"`
	Currency    string      `json:"currency"`
	Status      string      `json:"status"`
	PaymentType string      `json:"paymentType"`
	EventType   string      `json:"event.type"`
	Entity      struct {
		FirstName string `json:"first_name"`
		LastName  string `json:"last_name"`
	} `json:"entity"`
	MetaData payerMeta `json:"meta_data"`
}

// ParseEvent reads a webhook body of either shape. Amounts are naira with at most two decimals.
func ParseEvent(body []byte) (Event, error) {
	var head v3Payload
	if err := json.Unmarshal(body, &head); err != nil {
		return Event{}, ErrUnreadable
	}
	if head.Data != nil && !bytes.Equal(bytes.TrimSpace(*head.Data), []byte("null")) {
		var d v3Data
		if err := json.Unmarshal(*head.Data, &d); err != nil {
			return Event{}, ErrUnreadable
		}
		e := Event{
			Type: head.Event, ID: d.ID.String(), TxRef: d.TxRef, FlwRef: d.FlwRef, Amount: d.Amount,
			Currency: d.Currency, Status: strings.ToLower(d.Status), PaymentType: d.PaymentType,
			Payer:     firstNonBlank(head.MetaData.OriginatorName, d.Meta.OriginatorName),
			Reference: d.Reference,
		}
		if e.Type == "" {
			e.Type = head.EventType
		}
		return e, e.check()
	}
	var l legacyPayload
	if err := json.Unmarshal(body, &l); err != nil {
		return Event{}, ErrUnreadable
	}
	e := Event{
		Type: l.EventType, ID: l.ID.String(), TxRef: l.TxRef, FlwRef: l.FlwRef, Amount: l.Amount,
		Currency: l.Currency, Status: strings.ToLower(l.Status), PaymentType: l.PaymentType,
		Payer: firstNonBlank(l.MetaData.OriginatorName, strings.TrimSpace(l.Entity.FirstName+" "+l.Entity.LastName)),
	}
	return e, e.check()
}

// check refuses an event that names no transaction. The provider's ids are integers; one
// written otherwise ("8.321945e+06") would be another idempotency key for the same payment.
func (e Event) check() error {
	if e.ID == "" || e.Type == "" || strings.Trim(e.ID, "0123456789") != "" || e.ID[0] == '0' {
		return ErrUnreadable
	}
	return nil
}

func firstNonBlank(vals ...string) string {
	for _, v := range vals {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}
