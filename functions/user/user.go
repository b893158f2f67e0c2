// Package user is the /api/user route group: the caller's own profile, editing it (with profile
// and cover pictures stored in S3), other users' public profiles, following: follow and
// unfollow, and the followers and following lists, the chat rooms (open one, list them), and
// the holder's rights over their data (rights.go): export it, deactivate, delete.
package user

import (
	"context"
	"net/http"

	"golang.org/x/sync/errgroup"

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
	rights   Rights
	mux      *http.ServeMux
}

// New returns the route group.
func New(sessions httpapi.Authenticator, profiles *profile.Store, pictures *Pictures, rooms *chat.Store, media httpapi.Media, rights Rights) *Handler {
	h := &Handler{sessions: sessions, profiles: profiles, pictures: pictures, rooms: rooms, media: media, rights: rights, mux: http.NewServeMux()}
	// The profile reads start beside the session check (httpapi.RequireSessionRead).
	h.mux.HandleFunc("GET /api/user/profile", httpapi.RequireSessionRead(sessions, h.ownProfile))
	h.mux.HandleFunc("PUT /api/user/profile", httpapi.RequireSession(sessions, h.updateProfile))
	// One pattern serves /api/user/profile/{id} and /api/user/{id}/followers|following: as two
	// patterns they would conflict (neither is more specific), which ServeMux refuses.
	h.mux.HandleFunc("GET /api/user/{a}/{b}", h.userPath)
	h.mux.HandleFunc("POST /api/user/follow", httpapi.RequireSession(sessions, h.follow))
	h.mux.HandleFunc("POST /api/user/get-room-id", httpapi.RequireSession(sessions, h.getRoomID))
	h.mux.HandleFunc("GET /api/user/get-rooms", httpapi.RequireSession(sessions, h.getRooms))
	h.mux.HandleFunc("GET /api/user/export", httpapi.RequireSessionRead(sessions, h.export))
	h.mux.HandleFunc("POST /api/user/deactivate", httpapi.RequireSession(sessions, h.deactivate))
	h.mux.HandleFunc("POST /api/user/delete", httpapi.RequireSession(sessions, h.deleteAccount))
	h.mux.HandleFunc("POST /api/user/delete/code", httpapi.RequireSession(sessions, h.deleteCode))
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
		httpapi.OptionalSessionRead(h.sessions, func(w http.ResponseWriter, r *http.Request) { h.publicProfile(w, r, b) })(w, r)
	case b == "followers":
		h.followList(w, r, a, profile.Followers)
	case b == "following":
		h.followList(w, r, a, profile.Following)
	default:
		httpapi.NotFound(w, r)
	}
}

// ownProfile answers the caller's profile: the follow lists are read while the session check
// reads the account, so the profile waits for two round trips in sequence.
func (h *Handler) ownProfile(w http.ResponseWriter, r *http.Request) {
	claimed, _ := httpapi.PrincipalFrom(r.Context())
	lists := profile.Profile{ID: claimed.UserID}
	if _, err := h.profiles.WithFollows(r.Context(), &lists, ""); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	p, err := httpapi.Confirmed(r.Context())
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	own := p.Account.Profile
	own.Followers, own.Following = lists.Followers, lists.Following
	httpapi.JSON(w, http.StatusOK, own.View(h.media.URL, true))
}

// viewedProfile is another user's profile as a signed-in viewer sees it.
type viewedProfile struct {
	profile.View
	IsFollowing *bool `json:"is_following,omitempty"`
}

// publicProfile shows the profile of id; a signed-in viewer of someone else's profile also
// learns whether they follow it. The account and the follow lists are read at once (beside the
// session check), then the lists' profiles: two round trips in sequence.
func (h *Handler) publicProfile(w http.ResponseWriter, r *http.Request, id string) {
	viewer, signedIn := httpapi.PrincipalFrom(r.Context())
	var (
		a       profile.Account
		lists   = profile.Profile{ID: id}
		follows bool
	)
	g, ctx := errgroup.WithContext(r.Context())
	g.Go(func() (err error) { a, err = h.active(ctx, id); return err })
	g.Go(func() (err error) { follows, err = h.profiles.WithFollows(ctx, &lists, viewer.UserID); return err })
	if err := g.Wait(); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	a.Followers, a.Following = lists.Followers, lists.Following
	out := viewedProfile{View: a.View(h.media.URL, false)}
	if signedIn && viewer.UserID != id {
		out.IsFollowing = &follows
	}
	httpapi.JSON(w, http.StatusOK, out)
}

// active returns the account of id, which must exist and not be deactivated: a deactivated
// account has no public face.
func (h *Handler) active(ctx context.Context, id string) (profile.Account, error) {
	a, err := h.profiles.Account(ctx, id)
	if err == nil && a.Deactivated {
		err = profile.ErrNotFound
	}
	return a, err
}
