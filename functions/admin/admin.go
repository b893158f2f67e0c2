// Package admin is the /api/admin route group: the admin area's own sign-up, email
// verification, login and logout (admins are their own principal, with the cookie zuum_admin
// scoped to /api/admin), the queue of admins awaiting approval and the audit log. Other admin
// routes (users, the ledger's health, promotions, releases) live in their own files of this
// package and mount themselves with Handle, which lets only approved admins through.
package admin

import (
	"context"
	"net/http"
	"time"

	domain "zuum/shared/admin"
	"zuum/shared/audit"
	"zuum/shared/httpapi"
	"zuum/shared/session"
)

// Handler serves /api/admin/*.
type Handler struct {
	admins *domain.Service
	audit  *audit.Store
	mux    *http.ServeMux
}

// New returns the route group with its own routes: auth, the admins queue and the audit log.
func New(admins *domain.Service, log *audit.Store) *Handler {
	h := &Handler{admins: admins, audit: log, mux: http.NewServeMux()}
	h.mux.HandleFunc("POST /api/admin/auth/signup", h.signup)
	h.mux.HandleFunc("POST /api/admin/auth/verify-email", h.verify)
	h.mux.HandleFunc("POST /api/admin/auth/resend-otp", h.resend)
	h.mux.HandleFunc("POST /api/admin/auth/login", h.login)
	h.mux.HandleFunc("POST /api/admin/auth/logout", h.logout)
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
type authenticator struct{ admins *domain.Service }

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

func (h *Handler) adminJSON(a domain.Admin) adminJSON {
	status := string(a.Status)
	if h.admins.CanAct(a) {
		status = string(domain.Approved)
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

func (h *Handler) signup(w http.ResponseWriter, r *http.Request) {
	var req signupRequest
	if err := httpapi.Decode(w, r, &req); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	a, sent, err := h.admins.Signup(r.Context(), domain.SignupInput{Username: req.Username, Email: req.Email, Password: req.Password},
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

func (h *Handler) verify(w http.ResponseWriter, r *http.Request) {
	var req verifyRequest
	if err := httpapi.Decode(w, r, &req); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	if err := h.admins.VerifyEmail(r.Context(), req.Email, req.OTP); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.Message(w, http.StatusOK, "Email verified successfully!")
}

type emailRequest struct {
	Email string `json:"email"`
}

func (h *Handler) resend(w http.ResponseWriter, r *http.Request) {
	var req emailRequest
	if err := httpapi.Decode(w, r, &req); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	if err := h.admins.ResendOTP(r.Context(), req.Email); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.Message(w, http.StatusOK, "OTP resent successfully!")
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

func (h *Handler) login(w http.ResponseWriter, r *http.Request) {
	var req loginRequest
	if err := httpapi.Decode(w, r, &req); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	l, err := h.admins.Login(r.Context(), req.Email, req.Username, req.Password)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.SetAdminCookie(w, l.Token, session.TTL)
	httpapi.JSON(w, http.StatusOK, loginResponse{Admin: h.adminJSON(l.Admin), Token: l.Token})
}

// logout ends the admin session the request carries (cookie or Bearer) and clears the cookie;
// without one there is nothing to end, and the caller is logged out all the same.
func (h *Handler) logout(w http.ResponseWriter, r *http.Request) {
	if tok := httpapi.AdminToken(r); tok != "" {
		if err := h.admins.Logout(r.Context(), tok); err != nil {
			httpapi.Error(w, r, err)
			return
		}
	}
	httpapi.ClearAdminCookie(w)
	httpapi.Message(w, http.StatusOK, "Logged out.")
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
	status, err := domain.ParseStatus(r.URL.Query().Get("status"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	p, err := httpapi.ParsePage(r)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	skip, err := p.Skip(func() (int64, error) { return h.admins.Count(r.Context(), status) })
	if err != nil {
		httpapi.Error(w, r, err)
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

func (h *Handler) approve(w http.ResponseWriter, r *http.Request, p httpapi.AdminPrincipal) {
	a, err := h.admins.Approve(r.Context(), domain.Actor{ID: p.ID, Username: p.Username}, r.PathValue("id"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, decisionResponse{Message: "Admin approved", Admin: h.adminJSON(a)})
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
	a, err := h.admins.Reject(r.Context(), domain.Actor{ID: p.ID, Username: p.Username}, r.PathValue("id"), req.Reason)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, decisionResponse{Message: "Admin rejected", Admin: h.adminJSON(a)})
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
	p, err := httpapi.ParsePage(r)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	skip, err := p.Skip(func() (int64, error) { return h.audit.Count(r.Context()) })
	if err != nil {
		httpapi.Error(w, r, err)
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
