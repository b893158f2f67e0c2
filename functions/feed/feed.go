// Package feed is the /api/feed route group: the home feed's two tabs, read from the shared
// timelines of shared/post and rendered as the posts route set renders posts.
package feed

import (
	"net/http"

	"zuum/functions/posts"
	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/post"
)

// tabs are the feed's tabs and the timeline each one reads.
var tabs = map[string]post.Timeline{
	"audio": post.FeedAudio, // audio posts and beats for sale, newest first
	"video": post.AllVideos, // public videos
}

var errBadTab = failure.New(failure.Invalid, "tab must be audio or video.")

// Handler serves /api/feed.
type Handler struct {
	d   posts.Deps
	mux *http.ServeMux
}

// New returns the route group.
func New(d posts.Deps) *Handler {
	h := &Handler{d: d, mux: http.NewServeMux()}
	h.mux.HandleFunc("GET /api/feed", httpapi.RequireSession(d.Sessions, h.feed))
	h.mux.HandleFunc("GET /api/feed/{$}", httpapi.RequireSession(d.Sessions, h.feed))
	h.mux.HandleFunc("/", httpapi.NotFound)
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httpapi.Recover(h.mux).ServeHTTP(w, r)
}

// feed answers GET /api/feed?tab=audio|video (audio when absent): {posts, pagination}, each
// post carrying its kind.
func (h *Handler) feed(w http.ResponseWriter, r *http.Request) {
	tab := r.URL.Query().Get("tab")
	if tab == "" {
		tab = "audio"
	}
	tl, ok := tabs[tab]
	if !ok {
		httpapi.Error(w, r, errBadTab)
		return
	}
	me, _ := httpapi.PrincipalFrom(r.Context())
	posts.ServePage(w, r, h.d, tl, me.UserID)
}
