package payment

import (
	"errors"
	"net/http"

	"zuum/shared/httpapi"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/promotion"
)

// promoter serves POST /api/payment/promote; mounted by MountPromote.
type promoter struct {
	promotions *promotion.Store
	ledger     *ledger.Store
}

// MountPromote adds in-app promotion to h: POST /api/payment/promote pays a promotion of one of
// the caller's posts into the held account until an admin decides. Idempotent by its key.
func (h *Handler) MountPromote(sessions httpapi.Authenticator, promotions *promotion.Store, l *ledger.Store) *Handler {
	p := &promoter{promotions: promotions, ledger: l}
	h.mux.HandleFunc("POST /api/payment/promote",
		httpapi.RequireSession(sessions, httpapi.Idempotent(l, "promote", p.promote)))
	return h
}

type promoteRequest struct {
	PostID   string `json:"postId"`
	Type     string `json:"type"`
	Timeline string `json:"timeline"`
}

// promotedJSON is the new promotion: pending until an admin approves it.
type promotedJSON struct {
	ID     string      `json:"id"`
	Status string      `json:"status"`
	Price  money.Money `json:"price"`
	Days   int         `json:"days"`
}

type promotedResponse struct {
	Data promotedJSON `json:"data"`
}

func (p *promoter) promote(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	var req promoteRequest
	if err := httpapi.Decode(w, r, &req); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	once := httpapi.OnceOf(r)
	var answer promotedResponse
	owner := promotion.Owner{ID: me.UserID, Username: me.Account.Username}
	_, err := p.promotions.Promote(r.Context(), owner, promotion.InAppRequest{PostID: req.PostID, Type: req.Type, Timeline: req.Timeline},
		func(pr promotion.Promotion) ledger.Once {
			answer = promotedResponse{Data: promotedJSON{ID: pr.ID, Status: pr.Status, Price: pr.Price, Days: pr.Days}}
			_ = once.Answer(http.StatusCreated, answer)
			return ledger.Once(*once)
		})
	switch {
	case errors.Is(err, ledger.ErrReplayed):
		httpapi.Replay(w, r, p.ledger)
	case err != nil:
		httpapi.Error(w, r, err)
	default:
		httpapi.JSON(w, http.StatusCreated, answer)
	}
}
