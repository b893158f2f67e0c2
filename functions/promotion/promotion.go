// Package promotion is the promotion route group: the mass promotion packages (/api/packages),
// the caller's promotions, in-app and mass together (/api/packages/myPromotions), paying for a
// mass promotion (/api/promotions/mass) and the requirements form (/api/promotions/requests).
// In-app promotion (inapp.go: POST /api/payment/promote) is a route set the payment Lambda
// mounts, and the admins' review of both kinds (admin.go: /api/admin/promotions) one the admin
// Lambda mounts: all of promotion's HTTP lives here.
package promotion

import (
	"net/http"
	"slices"
	"strconv"
	"time"

	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/promotion"
)

// Handler serves the group.
type Handler struct {
	store  *promotion.Store
	ledger *ledger.Store
	mux    *http.ServeMux
}

// New returns the route group.
func New(sessions httpapi.Authenticator, store *promotion.Store, l *ledger.Store) *Handler {
	h := &Handler{store: store, ledger: l, mux: http.NewServeMux()}
	h.mux.HandleFunc("GET /api/packages", h.packages)
	h.mux.HandleFunc("GET /api/packages/myPromotions", httpapi.RequireSession(sessions, h.mine))
	h.mux.HandleFunc("POST /api/promotions/mass", httpapi.RequireSession(sessions, httpapi.IdempotentRebuilt(l, "promotion-mass", rebuild(l, store, massPaid), h.mass)))
	h.mux.HandleFunc("POST /api/promotions/requests", httpapi.RequireSession(sessions, h.request))
	h.mux.HandleFunc("/", httpapi.NotFound)
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httpapi.Recover(h.mux).ServeHTTP(w, r)
}

// packageJSON is a package (spec part 2 §3).
type packageJSON struct {
	ID          string      `json:"id"`
	Name        string      `json:"name"`
	Description string      `json:"description"`
	Category    string      `json:"category"`
	Price       money.Money `json:"price"`
	Total       money.Money `json:"total"`
	Currency    string      `json:"currency"`
	Duration    string      `json:"duration"`
	Features    []string    `json:"features"`
}

type packagesJSON struct {
	Packages []packageJSON `json:"packages"`
}

func (h *Handler) packages(w http.ResponseWriter, r *http.Request) {
	out := packagesJSON{Packages: []packageJSON{}}
	for _, p := range promotion.Packages() {
		out.Packages = append(out.Packages, packageJSON{
			ID: p.ID, Name: p.Name, Description: p.Description, Category: p.Category, Price: p.Price, Total: p.Total,
			Currency: p.Currency, Duration: p.Duration, Features: p.Features,
		})
	}
	httpapi.JSON(w, http.StatusOK, out)
}

// mineJSON is one of the caller's promotions (spec part 2 §3, "Promotion entry").
type mineJSON struct {
	ID          string      `json:"id"`
	Title       string      `json:"title"`
	PackageName string      `json:"package_name"`
	Category    string      `json:"category"`
	Status      string      `json:"status"`
	Reason      string      `json:"reason"`
	Price       money.Money `json:"price"`
	Days        int         `json:"days"`
	CreatedAt   string      `json:"created_at"`
	StartDate   *string     `json:"start_date"`
	EndDate     *string     `json:"end_date"`
	PostID      *string     `json:"post_id"`
	Impressions *int64      `json:"impressions"`
	Plays       *int64      `json:"plays"`
}

type mineList struct {
	Data  []mineJSON `json:"data"`
	Total int        `json:"total"`
}

// Page sizes of My Promotions.
const (
	defaultLimit = 10
	maxLimit     = 50
)

var (
	errLimit    = failure.New(failure.Invalid, "limit must be a whole number from 1 to 50.")
	errOffset   = failure.New(failure.Invalid, "offset must be a whole number, 0 or more.")
	errStatus   = failure.New(failure.Invalid, "status must be one of pending, active, completed, expired, failed, rejected.")
	errCategory = failure.New(failure.Invalid, "Invalid category")
)

// when is t in RFC 3339 UTC, or nil when t is zero.
func when(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	return optional(t.UTC().Format(time.RFC3339))
}

func (h *Handler) mine(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	q := r.URL.Query()
	f := promotion.Filter{Limit: defaultLimit, Category: q.Get("category"), Status: q.Get("status")}
	if s := q.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > maxLimit {
			httpapi.Error(w, r, errLimit)
			return
		}
		f.Limit = n
	}
	if s := q.Get("offset"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			httpapi.Error(w, r, errOffset)
			return
		}
		f.Offset = n
	}
	if f.Status != "" && !slices.Contains(promotion.ShownStatuses, f.Status) {
		httpapi.Error(w, r, errStatus)
		return
	}
	if f.Category == promotion.Print {
		f.Category = "national"
	}
	if f.Category != "" && f.Category != promotion.InApp && !slices.Contains(promotion.Categories, f.Category) {
		httpapi.Error(w, r, errCategory)
		return
	}
	ps, total, err := h.store.Mine(r.Context(), me.UserID, f)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	stats, err := h.store.Stats(r.Context(), ps)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	out := mineList{Data: make([]mineJSON, 0, len(ps)), Total: total}
	for _, p := range ps {
		m := mineJSON{
			ID: p.ID, Title: p.Title, PackageName: p.PackageName, Category: p.Category, Status: p.Shown, Reason: p.Reason,
			Price: p.Price, Days: p.Days, CreatedAt: p.CreatedAt.UTC().Format(time.RFC3339),
			StartDate: when(p.Start), EndDate: when(p.End),
		}
		if m.Title == "" {
			m.Title = "Untitled Promotion"
		}
		if p.Category == promotion.InApp {
			m.PackageName = "In-App Promotion (" + strconv.Itoa(p.Days) + " days)"
			id := p.PostID
			st := stats[p.ID]
			m.PostID, m.Impressions, m.Plays = &id, &st[0], &st[1]
		}
		out.Data = append(out.Data, m)
	}
	httpapi.JSON(w, http.StatusOK, out)
}

// paidJSON is a new mass promotion: pending until an admin approves it.
type paidJSON struct {
	ID        string      `json:"id"`
	Status    string      `json:"status"`
	Price     money.Money `json:"price"`
	Days      int         `json:"days"`
	Category  string      `json:"category"`
	PackageID string      `json:"package_id"`
}

type paidResponse struct {
	Data paidJSON `json:"data"`
}

var errFieldType = failure.New(failure.Invalid, "Every field of a mass promotion is a string (files by upload key).")

func (h *Handler) mass(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	var body map[string]any
	if err := httpapi.Decode(w, r, &body); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	fields := map[string]string{}
	for k, v := range body {
		s, ok := v.(string)
		if !ok && v != nil {
			httpapi.Error(w, r, errFieldType)
			return
		}
		fields[k] = s
	}
	req := promotion.MassRequest{Category: fields["category"], PackageID: fields["package_id"], Fields: fields}
	owner := promotion.Owner{ID: me.UserID, Username: me.Account.Username}
	pr, err := h.store.Mass(r.Context(), owner, req, ledger.Once(*httpapi.OnceOf(r)))
	paid(w, r, h.ledger, pr, err, massPaid)
}

// massPaid is the answer to a new mass promotion.
func massPaid(p promotion.Promotion) any {
	return paidResponse{Data: paidJSON{ID: p.ID, Status: p.Status, Price: p.Price, Days: p.Days, Category: p.Category, PackageID: p.PackageID}}
}

type requestAnswer struct {
	Message string `json:"message"`
	ID      string `json:"id"`
}

func (h *Handler) request(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	var req promotion.Request
	if err := httpapi.Decode(w, r, &req); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	id, err := h.store.Submit(r.Context(), promotion.Owner{ID: me.UserID, Username: me.Account.Username}, req)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusCreated, requestAnswer{Message: "Promotion request submitted", ID: id})
}
