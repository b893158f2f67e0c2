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

// tab is a feed tab: the timeline it reads and the kinds of post promoted in it.
type tab struct {
	tl    post.Timeline
	kinds []post.Kind
}

// tabs are the feed's tabs.
var tabs = map[string]tab{
	"audio": {post.FeedAudio, []post.Kind{post.Audio, post.Beat}}, // audio posts and beats for sale, newest first
	"video": {post.AllVideos, []post.Kind{post.Video}},            // public videos
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
	// A read: its store calls start beside the session check (httpapi.RequireSessionRead).
	h.mux.HandleFunc("GET /api/feed", httpapi.RequireSessionRead(d.Sessions, h.feed))
	h.mux.HandleFunc("GET /api/feed/{$}", httpapi.RequireSessionRead(d.Sessions, h.feed))
	h.mux.HandleFunc("/", httpapi.NotFound)
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httpapi.Recover(h.mux).ServeHTTP(w, r)
}

// feed answers GET /api/feed?tab=audio|video (audio when absent): {posts, pagination}, each
// post carrying its kind, with the tab's active promotions interleaved (post.Store.Feed): the
// pagination is the timeline's, so a page may hold up to limit + limit/4 posts.
func (h *Handler) feed(w http.ResponseWriter, r *http.Request) {
	tab := r.URL.Query().Get("tab")
	if tab == "" {
		tab = "audio"
	}
	t, ok := tabs[tab]
	if !ok {
		httpapi.Error(w, r, errBadTab)
		return
	}
	req, err := httpapi.ParsePage(r)
	if err == nil {
		_, err = req.Skip(func() (int64, error) { return h.d.Posts.Total(r.Context(), t.tl) })
	}
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	me, _ := httpapi.PrincipalFrom(r.Context())
	p, err := h.d.Posts.Feed(r.Context(), t.tl, t.kinds, me.UserID, post.PageRequest{Limit: req.Limit, Cursor: req.Cursor, Page: req.Page})
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, h.d.Render.Page(r.Context(), p, req))
}
