// Package uploads is the /api/uploads route group: it hands a signed-in user a presigned POST
// for one file (audio, video or image, or a release's release_audio or cover_art), which the
// browser sends straight to the media bucket.
// The bucket's ObjectCreated events then invoke the media function, which checks the bytes.
package uploads

import (
	"net/http"
	"time"

	"zuum/shared/httpapi"
	"zuum/shared/media"
)

// Handler serves /api/uploads.
type Handler struct {
	sessions httpapi.Authenticator
	store    *media.Store
	mux      *http.ServeMux
}

// New returns the route group.
func New(sessions httpapi.Authenticator, store *media.Store) *Handler {
	h := &Handler{sessions: sessions, store: store, mux: http.NewServeMux()}
	h.mux.HandleFunc("POST /api/uploads", httpapi.RequireSession(sessions, h.create))
	h.mux.HandleFunc("/", httpapi.NotFound)
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httpapi.Recover(h.mux).ServeHTTP(w, r)
}

// request is what the browser says of the file it wants to upload.
type request struct {
	Kind        string `json:"kind"`
	ContentType string `json:"content_type"`
	Size        int64  `json:"size"`
	Filename    string `json:"filename"`
}

// ticket is the contract's answer: where and how to POST the file.
type ticket struct {
	Key       string            `json:"key"`
	URL       string            `json:"url"`
	Method    string            `json:"method"`
	Fields    map[string]string `json:"fields"`
	MaxSize   int64             `json:"max_size"`
	ExpiresAt string            `json:"expires_at"`
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request) {
	var req request
	if err := httpapi.Decode(w, r, &req); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	p, _ := httpapi.PrincipalFrom(r.Context())
	t, err := h.store.PresignPost(r.Context(), p.UserID, media.Kind(req.Kind), req.ContentType, req.Size, req.Filename)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusCreated, ticket{
		Key: t.Key, URL: t.URL, Method: t.Method, Fields: t.Fields, MaxSize: t.MaxSize,
		ExpiresAt: t.ExpiresAt.Format(time.RFC3339),
	})
}
