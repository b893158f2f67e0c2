// Package distribution is the /api/distribution route group: an artist's releases (spec part 2
// §2, §3, §5), saved as drafts at any step of the wizard, submitted with every rule checked on
// the server and the promotion package paid from the wallet, and followed through review. The
// domain is shared/release. The admins' releases queue lives here too (AdminRoutes, admin.go);
// the admin Lambda mounts it.
package distribution

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/ledger"
	"zuum/shared/media"
	"zuum/shared/release"
)

// Handler serves /api/distribution/*.
type Handler struct {
	releases *release.Store
	ledger   *ledger.Store
	files    *media.Store
	mux      *http.ServeMux
}

// New returns the route group.
func New(sessions httpapi.Authenticator, releases *release.Store, l *ledger.Store, files *media.Store) *Handler {
	h := &Handler{releases: releases, ledger: l, files: files, mux: http.NewServeMux()}
	auth := func(fn http.HandlerFunc) http.HandlerFunc { return httpapi.RequireSession(sessions, fn) }
	h.mux.HandleFunc("POST /api/distribution/releases", auth(h.create))
	h.mux.HandleFunc("GET /api/distribution/releases", auth(h.list))
	h.mux.HandleFunc("GET /api/distribution/releases/{id}", auth(h.get))
	h.mux.HandleFunc("PUT /api/distribution/releases/{id}", auth(h.update))
	h.mux.HandleFunc("POST /api/distribution/releases/{id}/submit", auth(httpapi.IdempotentRebuilt(l, "release-submit", h.rebuild(http.StatusOK), h.submit)))
	h.mux.HandleFunc("/", httpapi.NotFound)
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httpapi.Recover(h.mux).ServeHTTP(w, r)
}

// Answer is a release on its own: {release}.
type Answer struct {
	Release release.View `json:"release"`
}

// List is a page of the caller's releases.
type List struct {
	Releases   []release.View     `json:"releases"`
	Pagination httpapi.Pagination `json:"pagination"`
}

// createBody is the release form, and whether it is only a draft.
type createBody struct {
	Draft bool `json:"draft"`
	release.Form
}

func owner(r *http.Request) release.Owner {
	p, _ := httpapi.PrincipalFrom(r.Context())
	return release.Owner{ID: p.UserID, Username: p.Account.Username}
}

func (h *Handler) view(r *http.Request, rel release.Release) release.View {
	return h.viewAt(r.Context(), rel)
}

func (h *Handler) viewAt(ctx context.Context, rel release.Release) release.View {
	return rel.View(func(key string) string { return h.files.URL(ctx, key) })
}

// create stores a draft as it is, or submits a new release at once; a submission moves money,
// so it needs an Idempotency-Key as every money call does.
func (h *Handler) create(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, release.MaxBody))
	if err != nil {
		httpapi.Error(w, r, failure.New(failure.TooLarge, "Request body is too large."))
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	var peek struct {
		Draft bool `json:"draft"`
	}
	if json.Unmarshal(body, &peek) == nil && peek.Draft {
		h.createDraft(w, r)
		return
	}
	httpapi.IdempotentRebuilt(h.ledger, "release", h.rebuild(http.StatusCreated), h.createSubmitted)(w, r)
}

func (h *Handler) createDraft(w http.ResponseWriter, r *http.Request) {
	var in createBody
	if err := httpapi.DecodeLimit(w, r, &in, release.MaxBody); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	rel, err := h.releases.Create(r.Context(), owner(r), in.Form, true, nil)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusCreated, Answer{Release: h.view(r, rel)})
}

func (h *Handler) createSubmitted(w http.ResponseWriter, r *http.Request) {
	var in createBody
	if err := httpapi.DecodeLimit(w, r, &in, release.MaxBody); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	rel, err := h.releases.Create(r.Context(), owner(r), in.Form, false, idem(r))
	h.answer(w, r, rel, err, http.StatusCreated)
}

func (h *Handler) submit(w http.ResponseWriter, r *http.Request) {
	rel, err := h.releases.Submit(r.Context(), owner(r), r.PathValue("id"), idem(r))
	h.answer(w, r, rel, err, http.StatusOK)
}

// idem is the request's idempotency item, which the submission stores with the release's id.
func idem(r *http.Request) *ledger.Once {
	once := ledger.Once(*httpapi.OnceOf(r))
	return &once
}

// rebuild is the first answer (status) of a submission's key: the release its item names.
func (h *Handler) rebuild(status int) httpapi.Rebuild {
	return func(ctx context.Context, key string) (int, any, error) {
		o, _, err := h.ledger.Once(ctx, key)
		if err != nil {
			return 0, nil, err
		}
		rel, err := h.releases.Get(ctx, o.Made)
		if err != nil {
			return 0, nil, err
		}
		return status, Answer{Release: h.viewAt(ctx, rel)}, nil
	}
}

// answer writes the outcome of a submission: the release, the first answer of a replayed key
// (one answered meanwhile is replayed by httpapi.Error: a concurrent request with the key went
// first and took the uploads r found gone, or submitted the draft), or the error.
func (h *Handler) answer(w http.ResponseWriter, r *http.Request, rel release.Release, err error, status int) {
	switch {
	case errors.Is(err, ledger.ErrReplayed):
		httpapi.Replay(w, r, h.ledger)
	case err != nil:
		httpapi.Error(w, r, err)
	default:
		httpapi.JSON(w, status, Answer{Release: h.view(r, rel)})
	}
}

func (h *Handler) update(w http.ResponseWriter, r *http.Request) {
	var in release.Form
	if err := httpapi.DecodeLimit(w, r, &in, release.MaxBody); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	rel, err := h.releases.Update(r.Context(), owner(r), r.PathValue("id"), in)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, Answer{Release: h.view(r, rel)})
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request) {
	rel, err := h.releases.Own(r.Context(), owner(r).ID, r.PathValue("id"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, Answer{Release: h.view(r, rel)})
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	me := owner(r).ID
	listPage(w, r, h.files,
		func() (int64, error) { return h.releases.Count(r.Context(), me) },
		func(limit int, cursor string, skip int) (release.Page, error) {
			return h.releases.Mine(r.Context(), me, limit, cursor, skip)
		})
}

// listPage answers the page of a list of releases that r asks for (httpapi.ParsePage): count
// counts the whole list, read reads one page of it; files sign each release's files.
func listPage(w http.ResponseWriter, r *http.Request, files *media.Store, count func() (int64, error),
	read func(limit int, cursor string, skip int) (release.Page, error)) {
	p, err := httpapi.ParsePage(r)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	skip, err := p.Skip(count)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	page, err := read(p.Limit, p.Cursor, skip)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	out := List{Releases: []release.View{}, Pagination: httpapi.NewPagination(page.Total, p, page.Next)}
	for _, rel := range page.Releases {
		out.Releases = append(out.Releases, rel.View(func(key string) string { return files.URL(r.Context(), key) }))
	}
	httpapi.JSON(w, http.StatusOK, out)
}
