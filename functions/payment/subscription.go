package payment

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"zuum/shared/httpapi"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/payment"
	"zuum/shared/profile"
)

// subscriptions serves the subscription routes; mounted by mountSubscriptions.
type subscriptions struct {
	subs   *payment.Subscriptions
	ledger *ledger.Store
}

// mountSubscriptions adds the subscription routes to h: the caller's plan, a payment link, paying
// from the wallet, cancelling renewal and the billing history; and the webhook's branch for paid
// links.
func (h *Handler) mountSubscriptions(sessions httpapi.Authenticator, subs *payment.Subscriptions, l *ledger.Store) {
	s := &subscriptions{subs: subs, ledger: l}
	h.subs = s
	h.mux.HandleFunc("GET /api/payment/create", httpapi.RequireSession(sessions, mine(subs.Current, planOf)))
	h.mux.HandleFunc("GET /api/payment/subscription", httpapi.RequireSession(sessions, s.link))
	h.mux.HandleFunc("POST /api/payment/subscription/wallet",
		httpapi.RequireSession(sessions, httpapi.IdempotentRebuilt(l, "subscription", s.paid, s.payFromWallet)))
	h.mux.HandleFunc("POST /api/payment/subscription/cancel", httpapi.RequireSession(sessions, mine(subs.Cancel, cancelled)))
	h.mux.HandleFunc("GET /api/payment/subscription/history", httpapi.RequireSession(sessions, s.history))
}

// stamp writes a time as the API does (RFC 3339 UTC); nil for the zero time.
func stamp(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	s := t.UTC().Format(time.RFC3339)
	return &s
}

// statusOf is a subscription status as the API shows it: "none" for a user who never subscribed.
func statusOf(st payment.State) string {
	if st.Status == "" {
		return "none"
	}
	return st.Status
}

// planJSON is GET /api/payment/create's answer: the caller's plan and where their subscription
// stands.
type planJSON struct {
	Name        string      `json:"name"`
	Amount      money.Money `json:"amount"`
	Frequency   string      `json:"frequency"`
	Description string      `json:"description"`
	Features    []string    `json:"features"`
	// PaymentLink is the newest payment link while it takes payments.
	PaymentLink *string `json:"paymentLink"`
	// ExpiresAt ends the current or last paid period.
	ExpiresAt *string `json:"expiresAt"`
	Status    string  `json:"status"`
}

// planOf is GET /api/payment/create's answer for st.
func planOf(st payment.State) any {
	out := planJSON{
		Name: st.Plan.Name, Amount: st.Plan.Amount, Frequency: payment.Frequency, Description: st.Plan.Description,
		Features: st.Plan.Features, ExpiresAt: stamp(st.ExpiresAt), Status: statusOf(st),
	}
	if st.Link != nil && !st.Premium() {
		out.PaymentLink = &st.Link.URL
	}
	return out
}

// linkJSON is GET /api/payment/subscription's answer (spec part 2 §3, "Subscription payment
// response"), with the link's expiry and the amount the screen reads.
type linkJSON struct {
	Status         string      `json:"status"`
	Message        string      `json:"message"`
	PaymentLink    string      `json:"paymentLink"`
	ExpiresAt      string      `json:"expiresAt"`
	PaymentDetails linkDetails `json:"paymentDetails"`
}

type linkDetails struct {
	Name      string      `json:"name"`
	Amount    money.Money `json:"amount"`
	Frequency string      `json:"frequency"`
}

func (s *subscriptions) link(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	st, err := s.subs.NewLink(r.Context(), me.UserID)
	if errors.Is(err, payment.ErrProviderUnavailable) {
		slog.ErrorContext(r.Context(), "subscription link", "request_id", httpapi.RequestID(r), "err", err)
		httpapi.JSON(w, http.StatusServiceUnavailable, httpapi.ErrorBody{Message: unavailable})
		return
	}
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, linkJSON{
		Status: "pending", Message: "Payment link created. It is valid for 30 minutes.",
		PaymentLink: st.Link.URL, ExpiresAt: *stamp(st.Link.ExpiresAt),
		PaymentDetails: linkDetails{Name: st.Plan.Name, Amount: st.Plan.Amount, Frequency: payment.Frequency},
	})
}

// subscriptionJSON is where a subscription stands after a change.
type subscriptionJSON struct {
	Status    string      `json:"status"`
	Plan      string      `json:"plan"`
	Amount    money.Money `json:"amount"`
	ExpiresAt *string     `json:"expiresAt"`
	// Renews says whether the period renews from the wallet when it ends.
	Renews bool `json:"renews"`
}

type changedJSON struct {
	Message      string           `json:"message"`
	Subscription subscriptionJSON `json:"subscription"`
}

func subscriptionOf(st payment.State) subscriptionJSON {
	return subscriptionJSON{
		Status: statusOf(st), Plan: st.Plan.Name, Amount: st.Plan.Amount, ExpiresAt: stamp(st.ExpiresAt),
		Renews: st.Status == profile.SubscriptionActive,
	}
}

// payFromWallet pays a month from the wallet: 201 with the new period; 409 while a period runs;
// 406 when the balance does not cover the price. Idempotent by its key: a replay's answer is
// rebuilt by paid.
func (s *subscriptions) payFromWallet(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	after, err := s.subs.PayFromWallet(r.Context(), me.UserID, ledger.Once(*httpapi.OnceOf(r)))
	switch {
	case errors.Is(err, ledger.ErrReplayed):
		httpapi.Replay(w, r, s.ledger)
	case err != nil:
		httpapi.Error(w, r, err)
	default:
		httpapi.JSON(w, http.StatusCreated, activated(after))
	}
}

// activated is the answer of a month paid from the wallet.
func activated(after payment.State) changedJSON {
	return changedJSON{Message: "Subscription activated", Subscription: subscriptionOf(after)}
}

// paid rebuilds the first answer of a wallet payment's key (payment.Subscriptions.Paid).
func (s *subscriptions) paid(ctx context.Context, key string) (int, any, error) {
	me, _ := httpapi.PrincipalFrom(ctx)
	after, err := s.subs.Paid(ctx, me.UserID, key)
	return http.StatusCreated, activated(after), err
}

// cancelled is a cancel's answer.
func cancelled(st payment.State) any {
	return changedJSON{
		Message:      "Your subscription will not renew. It stays active until " + st.ExpiresAt.In(payment.Lagos).Format("2 January 2006") + ".",
		Subscription: subscriptionOf(st),
	}
}

// billJSON is one subscription payment.
type billJSON struct {
	ID     string      `json:"id"`
	Date   string      `json:"date"`
	Amount money.Money `json:"amount"`
	Plan   string      `json:"plan"`
	// Method is card (the provider's payment link), wallet, or renewal (from the wallet at the
	// period's end).
	Method    string `json:"method"`
	Status    string `json:"status"`
	Reference string `json:"reference"`
}

type historyJSON struct {
	History    []billJSON         `json:"history"`
	Pagination httpapi.Pagination `json:"pagination"`
}

func (s *subscriptions) history(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	p, err := httpapi.ParsePage(r)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	cursor := p.Cursor
	if cursor == "" && p.Page > 1 { // a page asked for by number: walk the pages before it
		skip := (p.Page - 1) * p.Limit
		for skip > 0 {
			page, _, err := s.subs.History(r.Context(), me.UserID, ledger.Page{Limit: min(skip, 50), Cursor: cursor})
			if err != nil {
				httpapi.Error(w, r, err)
				return
			}
			skip -= len(page.Entries)
			if cursor = page.Next; cursor == "" {
				break
			}
		}
		if cursor == "" {
			httpapi.JSON(w, http.StatusOK, historyJSON{History: []billJSON{}, Pagination: httpapi.NewPagination(0, p, "")})
			return
		}
	}
	page, total, err := s.subs.History(r.Context(), me.UserID, ledger.Page{Limit: p.Limit, Cursor: cursor})
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	out := historyJSON{History: make([]billJSON, 0, len(page.Entries)), Pagination: httpapi.NewPagination(total, p, page.Next)}
	for _, e := range page.Entries {
		method := e.Reference
		if strings.HasPrefix(e.Reference, payment.LinkRefPrefix) {
			method = "card"
		}
		out.History = append(out.History, billJSON{
			ID: e.ID, Date: e.At.UTC().Format(time.RFC3339), Amount: -e.Amount, Plan: e.Counterparty,
			Method: method, Status: e.Status, Reference: e.MovementID,
		})
	}
	httpapi.JSON(w, http.StatusOK, out)
}

// webhook handles a webhook for a subscription link (its tx_ref starts payment.LinkRefPrefix),
// answering as the deposit webhook does.
func (s *subscriptions) webhook(w http.ResponseWriter, r *http.Request, ev payment.Event) {
	outcome, reason, err := s.subs.Activate(r.Context(), ev)
	webhookAnswer(w, r, ev, "subscription webhook", outcome, reason, err, map[payment.Outcome]string{
		payment.Credited: "Subscription activated", payment.AlreadyCredited: "Subscription already activated", payment.Ignored: "Event ignored",
	}, "Payment refused: the payment provider does not confirm it")
}
