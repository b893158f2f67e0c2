package flutterwave

import (
	"encoding/json"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"zuum/shared/money"
	"zuum/shared/payment"
)

// payouts is the sandbox's transfers (shared/PAYMENTS.md §2): queued by POST /v3/transfers,
// settled by the control POST /_flutterwave/sandbox/transfers/{reference}/complete (or by
// themselves after autoSettle, under make dev), each end reported by a signed transfer.completed
// webhook. The fields are guarded by the Sandbox's mu.
type payouts struct {
	transfers map[int64]*transfer
	byRef     map[string]int64
	nextID    int64
	// autoSettle > 0 settles a transfer SUCCESSFUL that long after it was queued.
	autoSettle time.Duration
	// delay holds POST /v3/transfers' answer back after queuing the transfer (a lost answer);
	// with drop, the request is lost before the transfer is queued (nothing queued, and the
	// answer is a 504 after delay); refuseWith, when set, refuses every transfer with that
	// message (400) instead.
	delay      time.Duration
	drop       bool
	refuseWith string
}

// transfer is a payout.
type transfer struct {
	ID              int64       `json:"id"`
	Reference       string      `json:"reference"`
	AccountNumber   string      `json:"account_number"`
	BankCode        string      `json:"bank_code"`
	BankName        string      `json:"bank_name"`
	FullName        string      `json:"full_name"`
	Amount          money.Money `json:"amount"`
	Fee             money.Money `json:"fee"`
	Narration       string      `json:"narration"`
	Status          string      `json:"status"`
	CompleteMessage string      `json:"complete_message"`
	CreatedAt       time.Time   `json:"created_at"`
	// Debited: amount and fee were taken from the balance (balance.go).
	Debited bool `json:"debited,omitempty"`
}

func (p *payouts) restore(ts []*transfer, next int64) {
	p.transfers, p.byRef = map[int64]*transfer{}, map[string]int64{}
	for _, t := range ts {
		p.transfers[t.ID] = t
		p.byRef[t.Reference] = t.ID
	}
	if next > p.nextID {
		p.nextID = next
	}
}

func (s *Sandbox) transferRoutes(m *http.ServeMux) {
	v3 := func(pattern string, h http.HandlerFunc) { m.HandleFunc(pattern, s.bearer(h)) }
	v3("GET /_flutterwave/v3/banks/NG", s.listBanks)
	v3("POST /_flutterwave/v3/accounts/resolve", s.resolveAccount)
	v3("GET /_flutterwave/v3/transfers/fee", s.transferFee)
	v3("POST /_flutterwave/v3/transfers", s.createTransfer)
	v3("GET /_flutterwave/v3/transfers", s.listTransfers)
	v3("GET /_flutterwave/v3/transfers/{id}", s.getTransfer)
	m.HandleFunc("POST /_flutterwave/sandbox/transfers/{reference}/complete", s.completeTransfer)
	m.HandleFunc("POST /_flutterwave/sandbox/transfer-settings", s.transferSettings)
}

// Fee is what the sandbox charges the merchant per transfer (GET /v3/transfers/fee and the
// transfer's fee), taken from the balance with the amount. The tiers are a sample in the shape of
// the provider's NGN pricing (₦10.75 up to ₦5,000, ₦26.88 up to ₦50,000, ₦53.75 above; the SDK's
// sample fee is 26.875), not its current price list.
func Fee(amount money.Money) money.Money {
	switch {
	case amount <= 5_000*money.Naira:
		return 1075 // ₦10.75
	case amount <= 50_000*money.Naira:
		return 2688 // ₦26.88 (the provider's 26.875, rounded to kobo)
	default:
		return 5375 // ₦53.75
	}
}

func (s *Sandbox) listBanks(w http.ResponseWriter, _ *http.Request) {
	out := make([]map[string]any, 0, len(payment.FallbackBanks))
	for i, b := range payment.FallbackBanks {
		out = append(out, map[string]any{"id": 100 + i, "code": b.Code, "name": b.Name})
	}
	reply(w, http.StatusOK, "Banks fetched successfully", out)
}

func bankName(code string) (string, bool) {
	for _, b := range payment.FallbackBanks {
		if b.Code == code {
			return b.Name, true
		}
	}
	return "", false
}

// Holder is the name the sandbox resolves a 10-digit account number to: made from its digits,
// so the same number always names the same person.
func Holder(number string) string {
	first := []string{"ADAEZE", "BABATUNDE", "CHIOMA", "DAYO", "EMEKA", "FUNMILAYO", "GBENGA", "HAUWA", "IFEOMA", "JIDE"}
	last := []string{"OKAFOR", "ADEYEMI", "BELLO", "NWOSU", "OLADIPO", "EZE", "ABUBAKAR", "OKONKWO", "ADEBAYO", "IBRAHIM"}
	a, _ := strconv.Atoi(number[:5])
	b, _ := strconv.Atoi(number[5:])
	return first[a%10] + " " + last[(b/10+a)%10]
}

func (s *Sandbox) resolveAccount(w http.ResponseWriter, r *http.Request) {
	var in struct {
		AccountNumber string `json:"account_number"`
		AccountBank   string `json:"account_bank"`
	}
	if !decode(w, r, &in) {
		return
	}
	if _, ok := bankName(in.AccountBank); !ok {
		fail(w, http.StatusBadRequest, "Invalid bank code")
		return
	}
	if !digits(in.AccountNumber, 10) {
		fail(w, http.StatusBadRequest, "invalid account")
		return
	}
	reply(w, http.StatusOK, "Account details fetched", map[string]any{
		"account_number": in.AccountNumber, "account_name": Holder(in.AccountNumber),
	})
}

func (s *Sandbox) transferFee(w http.ResponseWriter, r *http.Request) {
	amount, err := money.Parse(r.URL.Query().Get("amount"))
	if err != nil || amount <= 0 {
		fail(w, http.StatusBadRequest, "amount is required")
		return
	}
	reply(w, http.StatusOK, "Transfer fee fetched", []map[string]any{
		{"currency": payment.NGN, "fee_type": "value", "fee": Fee(amount)},
	})
}

func (s *Sandbox) createTransfer(w http.ResponseWriter, r *http.Request) {
	var in struct {
		AccountBank   string      `json:"account_bank"`
		AccountNumber string      `json:"account_number"`
		Amount        money.Money `json:"amount"`
		Currency      string      `json:"currency"`
		Narration     string      `json:"narration"`
		Reference     string      `json:"reference"`
	}
	if !decode(w, r, &in) {
		return
	}
	bank, known := bankName(in.AccountBank)
	switch {
	case !known:
		fail(w, http.StatusBadRequest, "Invalid bank code")
		return
	case !digits(in.AccountNumber, 10):
		fail(w, http.StatusBadRequest, "invalid account")
		return
	case in.Amount <= 0:
		fail(w, http.StatusBadRequest, "amount must be greater than 0")
		return
	case in.Currency != "" && in.Currency != payment.NGN:
		fail(w, http.StatusBadRequest, "currency must be NGN")
		return
	case in.Reference == "" || len(in.Reference) > 100:
		fail(w, http.StatusBadRequest, "reference is required and must be at most 100 characters")
		return
	}
	s.mu.Lock()
	if msg := s.payouts.refuseWith; msg != "" {
		s.mu.Unlock()
		fail(w, http.StatusBadRequest, msg)
		return
	}
	if s.payouts.drop {
		delay := s.payouts.delay
		s.mu.Unlock()
		select {
		case <-time.After(delay):
			fail(w, http.StatusGatewayTimeout, "upstream request timeout")
		case <-r.Context().Done():
		}
		return
	}
	if _, dup := s.payouts.byRef[in.Reference]; dup {
		s.mu.Unlock()
		fail(w, http.StatusBadRequest, "Duplicate reference")
		return
	}
	s.payouts.nextID++
	t := &transfer{
		ID: s.payouts.nextID, Reference: in.Reference, AccountNumber: in.AccountNumber, BankCode: in.AccountBank,
		BankName: bank, FullName: Holder(in.AccountNumber), Amount: in.Amount, Fee: Fee(in.Amount),
		Narration: in.Narration, Status: payment.TransferNew, CreatedAt: s.now(),
	}
	s.payouts.transfers[t.ID], s.payouts.byRef[t.Reference] = t, t.ID
	funded := s.debit(t)
	delay, auto := s.payouts.delay, s.payouts.autoSettle
	s.changed()
	c := *t
	s.mu.Unlock()
	switch {
	case !funded:
		s.failUnfunded(c.Reference)
	case auto > 0:
		s.settleLater(c.Reference, auto)
	}
	if delay > 0 { // queued, but the answer is late: the caller may give up waiting
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		}
	}
	reply(w, http.StatusOK, "Transfer Queued Successfully", transferJSON(&c))
}

func (s *Sandbox) getTransfer(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	s.mu.Lock()
	t, ok := s.payouts.transfers[id]
	var c transfer
	if ok {
		c = *t
	}
	s.mu.Unlock()
	if err != nil || !ok {
		fail(w, http.StatusNotFound, "Transfer not found")
		return
	}
	reply(w, http.StatusOK, "Transfer fetched", transferJSON(&c))
}

// TransferPageSize is how many transfers a page of GET /v3/transfers holds.
const TransferPageSize = 10

// listTransfers is the documented list: newest first, page (from 1, default 1) and status are its
// only filters, as the provider's documents name them. Anything else in the query (reference,
// say) is ignored as the provider ignores it, so the client cannot lean on a filter the provider
// never promised. meta.page_info says where the page is.
func (s *Sandbox) listTransfers(w http.ResponseWriter, r *http.Request) {
	page := 1
	if p := r.URL.Query().Get("page"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 {
			fail(w, http.StatusBadRequest, "page must be a positive whole number")
			return
		}
		page = n
	}
	status := strings.ToUpper(r.URL.Query().Get("status"))
	var found []transfer
	s.mu.Lock()
	for _, t := range s.payouts.transfers {
		if status == "" || t.Status == status {
			found = append(found, *t)
		}
	}
	s.mu.Unlock()
	sort.Slice(found, func(i, j int) bool { return found[i].ID > found[j].ID })
	pages := (len(found) + TransferPageSize - 1) / TransferPageSize
	out := make([]map[string]any, 0, TransferPageSize)
	for i := (page - 1) * TransferPageSize; i < len(found) && i < page*TransferPageSize; i++ {
		out = append(out, transferJSON(&found[i]))
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"status": "success", "message": "Transfers fetched",
		"meta": map[string]any{"page_info": map[string]any{"total": len(found), "current_page": page, "total_pages": pages}},
		"data": out,
	})
}

// transferJSON is a transfer as v3 writes it (SDK documentation/transfers.md).
func transferJSON(t *transfer) map[string]any {
	return map[string]any{
		"id": t.ID, "account_number": t.AccountNumber, "bank_code": t.BankCode, "full_name": t.FullName,
		"created_at": t.CreatedAt.UTC().Format("2006-01-02T15:04:05.000Z"), "currency": payment.NGN,
		"debit_currency": payment.NGN, "amount": t.Amount, "fee": t.Fee, "status": t.Status,
		"reference": t.Reference, "meta": nil, "narration": t.Narration, "complete_message": t.CompleteMessage,
		"requires_approval": 0, "is_approved": 1, "bank_name": t.BankName,
	}
}

// CompleteTransfer is the control's body.
type CompleteTransfer struct {
	// Status is SUCCESSFUL or FAILED.
	Status string `json:"status"`
	// Message is the FAILED transfer's complete_message; a default names the sandbox.
	Message string `json:"message,omitempty"`
	// NoWebhook settles it without sending its webhook, as when the provider's delivery is lost.
	NoWebhook bool `json:"no_webhook,omitempty"`
}

// completeTransfer settles a queued transfer by its reference and sends its webhook; a transfer
// already settled stays as it is (409).
func (s *Sandbox) completeTransfer(w http.ResponseWriter, r *http.Request) {
	var in CompleteTransfer
	if !decode(w, r, &in) {
		return
	}
	in.Status = strings.ToUpper(in.Status)
	if in.Status != payment.TransferSuccessful && in.Status != payment.TransferFailed {
		fail(w, http.StatusBadRequest, "status must be SUCCESSFUL or FAILED")
		return
	}
	t, code, msg := s.complete(r.PathValue("reference"), in.Status, in.Message, !in.NoWebhook)
	if code != http.StatusOK {
		fail(w, code, msg)
		return
	}
	reply(w, http.StatusOK, msg, transferJSON(&t))
}

// complete settles the transfer with reference and, with hook, delivers its webhook.
func (s *Sandbox) complete(reference, status, message string, hook bool) (transfer, int, string) {
	s.mu.Lock()
	id, ok := s.payouts.byRef[reference]
	if !ok {
		s.mu.Unlock()
		return transfer{}, http.StatusNotFound, "No transfer has the reference " + reference
	}
	t := s.payouts.transfers[id]
	if t.Status == payment.TransferSuccessful || t.Status == payment.TransferFailed {
		c := *t
		s.mu.Unlock()
		return c, http.StatusConflict, "The transfer is already " + c.Status
	}
	t.Status, t.CompleteMessage = status, "Transaction was successful"
	if status == payment.TransferFailed {
		t.CompleteMessage = "DISBURSE FAILED: " + firstNonEmpty(message, "the sandbox failed the transfer")
		s.refund(t)
	}
	s.changed()
	c := *t
	s.mu.Unlock()
	if hook {
		s.deliver(c.ID, transferWebhook(&c))
	}
	return c, http.StatusOK, "Transfer " + strings.ToLower(status)
}

// transferWebhook is the transfer.completed body (kingflamez/laravelflutterwave's sample).
func transferWebhook(t *transfer) []byte {
	data := transferJSON(t)
	delete(data, "full_name")
	data["fullname"], data["approver"] = t.FullName, nil
	raw, _ := json.Marshal(map[string]any{"event": payment.TransferCompleted, "event.type": "Transfer", "data": data})
	return raw
}

// settleLater settles the transfer SUCCESSFUL after d unless it was settled meanwhile.
func (s *Sandbox) settleLater(reference string, d time.Duration) {
	s.pending.Add(1)
	go func() {
		defer s.pending.Done()
		select {
		case <-s.ctx.Done():
		case <-time.After(d):
			s.complete(reference, payment.TransferSuccessful, "", true)
		}
	}()
}

// SetAutoSettle makes transfers settle SUCCESSFUL by themselves d after they are queued (make dev
// uses 10 s); the unsettled ones already there settle d from now. Zero turns it off.
func (s *Sandbox) SetAutoSettle(d time.Duration) {
	s.mu.Lock()
	s.payouts.autoSettle = d
	var open []string
	for _, t := range s.payouts.transfers {
		if t.Status == payment.TransferNew || t.Status == payment.TransferPending {
			open = append(open, t.Reference)
		}
	}
	s.mu.Unlock()
	if d > 0 {
		for _, ref := range open {
			s.settleLater(ref, d)
		}
	}
}

// TransferSettings is the transfer-settings control's body.
type TransferSettings struct {
	// DelayMS holds POST /v3/transfers' answer back this long after queuing the transfer.
	DelayMS int64 `json:"delay_ms"`
	// Drop loses every new transfer request before it is queued: after DelayMS the answer is a
	// 504 and the provider has no such transfer.
	Drop bool `json:"drop"`
	// RefuseWith refuses every new transfer (400) with this message; "" accepts them again.
	RefuseWith string `json:"refuse_with"`
}

func (s *Sandbox) transferSettings(w http.ResponseWriter, r *http.Request) {
	var in TransferSettings
	if !decode(w, r, &in) {
		return
	}
	if in.DelayMS < 0 || in.DelayMS > 120_000 {
		fail(w, http.StatusBadRequest, "delay_ms must be between 0 and 120000")
		return
	}
	s.mu.Lock()
	s.payouts.delay, s.payouts.drop, s.payouts.refuseWith = time.Duration(in.DelayMS)*time.Millisecond, in.Drop, in.RefuseWith
	s.mu.Unlock()
	reply(w, http.StatusOK, "Transfer settings changed", in)
}

func firstNonEmpty(vals ...string) string {
	for _, v := range vals {
		if v != "" {
			return v
		}
	}
	return ""
}
