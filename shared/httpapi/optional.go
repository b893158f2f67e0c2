package httpapi

import (
	"context"
	"net/http"

	"zuum/shared/failure"
)

// OptionalSession wraps a public route that shows more to a signed-in caller: with a valid
// session its principal is in the request context (read it with PrincipalFrom); with no token,
// or one that is no longer valid, next runs anonymously, so the route stays public.
func OptionalSession(auth Authenticator, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		token := Token(r)
		if token == "" {
			next(w, r)
			return
		}
		p, err := auth.Authenticate(r.Context(), token)
		switch {
		case err == nil:
			r = r.WithContext(context.WithValue(r.Context(), principalKey{}, p))
		case !failure.Is(err, failure.Unauthorized):
			Error(w, r, err)
			return
		}
		next(w, r)
	}
}
