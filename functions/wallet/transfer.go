package wallet

import (
	"context"
	"errors"
	"net/http"

	"zuum/shared/httpapi"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/transfer"
)

// transferRequest is POST /api/wallet/transfer's body; absent fields stay nil.
type transferRequest struct {
	Email  *string      `json:"email"`
	Amount *money.Money `json:"amount"`
	Note   *string      `json:"note"`
}

type recipientJSON struct {
	ID       string `json:"id"`
	Username string `json:"username"`
}

type transferJSON struct {
	ID        string        `json:"id"`
	Amount    money.Money   `json:"amount"`
	Recipient recipientJSON `json:"recipient"`
	Status    string        `json:"status"`
}

type transferAnswer struct {
	Message string       `json:"message"`
	Data    transferJSON `json:"data"`
}

// msgTransferred is the answer to a transfer that went through.
const msgTransferred = "Transfer successful"

func answerOf(t transfer.Transfer) transferAnswer {
	return transferAnswer{Message: msgTransferred, Data: transferJSON{
		ID: t.ID, Amount: t.Amount, Status: t.Status,
		Recipient: recipientJSON{ID: t.Recipient.ID, Username: t.Recipient.Username},
	}}
}

// transfer sends money to another user (behind httpapi.IdempotentRebuilt: one transfer per key;
// a replay's answer is rebuilt from the transfer's movement by sent).
func (h *Handler) transfer(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	var in transferRequest
	if err := httpapi.Decode(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	req, err := transfer.NewRequest(in.Email, in.Amount, in.Note)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	t, err := h.transfers.Send(r.Context(), me.Account, req, ledger.Once(*httpapi.OnceOf(r)))
	if errors.Is(err, ledger.ErrReplayed) {
		httpapi.Replay(w, r, h.ledger)
		return
	}
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusCreated, answerOf(t))
}

// sent rebuilds the first answer of a transfer's key from the movement it made.
func (h *Handler) sent(ctx context.Context, key string) (int, any, error) {
	me, _ := httpapi.PrincipalFrom(ctx)
	t, err := h.transfers.Sent(ctx, me.UserID, key)
	return http.StatusCreated, answerOf(t), err
}
