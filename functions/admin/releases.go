package admin

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/audit"
	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/media"
	"zuum/shared/release"
)

// releases is the releases queue of the admin area (issue 13): the releases awaiting review and
// every status after, one release with its files playable and its cover shown, and the review
// actions, each recorded in the audit log in the action's own transaction.
type releases struct {
	store *release.Store
	files *media.Store
	audit *audit.Store
}

// mountReleases mounts the releases queue's routes over the release store and the media bucket
// (which signs the files).
func (h *Handler) mountReleases(store *release.Store, files *media.Store) {
	q := &releases{store: store, files: files, audit: h.Audit()}
	h.Handle("GET /api/admin/releases", q.list)
	h.Handle("GET /api/admin/releases/{id}", q.get)
	h.Handle("POST /api/admin/releases/{id}/review", q.act("release.review", q.store.Review))
	h.Handle("POST /api/admin/releases/{id}/approve", q.act("release.approve", q.store.Approve))
	h.Handle("POST /api/admin/releases/{id}/deliver", q.act("release.deliver", q.store.Deliver))
	h.Handle("POST /api/admin/releases/{id}/reject", q.reject)
}

// releaseList is a page of a queue.
type releaseList struct {
	Releases   []release.View     `json:"releases"`
	Pagination httpapi.Pagination `json:"pagination"`
}

// releaseAnswer is one release.
type releaseAnswer struct {
	Release release.View `json:"release"`
}

var errBadReleaseQueue = failure.New(failure.Invalid, "status must be one of "+strings.Join(release.Queues, ", ")+".")

func (q *releases) view(ctx context.Context, r release.Release) release.View {
	return r.View(func(key string) string { return q.files.URL(ctx, key) })
}

func (q *releases) list(w http.ResponseWriter, r *http.Request, _ httpapi.AdminPrincipal) {
	status := r.URL.Query().Get("status")
	if status == "" {
		status = release.Queues[0] // pending: submitted and in review
	}
	if !slices.Contains(release.Queues, status) {
		httpapi.Error(w, r, errBadReleaseQueue)
		return
	}
	p, err := httpapi.ParsePage(r)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	skip, err := p.Skip(func() (int64, error) { return q.store.QueueCount(r.Context(), status) })
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	page, err := q.store.Queue(r.Context(), status, p.Limit, p.Cursor, skip)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	out := releaseList{Releases: []release.View{}, Pagination: httpapi.NewPagination(page.Total, p, page.Next)}
	for _, rel := range page.Releases {
		out.Releases = append(out.Releases, q.view(r.Context(), rel))
	}
	httpapi.JSON(w, http.StatusOK, out)
}

func (q *releases) get(w http.ResponseWriter, r *http.Request, _ httpapi.AdminPrincipal) {
	rel, err := q.store.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, releaseAnswer{Release: q.view(r.Context(), rel)})
}

// auditing is the audit entry of admin a's action on release id, written with the change.
func (q *releases) auditing(a httpapi.AdminPrincipal, action, id string) release.With {
	return func(before, after release.Release) ([]types.TransactWriteItem, error) {
		now := map[string]string{"status": string(after.Status)}
		if after.Reason != "" {
			now["reason"] = after.Reason
		}
		item, err := q.audit.Item(audit.Entry{
			AdminID: a.ID, AdminUsername: a.Username, Action: action, TargetType: "release", TargetID: id,
			Before: map[string]string{"status": string(before.Status)}, After: now,
		})
		return []types.TransactWriteItem{item}, err
	}
}

// act is a review action that takes no body.
func (q *releases) act(action string, do func(context.Context, string, release.With) (release.Release, release.Release, error)) func(http.ResponseWriter, *http.Request, httpapi.AdminPrincipal) {
	return func(w http.ResponseWriter, r *http.Request, a httpapi.AdminPrincipal) {
		id := r.PathValue("id")
		_, after, err := do(r.Context(), id, q.auditing(a, action, id))
		q.answer(w, r, after, err)
	}
}

// rejectBody says why a release is rejected; its owner is told.
type rejectBody struct {
	Reason string `json:"reason"`
}

func (q *releases) reject(w http.ResponseWriter, r *http.Request, a httpapi.AdminPrincipal) {
	var in rejectBody
	if err := httpapi.Decode(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	id := r.PathValue("id")
	_, after, err := q.store.Reject(r.Context(), id, in.Reason, q.auditing(a, "release.reject", id))
	q.answer(w, r, after, err)
}

func (q *releases) answer(w http.ResponseWriter, r *http.Request, rel release.Release, err error) {
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, releaseAnswer{Release: q.view(r.Context(), rel)})
}
