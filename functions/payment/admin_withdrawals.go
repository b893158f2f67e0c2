package payment

import (
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/functions/wire"
	"zuum/shared/audit"
	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/payment"
)

// withdrawals is the withdrawals review queue of the admin area: withdrawals pending longer
// than payment.NeedsReviewAfter (their transfer's fate unknown to the reconciler), and what an
// admin does about one: look again at the provider (settles only by its word), mark it failed
// (the movement reversed: the admin asserts the provider failed it) or completed. Each action is
// recorded in the audit log in the action's own transaction.
type review struct {
	svc   *payment.Withdrawals
	audit *audit.Store
}

// Admin is the admin Lambda's router (functions/admin's Handler): Handle mounts a route only an
// approved admin reaches (httpapi.RequireAdmin), Audit is the admin audit log.
type Admin interface {
	Handle(pattern string, fn func(w http.ResponseWriter, r *http.Request, a httpapi.AdminPrincipal))
	Audit() *audit.Store
}

// AdminRoutes mounts the withdrawals review queue on the admin Lambda: GET /api/admin/withdrawals
// and POST /api/admin/withdrawals/{id}/{recheck,fail,complete}, over the payment provider and the
// ledger of p; settlements notify their owner in usersTable.
func AdminRoutes(h Admin, p wire.Payments, usersTable string) {
	svc := payment.NewWithdrawals(p.Provider, payment.NewBankList(p.Provider), nil, p.DB, p.Ledger, usersTable)
	q := &review{svc: svc, audit: h.Audit()}
	h.Handle("GET /api/admin/withdrawals", q.list)
	h.Handle("POST /api/admin/withdrawals/{id}/recheck", q.recheck)
	h.Handle("POST /api/admin/withdrawals/{id}/fail", q.mark("withdrawal.fail", ledger.Failed))
	h.Handle("POST /api/admin/withdrawals/{id}/complete", q.mark("withdrawal.complete", ledger.Completed))
}

// withdrawalJSON is a withdrawal as admins see it.
type withdrawalJSON struct {
	ID            string      `json:"id"`
	UserID        string      `json:"user_id"`
	Username      string      `json:"username"`
	Amount        money.Money `json:"amount"`
	Fee           money.Money `json:"fee"`
	AccountNumber string      `json:"account_number"`
	BankCode      string      `json:"bank_code"`
	BankName      string      `json:"bank_name"`
	Status        string      `json:"status"`
	TransferID    *string     `json:"transfer_id"`
	Message       *string     `json:"message"`
	CreatedAt     string      `json:"created_at"`
}

func withdrawalView(w payment.WithdrawalRecord) withdrawalJSON {
	return withdrawalJSON{
		ID: w.ID, UserID: w.UserID, Username: w.Username, Amount: w.Amount, Fee: w.Fee, AccountNumber: w.AccountNumber,
		BankCode: w.BankCode, BankName: w.BankName, Status: w.Status, TransferID: orNull(w.TransferID),
		Message: orNull(w.Message), CreatedAt: w.CreatedAt.UTC().Format(time.RFC3339),
	}
}

type withdrawalList struct {
	Withdrawals []withdrawalJSON `json:"withdrawals"`
	Total       int              `json:"total"`
}

// reviewAnswer is an action's answer: what happened, and the withdrawal afterwards.
type reviewAnswer struct {
	Message    string         `json:"message"`
	Withdrawal withdrawalJSON `json:"withdrawal"`
}

// reviewQueue is the only queue: withdrawals that need review.
const reviewQueue = "review"

var errBadWithdrawalQueue = failure.New(failure.Invalid, "status must be review.")

// providerUnavailable is the 503 of an action that had to ask the provider and could not.
const providerUnavailable = "Payment provider unavailable. Please try again later."

func (q *review) list(w http.ResponseWriter, r *http.Request, _ httpapi.AdminPrincipal) {
	if s := r.URL.Query().Get("status"); s != "" && s != reviewQueue {
		httpapi.Error(w, r, errBadWithdrawalQueue)
		return
	}
	ws, err := q.svc.NeedsReview(r.Context())
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	out := withdrawalList{Withdrawals: make([]withdrawalJSON, 0, len(ws)), Total: len(ws)}
	for _, x := range ws {
		out.Withdrawals = append(out.Withdrawals, withdrawalView(x))
	}
	httpapi.JSON(w, http.StatusOK, out)
}

// auditing is the audit entry of admin a's action on withdrawal id: before {status: pending},
// after {status, reason} (the admin's reason, or what the provider said).
func (q *review) auditing(a httpapi.AdminPrincipal, action, id string) payment.Audit {
	return func(status, note string) ([]types.TransactWriteItem, error) {
		item, err := q.audit.Item(audit.Entry{
			AdminID: a.ID, AdminUsername: a.Username, Action: action, TargetType: "withdrawal", TargetID: id,
			Before: map[string]string{"status": ledger.Pending}, After: map[string]string{"status": status, "reason": note},
		})
		return []types.TransactWriteItem{item}, err
	}
}

func (q *review) recheck(w http.ResponseWriter, r *http.Request, a httpapi.AdminPrincipal) {
	id := r.PathValue("id")
	c, err := q.svc.Recheck(r.Context(), id, q.auditing(a, "withdrawal.recheck", id))
	if q.failed(w, r, err) {
		return
	}
	msg := "Still pending: " + c.Note + "."
	switch c.Status {
	case ledger.Completed:
		msg = "Completed: the provider reports the transfer SUCCESSFUL."
	case ledger.Failed:
		msg = "Failed and refunded: the provider reports the transfer FAILED."
	}
	httpapi.JSON(w, http.StatusOK, reviewAnswer{Message: msg, Withdrawal: withdrawalView(c.WithdrawalRecord)})
}

// markBody says why an admin marks a withdrawal; it is kept on the withdrawal and in the audit.
type markBody struct {
	Reason string `json:"reason"`
}

func (q *review) mark(action, status string) func(http.ResponseWriter, *http.Request, httpapi.AdminPrincipal) {
	return func(w http.ResponseWriter, r *http.Request, a httpapi.AdminPrincipal) {
		var in markBody
		if err := httpapi.Decode(w, r, &in); err != nil {
			httpapi.Error(w, r, err)
			return
		}
		id := r.PathValue("id")
		after, err := q.svc.Mark(r.Context(), id, status, in.Reason, q.auditing(a, action, id))
		if q.failed(w, r, err) {
			return
		}
		msg := "Withdrawal marked completed."
		if status == ledger.Failed {
			msg = "Withdrawal marked failed: " + payment.GivenBack(after.Withdrawal).String() + " refunded to " + after.Username + "."
		}
		httpapi.JSON(w, http.StatusOK, reviewAnswer{Message: msg, Withdrawal: withdrawalView(after)})
	}
}

// failed answers err, if any: 503 when the provider could not be asked.
func (q *review) failed(w http.ResponseWriter, r *http.Request, err error) bool {
	switch {
	case err == nil:
		return false
	case errors.Is(err, payment.ErrProviderUnavailable):
		slog.ErrorContext(r.Context(), "admin withdrawals: provider unavailable", "request_id", httpapi.RequestID(r), "err", err)
		httpapi.Message(w, http.StatusServiceUnavailable, providerUnavailable)
	default:
		httpapi.Error(w, r, err)
	}
	return true
}

// orNull is s, or null when it is empty.
func orNull(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
