// Package licences is the /api/licences route group: anyone, signed in or not, checks that a
// beat licence is genuine by its number (the web app's /licences/{number} page, which the QR
// code and the address on every licence PDF lead to).
package licences

import (
	"net/http"
	"time"

	"zuum/shared/httpapi"
	"zuum/shared/licence"
)

// Handler serves /api/licences/*.
type Handler struct {
	licences *licence.Store
	mux      *http.ServeMux
}

// New returns the route group.
func New(licences *licence.Store) *Handler {
	h := &Handler{licences: licences, mux: http.NewServeMux()}
	h.mux.HandleFunc("GET /api/licences/{number}", h.verify)
	h.mux.HandleFunc("/", httpapi.NotFound)
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httpapi.Recover(h.mux).ServeHTTP(w, r)
}

type beatJSON struct {
	ID    string `json:"id"`
	Title string `json:"title"`
}

type partyJSON struct {
	ID       string `json:"id"`
	Username string `json:"username"`
}

// verification is what the public page shows of a licence: what was licensed, by whom to whom
// and when; never the price or anything of the buyer's beyond their public name.
type verification struct {
	Valid         bool      `json:"valid"`
	LicenceNumber string    `json:"licence_number"`
	Beat          beatJSON  `json:"beat"`
	Buyer         partyJSON `json:"buyer"`
	Producer      partyJSON `json:"producer"`
	PurchasedAt   string    `json:"purchased_at"`
}

func (h *Handler) verify(w http.ResponseWriter, r *http.Request) {
	number, ok := licence.Canonical(r.PathValue("number"))
	if !ok {
		httpapi.Error(w, r, licence.ErrNotFound)
		return
	}
	l, err := h.licences.Get(r.Context(), number)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, verification{
		Valid: true, LicenceNumber: l.Number,
		Beat:        beatJSON{ID: l.BeatID, Title: l.BeatTitle},
		Buyer:       partyJSON{ID: l.BuyerID, Username: l.BuyerUsername},
		Producer:    partyJSON{ID: l.ProducerID, Username: l.ProducerUsername},
		PurchasedAt: l.PurchasedAt.UTC().Format(time.RFC3339),
	})
}
