// Package payment is the /api/payment route group: the caller's deposit account (a temporary
// virtual account at the payment provider), the provider's webhook, which credits what is paid
// into it, subscriptions (subscription.go: the plan, payment links, paying from the wallet,
// cancelling renewal, the billing history), and withdrawals to Nigerian banks (withdrawal.go),
// settled by the same webhook.
package payment

import (
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"zuum/shared/httpapi"
	"zuum/shared/payment"
)

// Handler serves /api/payment/*.
type Handler struct {
	deposits    *payment.Deposits
	webhookHash string
	subs        *subscriptions // nil until mountSubscriptions
	mux         *http.ServeMux
	withdrawals *withdrawals // withdrawal.go
}

// New returns the route group. webhookHash is the secret hash the provider's webhooks prove
// themselves with.
func New(sessions httpapi.Authenticator, deposits *payment.Deposits, webhookHash string) *Handler {
	h := &Handler{deposits: deposits, webhookHash: webhookHash, mux: http.NewServeMux()}
	h.mux.HandleFunc("GET /api/payment/deposit-account", httpapi.RequireSession(sessions, h.depositAccount))
	h.mux.HandleFunc("POST /api/payment/webhook", h.webhook)
	h.mux.HandleFunc("/", httpapi.NotFound)
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httpapi.Recover(h.mux).ServeHTTP(w, r)
}

// unavailable is the answer when the provider cannot be reached.
const unavailable = "Payment provider unavailable. Please try again later."

// depositAccountJSON is a deposit account as the API shows it.
type depositAccountJSON struct {
	AccountNumber string `json:"accountNumber"`
	BankName      string `json:"bankName"`
	Reference     string `json:"reference"`
	// ExpiresAt is RFC 3339 UTC, or null for an account that does not expire.
	ExpiresAt *string `json:"expiresAt"`
}

type depositAccountResponse struct {
	depositAccountJSON
	// Data repeats the account for the spec's readers, which look under data (spec part 2 §3).
	Data depositAccountJSON `json:"data"`
}

func (h *Handler) depositAccount(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	p := me.Account.Profile
	a, err := h.deposits.Account(r.Context(), payment.Customer{
		UserID: me.UserID, Username: p.Username, Email: p.Email, FirstName: p.FirstName, LastName: p.LastName,
	})
	if errors.Is(err, payment.ErrProviderUnavailable) {
		slog.ErrorContext(r.Context(), "deposit account", "request_id", httpapi.RequestID(r), "err", err)
		httpapi.JSON(w, http.StatusServiceUnavailable, httpapi.ErrorBody{Message: unavailable})
		return
	}
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	out := depositAccountJSON{AccountNumber: a.AccountNumber, BankName: a.BankName, Reference: a.Reference}
	if !a.ExpiresAt.IsZero() {
		s := a.ExpiresAt.UTC().Format(time.RFC3339)
		out.ExpiresAt = &s
	}
	httpapi.JSON(w, http.StatusOK, depositAccountResponse{depositAccountJSON: out, Data: out})
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
	switch {
	case errors.Is(err, payment.ErrProviderUnavailable):
		slog.ErrorContext(r.Context(), "payment webhook: cannot verify", "transaction", ev.ID, "err", err)
		httpapi.Message(w, http.StatusServiceUnavailable, unavailable)
	case err != nil:
		httpapi.Error(w, r, err)
	case outcome == payment.Credited:
		httpapi.Message(w, http.StatusOK, "Deposit credited")
	case outcome == payment.AlreadyCredited:
		httpapi.Message(w, http.StatusOK, "Deposit already credited")
	case outcome == payment.Ignored:
		httpapi.Message(w, http.StatusOK, "Event ignored")
	default:
		slog.WarnContext(r.Context(), "payment webhook refused", "transaction", ev.ID, "tx_ref", ev.TxRef, "reason", reason)
		httpapi.Message(w, http.StatusOK, "Deposit refused: the payment provider does not confirm it")
	}
}
