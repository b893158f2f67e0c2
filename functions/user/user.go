// Package user is the /api/user route group: the caller's own profile, editing it (with profile
// and cover pictures stored in S3), other users' public profiles, following: follow and
// unfollow, and the followers and following lists, and the chat rooms (open one, list them).
package user

import (
	"net/http"

	"zuum/shared/chat"
	"zuum/shared/httpapi"
	"zuum/shared/profile"
)

// Handler serves /api/user/*.
type Handler struct {
	sessions httpapi.Authenticator
	profiles *profile.Store
	pictures *Pictures
	rooms    *chat.Store
	media    httpapi.Media
	mux      *http.ServeMux
}

// New returns the route group.
func New(sessions httpapi.Authenticator, profiles *profile.Store, pictures *Pictures, rooms *chat.Store, media httpapi.Media) *Handler {
	h := &Handler{sessions: sessions, profiles: profiles, pictures: pictures, rooms: rooms, media: media, mux: http.NewServeMux()}
	h.mux.HandleFunc("GET /api/user/profile", httpapi.RequireSession(sessions, h.ownProfile))
	h.mux.HandleFunc("PUT /api/user/profile", httpapi.RequireSession(sessions, h.updateProfile))
	// One pattern serves /api/user/profile/{id} and /api/user/{id}/followers|following: as two
	// patterns they would conflict (neither is more specific), which ServeMux refuses.
	h.mux.HandleFunc("GET /api/user/{a}/{b}", h.userPath)
	h.mux.HandleFunc("POST /api/user/follow", httpapi.RequireSession(sessions, h.follow))
	h.mux.HandleFunc("POST /api/user/get-room-id", httpapi.RequireSession(sessions, h.getRoomID))
	h.mux.HandleFunc("GET /api/user/get-rooms", httpapi.RequireSession(sessions, h.getRooms))
	h.mux.HandleFunc("/", httpapi.NotFound)
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httpapi.Recover(h.mux).ServeHTTP(w, r)
}

// userPath dispatches the two-segment GET paths under /api/user.
func (h *Handler) userPath(w http.ResponseWriter, r *http.Request) {
	a, b := r.PathValue("a"), r.PathValue("b")
	switch {
	case a == "profile":
		httpapi.OptionalSession(h.sessions, func(w http.ResponseWriter, r *http.Request) { h.publicProfile(w, r, b) })(w, r)
	case b == "followers":
		h.followList(w, r, a, profile.Followers)
	case b == "following":
		h.followList(w, r, a, profile.Following)
	default:
		httpapi.NotFound(w, r)
	}
}

func (h *Handler) ownProfile(w http.ResponseWriter, r *http.Request) {
	p, _ := httpapi.PrincipalFrom(r.Context())
	own := p.Account.Profile
	if _, err := h.profiles.WithFollows(r.Context(), &own, ""); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, h.media.Profile(own, true))
}

// viewedProfile is another user's profile as a signed-in viewer sees it.
type viewedProfile struct {
	httpapi.ProfileJSON
	IsFollowing *bool `json:"is_following,omitempty"`
}

// publicProfile shows the profile of id; a signed-in viewer of someone else's profile also
// learns whether they follow it.
func (h *Handler) publicProfile(w http.ResponseWriter, r *http.Request, id string) {
	a, err := h.active(r, id)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	viewer, signedIn := httpapi.PrincipalFrom(r.Context())
	follows, err := h.profiles.WithFollows(r.Context(), &a.Profile, viewer.UserID)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	out := viewedProfile{ProfileJSON: h.media.Profile(a.Profile, false)}
	if signedIn && viewer.UserID != id {
		out.IsFollowing = &follows
	}
	httpapi.JSON(w, http.StatusOK, out)
}

// active returns the account of id, which must exist and not be deactivated: a deactivated
// account has no public face.
func (h *Handler) active(r *http.Request, id string) (profile.Account, error) {
	a, err := h.profiles.Account(r.Context(), id)
	if err == nil && a.Deactivated {
		err = profile.ErrNotFound
	}
	return a, err
}
