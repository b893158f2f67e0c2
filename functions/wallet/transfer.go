package wallet

import (
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

// transfer sends money to another user (behind httpapi.Idempotent: one transfer per key).
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
	once := httpapi.OnceOf(r)
	t, err := h.transfers.Send(r.Context(), me.Account, req, func(t transfer.Transfer) (ledger.Once, error) {
		err := once.Answer(http.StatusCreated, answerOf(t))
		return ledger.Once(*once), err
	})
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
