package payment

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"zuum/shared/money"
)

// Banks implements Payouts: GET /banks/NG, [{id, code, name}].
func (f *Flutterwave) Banks(ctx context.Context) ([]Bank, error) {
	var d []struct {
		Code string `json:"code"`
		Name string `json:"name"`
	}
	if err := f.call(ctx, http.MethodGet, "/banks/NG", nil, &d); err != nil {
		return nil, err
	}
	out := make([]Bank, 0, len(d))
	for _, b := range d {
		if b.Code != "" && strings.TrimSpace(b.Name) != "" {
			out = append(out, Bank{Code: b.Code, Name: strings.TrimSpace(b.Name)})
		}
	}
	return out, nil
}

// ResolveAccount implements Payouts: POST /accounts/resolve {account_number, account_bank}.
func (f *Flutterwave) ResolveAccount(ctx context.Context, accountNumber, bankCode string) (ResolvedAccount, error) {
	in := map[string]string{"account_number": accountNumber, "account_bank": bankCode}
	var d struct {
		AccountNumber string `json:"account_number"`
		AccountName   string `json:"account_name"`
	}
	if err := f.call(ctx, http.MethodPost, "/accounts/resolve", in, &d); err != nil {
		return ResolvedAccount{}, err
	}
	if strings.TrimSpace(d.AccountName) == "" {
		return ResolvedAccount{}, &Error{Status: http.StatusBadGateway, Message: "resolved account without a name"}
	}
	if d.AccountNumber == "" {
		d.AccountNumber = accountNumber
	}
	return ResolvedAccount{AccountNumber: d.AccountNumber, AccountName: strings.TrimSpace(d.AccountName), BankCode: bankCode}, nil
}

type transferRequest struct {
	AccountBank   string      `json:"account_bank"`
	AccountNumber string      `json:"account_number"`
	Amount        money.Money `json:"amount"`
	Currency      string      `json:"currency"`
	Narration     string      `json:"narration,omitempty"`
	Reference     string      `json:"reference"`
	DebitCurrency string      `json:"debit_currency"`
}

// transferData is a transfer on the provider's wire (create, fetch and the webhook's data).
type transferData struct {
	ID              json.Number `json:"id"`
	AccountNumber   string      `json:"account_number"`
	BankCode        string      `json:"bank_code"`
	BankName        string      `json:"bank_name"`
	FullName        string      `json:"full_name"`
	Currency        string      `json:"currency"`
	Amount          json.Number `json:"amount"`
	Fee             json.Number `json:"fee"`
	Status          string      `json:"status"`
	Reference       string      `json:"reference"`
	CompleteMessage string      `json:"complete_message"`
	CreatedAt       string      `json:"created_at"`
}

// Transfer implements Payouts: POST /transfers, answered "Transfer Queued Successfully".
func (f *Flutterwave) Transfer(ctx context.Context, r TransferRequest) (Transfer, error) {
	in := transferRequest{
		AccountBank: r.BankCode, AccountNumber: r.AccountNumber, Amount: r.Amount, Currency: NGN,
		Narration: r.Narration, Reference: r.Reference, DebitCurrency: NGN,
	}
	return read(ctx, f, http.MethodPost, "/transfers", in, transferData.transfer)
}

// GetTransfer implements Payouts: GET /transfers/{id}.
func (f *Flutterwave) GetTransfer(ctx context.Context, id string) (Transfer, error) {
	return read(ctx, f, http.MethodGet, "/transfers/"+url.PathEscape(id), nil, transferData.transfer)
}

// ListTransfers implements Payouts: GET /transfers?page=N, the documented list (its documented
// filters are page and status; it has none by reference), newest first, with
// meta.page_info{total, current_page, total_pages}.
func (f *Flutterwave) ListTransfers(ctx context.Context, page int) (TransferPage, error) {
	var list []transferData
	var meta struct {
		PageInfo struct {
			CurrentPage int `json:"current_page"`
			TotalPages  int `json:"total_pages"`
		} `json:"page_info"`
	}
	if page < 1 {
		page = 1
	}
	if err := f.exchange(ctx, http.MethodGet, "/transfers?page="+strconv.Itoa(page), nil, &list, &meta); err != nil {
		return TransferPage{}, err
	}
	out := TransferPage{Page: page, TotalPages: meta.PageInfo.TotalPages, Transfers: make([]Transfer, 0, len(list))}
	if meta.PageInfo.CurrentPage > 0 {
		out.Page = meta.PageInfo.CurrentPage
	}
	for _, d := range list {
		t, err := d.transfer()
		if err != nil {
			return TransferPage{}, err
		}
		out.Transfers = append(out.Transfers, t)
	}
	return out, nil
}

func (d transferData) transfer() (Transfer, error) {
	t := Transfer{
		ID: d.ID.String(), Reference: d.Reference, AccountNumber: d.AccountNumber, BankCode: d.BankCode,
		BankName: d.BankName, FullName: d.FullName, Currency: d.Currency, Status: strings.ToUpper(d.Status),
		Message: d.CompleteMessage,
	}
	// "2020-06-05T10:56:34.000Z" in the SDK's samples; a date that cannot be read is left zero.
	t.CreatedAt, _ = time.Parse(time.RFC3339, d.CreatedAt)
	if t.ID == "" {
		return Transfer{}, &Error{Status: http.StatusBadGateway, Message: "transfer without an id"}
	}
	var err error
	if d.Amount != "" {
		if t.Amount, err = money.FromNumber(d.Amount); err != nil {
			return Transfer{}, &Error{Status: http.StatusBadGateway, Message: "unreadable transfer amount " + d.Amount.String()}
		}
	}
	if d.Fee != "" {
		// The provider's fee may carry more than two decimals (26.875); it is information only.
		t.Fee, _ = money.FromNumber(d.Fee)
	}
	return t, nil
}
