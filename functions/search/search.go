// Package search is the /api/search route group: people by username and full name, posts by
// caption and artist, found through the token index shared/profile and shared/post keep beside
// their items (shared/search) and rendered as the posts route set renders posts.
package search

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"

	"zuum/functions/posts"
	"zuum/functions/wire"
	"zuum/shared/httpapi"
	"zuum/shared/post"
	"zuum/shared/profile"
	"zuum/shared/search"
)

// Handler serves /api/search.
type Handler struct {
	d   posts.Deps
	mux *http.ServeMux
}

// New returns the route group.
func New(d posts.Deps) *Handler {
	h := &Handler{d: d, mux: http.NewServeMux()}
	h.mux.HandleFunc("GET /api/search", httpapi.RequireSession(d.Sessions, h.search))
	h.mux.HandleFunc("/", httpapi.NotFound)
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httpapi.Recover(h.mux).ServeHTTP(w, r)
}

// FromEnv builds the route group from its environment (see posts.Wire).
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
	d, err := posts.Wire(ctx, cfg, env)
	if err != nil {
		return nil, err
	}
	return New(d), nil
}

// Person is a profile as search lists it.
type Person struct {
	ID             string `json:"id"`
	Username       string `json:"username"`
	FirstName      string `json:"firstname"`
	LastName       string `json:"lastname"`
	Identity       string `json:"identity"`
	Image          string `json:"image"`
	FollowersCount int64  `json:"followers_count"`
}

// Pagination is search's paging: no total, since the index does not count matches.
type Pagination struct {
	Next    *string `json:"next"`
	HasNext bool    `json:"hasNext"`
	Limit   int     `json:"limit"`
}

// Results is the answer of GET /api/search.
type Results struct {
	People     []Person         `json:"people"`
	Posts      []posts.PostJSON `json:"posts"`
	Pagination Pagination       `json:"pagination"`
}

// search answers GET /api/search?q=&type=&cursor=&limit=.
func (h *Handler) search(w http.ResponseWriter, r *http.Request) {
	in := r.URL.Query()
	q, err := search.Parse(in.Get("q"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	typ := post.SearchType(in.Get("type"))
	if typ == "" {
		typ = post.SearchAll
	}
	page, err := httpapi.ParsePage(r)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	me, _ := httpapi.PrincipalFrom(r.Context())
	res, err := h.d.Posts.Search(r.Context(), me.UserID, post.SearchRequest{Query: q, Type: typ, Limit: page.Limit, Cursor: page.Cursor})
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	out := Results{People: make([]Person, 0, len(res.People)), Posts: h.d.Render.Posts(r.Context(), res.Posts),
		Pagination: Pagination{HasNext: res.Next != "", Limit: page.Limit}}
	if res.Next != "" {
		out.Pagination.Next = &res.Next
	}
	for _, p := range res.People {
		out.People = append(out.People, person(h.d.Render.Pictures, p))
	}
	httpapi.JSON(w, http.StatusOK, out)
}

func person(m httpapi.Media, p profile.Profile) Person {
	return Person{ID: p.ID, Username: p.Username, FirstName: p.FirstName, LastName: p.LastName,
		Identity: string(p.Identity), Image: m.URL(p.Image), FollowersCount: p.FollowersCount}
}
