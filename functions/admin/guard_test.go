package admin_test

import (
	"regexp"
	"sort"
	"strings"
	"testing"

	"zuum/localstack/apptest"
	"zuum/localstack/contract"
)

var pathParam = regexp.MustCompile(`\{[^}]+\}`)

// TestEveryAdminRoute_RefusesStrangersUsersAndAdminsAwaitingApproval walks every operation the
// document lists under /api/admin/ that needs a session (so routes added later are covered as
// they land) and calls it as a stranger, a signed-in user and an admin nobody approved yet.
func TestEveryAdminRoute_RefusesStrangersUsersAndAdminsAwaitingApproval(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	doc := contract.Default(t).Document()
	outsiders := app.Outsiders(t, "ada", "ops_wait")
	var guarded []string
	for path, item := range doc.Paths.Map() {
		if !strings.HasPrefix(path, "/api/admin/") {
			continue
		}
		for method, op := range item.Operations() {
			if op.Security == nil || len(*op.Security) == 0 {
				continue // public: sign-up, verification, login
			}
			public := false
			for _, req := range *op.Security {
				public = public || len(req) == 0 // {}: works without a session (logout)
			}
			if public {
				continue
			}
			guarded = append(guarded, method+" "+path)
			concrete := pathParam.ReplaceAllString(path, "0190a0b0-0000-7000-8000-000000000000")
			var body any
			if op.RequestBody != nil {
				body = map[string]any{}
			}
			outsiders.Refuse(t, method, concrete, body)
		}
	}
	sort.Strings(guarded)
	for _, want := range []string{"GET /api/admin/audit", "GET /api/admin/auth/me", "GET /api/admin/admins",
		"POST /api/admin/admins/{id}/approve", "POST /api/admin/admins/{id}/reject"} {
		if sort.SearchStrings(guarded, want) == len(guarded) || guarded[sort.SearchStrings(guarded, want)] != want {
			t.Errorf("%s is not among the guarded routes %v", want, guarded)
		}
	}
}
