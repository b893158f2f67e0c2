package flutterwave

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"zuum/shared/money"
	"zuum/shared/payment"
)

// Prefix is where the edge mounts the sandbox; the v3 API is under Prefix+"v3/".
const Prefix = "/_flutterwave/"

func (s *Sandbox) routes() {
	m := http.NewServeMux()
	v3 := func(pattern string, h http.HandlerFunc) { m.HandleFunc(pattern, s.bearer(h)) }
	v3("POST /_flutterwave/v3/virtual-account-numbers", s.createAccount)
	v3("GET /_flutterwave/v3/virtual-account-numbers/{ref}", s.getAccount)
	v3("GET /_flutterwave/v3/bulk-virtual-account-numbers/{ref}", s.getAccount)
	v3("GET /_flutterwave/v3/transactions/verify_by_reference", s.verifyByReference)
	v3("GET /_flutterwave/v3/transactions", s.listTransactions)
	v3("GET /_flutterwave/v3/transactions/{id}/verify", s.verify)
	v3("POST /_flutterwave/v3/transactions/{id}/resend-hook", s.resendHook)
	v3("POST /_flutterwave/v3/payments", s.createLink)
	s.linkRoutes(m)
	m.HandleFunc("POST /_flutterwave/sandbox/pay-in", s.payIn)
	m.HandleFunc("GET /_flutterwave/sandbox/webhooks", s.listDeliveries)
	m.HandleFunc("POST /_flutterwave/sandbox/settings", s.settings)
	s.transferRoutes(m)
	m.HandleFunc("/_flutterwave/sandbox/faults", s.faultsControl)
	s.balanceRoutes(m)
	m.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		fail(w, http.StatusNotFound, "Route not found: "+r.Method+" "+r.URL.Path)
	})
	s.mux = m
}

// ServeHTTP answers /_flutterwave/.
func (s *Sandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.serve(w, r) }

// reply writes the provider's envelope.
func reply(w http.ResponseWriter, status int, message string, data any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	state := "success"
	if status >= 400 {
		state = "error"
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"status": state, "message": message, "data": data})
}

// fail writes the provider's error envelope: {"status":"error","message":…,"data":null}.
func fail(w http.ResponseWriter, status int, message string) { reply(w, status, message, nil) }

// bearer checks the merchant's secret key as the provider does.
func (s *Sandbox) bearer(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key := s.config().SecretKey
		h := r.Header.Get("Authorization")
		if len(h) <= 7 || !strings.EqualFold(h[:7], "bearer ") {
			fail(w, http.StatusUnauthorized, "Authorization required")
			return
		}
		if key == "" || subtle.ConstantTimeCompare([]byte(strings.TrimSpace(h[7:])), []byte(key)) != 1 {
			fail(w, http.StatusUnauthorized, "Invalid authorization key")
			return
		}
		next(w, r)
	}
}

// decode reads a JSON body of at most 64 KB; false means the answer is written.
func decode(w http.ResponseWriter, r *http.Request, dst any) bool {
	raw, err := io.ReadAll(io.LimitReader(r.Body, 64<<10))
	if err == nil {
		err = json.Unmarshal(raw, dst)
	}
	if err != nil {
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) && typ.Field != "" {
			fail(w, http.StatusBadRequest, typ.Field+" is invalid")
		} else {
			fail(w, http.StatusBadRequest, "Invalid request body")
		}
		return false
	}
	return true
}

type createAccountRequest struct {
	Email       string       `json:"email"`
	IsPermanent bool         `json:"is_permanent"`
	BVN         string       `json:"bvn"`
	TxRef       string       `json:"tx_ref"`
	Narration   string       `json:"narration"`
	FirstName   string       `json:"firstname"`
	LastName    string       `json:"lastname"`
	Amount      *money.Money `json:"amount"`
	Frequency   any          `json:"frequency"`
	Duration    any          `json:"duration"`
}

func (s *Sandbox) createAccount(w http.ResponseWriter, r *http.Request) {
	var in createAccountRequest
	if !decode(w, r, &in) {
		return
	}
	frequency, freqOK := parseFrequency(in.Frequency)
	switch {
	case strings.TrimSpace(in.Email) == "":
		fail(w, http.StatusBadRequest, "email is required")
		return
	case in.Amount != nil && *in.Amount <= 0:
		fail(w, http.StatusBadRequest, "amount must be greater than 0")
		return
	case !in.IsPermanent && in.Amount == nil:
		fail(w, http.StatusBadRequest, "amount is required for a dynamic account")
		return
	case !in.IsPermanent && !freqOK:
		fail(w, http.StatusBadRequest, "frequency must be a whole number greater than 0")
		return
	case utf8.RuneCountInString(in.TxRef) > 100:
		fail(w, http.StatusBadRequest, "tx_ref must be at most 100 characters")
		return
	case utf8.RuneCountInString(in.Narration) > 100:
		fail(w, http.StatusBadRequest, "narration must be at most 100 characters")
		return
	case in.IsPermanent && !digits(in.BVN, 11):
		fail(w, http.StatusBadRequest, "bvn is required for a static account and must be 11 digits")
		return
	}
	now := s.now().Truncate(time.Second) // the provider's dates have whole seconds
	a := &account{
		OrderRef: "URF_" + randomHex(10), FlwRef: "FLW-" + strings.ToUpper(randomHex(12)), TxRef: in.TxRef,
		BankName: BankName, Email: in.Email, Name: strings.TrimSpace(in.FirstName + " " + in.LastName),
		Narration: in.Narration, Amount: in.Amount, Permanent: in.IsPermanent, CreatedAt: now,
	}
	s.mu.Lock()
	if !in.IsPermanent {
		a.ExpiresAt, a.Frequency = now.Add(s.cfg.AccountLifetime), frequency
	}
	for a.AccountNumber == "" || s.byNumber[a.AccountNumber] != "" {
		a.AccountNumber = accountNumber()
	}
	s.accounts[a.OrderRef] = a
	s.byNumber[a.AccountNumber] = a.OrderRef
	s.changed()
	s.mu.Unlock()
	reply(w, http.StatusOK, "Virtual account created", accountJSON(a))
}

func (s *Sandbox) getAccount(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	a, ok := s.accounts[r.PathValue("ref")]
	var c account
	if ok {
		c = *a
	}
	s.mu.Unlock()
	if !ok {
		fail(w, http.StatusNotFound, "Virtual account not found")
		return
	}
	reply(w, http.StatusOK, "Virtual account fetched", accountJSON(&c))
}

// accountJSON is an account as v3 writes it (SDK documentation/virtualAccount.md).
func accountJSON(a *account) map[string]any {
	expiry, frequency := "N/A", "N/A"
	if !a.ExpiresAt.IsZero() {
		expiry = date(a.ExpiresAt)
	}
	if a.Frequency > 0 {
		frequency = strconv.Itoa(a.Frequency)
	}
	var amount any
	if a.Amount != nil {
		amount = *a.Amount
	}
	return map[string]any{
		"response_code": "02", "response_message": "Transaction in progress",
		"flw_ref": a.FlwRef, "order_ref": a.OrderRef, "tx_ref": a.TxRef,
		"account_number": a.AccountNumber, "account_status": "active", "frequency": frequency,
		"bank_name": a.BankName, "created_at": date(a.CreatedAt), "expiry_date": expiry,
		"note": "Please make a bank transfer to " + a.Name, "amount": amount,
	}
}

// parseFrequency reads a dynamic account's frequency, a string in the SDK's schema ("1") or a
// number: how many payments the account takes. Absent, it is 1 (a temporary account takes one
// payment); false when it is not a whole number above 0.
func parseFrequency(v any) (int, bool) {
	var s string
	switch f := v.(type) {
	case nil:
		return 1, true
	case string:
		s = strings.TrimSpace(f)
	case float64:
		s = strconv.FormatFloat(f, 'f', -1, 64)
	default:
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		return 0, false
	}
	return n, true
}

// date writes a time as the provider writes account dates.
func date(t time.Time) string { return t.In(payment.Lagos).Format(payment.DateLayout) }

// pathTransaction is a copy of the transaction whose id is the path's {id}, taken under the lock;
// an unknown or unreadable id is answered as the provider answers it, and ok is false.
func (s *Sandbox) pathTransaction(w http.ResponseWriter, r *http.Request) (c transaction, ok bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	s.mu.Lock()
	t, ok := s.txs[id]
	if ok {
		c = *t
	}
	s.mu.Unlock()
	if err != nil || !ok {
		fail(w, http.StatusBadRequest, "No transaction was found for this id")
		return transaction{}, false
	}
	return c, true
}

func (s *Sandbox) verify(w http.ResponseWriter, r *http.Request) {
	c, ok := s.pathTransaction(w, r)
	if !ok {
		return
	}
	reply(w, http.StatusOK, "Transaction fetched successfully", transactionJSON(&c))
}

func (s *Sandbox) verifyByReference(w http.ResponseWriter, r *http.Request) {
	ref := r.URL.Query().Get("tx_ref")
	if ref == "" {
		fail(w, http.StatusBadRequest, "tx_ref is required")
		return
	}
	var newest *transaction
	s.mu.Lock()
	for _, t := range s.txs {
		if t.TxRef == ref && (newest == nil || t.ID > newest.ID) {
			c := *t
			newest = &c
		}
	}
	s.mu.Unlock()
	if newest == nil {
		fail(w, http.StatusBadRequest, "No transaction was found for this tx_ref")
		return
	}
	reply(w, http.StatusOK, "Transaction fetched successfully", transactionJSON(newest))
}

// transactionJSON is a transaction as verify and the v3 webhook's data write it.
func transactionJSON(t *transaction) map[string]any {
	paymentType, narration := "bank_transfer", "Bank transfer from "+t.Payer
	if t.PaymentType != "" {
		paymentType, narration = t.PaymentType, "Payment by "+t.Name
	}
	return map[string]any{
		"id": t.ID, "tx_ref": t.TxRef, "flw_ref": t.FlwRef, "device_fingerprint": "N/A",
		"amount": t.Amount, "currency": t.Currency, "charged_amount": t.Amount, "app_fee": t.AppFee,
		"merchant_fee": 0, "processor_response": "success", "auth_model": "AUTH",
		"ip": "::127.0.0.1", "narration": narration, "status": t.Status,
		"payment_type": paymentType, "created_at": t.CreatedAt.UTC().Format("2006-01-02T15:04:05.000Z"),
		"account_id": 1, "amount_settled": t.Amount - t.AppFee,
		"meta": payerMeta(t),
		"customer": map[string]any{
			"id": t.ID % 100000, "name": t.Name, "phone_number": "N/A", "email": t.Email,
			"created_at": t.CreatedAt.UTC().Format("2006-01-02T15:04:05.000Z"),
		},
	}
}

func payerMeta(t *transaction) map[string]any {
	return map[string]any{
		"originatoraccountnumber": maskAccount(t.PayerAccount), "originatorname": t.Payer,
		"bankname": t.PayerBank, "originatoramount": "N/A",
	}
}

// maskAccount hides the middle of an account number as the provider does ("123*******90").
func maskAccount(n string) string {
	if len(n) < 6 {
		return n
	}
	return n[:3] + strings.Repeat("*", len(n)-5) + n[len(n)-2:]
}

// digits reports whether s is n decimal digits.
func digits(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// accountNumber is a random NUBAN-length number; the caller makes sure it is unused.
func accountNumber() string {
	n, _ := rand.Int(rand.Reader, big.NewInt(1_000_000_000))
	return "78" + leftPad(n.String(), 8)
}

func leftPad(s string, n int) string {
	if len(s) >= n {
		return s[len(s)-n:]
	}
	return strings.Repeat("0", n-len(s)) + s
}
