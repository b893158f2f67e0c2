// Package user is the /api/user route group: the caller's own profile, editing it (with profile
// and cover pictures stored in S3), and other users' public profiles.
package user

import (
	"net/http"

	"zuum/shared/account"
	"zuum/shared/httpapi"
	"zuum/shared/profile"
)

// Handler serves /api/user/*.
type Handler struct {
	sessions httpapi.Authenticator
	profiles *profile.Store
	pictures *Pictures
	media    httpapi.Media
	mux      *http.ServeMux
}

// New returns the route group.
func New(sessions *account.Service, profiles *profile.Store, pictures *Pictures, media httpapi.Media) *Handler {
	h := &Handler{sessions: sessions, profiles: profiles, pictures: pictures, media: media, mux: http.NewServeMux()}
	h.mux.HandleFunc("GET /api/user/profile", httpapi.RequireSession(sessions, h.ownProfile))
	h.mux.HandleFunc("PUT /api/user/profile", httpapi.RequireSession(sessions, h.updateProfile))
	h.mux.HandleFunc("GET /api/user/profile/{id}", h.publicProfile)
	h.mux.HandleFunc("/", httpapi.NotFound)
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httpapi.Recover(h.mux).ServeHTTP(w, r)
}

func (h *Handler) ownProfile(w http.ResponseWriter, r *http.Request) {
	p, _ := httpapi.PrincipalFrom(r.Context())
	httpapi.JSON(w, http.StatusOK, h.media.Profile(p.Account.Profile, true))
}

func (h *Handler) publicProfile(w http.ResponseWriter, r *http.Request) {
	a, err := h.profiles.Account(r.Context(), r.PathValue("id"))
	if err == nil && a.Deactivated {
		err = profile.ErrNotFound // a deactivated account has no public face
	}
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, h.media.Profile(a.Profile, false))
}
