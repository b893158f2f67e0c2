package payment

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/payment"
)

// withdrawals serves the bank list, account resolution, withdrawals and their transfer.completed
// webhooks.
type withdrawals struct {
	svc    *payment.Withdrawals
	ledger *ledger.Store
}

// Withdrawals mounts GET /api/payment/banks, POST /api/payment/resolve-account and POST
// /api/payment/withdrawal, and hands the webhook's transfer.completed events to svc.
func (h *Handler) Withdrawals(sessions httpapi.Authenticator, svc *payment.Withdrawals, l *ledger.Store) *Handler {
	wd := &withdrawals{svc: svc, ledger: l}
	h.withdrawals = wd
	h.mux.HandleFunc("GET /api/payment/banks", httpapi.RequireSession(sessions, wd.banks))
	h.mux.HandleFunc("POST /api/payment/resolve-account", httpapi.RequireSession(sessions, wd.resolve))
	h.mux.HandleFunc("POST /api/payment/withdrawal", httpapi.RequireSession(sessions, httpapi.IdempotentRebuilt(l, "withdrawal", wd.requested, wd.withdraw)))
	return h
}

type banksResponse struct {
	Banks []payment.Bank `json:"banks"`
}

func (wd *withdrawals) banks(w http.ResponseWriter, r *http.Request) {
	httpapi.JSON(w, http.StatusOK, banksResponse{Banks: wd.svc.Banks(r.Context())})
}

// invalidRequest is the spec's 400 for a body that cannot be read (part 2 §8).
const invalidRequest = "Invalid request data"

// decode reads the body; a malformed one is answered 400 "Invalid request data" (with the field
// named when one had the wrong type) and false returned.
func decode(w http.ResponseWriter, r *http.Request, dst any) bool {
	err := httpapi.Decode(w, r, dst)
	if err == nil {
		return true
	}
	var fe *failure.Error
	if errors.As(err, &fe) && fe.Code == failure.Invalid {
		httpapi.JSON(w, http.StatusBadRequest, httpapi.ErrorBody{Message: invalidRequest, Errors: fe.Fields})
		return false
	}
	httpapi.Error(w, r, err)
	return false
}

type resolveRequest struct {
	AccountNumber string `json:"accountNumber"`
	BankCode      string `json:"bankCode"`
}

type resolveResponse struct {
	AccountName   string `json:"account_name"`
	AccountNumber string `json:"account_number"`
	BankCode      string `json:"bank_code"`
}

func (wd *withdrawals) resolve(w http.ResponseWriter, r *http.Request) {
	var in resolveRequest
	if !decode(w, r, &in) {
		return
	}
	me, _ := httpapi.PrincipalFrom(r.Context())
	a, err := wd.svc.Resolve(r.Context(), me.UserID, in.AccountNumber, in.BankCode)
	if errors.Is(err, payment.ErrProviderUnavailable) {
		slog.ErrorContext(r.Context(), "resolve account", "request_id", httpapi.RequestID(r), "err", err)
		httpapi.Message(w, http.StatusServiceUnavailable, unavailable)
		return
	}
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, resolveResponse{AccountName: a.AccountName, AccountNumber: a.AccountNumber, BankCode: a.BankCode})
}

type withdrawalRequest struct {
	Amount        money.Money `json:"amount"`
	Save          bool        `json:"save"`
	AccountNumber string      `json:"accountNumber"`
	BankCode      string      `json:"bankCode"`
	OTP           string      `json:"otp"`
}

// withdrawalData is spec part 2 §7's withdrawal result.
type withdrawalData struct {
	TxRef    string      `json:"tx_ref"`
	Amount   money.Money `json:"amount"`
	Fee      money.Money `json:"fee"`
	BankName string      `json:"bank_name"`
	Status   string      `json:"status"`
}

type withdrawalResponse struct {
	Data withdrawalData `json:"data"`
}

type stepUpResponse struct {
	StepUp  bool   `json:"step_up"`
	Message string `json:"message"`
}

// Answers of a withdrawal besides its result.
const (
	stepUpMessage  = "To protect your money, we emailed you a 6-digit code. Enter it to confirm your first withdrawal to this account."
	refusedMessage = "The bank transfer could not be made. Nothing was taken from your balance."
)

func (wd *withdrawals) withdraw(w http.ResponseWriter, r *http.Request) {
	var in withdrawalRequest
	if !decode(w, r, &in) {
		return
	}
	me, _ := httpapi.PrincipalFrom(r.Context())
	ctx := r.Context()
	draft, stepUp, err := wd.svc.Check(ctx, payment.WithdrawalRequest{
		User: me.Account, Amount: in.Amount, Save: in.Save, AccountNumber: in.AccountNumber,
		BankCode: in.BankCode, OTP: in.OTP,
	})
	if err == nil && stepUp {
		httpapi.JSON(w, http.StatusAccepted, stepUpResponse{StepUp: true, Message: stepUpMessage})
		return
	}
	if err == nil {
		_, err = wd.svc.Make(ctx, draft, ledger.Once(*httpapi.OnceOf(r)))
	}
	switch {
	case errors.Is(err, ledger.ErrReplayed):
		httpapi.Replay(w, r, wd.ledger)
	case errors.Is(err, payment.ErrTransferRefused):
		// Reversed before this answer: a replay of the request gets this answer too (requested).
		httpapi.Message(w, http.StatusBadGateway, refusedMessage)
	case errors.Is(err, payment.ErrProviderUnavailable): // its transfer fee could not be asked
		slog.ErrorContext(ctx, "withdrawal", "request_id", httpapi.RequestID(r), "err", err)
		httpapi.Message(w, http.StatusServiceUnavailable, unavailable)
	case err != nil:
		httpapi.Error(w, r, err)
	default:
		httpapi.JSON(w, http.StatusCreated, withdrawalAnswer(draft.Withdrawal))
	}
}

// requested rebuilds the first answer of a withdrawal's key from the withdrawal its movement
// recorded (the movement's id is the withdrawal's): 201 as it was recorded, or the 502 of a
// transfer the provider refused outright.
func (wd *withdrawals) requested(ctx context.Context, key string) (int, any, error) {
	me, _ := httpapi.PrincipalFrom(ctx)
	x, refused, err := wd.svc.Requested(ctx, me.UserID, key)
	switch {
	case err != nil:
		return 0, nil, err
	case refused:
		return http.StatusBadGateway, httpapi.MessageBody{Message: refusedMessage}, nil
	}
	return http.StatusCreated, withdrawalAnswer(x), nil
}

// withdrawalAnswer is the 201 of a recorded withdrawal (still pending when answered).
func withdrawalAnswer(x payment.Withdrawal) withdrawalResponse {
	return withdrawalResponse{Data: withdrawalData{TxRef: x.ID, Amount: x.Amount, Fee: x.Fee, BankName: x.BankName, Status: x.Status}}
}

// transferWebhook settles the withdrawal a transfer.completed event reports. As for deposits,
// 200 whenever delivering again cannot change the outcome; 503 when the provider could not be
// asked, so it delivers again.
func (wd *withdrawals) transferWebhook(w http.ResponseWriter, r *http.Request, ev payment.Event) {
	outcome, reason, err := wd.svc.Complete(r.Context(), ev)
	webhookAnswer(w, r, ev, "transfer webhook", outcome, reason, err, map[payment.Outcome]string{
		payment.Settled: "Withdrawal settled", payment.AlreadySettled: "Withdrawal already settled", payment.StillPending: "Transfer still pending",
	}, "Transfer refused: the payment provider does not confirm it")
}
