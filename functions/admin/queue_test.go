package admin_test

import (
	"net/http"
	"testing"

	"zuum/localstack/apptest"
)

func ids(r apptest.Response, key string) []string {
	var out []string
	list, _ := r.Body[key].([]any)
	for _, e := range list {
		m, _ := e.(map[string]any)
		id, _ := m["id"].(string)
		out = append(out, id)
	}
	return out
}

func TestApproval_ByAnotherAdminLetsThemActAndIsAuditedOnce(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	boot := app.BootstrapAdmin(t)
	first, second := app.PendingAdmin(t, "ops_ada"), app.PendingAdmin(t, "ops_bola")

	r := boot.JSON("GET", "/api/admin/admins?status=pending", nil)
	if got := ids(r, "admins"); r.Status != http.StatusOK || len(got) != 2 || got[0] != first.ID || got[1] != second.ID {
		t.Fatalf("pending queue (oldest first): %d %s", r.Status, r.Raw)
	}
	if p, _ := r.Body["pagination"].(map[string]any); p["total"] != float64(2) {
		t.Fatalf("pending total: %s", r.Raw)
	}

	r = boot.JSON("POST", "/api/admin/admins/"+first.ID+"/approve", nil)
	ad, _ := r.Body["admin"].(map[string]any)
	if r.Status != http.StatusOK || r.Message() != "Admin approved" || ad["status"] != "approved" || ad["approved"] != true {
		t.Fatalf("approve: %d %s", r.Status, r.Raw)
	}
	// The approved admin acts at once, with the session they already had.
	expect(t, first.JSON("GET", "/api/admin/auth/me", nil), http.StatusOK, "", "approved admin's me")
	// A double click approves nothing twice.
	expect(t, boot.JSON("POST", "/api/admin/admins/"+first.ID+"/approve", nil), http.StatusConflict, "This admin is not awaiting approval", "approve again")
	expect(t, boot.JSON("POST", "/api/admin/admins/0190a0b0-0000-7000-8000-000000000000/approve", nil), http.StatusNotFound, "", "approve an unknown admin")
	expect(t, boot.JSON("POST", "/api/admin/admins/not-a-uuid/approve", nil), http.StatusNotFound, "", "approve a malformed id")

	r = first.JSON("GET", "/api/admin/admins", nil) // status defaults to pending
	if got := ids(r, "admins"); r.Status != http.StatusOK || len(got) != 1 || got[0] != second.ID {
		t.Fatalf("pending after the approval: %d %s", r.Status, r.Raw)
	}
	r = first.JSON("GET", "/api/admin/admins?status=approved", nil)
	// The bootstrap admin (approved at verification) and the one just approved.
	if got := ids(r, "admins"); r.Status != http.StatusOK || len(got) != 2 || got[0] != boot.ID || got[1] != first.ID {
		t.Fatalf("approved queue: %d %s", r.Status, r.Raw)
	}
	expect(t, first.JSON("GET", "/api/admin/admins?status=everything", nil), http.StatusBadRequest, "", "unknown status")

	r = first.JSON("GET", "/api/admin/audit", nil)
	entries, _ := r.Body["entries"].([]any)
	if r.Status != http.StatusOK || len(entries) != 1 {
		t.Fatalf("audit: %d %s", r.Status, r.Raw)
	}
	e := entries[0].(map[string]any)
	before, _ := e["before"].(map[string]any)
	after, _ := e["after"].(map[string]any)
	if e["action"] != "admin.approve" || e["admin_id"] != boot.ID || e["admin_username"] != "demo_admin" ||
		e["target_type"] != "admin" || e["target_id"] != first.ID || before["status"] != "pending" || after["status"] != "approved" || e["at"] == "" {
		t.Fatalf("audit entry: %s", r.Raw)
	}
}

func TestRejection_NeedsAReasonEndsTheSessionsAndIsAudited(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	boot := app.BootstrapAdmin(t)
	ad := app.PendingAdmin(t, "ops_ada")
	path := "/api/admin/admins/" + ad.ID + "/reject"
	r := boot.JSON("POST", path, map[string]string{"reason": "   "})
	if r.Status != http.StatusBadRequest || r.FieldErrors()["reason"] != "Reason is required" {
		t.Fatalf("blank reason: %d %s", r.Status, r.Raw)
	}
	expect(t, boot.JSON("POST", path, map[string]string{}), http.StatusBadRequest, "", "no reason")
	r = boot.JSON("POST", path, map[string]string{"reason": "Not on the operations team"})
	if r.Status != http.StatusOK || r.Message() != "Admin rejected" {
		t.Fatalf("reject: %d %s", r.Status, r.Raw)
	}
	expect(t, ad.JSON("GET", "/api/admin/auth/me", nil), http.StatusUnauthorized, "", "rejected admin's old token")
	r = app.Client(t).JSON("POST", "/api/admin/auth/login", map[string]string{"email": ad.Email, "password": apptest.AdminPassword})
	if r.Status != http.StatusForbidden || r.Message() != "Your admin sign-up was rejected." {
		t.Fatalf("rejected admin's login: %d %s", r.Status, r.Raw)
	}
	expect(t, boot.JSON("POST", "/api/admin/admins/"+ad.ID+"/approve", nil), http.StatusConflict, "", "approve after rejecting")
	r = boot.JSON("GET", "/api/admin/audit", nil)
	entries, _ := r.Body["entries"].([]any)
	if len(entries) != 1 {
		t.Fatalf("audit: %s", r.Raw)
	}
	e := entries[0].(map[string]any)
	after, _ := e["after"].(map[string]any)
	if e["action"] != "admin.reject" || e["target_id"] != ad.ID || after["status"] != "rejected" || after["reason"] != "Not on the operations team" {
		t.Fatalf("audit entry: %s", r.Raw)
	}
}

func TestAudit_ListsNewestFirstAndPagesByCursor(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	boot := app.BootstrapAdmin(t)
	var approved []string
	for _, name := range []string{"ops_a", "ops_b", "ops_c"} {
		approved = append(approved, app.SignedInAdmin(t, name).ID)
	}
	r := boot.JSON("GET", "/api/admin/audit?limit=2", nil)
	entries, _ := r.Body["entries"].([]any)
	p, _ := r.Body["pagination"].(map[string]any)
	next, _ := p["next"].(string)
	if r.Status != http.StatusOK || len(entries) != 2 || p["total"] != float64(3) || p["hasNext"] != true || next == "" {
		t.Fatalf("first page: %d %s", r.Status, r.Raw)
	}
	if entries[0].(map[string]any)["target_id"] != approved[2] || entries[1].(map[string]any)["target_id"] != approved[1] {
		t.Fatalf("not newest first: %s", r.Raw)
	}
	r = boot.JSON("GET", "/api/admin/audit?limit=2&page=2&cursor="+next, nil)
	entries, _ = r.Body["entries"].([]any)
	p, _ = r.Body["pagination"].(map[string]any)
	if r.Status != http.StatusOK || len(entries) != 1 || entries[0].(map[string]any)["target_id"] != approved[0] || p["next"] != nil {
		t.Fatalf("second page: %d %s", r.Status, r.Raw)
	}
	// Page 2 by number walks to the same place.
	r = boot.JSON("GET", "/api/admin/audit?limit=2&page=2", nil)
	if entries, _ := r.Body["entries"].([]any); r.Status != http.StatusOK || len(entries) != 1 {
		t.Fatalf("page 2 by number: %d %s", r.Status, r.Raw)
	}
	for _, q := range []string{"cursor=bogus", "limit=51", "page=3&limit=2"} {
		if r := boot.JSON("GET", "/api/admin/audit?"+q, nil); r.Status != http.StatusBadRequest {
			t.Errorf("%s: %d %s", q, r.Status, r.Raw)
		}
	}
}
