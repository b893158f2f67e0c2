// Package admin is the /api/admin route group: the admin area's own sign-up, email
// verification, login and logout (admins are their own principal, with the cookie zuum_admin
// scoped to /api/admin), the queue of admins awaiting approval, the audit log and the users
// (users.go). The admin routes of other domains live with their domain and are mounted by
// FromEnv through Handle, which lets only approved admins through: promotions
// (functions/promotion), releases (functions/distribution), withdrawals under review
// (functions/payment) and the ledger's health (functions/wallet).
package admin

import (
	"context"
	"net/http"
	"time"

	"zuum/shared/admin"
	"zuum/shared/audit"
	"zuum/shared/httpapi"
	"zuum/shared/session"
)

// Handler serves /api/admin/*.
type Handler struct {
	admins *admin.Service
	audit  *audit.Store
	mux    *http.ServeMux
}

// New returns the route group with its own routes: auth, the admins queue and the audit log.
func New(admins *admin.Service, log *audit.Store) *Handler {
	h := &Handler{admins: admins, audit: log, mux: http.NewServeMux()}
	h.mux.HandleFunc("POST /api/admin/auth/signup", httpapi.WithBody(h.signup))
	h.mux.HandleFunc("POST /api/admin/auth/verify-email", httpapi.Command(func(r *http.Request, req verifyRequest) error {
		return h.admins.VerifyEmail(r.Context(), req.Email, req.OTP)
	}, "Email verified successfully!"))
	h.mux.HandleFunc("POST /api/admin/auth/resend-otp", httpapi.Command(func(r *http.Request, req emailRequest) error {
		return h.admins.ResendOTP(r.Context(), req.Email)
	}, "OTP resent successfully!"))
	h.mux.HandleFunc("POST /api/admin/auth/login", httpapi.WithBody(h.login))
	h.mux.HandleFunc("POST /api/admin/auth/logout", httpapi.Logout(httpapi.AdminToken, h.admins.Logout, httpapi.ClearAdminCookie))
	h.Handle("GET /api/admin/auth/me", h.me)
	h.Handle("GET /api/admin/admins", h.queue)
	h.Handle("POST /api/admin/admins/{id}/approve", h.approve)
	h.Handle("POST /api/admin/admins/{id}/reject", h.reject)
	h.Handle("GET /api/admin/audit", h.auditList)
	h.mux.HandleFunc("/", httpapi.NotFound)
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httpapi.Recover(h.mux).ServeHTTP(w, r)
}

// Handle mounts an admin route (a ServeMux pattern such as "GET /api/admin/users"): fn runs only
// for an approved admin's session (httpapi.RequireAdmin: 401 without one, 403 for a user's
// session or an admin awaiting approval) and gets that admin.
func (h *Handler) Handle(pattern string, fn func(w http.ResponseWriter, r *http.Request, a httpapi.AdminPrincipal)) {
	h.mux.HandleFunc(pattern, httpapi.RequireAdmin(authenticator{h.admins}, func(w http.ResponseWriter, r *http.Request) {
		a, _ := httpapi.AdminFrom(r.Context())
		fn(w, r, a)
	}))
}

// Audit is the audit log, for admin actions to add their entry to their own transaction
// (audit.Store.Item) or record it alone (Record).
func (h *Handler) Audit() *audit.Store { return h.audit }

// authenticator adapts the admin service to httpapi.RequireAdmin.
type authenticator struct{ admins *admin.Service }

func (a authenticator) AuthenticateAdmin(ctx context.Context, token string) (httpapi.AdminPrincipal, error) {
	ad, err := a.admins.Authenticate(ctx, token)
	if err != nil {
		return httpapi.AdminPrincipal{}, err
	}
	return httpapi.AdminPrincipal{ID: ad.ID, Username: ad.Username, Email: ad.Email, Approved: a.admins.CanAct(ad)}, nil
}

// adminJSON is an admin as the API shows them.
type adminJSON struct {
	ID        string `json:"id"`
	Username  string `json:"username"`
	Email     string `json:"email"`
	Status    string `json:"status"`
	Approved  bool   `json:"approved"`
	CreatedAt string `json:"created_at"`
}

func (h *Handler) adminJSON(a admin.Admin) adminJSON {
	status := string(a.Status)
	if h.admins.CanAct(a) {
		status = string(admin.Approved)
	}
	return adminJSON{ID: a.ID, Username: a.Username, Email: a.Email, Status: status, Approved: h.admins.CanAct(a),
		CreatedAt: a.CreatedAt.UTC().Format(time.RFC3339)}
}

type signupRequest struct {
	Username string `json:"username"`
	Email    string `json:"email"`
	Password string `json:"password"`
}

type signupResponse struct {
	Message string `json:"message"`
	Email   string `json:"email"`
}

func (h *Handler) signup(w http.ResponseWriter, r *http.Request, req signupRequest) {
	a, sent, err := h.admins.Signup(r.Context(), admin.SignupInput{Username: req.Username, Email: req.Email, Password: req.Password},
		httpapi.ClientIP(r))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	msg := "Admin account created. Check your email for the verification code."
	if !sent {
		msg = "Admin account created, but the verification email could not be sent. Use Resend OTP."
	}
	httpapi.JSON(w, http.StatusCreated, signupResponse{Message: msg, Email: a.Email})
}

type verifyRequest struct {
	Email string `json:"email"`
	OTP   string `json:"otp"`
}

type emailRequest struct {
	Email string `json:"email"`
}

type loginRequest struct {
	Email    string `json:"email"`
	Username string `json:"username"`
	Password string `json:"password"`
}

type loginResponse struct {
	Admin adminJSON `json:"admin"`
	Token string    `json:"token"`
}

func (h *Handler) login(w http.ResponseWriter, r *http.Request, req loginRequest) {
	l, err := h.admins.Login(r.Context(), req.Email, req.Username, req.Password)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.SetAdminCookie(w, l.Token, session.TTL)
	httpapi.JSON(w, http.StatusOK, loginResponse{Admin: h.adminJSON(l.Admin), Token: l.Token})
}

type adminResponse struct {
	Admin adminJSON `json:"admin"`
}

func (h *Handler) me(w http.ResponseWriter, r *http.Request, p httpapi.AdminPrincipal) {
	a, err := h.admins.Get(r.Context(), p.ID)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, adminResponse{Admin: h.adminJSON(a)})
}

type queueResponse struct {
	Admins     []adminJSON        `json:"admins"`
	Pagination httpapi.Pagination `json:"pagination"`
}

func (h *Handler) queue(w http.ResponseWriter, r *http.Request, _ httpapi.AdminPrincipal) {
	status, err := admin.ParseStatus(r.URL.Query().Get("status"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	p, skip, ok := askedPage(w, r, func() (int64, error) { return h.admins.Count(r.Context(), status) })
	if !ok {
		return
	}
	page, err := h.admins.List(r.Context(), status, p.Limit, p.Cursor, skip)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	out := queueResponse{Admins: make([]adminJSON, 0, len(page.Admins)), Pagination: httpapi.NewPagination(page.Total, p, page.Next)}
	for _, a := range page.Admins {
		out.Admins = append(out.Admins, h.adminJSON(a))
	}
	httpapi.JSON(w, http.StatusOK, out)
}

type decisionResponse struct {
	Message string    `json:"message"`
	Admin   adminJSON `json:"admin"`
}

// decided answers a decision on an admin: the error, or msg and the admin as they are now.
func (h *Handler) decided(w http.ResponseWriter, r *http.Request, a admin.Admin, err error, msg string) {
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, decisionResponse{Message: msg, Admin: h.adminJSON(a)})
}

func (h *Handler) approve(w http.ResponseWriter, r *http.Request, p httpapi.AdminPrincipal) {
	a, err := h.admins.Approve(r.Context(), admin.Actor{ID: p.ID, Username: p.Username}, r.PathValue("id"))
	h.decided(w, r, a, err, "Admin approved")
}

type rejectRequest struct {
	Reason string `json:"reason"`
}

func (h *Handler) reject(w http.ResponseWriter, r *http.Request, p httpapi.AdminPrincipal) {
	var req rejectRequest
	if err := httpapi.Decode(w, r, &req); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	a, err := h.admins.Reject(r.Context(), admin.Actor{ID: p.ID, Username: p.Username}, r.PathValue("id"), req.Reason)
	h.decided(w, r, a, err, "Admin rejected")
}

type auditEntryJSON struct {
	ID            string `json:"id"`
	AdminID       string `json:"admin_id"`
	AdminUsername string `json:"admin_username"`
	Action        string `json:"action"`
	TargetType    string `json:"target_type"`
	TargetID      string `json:"target_id"`
	Before        any    `json:"before"`
	After         any    `json:"after"`
	At            string `json:"at"`
}

type auditResponse struct {
	Entries    []auditEntryJSON   `json:"entries"`
	Pagination httpapi.Pagination `json:"pagination"`
}

func (h *Handler) auditList(w http.ResponseWriter, r *http.Request, _ httpapi.AdminPrincipal) {
	p, skip, ok := askedPage(w, r, func() (int64, error) { return h.audit.Count(r.Context()) })
	if !ok {
		return
	}
	page, err := h.audit.List(r.Context(), p.Limit, p.Cursor, skip)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	out := auditResponse{Entries: make([]auditEntryJSON, 0, len(page.Entries)), Pagination: httpapi.NewPagination(page.Total, p, page.Next)}
	for _, e := range page.Entries {
		out.Entries = append(out.Entries, auditEntryJSON{
			ID: e.ID, AdminID: e.AdminID, AdminUsername: e.AdminUsername, Action: e.Action,
			TargetType: e.TargetType, TargetID: e.TargetID, Before: e.Before, After: e.After,
			At: e.At.UTC().Format(time.RFC3339),
		})
	}
	httpapi.JSON(w, http.StatusOK, out)
}

// askedPage reads the page a list route asks for and how many items to skip to reach it (total
// counts the list, for a page asked by number); ok is false when the request was answered with
// an error.
func askedPage(w http.ResponseWriter, r *http.Request, total func() (int64, error)) (p httpapi.PageRequest, skip int, ok bool) {
	p, err := httpapi.ParsePage(r)
	if err == nil {
		skip, err = p.Skip(total)
	}
	if err != nil {
		httpapi.Error(w, r, err)
		return p, 0, false
	}
	return p, skip, true
}
