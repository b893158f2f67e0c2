package httpapi

import (
	"context"
	"net/http"
	"time"

	"zuum/shared/failure"
)

// AdminCookie carries the admin session token for browsers, only to the admin area's routes.
const (
	AdminCookie     = "zuum_admin"
	AdminCookiePath = "/api/admin"
)

// AdminPrincipal is the signed-in admin of a request.
type AdminPrincipal struct {
	ID       string
	Username string
	Email    string
	// Approved is true once another admin approved the admin, or their email is on the bootstrap
	// list; RequireAdmin lets only approved admins through.
	Approved bool
}

// AdminAuthenticator turns an admin session token into its admin. Its errors are
// failure.Unauthorized for a token that opens no admin session and failure.Forbidden for a
// valid user session's token (a user is signed in, but is no admin).
type AdminAuthenticator interface {
	AuthenticateAdmin(ctx context.Context, token string) (AdminPrincipal, error)
}

// The admin area's refusals (spec part 2 §8).
var (
	ErrAdminUnauthorized = failure.New(failure.Unauthorized, "Unauthorized - Please login again")
	ErrAdminForbidden    = failure.New(failure.Forbidden, "Forbidden - You lack necessary permissions")
	ErrAwaitingApproval  = failure.New(failure.Forbidden, "Awaiting approval")
)

type adminKey struct{}

// AdminToken returns the token an admin route judges: the Bearer header first, then the admin
// cookie, then the user session cookie (which the browser sends everywhere, and which makes the
// caller a signed-in user who is refused with 403 rather than a stranger).
func AdminToken(r *http.Request) string { return tokenOf(r, AdminCookie, SessionCookie) }

// RequireAdmin wraps next so it only runs for an approved admin's session, whose principal it
// puts in the request context (read it with AdminFrom). No session is 401 "Unauthorized - Please
// login again"; a user's session is 403 "Forbidden - You lack necessary permissions"; an admin
// not yet approved is 403 "Awaiting approval".
func RequireAdmin(auth AdminAuthenticator, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		token := AdminToken(r)
		if token == "" {
			Error(w, r, ErrAdminUnauthorized)
			return
		}
		p, err := auth.AuthenticateAdmin(r.Context(), token)
		switch {
		case failure.Is(err, failure.Unauthorized):
			Error(w, r, ErrAdminUnauthorized)
			return
		case failure.Is(err, failure.Forbidden):
			Error(w, r, ErrAdminForbidden)
			return
		case err != nil:
			Error(w, r, err)
			return
		case !p.Approved:
			Error(w, r, ErrAwaitingApproval)
			return
		}
		next(w, r.WithContext(context.WithValue(r.Context(), adminKey{}, p)))
	}
}

// AdminFrom returns the admin RequireAdmin stored in ctx.
func AdminFrom(ctx context.Context) (AdminPrincipal, bool) {
	p, ok := ctx.Value(adminKey{}).(AdminPrincipal)
	return p, ok
}

// SetAdminCookie hands the browser the admin session token, sent only to the admin routes.
func SetAdminCookie(w http.ResponseWriter, token string, ttl time.Duration) {
	setCookie(w, AdminCookie, AdminCookiePath, token, int(ttl.Seconds()))
}

// ClearAdminCookie tells the browser to drop the admin session cookie.
func ClearAdminCookie(w http.ResponseWriter) { setCookie(w, AdminCookie, AdminCookiePath, "", -1) }
