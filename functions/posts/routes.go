package posts

import (
	"errors"
	"net/http"

	"github.com/google/uuid"

	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/post"
)

// page answers one page of tl: {posts, pagination}.
func (h *Handler) page(w http.ResponseWriter, r *http.Request, tl post.Timeline) {
	ServePage(w, r, h.d, tl, viewer(r).UserID)
}

// ServePage answers one page of tl as viewer sees it, {posts, pagination}: the answer of the
// audio, video and beat lists (the feed adds its promotions, post.Store.Feed). A page asked for by number must lie within tl (see
// httpapi.PageRequest.Skip).
func ServePage(w http.ResponseWriter, r *http.Request, d Deps, tl post.Timeline, viewer string) {
	req, err := httpapi.ParsePage(r)
	if err == nil {
		_, err = req.Skip(func() (int64, error) { return d.Posts.Total(r.Context(), tl) })
	}
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	p, err := d.Posts.Page(r.Context(), tl, viewer, post.PageRequest{Limit: req.Limit, Cursor: req.Cursor, Page: req.Page})
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, d.Render.Page(r.Context(), p, req))
}

func (h *Handler) all(w http.ResponseWriter, r *http.Request) { h.page(w, r, h.k.All) }

func (h *Handler) own(w http.ResponseWriter, r *http.Request) {
	h.page(w, r, h.k.Own(viewer(r).UserID))
}

// ofUser lists another user's posts as everyone sees them, or the caller's own as they do. An
// id that cannot be a user's has no posts.
func (h *Handler) ofUser(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("userId")
	switch {
	case id == viewer(r).UserID:
		h.page(w, r, h.k.Own(id))
	case uuid.Validate(id) != nil:
		req, err := httpapi.ParsePage(r)
		if err == nil {
			_, err = req.Skip(func() (int64, error) { return 0, nil })
		}
		if err != nil {
			httpapi.Error(w, r, err)
			return
		}
		httpapi.JSON(w, http.StatusOK, List{Posts: []PostJSON{}, Pagination: httpapi.NewPagination(0, req, "")})
	default:
		h.page(w, r, h.k.Of(id))
	}
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request) {
	e, err := h.d.Posts.View(r.Context(), h.k.Kind, r.PathValue("id"), viewer(r).UserID)
	if err != nil {
		fail(w, r, err, h.k.NotFound)
		return
	}
	httpapi.JSON(w, http.StatusOK, Single{Post: h.d.Render.Post(r.Context(), e)})
}

func (h *Handler) shared(w http.ResponseWriter, r *http.Request) {
	e, err := h.d.Posts.Shared(r.Context(), h.k.Kind, r.PathValue("shareId"), viewer(r).UserID)
	if err != nil {
		fail(w, r, err, h.k.SharedNotFound)
		return
	}
	httpapi.JSON(w, http.StatusOK, Single{Post: h.d.Render.Post(r.Context(), e)})
}

// delete refunds the caller's pending promotions of the post (refundPending), then takes the post
// down: a fault between the two leaves the post up without its promotion, and no money waiting.
func (h *Handler) delete(w http.ResponseWriter, r *http.Request) {
	if h.d.Promotions != nil {
		if err := refundPending(r.Context(), h.d.Promotions, viewer(r).UserID, r.PathValue("id")); err != nil {
			httpapi.Error(w, r, err)
			return
		}
	}
	if err := h.d.Posts.Delete(r.Context(), h.k.Kind, r.PathValue("id"), viewer(r).UserID); err != nil {
		fail(w, r, err, h.k.NotFound)
		return
	}
	httpapi.Message(w, http.StatusOK, "Post deleted.")
}

// errBadInput is the spec's answer to a reaction, comment or share without what it needs.
var errBadInput = failure.New(failure.Invalid, "Validation error: Please check your input")

// postRef is the post_id every reaction, comment and share body names.
type postRef struct {
	PostID string `json:"post_id"`
}

func (p postRef) post() string { return p.PostID }

// decodeAction decodes the body of a reaction, comment or share; a body without a post_id, or
// with a field of the wrong type (a numeric post_id), is errBadInput.
func decodeAction(w http.ResponseWriter, r *http.Request, dst interface{ post() string }) error {
	err := httpapi.Decode(w, r, dst)
	var fe *failure.Error
	if errors.As(err, &fe) && len(fe.Fields) > 0 || err == nil && dst.post() == "" {
		return errBadInput
	}
	return err
}

type reactBody struct {
	postRef
	Like   *bool `json:"like"`
	Unlike *bool `json:"unlike"`
}

// react likes (like:true) or unlikes (unlike:true, or like:false): 200 {message, reactions,
// isLiked}; a repeat changes nothing and still answers 200.
func (h *Handler) react(w http.ResponseWriter, r *http.Request) {
	var b reactBody
	if err := decodeAction(w, r, &b); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	like, unlike := b.Like != nil && *b.Like, b.Unlike != nil && *b.Unlike || b.Like != nil && !*b.Like
	if like == unlike {
		httpapi.Error(w, r, errBadInput)
		return
	}
	me := viewer(r)
	res, err := h.d.Posts.React(r.Context(), h.k.Kind, b.PostID, me.Account.Profile, like)
	if err != nil {
		fail(w, r, err, h.k.ActNotFound)
		return
	}
	msg := "No changes made."
	if res.Changed && like {
		msg = "Post liked."
	} else if res.Changed {
		msg = "Post unliked."
	}
	httpapi.JSON(w, http.StatusOK, reacted{Message: msg, Reactions: res.Reactions, IsLiked: res.Liked})
}

// reacted is a reaction's answer: the post's likes and whether the caller now likes it. Its
// fields keep the order the answer has always had.
type reacted struct {
	IsLiked   bool   `json:"isLiked"`
	Message   string `json:"message"`
	Reactions int64  `json:"reactions"`
}

type commentBody struct {
	postRef
	Comment string `json:"comment"`
}

// commentCreated is a new comment: the comment under "comment", and its fields at the top
// level too (but for its text, whose name the object takes).
type commentCreated struct {
	Comment        CommentJSON `json:"comment"`
	ID             string      `json:"id"`
	PostID         string      `json:"post_id"`
	ProfileID      string      `json:"profile_id"`
	Username       string      `json:"username"`
	ProfilePicture string      `json:"profile_picture"`
	CreatedAt      string      `json:"created_at"`
	Likes          int         `json:"likes"`
	IsLiked        bool        `json:"isLiked"`
}

func (h *Handler) comment(w http.ResponseWriter, r *http.Request) {
	var b commentBody
	if err := decodeAction(w, r, &b); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	c, err := h.d.Posts.Comment(r.Context(), h.k.Kind, b.PostID, viewer(r).Account.Profile, b.Comment)
	if err != nil {
		fail(w, r, err, h.k.ActNotFound)
		return
	}
	j := h.d.Render.Comment(c)
	httpapi.JSON(w, http.StatusCreated, commentCreated{
		Comment: j, ID: j.ID, PostID: j.PostID, ProfileID: j.ProfileID, Username: j.Username,
		ProfilePicture: j.ProfilePicture, CreatedAt: j.CreatedAt, Likes: j.Likes, IsLiked: j.IsLiked,
	})
}

// comments answers GET /{id}/comments: {comments, pagination}, newest first.
func (h *Handler) comments(w http.ResponseWriter, r *http.Request) {
	if r.PathValue("list") != "comments" {
		httpapi.NotFound(w, r)
		return
	}
	req, err := httpapi.ParsePage(r)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	if _, err := req.Skip(func() (int64, error) {
		return h.d.Posts.CommentTotal(r.Context(), h.k.Kind, r.PathValue("id"), viewer(r).UserID)
	}); err != nil {
		fail(w, r, err, h.k.NotFound)
		return
	}
	p, err := h.d.Posts.Comments(r.Context(), h.k.Kind, r.PathValue("id"), viewer(r).UserID,
		post.PageRequest{Limit: req.Limit, Cursor: req.Cursor, Page: req.Page})
	if err != nil {
		fail(w, r, err, h.k.NotFound)
		return
	}
	list := make([]CommentJSON, len(p.Comments))
	for i, c := range p.Comments {
		list[i] = h.d.Render.Comment(c)
	}
	req.Page = p.Number
	httpapi.JSON(w, http.StatusOK, CommentList{Comments: list, Pagination: httpapi.NewPagination(p.Total, req, p.Next)})
}

type shareBody struct{ postRef }

// sharedPost is a share's answer: its id, the post's shares and the link to pass on. Its fields
// keep the order the answer has always had.
type sharedPost struct {
	ShareID string `json:"shareId"`
	Shares  int64  `json:"shares"`
	URL     string `json:"url"`
}

// share answers 201 {shareId, url, shares}.
func (h *Handler) share(w http.ResponseWriter, r *http.Request) {
	var b shareBody
	if err := decodeAction(w, r, &b); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	s, err := h.d.Posts.Share(r.Context(), h.k.Kind, b.PostID, viewer(r).Account.Profile)
	if err != nil {
		fail(w, r, err, h.k.NotFound)
		return
	}
	httpapi.JSON(w, http.StatusCreated, sharedPost{ShareID: s.ID, URL: h.k.shareURL(h.d.AppURL, s), Shares: s.Shares})
}

// play answers POST /api/<kind>/{id}/play: a client reports that the viewer played the post.
// 204 whether or not the play counted (post.Store.Play: one per listener every
// post.PlayEvery), so a client may report every play without keeping track.
func (h *Handler) play(w http.ResponseWriter, r *http.Request) {
	if _, err := h.d.Posts.Play(r.Context(), h.k.Kind, r.PathValue("id"), viewer(r).UserID); err != nil {
		fail(w, r, err, h.k.NotFound)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
