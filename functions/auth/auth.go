// Package auth is the /api/auth route group: sign-up (and its username check), email
// verification, login, logout, the session probe, password reset and sign-in with Google. It is a plain http.Handler; cmd/ wraps it for Lambda
// and the local cloud mounts it as it is.
package auth

import (
	"net/http"

	"zuum/shared/account"
	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/profile"
	"zuum/shared/session"
)

// Handler serves /api/auth/*.
type Handler struct {
	accounts *account.Service
	media    httpapi.Media
	google   *Google
	mux      *http.ServeMux
}

// New returns the route group. google may be nil, in which case Google sign-in redirects to the
// web app's failure page.
func New(accounts *account.Service, media httpapi.Media, google *Google) *Handler {
	h := &Handler{accounts: accounts, media: media, google: google, mux: http.NewServeMux()}
	h.mux.HandleFunc("POST /api/auth/signup", httpapi.WithBody(h.signup))
	h.mux.HandleFunc("POST /api/auth/verify-email", httpapi.Command(func(r *http.Request, req verifyRequest) error {
		return h.accounts.VerifyEmail(r.Context(), req.Email, req.OTP)
	}, "Email verified successfully."))
	h.mux.HandleFunc("POST /api/auth/resend-otp", httpapi.Command(func(r *http.Request, req emailRequest) error {
		return h.accounts.ResendOTP(r.Context(), req.Email)
	}, "OTP resent successfully!"))
	h.mux.HandleFunc("POST /api/auth/login", httpapi.WithBody(h.login))
	h.mux.HandleFunc("POST /api/auth/logout", httpapi.Logout(httpapi.Token, h.accounts.Logout, httpapi.ClearSessionCookie))
	h.mux.HandleFunc("GET /api/auth/session", h.session)
	h.mux.HandleFunc("POST /api/auth/forgot-password", httpapi.Command(func(r *http.Request, req emailRequest) error {
		return h.accounts.ForgotPassword(r.Context(), req.Email, httpapi.ClientIP(r))
	}, "Password reset link sent to your email. Please check your inbox."))
	h.mux.HandleFunc("POST /api/auth/reset-password", httpapi.Command(func(r *http.Request, req resetRequest) error {
		return h.accounts.ResetPassword(r.Context(), req.Email, req.Token, req.NewPassword)
	}, "Password reset successful. Please log in."))
	h.mux.HandleFunc("GET /api/auth/check-username", h.checkUsername)
	h.mux.HandleFunc("GET /api/auth/google", h.googleStart)
	h.mux.HandleFunc("GET /api/auth/google/callback", h.googleCallback)
	h.mux.HandleFunc("/", httpapi.NotFound)
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httpapi.Recover(h.mux).ServeHTTP(w, r)
}

type signupRequest struct {
	FirstName   string `json:"firstname"`
	MiddleName  string `json:"middlename"`
	LastName    string `json:"lastname"`
	Username    string `json:"username"`
	Email       string `json:"email"`
	PhoneNumber string `json:"phonenumber"`
	Password    string `json:"password"`
	Identity    string `json:"identity"`
}

type signupResponse struct {
	Message string `json:"message"`
	Email   string `json:"email"`
}

func (h *Handler) signup(w http.ResponseWriter, r *http.Request, req signupRequest) {
	res, err := h.accounts.Signup(r.Context(), profile.SignupInput{
		FirstName: req.FirstName, MiddleName: req.MiddleName, LastName: req.LastName,
		Username: req.Username, Email: req.Email, Phone: req.PhoneNumber,
		Password: req.Password, Identity: req.Identity,
	}, httpapi.ClientIP(r))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	msg := "Account created. Check your email for the verification code."
	if !res.MailSent {
		msg = "Account created, but the verification email could not be sent. Use Resend OTP."
	}
	httpapi.JSON(w, http.StatusCreated, signupResponse{Message: msg, Email: res.Account.Email})
}

type emailRequest struct {
	Email string `json:"email"`
}

type verifyRequest struct {
	Email string `json:"email"`
	OTP   string `json:"otp"`
}

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

type loginResponse struct {
	Token   string       `json:"token"`
	Profile profile.View `json:"profile"`
}

func (h *Handler) login(w http.ResponseWriter, r *http.Request, req loginRequest) {
	l, err := h.accounts.Login(r.Context(), req.Email, req.Password, httpapi.ClientIP(r))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.SetSessionCookie(w, l.Token, session.TTL)
	httpapi.JSON(w, http.StatusOK, loginResponse{Token: l.Token, Profile: l.Account.View(h.media.URL, true)})
}

// sessionResponse says whether the caller's cookie (or Bearer token) is a working session.
type sessionResponse struct {
	SignedIn bool   `json:"signed_in"`
	UserID   string `json:"user_id,omitempty"`
}

// session answers whether the request carries a working session, always with 200: pages that
// anyone may open (/login, which sends a signed-in visitor on to /home) ask here instead of
// calling an authenticated route whose 401 the browser would log on every visit.
func (h *Handler) session(w http.ResponseWriter, r *http.Request) {
	tok := httpapi.Token(r)
	if tok == "" {
		httpapi.JSON(w, http.StatusOK, sessionResponse{})
		return
	}
	s, err := h.accounts.Authenticate(r.Context(), tok)
	switch {
	case failure.Is(err, failure.Unauthorized):
		httpapi.JSON(w, http.StatusOK, sessionResponse{})
	case err != nil:
		httpapi.Error(w, r, err)
	default:
		httpapi.JSON(w, http.StatusOK, sessionResponse{SignedIn: true, UserID: s.UserID})
	}
}

// resetRequest is the body of a reset; email is optional (the token names the account) and, when
// sent, must be the account's.
type resetRequest struct {
	Email       string `json:"email"`
	Token       string `json:"token"`
	NewPassword string `json:"newPassword"`
}

type usernameCheckResponse struct {
	Available bool   `json:"available"`
	Message   string `json:"message"`
}

func (h *Handler) checkUsername(w http.ResponseWriter, r *http.Request) {
	res, err := h.accounts.CheckUsername(r.Context(), r.URL.Query().Get("username"), httpapi.ClientIP(r))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, usernameCheckResponse{Available: res.Available, Message: res.Message})
}
