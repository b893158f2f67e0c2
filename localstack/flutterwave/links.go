package flutterwave

import (
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"zuum/shared/money"
	"zuum/shared/payment"
)

// link is a hosted payment page (v3 POST /payments): the customer pays it once, or cancels it,
// before it expires.
type link struct {
	TxRef       string      `json:"tx_ref"`
	Amount      money.Money `json:"amount"`
	RedirectURL string      `json:"redirect_url"`
	Email       string      `json:"email"`
	Name        string      `json:"name"`
	Title       string      `json:"title"`
	Description string      `json:"description"`
	CreatedAt   time.Time   `json:"created_at"`
	ExpiresAt   time.Time   `json:"expires_at"`
	// Status is open, paid or cancelled.
	Status        string `json:"status"`
	TransactionID int64  `json:"transaction_id,omitempty"`
}

// DefaultSession is how long a link takes a payment when the request names no session_duration.
const DefaultSession = 30 * time.Minute

// linkRoutes mounts the hosted page (the link's target) and its two buttons.
func (s *Sandbox) linkRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /_flutterwave/sandbox/checkout/{tx_ref}", s.checkoutPage)
	m.HandleFunc("POST /_flutterwave/sandbox/payments/{tx_ref}/pay", s.payLink)
	m.HandleFunc("POST /_flutterwave/sandbox/payments/{tx_ref}/cancel", s.cancelLink)
}

type createLinkRequest struct {
	TxRef       string       `json:"tx_ref"`
	Amount      *money.Money `json:"amount"`
	Currency    string       `json:"currency"`
	RedirectURL string       `json:"redirect_url"`
	Customer    struct {
		Email string `json:"email"`
		Name  string `json:"name"`
	} `json:"customer"`
	Customizations struct {
		Title       string `json:"title"`
		Description string `json:"description"`
	} `json:"customizations"`
	SessionDuration int `json:"session_duration"`
}

// createLink is v3 POST /payments: the answer's data.link is the hosted page.
func (s *Sandbox) createLink(w http.ResponseWriter, r *http.Request) {
	var in createLinkRequest
	if !decode(w, r, &in) {
		return
	}
	redirect, err := url.Parse(in.RedirectURL)
	switch {
	case strings.TrimSpace(in.TxRef) == "" || utf8.RuneCountInString(in.TxRef) > 100:
		fail(w, http.StatusBadRequest, "tx_ref is required and must be at most 100 characters")
		return
	case in.Amount == nil || *in.Amount <= 0:
		fail(w, http.StatusBadRequest, "amount must be greater than 0")
		return
	case in.Currency != "" && in.Currency != payment.NGN:
		fail(w, http.StatusBadRequest, "currency must be NGN")
		return
	case strings.TrimSpace(in.Customer.Email) == "":
		fail(w, http.StatusBadRequest, "customer.email is required")
		return
	case err != nil || (redirect.Scheme != "http" && redirect.Scheme != "https") || redirect.Host == "":
		fail(w, http.StatusBadRequest, "redirect_url must be an absolute http(s) URL")
		return
	case in.SessionDuration < 0 || in.SessionDuration > 1440:
		fail(w, http.StatusBadRequest, "session_duration must be between 0 and 1440 minutes")
		return
	}
	session := DefaultSession
	if in.SessionDuration > 0 {
		session = time.Duration(in.SessionDuration) * time.Minute
	}
	now := s.now()
	l := &link{
		TxRef: in.TxRef, Amount: *in.Amount, RedirectURL: in.RedirectURL, Email: in.Customer.Email,
		Name: in.Customer.Name, Title: in.Customizations.Title, Description: in.Customizations.Description,
		CreatedAt: now, ExpiresAt: now.Add(session), Status: "open",
	}
	s.mu.Lock()
	if _, taken := s.links[l.TxRef]; taken {
		s.mu.Unlock()
		fail(w, http.StatusBadRequest, "A payment link with this tx_ref exists already")
		return
	}
	s.links[l.TxRef] = l
	s.changed()
	s.mu.Unlock()
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	page := scheme + "://" + r.Host + Prefix + "sandbox/checkout/" + url.PathEscape(l.TxRef)
	reply(w, http.StatusOK, "Hosted Link", map[string]any{"link": page})
}

// lookup returns a copy of the link with txRef.
func (s *Sandbox) lookup(txRef string) (link, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	l, ok := s.links[txRef]
	if !ok {
		return link{}, false
	}
	return *l, true
}

var checkout = template.Must(template.New("checkout").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} · Flutterwave sandbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#12122c}
.card{border:1px solid #ddd;border-radius:12px;padding:1.5rem}.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
button{font-size:1rem;padding:.7rem 1.4rem;border-radius:8px;border:0;cursor:pointer;margin-right:.5rem}
.pay{background:#f5a623;color:#12122c}.cancel{background:#eee}.note{color:#666;font-size:.85rem}</style></head>
<body><div class="card">
<p class="note">Flutterwave sandbox: no real money moves.</p>
<h1>{{.Title}}</h1>
<p>{{.Description}}</p>
<p class="amount">{{.Amount}}</p>
<p>{{.Email}}</p>
{{if eq .Status "open"}}
<form method="post" action="{{.PayURL}}" style="display:inline"><button class="pay" type="submit">Pay {{.Amount}}</button></form>
<form method="post" action="{{.CancelURL}}" style="display:inline"><button class="cancel" type="submit">Cancel</button></form>
<p class="note">This page takes a payment until {{.Expires}}.</p>
{{else}}<p><strong>{{.Status}}</strong></p>{{end}}
</div></body></html>
`))

// checkoutPage is the link's target: what the customer sees, with Pay and Cancel.
func (s *Sandbox) checkoutPage(w http.ResponseWriter, r *http.Request) {
	l, ok := s.lookup(r.PathValue("tx_ref"))
	if !ok {
		http.Error(w, "This payment link does not exist.", http.StatusNotFound)
		return
	}
	status := l.Status
	switch {
	case status == "paid":
		status = "This link has been paid."
	case status == "cancelled":
		status = "This payment was cancelled."
	case !s.now().Before(l.ExpiresAt):
		status = "This payment link has expired."
	}
	base := Prefix + "sandbox/payments/" + url.PathEscape(l.TxRef)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = checkout.Execute(w, map[string]any{
		"Title": firstOf(l.Title, "Payment"), "Description": l.Description, "Amount": l.Amount.String(),
		"Email": l.Email, "Status": status, "PayURL": base + "/pay", "CancelURL": base + "/cancel",
		"Expires": l.ExpiresAt.In(payment.Lagos).Format("15:04 (WAT)"),
	})
}

// settleLink moves an open, unexpired link to paid (making its transaction) or cancelled; it
// writes the refusal and returns false when the link cannot be.
func (s *Sandbox) settleLink(w http.ResponseWriter, txRef, to string) (link, *transaction, bool) {
	now := s.now()
	s.mu.Lock()
	defer s.mu.Unlock()
	l, ok := s.links[txRef]
	switch {
	case !ok:
		fail(w, http.StatusNotFound, "No payment link has the tx_ref "+txRef)
		return link{}, nil, false
	case l.Status != "open":
		fail(w, http.StatusConflict, "The payment link is "+l.Status+" already")
		return link{}, nil, false
	case !now.Before(l.ExpiresAt):
		fail(w, http.StatusGone, "The payment link expired")
		return link{}, nil, false
	}
	l.Status = to
	var t *transaction
	if to == "paid" {
		s.nextID++
		t = &transaction{
			ID: s.nextID, TxRef: l.TxRef, FlwRef: "FLW-MOCK-" + strings.ToUpper(randomHex(8)), Amount: l.Amount,
			Currency: payment.NGN, Status: payment.Successful, Payer: l.Name, Email: l.Email, Name: l.Name,
			PaymentType: "card", CreatedAt: now,
		}
		s.charged(t)
		s.txs[t.ID] = t
		l.TransactionID = t.ID
		c := *t
		t = &c
	}
	s.changed()
	return *l, t, true
}

// payLink is the page's Pay button: the payment succeeds, its signed webhook is sent, and the
// browser goes back to the merchant's redirect_url with ?status=successful&tx_ref=&transaction_id=.
func (s *Sandbox) payLink(w http.ResponseWriter, r *http.Request) {
	l, t, ok := s.settleLink(w, r.PathValue("tx_ref"), "paid")
	if !ok {
		return
	}
	s.send(t, false)
	back(w, r, l.RedirectURL, url.Values{
		"status": {"successful"}, "tx_ref": {l.TxRef}, "transaction_id": {strconv.FormatInt(t.ID, 10)},
	})
}

// cancelLink is the page's Cancel button: no transaction, no webhook; the browser goes back with
// ?status=cancelled&tx_ref=, as the provider sends it.
func (s *Sandbox) cancelLink(w http.ResponseWriter, r *http.Request) {
	l, _, ok := s.settleLink(w, r.PathValue("tx_ref"), "cancelled")
	if !ok {
		return
	}
	back(w, r, l.RedirectURL, url.Values{"status": {"cancelled"}, "tx_ref": {l.TxRef}})
}

// back redirects the browser (303, so it GETs) to redirect with q added to its query.
func back(w http.ResponseWriter, r *http.Request, redirect string, q url.Values) {
	u, _ := url.Parse(redirect)
	have := u.Query()
	for k, v := range q {
		have[k] = v
	}
	u.RawQuery = have.Encode()
	http.Redirect(w, r, u.String(), http.StatusSeeOther)
}

func firstOf(vals ...string) string {
	for _, v := range vals {
		if v != "" {
			return v
		}
	}
	return ""
}
