// Package notifications is the /api/notifications route group: the caller's notifications,
// newest first, and marking them read one at a time or all at once.
package notifications

import (
	"net/http"
	"time"

	"zuum/shared/httpapi"
	"zuum/shared/notify"
)

// Handler serves /api/notifications/*.
type Handler struct {
	notes *notify.Store
	media httpapi.Media
	mux   *http.ServeMux
}

// New returns the route group.
func New(sessions httpapi.Authenticator, notes *notify.Store, media httpapi.Media) *Handler {
	h := &Handler{notes: notes, media: media, mux: http.NewServeMux()}
	// The list is a read: its store calls start beside the session check (httpapi.RequireSessionRead).
	h.mux.HandleFunc("GET /api/notifications", httpapi.RequireSessionRead(sessions, h.list))
	h.mux.HandleFunc("GET /api/notifications/{$}", httpapi.RequireSessionRead(sessions, h.list))
	h.mux.HandleFunc("POST /api/notifications/read-all", httpapi.RequireSession(sessions, h.readAll))
	h.mux.HandleFunc("POST /api/notifications/{id}/read", httpapi.RequireSession(sessions, h.read))
	h.mux.HandleFunc("/", httpapi.NotFound)
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httpapi.Recover(h.mux).ServeHTTP(w, r)
}

// noteJSON is a notification as the API shows it (functions/README.md).
type noteJSON struct {
	ID              string `json:"id"`
	Type            string `json:"type"`
	Name            string `json:"name"`
	Message         string `json:"message"`
	Timestamp       string `json:"timestamp"`
	Read            bool   `json:"read"`
	PostID          string `json:"post_id"`
	PostType        string `json:"post_type"`
	ActionUserID    string `json:"action_user_id"`
	ActionUserImage string `json:"action_user_image"`
}

type listResponse struct {
	Notifications []noteJSON `json:"notifications"`
	// Unread counts the unread notifications of this page.
	Unread     int                `json:"unread"`
	Pagination httpapi.Pagination `json:"pagination"`
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	p, err := httpapi.ParsePage(r)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	skip, err := p.Skip(func() (int64, error) { return h.notes.Total(r.Context(), me.UserID) })
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	page, err := h.notes.List(r.Context(), me.UserID, p.Limit, p.Cursor, skip)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	out := listResponse{Notifications: make([]noteJSON, 0, len(page.Notes)), Pagination: httpapi.NewPagination(page.Total, p, page.Next)}
	for _, n := range page.Notes {
		if !n.Read {
			out.Unread++
		}
		out.Notifications = append(out.Notifications, noteJSON{
			ID: n.ID, Type: string(n.Kind), Name: n.ActorName, Message: n.Message,
			Timestamp: n.CreatedAt.UTC().Format(time.RFC3339), Read: n.Read, PostID: n.PostID,
			PostType: n.PostType, ActionUserID: n.ActorID, ActionUserImage: h.media.URL(n.ActorImage),
		})
	}
	httpapi.JSON(w, http.StatusOK, out)
}

func (h *Handler) read(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	if err := h.notes.MarkRead(r.Context(), me.UserID, r.PathValue("id")); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.Message(w, http.StatusOK, "Notification marked as read.")
}

func (h *Handler) readAll(w http.ResponseWriter, r *http.Request) {
	me, _ := httpapi.PrincipalFrom(r.Context())
	if err := h.notes.MarkAllRead(r.Context(), me.UserID); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.Message(w, http.StatusOK, "All notifications marked as read.")
}
