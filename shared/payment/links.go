package payment

import (
	"context"
	"net/http"

	"zuum/shared/money"
)

// LinkRequest asks the provider for a hosted payment page (a payment link).
type LinkRequest struct {
	// TxRef is ours, unique per link; the payment's webhook and its verify record carry it.
	TxRef  string
	Amount money.Money
	// RedirectURL is where the provider sends the browser back, with ?status=&tx_ref=&transaction_id=.
	RedirectURL string
	// Email and Name are the customer's (the provider requires the email).
	Email, Name string
	// Title and Description are shown on the page.
	Title, Description string
	// SessionMinutes is how long the page takes a payment (the provider's session_duration,
	// at most 1440).
	SessionMinutes int
}

type linkRequest struct {
	TxRef           string         `json:"tx_ref"`
	Amount          money.Money    `json:"amount"`
	Currency        string         `json:"currency"`
	RedirectURL     string         `json:"redirect_url"`
	Customer        linkCustomer   `json:"customer"`
	Customizations  linkCustomizer `json:"customizations"`
	SessionDuration int            `json:"session_duration,omitempty"`
}

type linkCustomer struct {
	Email string `json:"email"`
	Name  string `json:"name,omitempty"`
}

type linkCustomizer struct {
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
}

// CreatePaymentLink asks for a hosted payment page (POST /payments, shared/PAYMENTS.md §3) and
// returns its address, the provider's data.link.
func (f *Flutterwave) CreatePaymentLink(ctx context.Context, r LinkRequest) (string, error) {
	in := linkRequest{
		TxRef: r.TxRef, Amount: r.Amount, Currency: NGN, RedirectURL: r.RedirectURL,
		Customer:        linkCustomer{Email: r.Email, Name: r.Name},
		Customizations:  linkCustomizer{Title: r.Title, Description: r.Description},
		SessionDuration: r.SessionMinutes,
	}
	var d struct {
		Link string `json:"link"`
	}
	if err := f.call(ctx, http.MethodPost, "/payments", in, &d); err != nil {
		return "", err
	}
	if d.Link == "" {
		return "", &Error{Status: http.StatusBadGateway, Message: "payment link without a link"}
	}
	return d.Link, nil
}
