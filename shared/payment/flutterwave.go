package payment

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"zuum/shared/money"
)

// Keys are the merchant's secrets, kept in one Secrets Manager secret as
// {"secret_key": "...", "webhook_hash": "..."}.
type Keys struct {
	// SecretKey authorises calls to the provider (Authorization: Bearer).
	SecretKey string `json:"secret_key"`
	// WebhookHash is the secret hash set in the provider's dashboard that its webhooks carry.
	WebhookHash string `json:"webhook_hash"`
}

// ParseKeys reads the secret's JSON; both keys are required.
func ParseKeys(secret []byte) (Keys, error) {
	var k Keys
	if err := json.Unmarshal(secret, &k); err != nil {
		return Keys{}, fmt.Errorf("payment keys: %w", err)
	}
	if k.SecretKey == "" || k.WebhookHash == "" {
		return Keys{}, errors.New("payment keys: secret_key and webhook_hash are both required")
	}
	return k, nil
}

// Flutterwave is the provider's v3 HTTP API (shared/PAYMENTS.md §1, §4, §6).
type Flutterwave struct {
	base string
	key  string
	http *http.Client
}

// NewFlutterwave returns a client of the API at baseURL ("https://api.flutterwave.com/v3";
// locally the sandbox, http://127.0.0.1:4566/_flutterwave/v3). A nil hc means a client with a
// 30 s timeout.
func NewFlutterwave(baseURL, secretKey string, hc *http.Client) *Flutterwave {
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	return &Flutterwave{base: strings.TrimRight(baseURL, "/"), key: secretKey, http: hc}
}

// DateLayout is how the provider writes a virtual account's created_at and expiry_date.
const DateLayout = "2006-01-02 15:04:05"

// Lagos is the zone those dates are read in: they carry none, and the provider is Nigerian.
var Lagos = time.FixedZone("WAT", 3600)

// envelope is every v3 answer: {"status": "success"|"error", "message", "data"}, and a list's
// "meta".
type envelope struct {
	Status  string          `json:"status"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
	Meta    json.RawMessage `json:"meta"`
}

// call sends one request and decodes a success's data into out.
func (f *Flutterwave) call(ctx context.Context, method, path string, in, out any) error {
	return f.exchange(ctx, method, path, in, out, nil)
}

// exchange is call that also decodes a success's meta into meta, when given and present.
func (f *Flutterwave) exchange(ctx context.Context, method, path string, in, out, meta any) error {
	var body io.Reader
	if in != nil {
		raw, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, f.base+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+f.key)
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := f.http.Do(req)
	if err != nil {
		return fmt.Errorf("payment provider: %s %s: %w", method, path, err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("payment provider: %s %s: %w", method, path, err)
	}
	var env envelope
	jsonErr := json.Unmarshal(raw, &env)
	if res.StatusCode/100 != 2 || jsonErr != nil || env.Status != "success" {
		msg := env.Message
		if msg == "" {
			msg = http.StatusText(res.StatusCode)
		}
		status := res.StatusCode
		if status/100 == 2 { // a 2xx that is not a success envelope: the provider misbehaved
			status = http.StatusBadGateway
		}
		return &Error{Status: status, Message: msg}
	}
	if err := json.Unmarshal(env.Data, out); err != nil {
		return &Error{Status: http.StatusBadGateway, Message: "unreadable data: " + err.Error()}
	}
	if meta != nil && len(env.Meta) > 0 && string(env.Meta) != "null" {
		if err := json.Unmarshal(env.Meta, meta); err != nil {
			return &Error{Status: http.StatusBadGateway, Message: "unreadable meta: " + err.Error()}
		}
	}
	return nil
}

type accountRequest struct {
	Email       string       `json:"email"`
	IsPermanent bool         `json:"is_permanent"`
	BVN         string       `json:"bvn,omitempty"`
	TxRef       string       `json:"tx_ref,omitempty"`
	Narration   string       `json:"narration,omitempty"`
	FirstName   string       `json:"firstname,omitempty"`
	LastName    string       `json:"lastname,omitempty"`
	Amount      *money.Money `json:"amount,omitempty"`
}

type accountData struct {
	FlwRef        string          `json:"flw_ref"`
	OrderRef      string          `json:"order_ref"`
	AccountNumber string          `json:"account_number"`
	BankName      string          `json:"bank_name"`
	CreatedAt     string          `json:"created_at"`
	ExpiryDate    string          `json:"expiry_date"`
	TxRef         string          `json:"tx_ref"`
	Frequency     json.RawMessage `json:"frequency"`
	Amount        json.RawMessage `json:"amount"`
}

// CreateVirtualAccount implements Provider: POST /virtual-account-numbers. A temporary (dynamic)
// account is opened for r.Amount, which the provider requires to be above 0; a permanent (static)
// one sends is_permanent and the BVN instead, and no amount.
func (f *Flutterwave) CreateVirtualAccount(ctx context.Context, r AccountRequest) (VirtualAccount, error) {
	in := accountRequest{Email: r.Email, TxRef: r.TxRef, Narration: r.Narration, FirstName: r.FirstName, LastName: r.LastName}
	if r.Permanent {
		in.IsPermanent, in.BVN = true, r.BVN
	} else {
		in.Amount = &r.Amount
	}
	var d accountData
	if err := f.call(ctx, http.MethodPost, "/virtual-account-numbers", in, &d); err != nil {
		return VirtualAccount{}, err
	}
	return d.account(r.TxRef)
}

// VirtualAccount reads an account back by its order_ref (GET /virtual-account-numbers/{ref}).
func (f *Flutterwave) VirtualAccount(ctx context.Context, orderRef string) (VirtualAccount, error) {
	var d accountData
	if err := f.call(ctx, http.MethodGet, "/virtual-account-numbers/"+url.PathEscape(orderRef), nil, &d); err != nil {
		return VirtualAccount{}, err
	}
	return d.account("")
}

func (d accountData) account(txRef string) (VirtualAccount, error) {
	if d.AccountNumber == "" {
		return VirtualAccount{}, &Error{Status: http.StatusBadGateway, Message: "virtual account without an account number"}
	}
	a := VirtualAccount{AccountNumber: d.AccountNumber, BankName: d.BankName, OrderRef: d.OrderRef, FlwRef: d.FlwRef, TxRef: d.TxRef}
	if a.TxRef == "" {
		a.TxRef = txRef
	}
	a.CreatedAt, _ = time.ParseInLocation(DateLayout, d.CreatedAt, Lagos)
	a.Frequency = frequencyOf(d.Frequency)
	if s := unquote(d.Amount); s != "" && s != "null" && s != "N/A" {
		m, err := money.Parse(s)
		if err != nil {
			return VirtualAccount{}, &Error{Status: http.StatusBadGateway, Message: "unreadable amount " + s}
		}
		a.Amount = m
	}
	if d.ExpiryDate != "" && d.ExpiryDate != "N/A" {
		t, err := time.ParseInLocation(DateLayout, d.ExpiryDate, Lagos)
		if err != nil {
			return VirtualAccount{}, &Error{Status: http.StatusBadGateway, Message: "unreadable expiry_date " + d.ExpiryDate}
		}
		a.ExpiresAt = t
	}
	return a, nil
}

// frequencyOf reads an account's frequency, a string ("1") or a number; 0 when it is "N/A" (a
// static account) or absent.
func frequencyOf(raw json.RawMessage) int {
	n, err := strconv.Atoi(unquote(raw))
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// unquote is a JSON scalar's text: a string's content, or a number's digits.
func unquote(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	return strings.TrimSpace(string(raw))
}

// chargeData is the provider's v3 charge object, as verify returns it and as a webhook's data
// carries it.
type chargeData struct {
	ID          json.Number `json:"id"`
	TxRef       string      `json:"tx_ref"`
	FlwRef      string      `json:"flw_ref"`
	Amount      money.Money `json:"amount"`
	Currency    string      `json:"currency"`
	Status      string      `json:"status"`
	PaymentType string      `json:"payment_type"`
	Meta        payerMeta   `json:"meta"`
}

// transactionData is a transaction as verify returns it.
type transactionData struct {
	chargeData
	CreatedAt string `json:"created_at"`
	// AppFee is the provider's fee on the charge, kept from what it settles to the merchant. The
	// real wire may write it with more than two decimals (a percentage of the amount): it is read
	// rounded half up to the kobo (money.Rounded). Absent or null reads as 0.
	AppFee json.Number `json:"app_fee"`
}

// payerMeta is what a bank transfer says about its sender (meta on verify, meta_data on webhooks).
type payerMeta struct {
	OriginatorName string `json:"originatorname"`
	BankName       string `json:"bankname"`
}

// VerifyTransaction implements Provider: GET /transactions/{id}/verify.
func (f *Flutterwave) VerifyTransaction(ctx context.Context, id string) (Transaction, error) {
	return read(ctx, f, http.MethodGet, "/transactions/"+url.PathEscape(id)+"/verify", nil, transactionData.transaction)
}

// VerifyByReference reads the newest transaction with txRef (GET /transactions/verify_by_reference).
func (f *Flutterwave) VerifyByReference(ctx context.Context, txRef string) (Transaction, error) {
	return read(ctx, f, http.MethodGet, "/transactions/verify_by_reference?tx_ref="+url.QueryEscape(txRef), nil, transactionData.transaction)
}

// read calls the provider and turns its answer's data, read as D, into R with conv.
func read[D, R any](ctx context.Context, f *Flutterwave, method, path string, body any, conv func(D) (R, error)) (R, error) {
	var d D
	if err := f.call(ctx, method, path, body, &d); err != nil {
		var none R
		return none, err
	}
	return conv(d)
}

func (d transactionData) transaction() (Transaction, error) {
	t := Transaction{
		ID: d.ID.String(), TxRef: d.TxRef, FlwRef: d.FlwRef, Amount: d.Amount, Currency: d.Currency,
		Status: strings.ToLower(d.Status), PaymentType: d.PaymentType, Payer: d.Meta.OriginatorName,
	}
	t.CreatedAt, _ = time.Parse(time.RFC3339, d.CreatedAt)
	if d.AppFee != "" {
		fee, err := money.Rounded(d.AppFee)
		if err != nil {
			return Transaction{}, &Error{Status: http.StatusBadGateway, Message: "unreadable app_fee " + d.AppFee.String()}
		}
		t.AppFee = fee
	}
	return t, nil
}
