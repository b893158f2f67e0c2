package promotion

import (
	"net/http"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/functions/wire"
	"zuum/shared/audit"
	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/post"
	"zuum/shared/promotion"
	"zuum/shared/schema"
)

// Admin is the admin Lambda's handler (functions/admin) as admin route sets see it: Handle mounts
// a route that runs only for an approved admin (httpapi.RequireAdmin) and gets that admin; Audit
// is the audit log, for a decision's entry to go into the decision's own transaction.
type Admin interface {
	Handle(pattern string, fn func(w http.ResponseWriter, r *http.Request, a httpapi.AdminPrincipal))
	Audit() *audit.Store
}

// AdminRoutes is the admins' promotions queue, the route set the admin Lambda mounts: in-app and
// mass promotions awaiting review, and their approval (held → fees, the window starts) or
// rejection (refund in full), each recorded in the audit log in the decision's own transaction.
// It keeps promotions in LEDGER_TABLE, promotes posts in POSTS_TABLE and tells their owners in
// USERS_TABLE, which the admin Lambda's FromEnv requires.
func AdminRoutes(admin Admin, db *dynamodb.Client, env wire.Env) {
	posts := post.NewStore(post.Config{DB: db, Table: env(schema.Posts.EnvVar), Users: env(schema.Users.EnvVar)})
	q := &promotions{audit: admin.Audit(), store: promotion.NewStore(promotion.Config{
		DB: db, Ledger: ledger.New(db, env(schema.Ledger.EnvVar)), Posts: posts, Promoter: posts, Users: env(schema.Users.EnvVar),
	})}
	admin.Handle("GET /api/admin/promotions", q.list)
	admin.Handle("POST /api/admin/promotions/{id}/approve", q.approve)
	admin.Handle("POST /api/admin/promotions/{id}/reject", q.reject)
}

// promotions serves AdminRoutes.
type promotions struct {
	store *promotion.Store
	audit *audit.Store
}

// promotionJSON is a promotion as admins see it.
type promotionJSON struct {
	ID          string      `json:"id"`
	Category    string      `json:"category"`
	Status      string      `json:"status"`
	Username    string      `json:"username"`
	UserID      string      `json:"user_id"`
	Title       string      `json:"title"`
	PostID      *string     `json:"post_id"`
	PostType    *string     `json:"post_type"`
	PackageID   *string     `json:"package_id"`
	PackageName *string     `json:"package_name"`
	Fields      any         `json:"fields"`
	Price       money.Money `json:"price"`
	Days        int         `json:"days"`
	Reason      *string     `json:"reason"`
	CreatedAt   string      `json:"created_at"`
	StartDate   *string     `json:"start_date"`
	EndDate     *string     `json:"end_date"`
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func promotionView(p promotion.Promotion) promotionJSON {
	fields := map[string]string{}
	for k, v := range p.Fields {
		fields[k] = v
	}
	return promotionJSON{
		ID: p.ID, Category: p.Category, Status: p.Status, Username: p.OwnerUsername, UserID: p.OwnerID,
		Title: p.Title, PostID: optional(p.PostID), PostType: optional(p.PostType), PackageID: optional(p.PackageID),
		PackageName: optional(p.PackageName), Fields: fields, Price: p.Price, Days: p.Days, Reason: optional(p.Reason),
		CreatedAt: p.CreatedAt.UTC().Format(time.RFC3339), StartDate: when(p.Start), EndDate: when(p.End),
	}
}

type promotionList struct {
	Promotions []promotionJSON `json:"promotions"`
	Total      int             `json:"total"`
}

type promotionAnswer struct {
	Promotion promotionJSON `json:"promotion"`
}

var errBadPromotionQueue = failure.New(failure.Invalid, "status must be pending.")

func (q *promotions) list(w http.ResponseWriter, r *http.Request, _ httpapi.AdminPrincipal) {
	if s := r.URL.Query().Get("status"); s != "" && s != promotion.Pending {
		httpapi.Error(w, r, errBadPromotionQueue)
		return
	}
	ps, err := q.store.Queue(r.Context())
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	out := promotionList{Promotions: make([]promotionJSON, 0, len(ps)), Total: len(ps)}
	for _, p := range ps {
		out.Promotions = append(out.Promotions, promotionView(p))
	}
	httpapi.JSON(w, http.StatusOK, out)
}

// auditing is the audit entry of admin a's decision on promotion id, written with it.
func (q *promotions) auditing(a httpapi.AdminPrincipal, action, id string) promotion.With {
	return func(before, after promotion.Promotion) ([]types.TransactWriteItem, error) {
		now := map[string]string{"status": after.Status}
		if after.Reason != "" {
			now["reason"] = after.Reason
		}
		item, err := q.audit.Item(audit.Entry{
			AdminID: a.ID, AdminUsername: a.Username, Action: action, TargetType: "promotion", TargetID: id,
			Before: map[string]string{"status": before.Status}, After: now,
		})
		return []types.TransactWriteItem{item}, err
	}
}

func (q *promotions) approve(w http.ResponseWriter, r *http.Request, a httpapi.AdminPrincipal) {
	id := r.PathValue("id")
	_, after, err := q.store.Approve(r.Context(), a.ID, id, q.auditing(a, "promotion.approve", id))
	q.answer(w, r, after, err)
}

// promotionReject says why a promotion is rejected.
type promotionReject struct {
	Reason string `json:"reason"`
}

func (q *promotions) reject(w http.ResponseWriter, r *http.Request, a httpapi.AdminPrincipal) {
	var in promotionReject
	if err := httpapi.Decode(w, r, &in); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	id := r.PathValue("id")
	_, after, err := q.store.Reject(r.Context(), a.ID, id, in.Reason, q.auditing(a, "promotion.reject", id))
	q.answer(w, r, after, err)
}

func (q *promotions) answer(w http.ResponseWriter, r *http.Request, p promotion.Promotion, err error) {
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.JSON(w, http.StatusOK, promotionAnswer{Promotion: promotionView(p)})
}
