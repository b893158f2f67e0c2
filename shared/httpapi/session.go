package httpapi

import (
	"context"
	"net/http"
	"strings"
	"time"

	"zuum/shared/failure"
	"zuum/shared/session"
)

// SessionCookie carries the session token for browsers; API clients send it as a Bearer header.
const SessionCookie = "zuum_session"

// Principal is the signed-in caller of a request.
type Principal = session.Session

// Authenticator turns a session token into the principal it belongs to, or an Unauthorized
// error when the token is invalid, expired, revoked or its account deactivated.
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (session.Session, error)
}

type principalKey struct{}

// unauthorized is the spec's message for a missing or bad session on any authenticated call.
var unauthorized = failure.New(failure.Unauthorized, "Unauthorized: Invalid or missing token")

// Token returns the session token of r: the Bearer header first (the spec's clients send it),
// then the cookie.
func Token(r *http.Request) string { return tokenOf(r, SessionCookie) }

// tokenOf returns the Bearer header's token of r, else the value of the first of cookies it has.
func tokenOf(r *http.Request, cookies ...string) string {
	if h := r.Header.Get("Authorization"); len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	for _, name := range cookies {
		if c, err := r.Cookie(name); err == nil && c.Value != "" {
			return c.Value
		}
	}
	return ""
}

// RequireSession wraps next so it only runs for a valid session, whose principal it puts in
// the request context (read it with PrincipalFrom).
func RequireSession(auth Authenticator, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		token := Token(r)
		if token == "" {
			Error(w, r, unauthorized)
			return
		}
		p, err := auth.Authenticate(r.Context(), token)
		if err != nil {
			if failure.Is(err, failure.Unauthorized) {
				err = unauthorized
			}
			Error(w, r, err)
			return
		}
		next(w, r.WithContext(context.WithValue(r.Context(), principalKey{}, p)))
	}
}

// PrincipalFrom returns the principal RequireSession stored in ctx.
func PrincipalFrom(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(principalKey{}).(Principal)
	return p, ok
}

// SetSessionCookie hands the browser the session token: HttpOnly so scripts cannot read it,
// Secure and SameSite=Lax so it only travels over HTTPS on first-party navigation and calls.
func SetSessionCookie(w http.ResponseWriter, token string, ttl time.Duration) {
	setCookie(w, SessionCookie, "/", token, int(ttl.Seconds()))
}

// ClearSessionCookie tells the browser to drop the session cookie.
func ClearSessionCookie(w http.ResponseWriter) { setCookie(w, SessionCookie, "/", "", -1) }

// setCookie sets a session cookie (the user's or the admin's) under path; maxAge -1 drops it.
func setCookie(w http.ResponseWriter, name, path, value string, maxAge int) {
	http.SetCookie(w, &http.Cookie{
		Name: name, Value: value, Path: path, MaxAge: maxAge,
		HttpOnly: true, Secure: true, SameSite: http.SameSiteLaxMode,
	})
}
