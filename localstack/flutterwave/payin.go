package flutterwave

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"zuum/shared/money"
	"zuum/shared/payment"
)

// PayIn is the control's body: naira paid into a virtual account by bank transfer.
type PayIn struct {
	AccountNumber string      `json:"account_number"`
	Amount        money.Money `json:"amount"`
	// Payer, PayerAccount and PayerBank describe the sender; defaults name a sandbox payer.
	Payer        string `json:"payer,omitempty"`
	PayerAccount string `json:"payer_account,omitempty"`
	PayerBank    string `json:"payer_bank,omitempty"`
	// Status is the transaction's outcome: "successful" (the default) or "failed".
	Status string `json:"status,omitempty"`
	// Shape is the webhook's shape: "v3" (the default, data-wrapped) or "legacy" (flat camelCase).
	Shape string `json:"shape,omitempty"`
	// NoWebhook records the payment without sending its webhook, as when the provider's delivery
	// is lost (resend-hook sends it later).
	NoWebhook bool `json:"no_webhook,omitempty"`
}

// payIn records a transfer into an account that is open and sends its webhook in the
// background: the answer does not wait for the app.
func (s *Sandbox) payIn(w http.ResponseWriter, r *http.Request) {
	var in PayIn
	if !decode(w, r, &in) {
		return
	}
	in.AccountNumber = strings.TrimSpace(in.AccountNumber)
	if in.Status == "" {
		in.Status = payment.Successful
	}
	switch {
	case in.AccountNumber == "":
		fail(w, http.StatusBadRequest, "account_number is required")
		return
	case in.Amount <= 0:
		fail(w, http.StatusBadRequest, "amount must be a naira amount greater than 0")
		return
	case in.Status != payment.Successful && in.Status != "failed":
		fail(w, http.StatusBadRequest, "status must be successful or failed")
		return
	case in.Shape != "" && in.Shape != "v3" && in.Shape != "legacy":
		fail(w, http.StatusBadRequest, "shape must be v3 or legacy")
		return
	}
	if in.Payer == "" {
		in.Payer = "SANDBOX PAYER"
	}
	if in.PayerAccount == "" {
		in.PayerAccount = "0123456789"
	}
	if in.PayerBank == "" {
		in.PayerBank = "Access Bank"
	}
	now := s.now()
	s.mu.Lock()
	a, ok := s.accounts[s.byNumber[in.AccountNumber]]
	if !ok {
		s.mu.Unlock()
		fail(w, http.StatusNotFound, "No virtual account has the number "+in.AccountNumber)
		return
	}
	if bounce, status := a.refuses(in.Amount, now); bounce != "" {
		s.mu.Unlock()
		fail(w, status, "The virtual account "+in.AccountNumber+" "+bounce+"; the transfer is returned to the sender")
		return
	}
	if in.Status == payment.Successful {
		a.Paid++
	}
	s.nextID++
	t := &transaction{
		ID: s.nextID, TxRef: a.TxRef, FlwRef: "FLW" + strings.ToUpper(randomHex(8)), OrderRef: a.OrderRef,
		AccountNumber: a.AccountNumber, Amount: in.Amount, Currency: payment.NGN, Status: in.Status,
		Payer: in.Payer, PayerAccount: in.PayerAccount, PayerBank: in.PayerBank, Email: a.Email, Name: a.Name,
		CreatedAt: now,
	}
	s.charged(t)
	s.txs[t.ID] = t
	s.changed()
	c := *t
	s.mu.Unlock()
	if !in.NoWebhook {
		s.send(&c, in.Shape == "legacy")
	}
	reply(w, http.StatusOK, "Payment received", transactionJSON(&c))
}

// refuses says why the bank returns a transfer of amount into a at now ("" when a takes it),
// with the control's status: after its expiry_date (410); once it took its frequency of payments
// (409); a dynamic account opened for an amount takes exactly that amount (422). The provider's
// documents do not say what becomes of a different amount (PAYMENTS.md §1); the sandbox returns
// it, the strict reading, so the app never counts on a partial or excess payment being kept.
func (a *account) refuses(amount money.Money, now time.Time) (string, int) {
	switch {
	case !a.ExpiresAt.IsZero() && !now.Before(a.ExpiresAt):
		return "expired at " + date(a.ExpiresAt), http.StatusGone
	case a.Frequency > 0 && a.Paid >= a.Frequency:
		return fmt.Sprintf("has taken its %d payment(s) (frequency %d)", a.Paid, a.Frequency), http.StatusConflict
	case !a.Permanent && a.Amount != nil && amount != *a.Amount:
		return "expects exactly " + a.Amount.String() + ", not " + amount.String(), http.StatusUnprocessableEntity
	}
	return "", 0
}

// resendHook sends a transaction's webhook again (v3's resend-hook).
func (s *Sandbox) resendHook(w http.ResponseWriter, r *http.Request) {
	c, ok := s.pathTransaction(w, r)
	if !ok {
		return
	}
	s.send(&c, false)
	reply(w, http.StatusOK, "hook sent", nil)
}

// settings changes the sandbox's dashboard settings: account_lifetime_seconds (> 0) is how long
// the temporary accounts opened from now on accept payments.
func (s *Sandbox) settings(w http.ResponseWriter, r *http.Request) {
	var in struct {
		AccountLifetimeSeconds int64 `json:"account_lifetime_seconds"`
	}
	if !decode(w, r, &in) {
		return
	}
	if in.AccountLifetimeSeconds <= 0 {
		fail(w, http.StatusBadRequest, "account_lifetime_seconds must be greater than 0")
		return
	}
	s.SetAccountLifetime(time.Duration(in.AccountLifetimeSeconds) * time.Second)
	reply(w, http.StatusOK, "Settings changed", map[string]any{"account_lifetime_seconds": in.AccountLifetimeSeconds})
}

// SetAccountLifetime sets how long the temporary accounts opened from now on accept payments.
func (s *Sandbox) SetAccountLifetime(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cfg.AccountLifetime = d
}

func (s *Sandbox) listDeliveries(w http.ResponseWriter, _ *http.Request) {
	reply(w, http.StatusOK, "Webhook deliveries", s.Deliveries())
}

// webhookBody is the body the sandbox sends for t: the v3 data-wrapped shape or the legacy flat one.
func webhookBody(t *transaction, legacy bool) []byte {
	var v any
	if legacy {
		v = map[string]any{
			"id": t.ID, "txRef": t.TxRef, "flwRef": t.FlwRef, "orderRef": t.OrderRef, "amount": t.Amount,
			"charged_amount": t.Amount, "appfee": t.AppFee, "currency": t.Currency, "status": t.Status, "paymentType": "bank_transfer",
			"createdAt": t.CreatedAt.UTC().Format("2006-01-02T15:04:05.000Z"), "IP": "::127.0.0.1",
			"event.type": "BANK_TRANSFER_TRANSACTION", "meta_data": payerMeta(t),
			"customer": map[string]any{"id": t.ID % 100000, "fullName": t.Name, "email": t.Email},
			"entity":   map[string]any{"account_number": t.AccountNumber, "first_name": t.Payer, "last_name": ""},
		}
	} else {
		eventType := "BANK_TRANSFER_TRANSACTION"
		if t.PaymentType == "card" {
			eventType = "CARD_TRANSACTION"
		}
		v = map[string]any{
			"event": payment.ChargeCompleted, "data": transactionJSON(t), "meta_data": payerMeta(t),
			"event.type": eventType,
		}
	}
	raw, _ := json.Marshal(v)
	return raw
}

// send delivers t's webhook in the background: the first attempt at once, then up to Retries
// more, RetryDelay apart, until the app answers 200 (any other answer, a redirect included,
// is a failure, as the provider counts it).
func (s *Sandbox) send(t *transaction, legacy bool) { s.deliver(t.ID, webhookBody(t, legacy)) }

// deliverAfter sends one webhook body about the transaction or transfer id, as send describes,
// once gate is closed (nil: at once; wait at most) and wait has passed; the channel it returns
// is closed after the first attempt (deliver, in faults.go, decides how a body goes).
func (s *Sandbox) deliverAfter(id int64, body []byte, gate <-chan struct{}, wait time.Duration) <-chan struct{} {
	first := make(chan struct{})
	cfg := s.config()
	if cfg.WebhookURL == "" {
		close(first)
		return first
	}
	d := &Delivery{TransactionID: id, URL: cfg.WebhookURL, At: s.now()}
	s.mu.Lock()
	s.hooks = append(s.hooks, d)
	if s.busy == 0 {
		s.idle = make(chan struct{})
	}
	s.busy++
	s.mu.Unlock()
	s.pending.Add(1)
	go func() {
		defer s.pending.Done()
		defer s.finish()
		defer closeOnce(first)
		if !s.hold(gate, wait) {
			return
		}
		for attempt := 0; attempt <= Retries; attempt++ {
			if attempt == 1 {
				closeOnce(first)
			}
			if attempt > 0 {
				select {
				case <-s.ctx.Done():
					return
				case <-time.After(s.retryDelay):
				}
			}
			status, err := s.post(cfg, body)
			s.mu.Lock()
			d.Attempts, d.LastStatus, d.LastError = attempt+1, status, ""
			if err != nil {
				d.LastError = err.Error()
			}
			d.Delivered = status == http.StatusOK
			d.Done = d.Delivered || attempt == Retries
			s.mu.Unlock()
			if d.Delivered {
				return
			}
			s.log.Warn("flutterwave sandbox: webhook not accepted", "transaction", id, "attempt", attempt+1, "status", status, "err", err)
		}
	}()
	return first
}

// finish marks one delivery over.
func (s *Sandbox) finish() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.busy--
	if s.busy == 0 {
		close(s.idle)
	}
}

// post sends one attempt, signed both ways the provider signs.
func (s *Sandbox) post(cfg Config, body []byte) (int, error) {
	req, err := http.NewRequestWithContext(s.ctx, http.MethodPost, cfg.WebhookURL, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(payment.HashHeader, cfg.WebhookHash)
	req.Header.Set(payment.SignatureHeader, payment.Sign(cfg.WebhookHash, body))
	client := *cfg.Client
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	res, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 1<<20))
	if res.StatusCode != http.StatusOK {
		return res.StatusCode, fmt.Errorf("answered %d", res.StatusCode)
	}
	return res.StatusCode, nil
}
