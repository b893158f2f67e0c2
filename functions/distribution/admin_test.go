package distribution_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/shared/money"
	"zuum/shared/schema"
)

// adminRoutes are the releases queue's routes (the admin Lambda mounts them), for the 401 and
// 403 checks.
var adminRoutes = []struct{ method, path string }{
	{"GET", "/api/admin/releases"},
	{"GET", "/api/admin/releases/0190a0b0-0000-7000-8000-000000000000"},
	{"POST", "/api/admin/releases/0190a0b0-0000-7000-8000-000000000000/review"},
	{"POST", "/api/admin/releases/0190a0b0-0000-7000-8000-000000000000/approve"},
	{"POST", "/api/admin/releases/0190a0b0-0000-7000-8000-000000000000/reject"},
	{"POST", "/api/admin/releases/0190a0b0-0000-7000-8000-000000000000/deliver"},
}

// submitted submits a complete single titled title by u with package pkg, returning its id.
func (w *world) submitted(u apptest.User, title, pkg string) string {
	w.t.Helper()
	return releaseOf(w.t, submitNew(w.app, u, w.single(u, map[string]any{"title": title, "promotionPackage": pkg})), http.StatusCreated).ID
}

// auditActions are the audit log's entries about target, oldest first, as "action before→after".
func auditActions(t *testing.T, ad apptest.Admin, target string) []string {
	t.Helper()
	r := ad.JSON("GET", "/api/admin/audit?limit=50", nil)
	var body struct {
		Entries []struct {
			Action   string          `json:"action"`
			TargetID string          `json:"target_id"`
			Before   json.RawMessage `json:"before"`
			After    json.RawMessage `json:"after"`
		} `json:"entries"`
	}
	_ = json.Unmarshal(r.Raw, &body)
	var out []string
	for i := len(body.Entries) - 1; i >= 0; i-- {
		if e := body.Entries[i]; e.TargetID == target {
			out = append(out, e.Action+" "+string(e.Before)+"→"+string(e.After))
		}
	}
	return out
}

func TestAdminReleases_NeedAnApprovedAdmin(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	outsiders := w.app.Outsiders(t, "ada_sings", "new_ops")
	for _, rt := range adminRoutes {
		var body any
		if strings.HasSuffix(rt.path, "/reject") {
			body = map[string]string{"reason": "Not on the team"}
		}
		outsiders.Refuse(t, rt.method, rt.path, body)
	}
}

func TestAdminReleases_TheQueueShowsSubmittedReleasesWithTheirFilesPlayable(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 0)
	ad := w.app.SignedInAdmin(t, "ops_ada")
	first := w.submitted(ada, "First", "none")
	second := w.submitted(ada, "Second", "none")
	r := ad.JSON("GET", "/api/admin/releases", nil)
	if r.Status != http.StatusOK || strings.Index(string(r.Raw), first) > strings.Index(string(r.Raw), second) || !strings.Contains(string(r.Raw), `"total":2`) {
		t.Fatalf("queue (oldest first): %d %s", r.Status, r.Raw)
	}
	files := releaseOf(t, ad.JSON("GET", "/api/admin/releases/"+first, nil), http.StatusOK).Files
	for _, f := range []string{files.CoverArt, files.AudioFile} {
		if !strings.HasPrefix(f, "/"+schema.FinalPrefix) {
			t.Errorf("file %s is not a signed path on the app's origin", f)
			continue
		}
		res, err := w.app.Server.Client().Get(w.app.URL(f))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || len(body) == 0 {
			t.Errorf("file %s: %d, %d bytes", f, res.StatusCode, len(body))
		}
	}
	if r := ad.JSON("GET", "/api/admin/releases?status=approved", nil); !strings.Contains(string(r.Raw), `"releases":[]`) {
		t.Errorf("approved queue: %s", r.Raw)
	}
	if r := ad.JSON("GET", "/api/admin/releases?status=draft", nil); r.Status != http.StatusBadRequest {
		t.Errorf("a draft queue: %d %s", r.Status, r.Raw)
	}
	if r := ad.JSON("GET", "/api/admin/releases/"+uuid.NewString(), nil); r.Status != http.StatusNotFound || r.Message() != "Release not found" {
		t.Errorf("unknown release: %d %s", r.Status, r.Raw)
	}
}

func TestAdminReleases_ReviewApproveDeliverMovesHeldToFeesAndIsAudited(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 60_000*money.Naira)
	ad := w.app.SignedInAdmin(t, "ops_ada")
	id := w.submitted(ada, "Lagos Nights", "standard")
	base := "/api/admin/releases/" + id

	if got := releaseOf(t, ad.JSON("POST", base+"/review", nil), http.StatusOK); got.Status != "in_review" {
		t.Errorf("review: %v", got.Status)
	}
	if r := ad.JSON("GET", "/api/admin/releases?status=in_review", nil); !strings.Contains(string(r.Raw), id) {
		t.Errorf("in_review queue: %s", r.Raw)
	}
	if got := releaseOf(t, ad.JSON("POST", base+"/approve", nil), http.StatusOK); got.Status != "approved" {
		t.Errorf("approve: %v", got.Status)
	}
	if r := ad.JSON("POST", base+"/approve", nil); r.Status != http.StatusConflict || r.Message() != "An approved release cannot be approved" {
		t.Errorf("approving twice: %d %s", r.Status, r.Raw)
	}
	if r := ad.JSON("GET", "/api/admin/releases", nil); strings.Contains(string(r.Raw), id) {
		t.Errorf("an approved release left the pending queue: %s", r.Raw)
	}
	if got := releaseOf(t, ad.JSON("POST", base+"/deliver", nil), http.StatusOK); got.Status != "delivered" {
		t.Errorf("deliver: %v", got.Status)
	}
	held, fees := w.books()
	if held != 0 || fees != 50_000*money.Naira || w.balance(ada) != 10_000*money.Naira {
		t.Errorf("held %v fees %v wallet %v", held, fees, w.balance(ada))
	}
	want := []string{
		`release.review {"status":"submitted"}→{"status":"in_review"}`,
		`release.approve {"status":"in_review"}→{"status":"approved"}`,
		`release.deliver {"status":"approved"}→{"status":"delivered"}`,
	}
	if got := auditActions(t, ad, id); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("audit:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := releaseOf(t, ada.JSON("GET", "/api/distribution/releases/"+id, nil), http.StatusOK); got.Status != "delivered" {
		t.Errorf("the artist sees %v", got.Status)
	}
}

func TestAdminReleases_RejectionRefundsInFullAndTellsTheReason(t *testing.T) {
	t.Parallel()
	w, ada := withAda(t, 100_000*money.Naira)
	ad := w.app.SignedInAdmin(t, "ops_ada")
	id := w.submitted(ada, "Lagos Nights", "premium")
	base := "/api/admin/releases/" + id
	if w.balance(ada) != 0 {
		t.Fatalf("the package was not paid")
	}
	if r := ad.JSON("POST", base+"/reject", map[string]string{"reason": " "}); r.Status != http.StatusBadRequest || r.FieldErrors()["reason"] != "A reason is required" {
		t.Errorf("no reason: %d %s", r.Status, r.Raw)
	}
	if r := ad.JSON("POST", base+"/deliver", nil); r.Status != http.StatusConflict || r.Message() != "A submitted release cannot be delivered" {
		t.Errorf("delivering a submitted release: %d %s", r.Status, r.Raw)
	}
	got := releaseOf(t, ad.JSON("POST", base+"/reject", map[string]string{"reason": "The cover carries a web address."}), http.StatusOK)
	if got.Status != "rejected" || got.Reason != "The cover carries a web address." {
		t.Errorf("reject: %v %v", got.Status, got.Reason)
	}
	if r := ad.JSON("POST", base+"/reject", map[string]string{"reason": "again"}); r.Status != http.StatusConflict {
		t.Errorf("rejecting twice: %d %s", r.Status, r.Raw)
	}
	if held, fees := w.books(); held != 0 || fees != 0 || w.balance(ada) != 100_000*money.Naira {
		t.Errorf("held %v fees %v wallet %v, want the ₦100,000 back", held, fees, w.balance(ada))
	}
	want := `release.reject {"status":"submitted"}→{"reason":"The cover carries a web address.","status":"rejected"}`
	if got := auditActions(t, ad, id); len(got) != 1 || got[0] != want {
		t.Errorf("audit %q, want %q", got, want)
	}
	seen := releaseOf(t, ada.JSON("GET", "/api/distribution/releases/"+id, nil), http.StatusOK)
	if seen.Status != "rejected" || seen.Reason != "The cover carries a web address." {
		t.Errorf("the artist sees %v %v", seen.Status, seen.Reason)
	}
}
