package admin_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/shared/httpapi"
	"zuum/shared/ledger"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/money"
	"zuum/shared/schema"
)

// releaseRoutes are the releases queue's routes, for the 401 and 403 checks.
var releaseRoutes = []struct{ method, path string }{
	{"GET", "/api/admin/releases"},
	{"GET", "/api/admin/releases/0190a0b0-0000-7000-8000-000000000000"},
	{"POST", "/api/admin/releases/0190a0b0-0000-7000-8000-000000000000/review"},
	{"POST", "/api/admin/releases/0190a0b0-0000-7000-8000-000000000000/approve"},
	{"POST", "/api/admin/releases/0190a0b0-0000-7000-8000-000000000000/reject"},
	{"POST", "/api/admin/releases/0190a0b0-0000-7000-8000-000000000000/deliver"},
}

// artist is a signed-in user with money in their wallet.
func artist(t *testing.T, app *apptest.App, name string, naira money.Money) apptest.User {
	t.Helper()
	u := app.SignedIn(t, name)
	if naira == 0 {
		return u
	}
	l := ledger.New(app.Cloud.DynamoDB, schema.Ledger.Name)
	if _, err := l.Move(context.Background(), ledger.Movement{
		Kind: "deposit", Once: ledger.Once{Key: "test#deposit#" + u.ID},
		Legs: []ledger.Leg{
			{Account: ledger.User(u.ID), Amount: naira * money.Naira, Type: "deposit", Counterparty: "Bank transfer", Reference: "t"},
			{Account: ledger.Clearing, Amount: -naira * money.Naira, Type: "deposit", Reference: "t"},
		},
	}); err != nil {
		t.Fatal(err)
	}
	return u
}

// uploadAs puts body in the bucket as one of owner's uploads of kind and returns its key.
func uploadAs(t *testing.T, app *apptest.App, owner string, kind media.Kind, contentType string, body []byte) string {
	t.Helper()
	key := media.UserPrefix(owner, kind) + uuid.NewString() + media.Ext(contentType)
	if _, err := app.Cloud.S3.PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(schema.Media.Name), Key: aws.String(key), Body: bytes.NewReader(body), ContentType: aws.String(contentType),
	}); err != nil {
		t.Fatal(err)
	}
	return key
}

var cover3000 = mediatest.Cover(3000, 3000)

// submitRelease submits a complete single titled title by u with package pkg, returning its id.
func submitRelease(t *testing.T, app *apptest.App, u apptest.User, title, pkg string) string {
	t.Helper()
	raw, _ := json.Marshal(map[string]any{
		"hasDistributed": "no", "artistName": "Ada Sings", "confirmOwnership": true, "releaseType": "single", "title": title,
		"coverArt":  uploadAs(t, app, u.ID, media.CoverArt, "image/png", cover3000),
		"audioFile": uploadAs(t, app, u.ID, media.ReleaseAudio, "audio/wav", mediatest.WAV(1)),
		"genre":     "pop", "releaseDate": time.Now().Add(time.Hour).Format(time.DateOnly),
		"copyright": map[string]any{"year": time.Now().Year(), "owner": "Ada"}, "songwriter": "other",
		"lyrics": "la la", "promotionPackage": pkg,
		"agreements": map[string]bool{"terms": true, "youtubeAck": true, "promoAck": true, "rightsAck": true, "nameAck": true, "distributionAck": true},
	})
	req, _ := http.NewRequest("POST", app.URL("/api/distribution/releases"), bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(httpapi.IdempotencyHeader, uuid.NewString())
	r := u.Do(req)
	if r.Status != http.StatusCreated {
		t.Fatalf("submit %s: %d %s", title, r.Status, r.Raw)
	}
	id, _ := r.Body["release"].(map[string]any)["id"].(string)
	return id
}

// released is the release of a {release} answer.
func released(t *testing.T, r apptest.Response, want int) map[string]any {
	t.Helper()
	if r.Status != want {
		t.Fatalf("%d %s, want %d", r.Status, r.Raw, want)
	}
	rel, _ := r.Body["release"].(map[string]any)
	return rel
}

func books(t *testing.T, app *apptest.App) (held, fees money.Money) {
	t.Helper()
	a, err := ledger.New(app.Cloud.DynamoDB, schema.Ledger.Name).Audit(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if a.Sum != 0 || len(a.Negative) > 0 || len(a.Unbalanced) > 0 || len(a.Drifted) > 0 {
		t.Fatalf("ledger broken: %+v", a)
	}
	return a.Balances[ledger.Held], a.Balances[ledger.Fees]
}

func balanceOf(t *testing.T, app *apptest.App, u apptest.User) money.Money {
	t.Helper()
	b, err := ledger.New(app.Cloud.DynamoDB, schema.Ledger.Name).Balance(context.Background(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	return b.Amount
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
	app := apptest.Start(t, nil)
	anon, user, pending := app.Client(t), app.SignedIn(t, "ada_sings"), app.PendingAdmin(t, "new_ops")
	for _, rt := range releaseRoutes {
		if r := call(anon, rt.method, rt.path); r.Status != http.StatusUnauthorized || r.Message() != "Unauthorized - Please login again" {
			t.Errorf("%s %s without a session: %d %s", rt.method, rt.path, r.Status, r.Raw)
		}
		if r := call(user.Client, rt.method, rt.path); r.Status != http.StatusForbidden || r.Message() != "Forbidden - You lack necessary permissions" {
			t.Errorf("%s %s as a user: %d %s", rt.method, rt.path, r.Status, r.Raw)
		}
		if r := call(pending.Client, rt.method, rt.path); r.Status != http.StatusForbidden || r.Message() != "Awaiting approval" {
			t.Errorf("%s %s awaiting approval: %d %s", rt.method, rt.path, r.Status, r.Raw)
		}
	}
}

func TestAdminReleases_TheQueueShowsSubmittedReleasesWithTheirFilesPlayable(t *testing.T) {
	app := apptest.Start(t, nil)
	ada := artist(t, app, "ada_sings", 0)
	ad := app.SignedInAdmin(t, "ops_ada")
	first := submitRelease(t, app, ada, "First", "none")
	second := submitRelease(t, app, ada, "Second", "none")
	r := ad.JSON("GET", "/api/admin/releases", nil)
	if r.Status != http.StatusOK || strings.Index(string(r.Raw), first) > strings.Index(string(r.Raw), second) || !strings.Contains(string(r.Raw), `"total":2`) {
		t.Fatalf("queue (oldest first): %d %s", r.Status, r.Raw)
	}
	rel := released(t, ad.JSON("GET", "/api/admin/releases/"+first, nil), http.StatusOK)
	files := rel["files"].(map[string]any)
	for _, f := range []string{files["coverArt"].(string), files["audioFile"].(string)} {
		if !strings.HasPrefix(f, "/"+schema.FinalPrefix) {
			t.Errorf("file %s is not a signed path on the app's origin", f)
			continue
		}
		res, err := app.Server.Client().Get(app.URL(f))
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
	app := apptest.Start(t, nil)
	ada := artist(t, app, "ada_sings", 60_000)
	ad := app.SignedInAdmin(t, "ops_ada")
	id := submitRelease(t, app, ada, "Lagos Nights", "standard")
	base := "/api/admin/releases/" + id

	if got := released(t, ad.JSON("POST", base+"/review", nil), http.StatusOK); got["status"] != "in_review" {
		t.Errorf("review: %v", got["status"])
	}
	if r := ad.JSON("GET", "/api/admin/releases?status=in_review", nil); !strings.Contains(string(r.Raw), id) {
		t.Errorf("in_review queue: %s", r.Raw)
	}
	if got := released(t, ad.JSON("POST", base+"/approve", nil), http.StatusOK); got["status"] != "approved" {
		t.Errorf("approve: %v", got["status"])
	}
	if r := ad.JSON("POST", base+"/approve", nil); r.Status != http.StatusConflict || r.Message() != "An approved release cannot be approved" {
		t.Errorf("approving twice: %d %s", r.Status, r.Raw)
	}
	if r := ad.JSON("GET", "/api/admin/releases", nil); strings.Contains(string(r.Raw), id) {
		t.Errorf("an approved release left the pending queue: %s", r.Raw)
	}
	if got := released(t, ad.JSON("POST", base+"/deliver", nil), http.StatusOK); got["status"] != "delivered" {
		t.Errorf("deliver: %v", got["status"])
	}
	held, fees := books(t, app)
	if held != 0 || fees != 50_000*money.Naira || balanceOf(t, app, ada) != 10_000*money.Naira {
		t.Errorf("held %v fees %v wallet %v", held, fees, balanceOf(t, app, ada))
	}
	want := []string{
		`release.review {"status":"submitted"}→{"status":"in_review"}`,
		`release.approve {"status":"in_review"}→{"status":"approved"}`,
		`release.deliver {"status":"approved"}→{"status":"delivered"}`,
	}
	if got := auditActions(t, ad, id); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("audit:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := released(t, ada.JSON("GET", "/api/distribution/releases/"+id, nil), http.StatusOK); got["status"] != "delivered" {
		t.Errorf("the artist sees %v", got["status"])
	}
}

func TestAdminReleases_RejectionRefundsInFullAndTellsTheReason(t *testing.T) {
	app := apptest.Start(t, nil)
	ada := artist(t, app, "ada_sings", 100_000)
	ad := app.SignedInAdmin(t, "ops_ada")
	id := submitRelease(t, app, ada, "Lagos Nights", "premium")
	base := "/api/admin/releases/" + id
	if balanceOf(t, app, ada) != 0 {
		t.Fatalf("the package was not paid")
	}
	if r := ad.JSON("POST", base+"/reject", map[string]string{"reason": " "}); r.Status != http.StatusBadRequest || r.FieldErrors()["reason"] != "A reason is required" {
		t.Errorf("no reason: %d %s", r.Status, r.Raw)
	}
	if r := ad.JSON("POST", base+"/deliver", nil); r.Status != http.StatusConflict || r.Message() != "A submitted release cannot be delivered" {
		t.Errorf("delivering a submitted release: %d %s", r.Status, r.Raw)
	}
	got := released(t, ad.JSON("POST", base+"/reject", map[string]string{"reason": "The cover carries a web address."}), http.StatusOK)
	if got["status"] != "rejected" || got["reason"] != "The cover carries a web address." {
		t.Errorf("reject: %v %v", got["status"], got["reason"])
	}
	if r := ad.JSON("POST", base+"/reject", map[string]string{"reason": "again"}); r.Status != http.StatusConflict {
		t.Errorf("rejecting twice: %d %s", r.Status, r.Raw)
	}
	if held, fees := books(t, app); held != 0 || fees != 0 || balanceOf(t, app, ada) != 100_000*money.Naira {
		t.Errorf("held %v fees %v wallet %v, want the ₦100,000 back", held, fees, balanceOf(t, app, ada))
	}
	want := `release.reject {"status":"submitted"}→{"reason":"The cover carries a web address.","status":"rejected"}`
	if got := auditActions(t, ad, id); len(got) != 1 || got[0] != want {
		t.Errorf("audit %q, want %q", got, want)
	}
	seen := released(t, ada.JSON("GET", "/api/distribution/releases/"+id, nil), http.StatusOK)
	if seen["status"] != "rejected" || seen["reason"] != "The cover carries a web address." {
		t.Errorf("the artist sees %v %v", seen["status"], seen["reason"])
	}
}
