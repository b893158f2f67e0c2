// Package payment is the /api/payment route group: the caller's deposit accounts (a temporary
// virtual account at the payment provider for one amount, and a permanent one), the provider's webhook, which credits what is paid
// into it, subscriptions (subscription.go: the plan, payment links, paying from the wallet,
// cancelling renewal, the billing history), and withdrawals to Nigerian banks (withdrawal.go),
// settled by the same webhook.
package payment

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"zuum/shared/httpapi"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/payment"
)

// Handler serves /api/payment/*.
type Handler struct {
	deposits    *payment.Deposits
	ledger      *ledger.Store
	webhookHash string
	subs        *subscriptions // nil until mountSubscriptions
	mux         *http.ServeMux
	withdrawals *withdrawals // withdrawal.go
}

// New returns the route group. webhookHash is the secret hash the provider's webhooks prove
// themselves with.
func New(sessions httpapi.Authenticator, deposits *payment.Deposits, l *ledger.Store, webhookHash string) *Handler {
	h := &Handler{deposits: deposits, ledger: l, webhookHash: webhookHash, mux: http.NewServeMux()}
	// The open temporary account, and the permanent one; 404 without.
	h.mux.HandleFunc("GET /api/payment/deposit-account", httpapi.RequireSession(sessions, mine(deposits.Current, depositAccountOf)))
	h.mux.HandleFunc("GET /api/payment/deposit-account/permanent", httpapi.RequireSession(sessions, mine(deposits.Permanent, permanentAccountOf)))
	h.mux.HandleFunc("POST /api/payment/deposit-account/permanent", httpapi.RequireSession(sessions, h.openPermanent))
	h.mux.HandleFunc("POST /api/payment/deposit-account", httpapi.RequireSession(sessions, httpapi.IdempotentRebuilt(l, "deposit-account", h.opened, h.openAccount)))
	h.mux.HandleFunc("POST /api/payment/webhook", h.webhook)
	h.mux.HandleFunc("/", httpapi.NotFound)
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httpapi.Recover(h.mux).ServeHTTP(w, r)
}

// unavailable is the answer when the provider cannot be reached.
const unavailable = "Payment provider unavailable. Please try again later."

// depositAccountJSON is a temporary deposit account as the API shows it.
type depositAccountJSON struct {
	AccountNumber string      `json:"accountNumber"`
	BankName      string      `json:"bankName"`
	Reference     string      `json:"reference"`
	Amount        money.Money `json:"amount"`
	// ExpiresAt is RFC 3339 UTC, or null for an account that does not expire.
	ExpiresAt *string `json:"expiresAt"`
}

type depositAccountResponse struct {
	Data depositAccountJSON `json:"data"`
}

func depositAccountOf(a payment.DepositAccount) any {
	out := depositAccountJSON{AccountNumber: a.AccountNumber, BankName: a.BankName, Reference: a.Reference, Amount: a.Amount}
	if !a.ExpiresAt.IsZero() {
		s := a.ExpiresAt.UTC().Format(time.RFC3339)
		out.ExpiresAt = &s
	}
	return depositAccountResponse{Data: out}
}

// mine answers 200 with view of what read gives for the caller, or read's error.
func mine[T any](read func(ctx context.Context, userID string) (T, error), view func(T) any) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		me, _ := httpapi.PrincipalFrom(r.Context())
		v, err := read(r.Context(), me.UserID)
		if err != nil {
			httpapi.Error(w, r, err)
			return
		}
		httpapi.JSON(w, http.StatusOK, view(v))
	}
}

type openAccountRequest struct {
	Amount money.Money `json:"amount"`
}

func customerOf(r *http.Request) payment.Customer {
	me, _ := httpapi.PrincipalFrom(r.Context())
	p := me.Account.Profile
	return payment.Customer{UserID: me.UserID, Username: p.Username, Email: p.Email, FirstName: p.FirstName, LastName: p.LastName}
}

// openAccount is POST /api/payment/deposit-account {amount}: a temporary account for exactly
// amount, replacing the open one (Idempotency-Key: a retry gets the same account, opened).
func (h *Handler) openAccount(w http.ResponseWriter, r *http.Request) {
	var in openAccountRequest
	if !decode(w, r, &in) {
		return
	}
	a, err := h.deposits.Open(r.Context(), customerOf(r), in.Amount, ledger.Once(*httpapi.OnceOf(r)))
	switch {
	case errors.Is(err, ledger.ErrReplayed):
		httpapi.Replay(w, r, h.ledger)
	case errors.Is(err, payment.ErrProviderUnavailable):
		slog.ErrorContext(r.Context(), "deposit account", "request_id", httpapi.RequestID(r), "err", err)
		httpapi.JSON(w, http.StatusServiceUnavailable, httpapi.ErrorBody{Message: unavailable})
	case err != nil:
		httpapi.Error(w, r, err)
	default:
		httpapi.JSON(w, http.StatusCreated, depositAccountOf(a))
	}
}

// opened rebuilds the first answer of a deposit account's key: the account it opened
// (payment.Deposits.Opened); 409 (try again) for a key written before it named its account when
// no account is open any more.
func (h *Handler) opened(ctx context.Context, key string) (int, any, error) {
	me, _ := httpapi.PrincipalFrom(ctx)
	a, err := h.deposits.Opened(ctx, me.UserID, key)
	if errors.Is(err, payment.ErrNoAccount) {
		return http.StatusConflict, httpapi.ErrorBody{Message: payment.ErrAccountRace.Message}, nil
	}
	return http.StatusCreated, depositAccountOf(a), err
}

// permanentAccountJSON is a permanent account as the API shows it: never the BVN, only its last 4.
type permanentAccountJSON struct {
	AccountNumber string `json:"accountNumber"`
	BankName      string `json:"bankName"`
	BVNLast4      string `json:"bvnLast4"`
}

type permanentAccountResponse struct {
	Data permanentAccountJSON `json:"data"`
}

func permanentAccountOf(a payment.PermanentAccount) any {
	return permanentAccountResponse{Data: permanentAccountJSON(a)}
}

type openPermanentRequest struct {
	BVN string `json:"bvn"`
}

// openPermanent is POST /api/payment/deposit-account/permanent {bvn}: 201 when opened, 200 with
// the one the user already has.
func (h *Handler) openPermanent(w http.ResponseWriter, r *http.Request) {
	var in openPermanentRequest
	if !decode(w, r, &in) {
		return
	}
	a, opened, err := h.deposits.OpenPermanent(r.Context(), customerOf(r), strings.TrimSpace(in.BVN))
	in.BVN = ""
	switch {
	case errors.Is(err, payment.ErrProviderUnavailable):
		slog.ErrorContext(r.Context(), "permanent deposit account", "request_id", httpapi.RequestID(r), "err", err)
		httpapi.JSON(w, http.StatusServiceUnavailable, httpapi.ErrorBody{Message: unavailable})
	case err != nil:
		httpapi.Error(w, r, err)
	case opened:
		httpapi.JSON(w, http.StatusCreated, permanentAccountResponse{Data: permanentAccountJSON(a)})
	default:
		httpapi.JSON(w, http.StatusOK, permanentAccountResponse{Data: permanentAccountJSON(a)})
	}
}

// maxWebhook bounds a webhook body; the provider's are a few KB.
const maxWebhook = 64 << 10

// webhook takes the provider's events. Any answer but 200 makes the provider deliver again
// (three more times), so 200 is the answer whenever delivering again cannot change the outcome:
// credited, already credited, ignored, refused. Only a failure to reach the provider or the
// ledger is answered 503/500, so the deposit is tried again.
func (h *Handler) webhook(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhook))
	if err != nil {
		httpapi.Message(w, http.StatusRequestEntityTooLarge, "Request body is too large.")
		return
	}
	if !payment.Authentic(h.webhookHash, r.Header, body) {
		slog.WarnContext(r.Context(), "payment webhook with a bad signature", "request_id", httpapi.RequestID(r))
		httpapi.Message(w, http.StatusUnauthorized, "Invalid webhook signature")
		return
	}
	ev, err := payment.ParseEvent(body)
	if err != nil {
		httpapi.Message(w, http.StatusBadRequest, "Unreadable webhook payload")
		return
	}
	if ev.IsTransfer() && h.withdrawals != nil {
		h.withdrawals.transferWebhook(w, r, ev)
		return
	}
	if h.subs != nil && payment.IsSubscriptionRef(ev.TxRef) {
		h.subs.webhook(w, r, ev)
		return
	}
	outcome, reason, err := h.deposits.Credit(r.Context(), ev)
	webhookAnswer(w, r, ev, "deposit webhook", outcome, reason, err, map[payment.Outcome]string{
		payment.Credited: "Deposit credited", payment.AlreadyCredited: "Deposit already credited", payment.Ignored: "Event ignored",
	}, "Deposit refused: the payment provider does not confirm it")
}

// webhookAnswer answers a webhook event by what handling it came to (outcome, or err): 200 with
// said[outcome], or with refused when the provider does not confirm the event (reason logged),
// whenever delivering it again cannot change the outcome; 503 when the provider could not be
// asked, so it delivers again. what names the webhook in the logs.
func webhookAnswer(w http.ResponseWriter, r *http.Request, ev payment.Event, what string, outcome payment.Outcome, reason string, err error,
	said map[payment.Outcome]string, refused string) {
	msg, known := said[outcome]
	switch {
	case errors.Is(err, payment.ErrProviderUnavailable):
		slog.ErrorContext(r.Context(), what+": cannot ask the provider", "event", ev.ID, "err", err)
		httpapi.Message(w, http.StatusServiceUnavailable, unavailable)
	case err != nil:
		httpapi.Error(w, r, err)
	case known:
		httpapi.Message(w, http.StatusOK, msg)
	default:
		slog.WarnContext(r.Context(), what+" refused", "event", ev.ID, "tx_ref", ev.TxRef, "reference", ev.Reference, "reason", reason)
		httpapi.Message(w, http.StatusOK, refused)
	}
}
