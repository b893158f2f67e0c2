package admin

import (
	"net/http"
	"strings"
	"time"

	"zuum/shared/audit"
	"zuum/shared/failure"
	"zuum/shared/httpapi"
	"zuum/shared/post"
	"zuum/shared/profile"
)

// users is the admin area's user list and the deactivation of accounts.
type users struct {
	profiles *profile.Store
	posts    *post.Store
	audit    *audit.Store
}

// mountUsers adds GET /api/admin/users and POST /api/admin/auth/deactivate and /reactivate.
func (h *Handler) mountUsers(profiles *profile.Store, posts *post.Store) {
	u := users{profiles: profiles, posts: posts, audit: h.audit}
	h.Handle("GET /api/admin/users", u.list)
	h.Handle("POST /api/admin/auth/deactivate", u.deactivate)
	h.Handle("POST /api/admin/auth/reactivate", u.reactivate)
}

// maxSearch bounds the search text: no username or email is longer.
const maxSearch = 254

// Messages of the user list and deactivation (spec part 2's admin catalogue).
var (
	errBadSearch    = failure.New(failure.Invalid, "search must be at most 254 characters.")
	errUserNotFound = failure.New(failure.NotFound, "User not found")
	errNoUserID     = failure.Fields("Validation error: Invalid request", failure.FieldError{Field: "userId", Msg: "userId is required"})
)

// adminUserJSON is an account as the admin area shows it (spec part 2 §3 "Admin user").
type adminUserJSON struct {
	ID          string `json:"id"`
	Username    string `json:"username"`
	Email       string `json:"email"`
	FirstName   string `json:"firstname"`
	MiddleName  string `json:"middlename"`
	LastName    string `json:"lastname"`
	Identity    string `json:"identity"`
	Phone       string `json:"phonenumber"`
	CreatedAt   string `json:"created_at"`
	Deactivated bool   `json:"deactivated"`
}

func adminUser(a profile.Account) adminUserJSON {
	return adminUserJSON{
		ID: a.ID, Username: a.Username, Email: a.Email, FirstName: a.FirstName, MiddleName: a.MiddleName,
		LastName: a.LastName, Identity: string(a.Identity), Phone: a.Phone,
		CreatedAt: a.CreatedAt.UTC().Format(time.RFC3339), Deactivated: a.Deactivated,
	}
}

// usersResponse is one page of the user list, in the spec's shape plus the next page's cursor.
type usersResponse struct {
	Users       []adminUserJSON `json:"users"`
	CurrentPage int             `json:"currentPage"`
	Total       int64           `json:"total"`
	TotalPages  int64           `json:"totalPages"`
	Next        *string         `json:"next"`
}

// list answers GET /api/admin/users?page&limit&search&cursor: accounts in username order, those
// whose username or email begins with search (any case) when it is given.
func (u users) list(w http.ResponseWriter, r *http.Request, _ httpapi.AdminPrincipal) {
	search := strings.TrimSpace(r.URL.Query().Get("search"))
	if len(search) > maxSearch {
		httpapi.Error(w, r, errBadSearch)
		return
	}
	p, skip, ok := askedPage(w, r, func() (int64, error) { return u.profiles.RosterTotal(r.Context(), search) })
	if !ok {
		return
	}
	page, err := u.profiles.Roster(r.Context(), profile.RosterRequest{Search: search, Limit: p.Limit, Cursor: p.Cursor, Skip: skip})
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	pg := httpapi.NewPagination(page.Total, p, page.Next)
	out := usersResponse{Users: make([]adminUserJSON, 0, len(page.Accounts)), CurrentPage: pg.CurrentPage,
		Total: pg.Total, TotalPages: pg.TotalPages, Next: pg.Next}
	for _, a := range page.Accounts {
		out.Users = append(out.Users, adminUser(a))
	}
	httpapi.JSON(w, http.StatusOK, out)
}

type userIDRequest struct {
	UserID string `json:"userId"`
}

// userResponse answers a deactivation or reactivation: what happened and the account now.
type userResponse struct {
	Message string        `json:"message"`
	User    adminUserJSON `json:"user"`
}

func (u users) deactivate(w http.ResponseWriter, r *http.Request, a httpapi.AdminPrincipal) {
	u.switchAccount(w, r, a, true)
}

func (u users) reactivate(w http.ResponseWriter, r *http.Request, a httpapi.AdminPrincipal) {
	u.switchAccount(w, r, a, false)
}

// switchAccount turns the account of the body's userId off or on in one transaction with its
// audit entry and the shared timelines' sizes without (or with) its posts. Asking for what the
// account is already changes nothing and records nothing.
func (u users) switchAccount(w http.ResponseWriter, r *http.Request, ad httpapi.AdminPrincipal, off bool) {
	var req userIDRequest
	if err := httpapi.Decode(w, r, &req); err != nil {
		httpapi.Error(w, r, err)
		return
	}
	id := strings.TrimSpace(req.UserID)
	if id == "" {
		httpapi.Error(w, r, errNoUserID)
		return
	}
	action, verb := "user.reactivate", "reactivated"
	if off {
		action, verb = "user.deactivate", "deactivated"
	}
	entry, err := u.audit.Item(audit.Entry{
		AdminID: ad.ID, AdminUsername: ad.Username, Action: action, TargetType: "user", TargetID: id,
		Before: map[string]bool{"deactivated": !off}, After: map[string]bool{"deactivated": off},
	})
	if err != nil {
		httpapi.Error(w, r, failure.Wrap(err, "audit entry"))
		return
	}
	counts, err := u.posts.OwnerShownItems(r.Context(), id, !off)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	changed, err := u.profiles.Deactivate(r.Context(), id, off, append(counts, entry)...)
	if failure.Is(err, failure.NotFound) {
		err = errUserNotFound
	}
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	acct, err := u.profiles.Account(r.Context(), id)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	msg := "User " + verb + " successfully"
	if !changed {
		msg = "User is already " + verb
	}
	httpapi.JSON(w, http.StatusOK, userResponse{Message: msg, User: adminUser(acct)})
}
