package distribution

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

// AdminHandle mounts one admin route: functions/admin's Handler.Handle, which lets only approved
// admins through (httpapi.RequireAdmin) and hands fn the admin.
type AdminHandle func(pattern string, fn func(w http.ResponseWriter, r *http.Request, a httpapi.AdminPrincipal))

// AdminRoutes mounts the releases queue of the admin area (issue 13) through handle: the releases
// awaiting review and every status after, one release with its files playable (signed by files)
// and its cover shown, and the review actions, each recorded in log in the action's own
// transaction.
func AdminRoutes(handle AdminHandle, store *release.Store, files *media.Store, log *audit.Store) {
	q := &queue{store: store, files: files, audit: log}
	handle("GET /api/admin/releases", q.list)
	handle("GET /api/admin/releases/{id}", q.get)
	handle("POST /api/admin/releases/{id}/review", q.act("release.review", q.store.Review))
	handle("POST /api/admin/releases/{id}/approve", q.act("release.approve", q.store.Approve))
	handle("POST /api/admin/releases/{id}/deliver", q.act("release.deliver", q.store.Deliver))
	handle("POST /api/admin/releases/{id}/reject", q.reject)
}

// queue serves the admin routes.
type queue struct {
	store *release.Store
	files *media.Store
	audit *audit.Store
}

var errBadReleaseQueue = failure.New(failure.Invalid, "status must be one of "+strings.Join(release.Queues, ", ")+".")

func (q *queue) view(ctx context.Context, r release.Release) release.View {
	return r.View(func(key string) string { return q.files.URL(ctx, key) })
}

func (q *queue) list(w http.ResponseWriter, r *http.Request, _ httpapi.AdminPrincipal) {
	status := r.URL.Query().Get("status")
	if status == "" {
		status = release.Queues[0] // pending: submitted and in review
	}
	if !slices.Contains(release.Queues, status) {
		httpapi.Error(w, r, errBadReleaseQueue)
		return
	}
	listPage(w, r, q.files,
		func() (int64, error) { return q.store.QueueCount(r.Context(), status) },
		func(limit int, cursor string, skip int) (release.Page, error) {
			return q.store.Queue(r.Context(), status, limit, cursor, skip)
		})
}

func (q *queue) get(w http.ResponseWriter, r *http.Request, _ httpapi.AdminPrincipal) {
	rel, err := q.store.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, Answer{Release: q.view(r.Context(), rel)})
}

// auditing is the audit entry of admin a's action on release id, written with the change.
func (q *queue) auditing(a httpapi.AdminPrincipal, action, id string) release.With {
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
func (q *queue) act(action string, do func(context.Context, string, release.With) (release.Release, release.Release, error)) func(http.ResponseWriter, *http.Request, httpapi.AdminPrincipal) {
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

func (q *queue) reject(w http.ResponseWriter, r *http.Request, a httpapi.AdminPrincipal) {
	var in rejectBody
	if err := httpapi.Decode(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	id := r.PathValue("id")
	_, after, err := q.store.Reject(r.Context(), id, in.Reason, q.auditing(a, "release.reject", id))
	q.answer(w, r, after, err)
}

func (q *queue) answer(w http.ResponseWriter, r *http.Request, rel release.Release, err error) {
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, Answer{Release: q.view(r.Context(), rel)})
}
