package admin_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/shared/ledger"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/money"
	"zuum/shared/schema"
)

// promoted is a user with an audio post whose 7-day in-app promotion (₦5,000) is pending, paid
// from a wallet of ₦5,000.
type promoted struct {
	user        apptest.User
	post, promo string
}

func promotedPost(t *testing.T, app *apptest.App, username string) promoted {
	t.Helper()
	u := app.SignedIn(t, username)
	l := ledger.New(app.Cloud.DynamoDB, schema.Ledger.Name)
	if _, err := l.Move(context.Background(), ledger.Movement{Kind: "deposit", Once: ledger.Once{Key: "deposit-" + u.ID}, Legs: []ledger.Leg{
		{Account: ledger.Clearing, Amount: -5000 * money.Naira, Type: "deposit"},
		{Account: ledger.User(u.ID), Amount: 5000 * money.Naira, Type: "deposit"},
	}}); err != nil {
		t.Fatal(err)
	}
	key := media.UserPrefix(u.ID, media.Audio) + uuid.NewString()
	if _, err := app.Cloud.S3.PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(schema.Media.Name), Key: aws.String(key), Body: bytes.NewReader(mediatest.WAV(1)), ContentType: aws.String("audio/wav"),
	}); err != nil {
		t.Fatal(err)
	}
	r := u.JSON("POST", "/api/audio/create", map[string]any{"caption": "promote me", "spotify": "https://open.spotify.com/a", "audio_upload": key})
	if r.Status != http.StatusCreated {
		t.Fatalf("create audio: %d %s", r.Status, r.Raw)
	}
	postID := r.Body["post"].(map[string]any)["id"].(string)
	raw, _ := json.Marshal(map[string]any{"postId": postID, "type": "audio", "timeline": time.Now().Add(7 * 24 * time.Hour).UTC().Format(time.RFC3339)})
	req, _ := http.NewRequest("POST", app.URL("/api/payment/promote"), bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", uuid.NewString())
	r = u.Do(req)
	if r.Status != http.StatusCreated {
		t.Fatalf("promote: %d %s", r.Status, r.Raw)
	}
	return promoted{user: u, post: postID, promo: r.Body["data"].(map[string]any)["id"].(string)}
}

// sound checks the ledger balances and returns its platform and user balances.
func sound(t *testing.T, app *apptest.App) map[ledger.Account]money.Money {
	t.Helper()
	au, err := ledger.New(app.Cloud.DynamoDB, schema.Ledger.Name).Audit(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if au.Sum != 0 || len(au.Negative) > 0 || len(au.Unbalanced) > 0 || len(au.Drifted) > 0 {
		t.Fatalf("ledger unsound: sum %d, negative %v, unbalanced %v, drifted %v", au.Sum, au.Negative, au.Unbalanced, au.Drifted)
	}
	return au.Balances
}

func promotionAudits(t *testing.T, boot apptest.Admin, action string) int {
	t.Helper()
	r := boot.JSON("GET", "/api/admin/audit", nil)
	n := 0
	entries, _ := r.Body["entries"].([]any)
	for _, e := range entries {
		if e.(map[string]any)["action"] == action {
			n++
		}
	}
	return n
}

func TestPromotionApprove_MovesHeldToFeesPromotesThePostOnceAndAuditsIt(t *testing.T) {
	app := apptest.Start(t, nil)
	boot := app.BootstrapAdmin(t)
	p := promotedPost(t, app, "ada_promo")

	r := boot.JSON("GET", "/api/admin/promotions?status=pending", nil)
	list, _ := r.Body["promotions"].([]any)
	if r.Status != http.StatusOK || len(list) != 1 {
		t.Fatalf("queue: %d %s", r.Status, r.Raw)
	}
	if got := list[0].(map[string]any); got["id"] != p.promo || got["username"] != "ada_promo" || got["post_id"] != p.post || got["price"] != float64(5000) || got["category"] != "in_app" {
		t.Errorf("queued promotion %v", got)
	}
	if b := sound(t, app); b[ledger.Held] != 5000*money.Naira || b[ledger.User(p.user.ID)] != 0 {
		t.Errorf("before approval: held %s, wallet %s", b[ledger.Held], b[ledger.User(p.user.ID)])
	}

	r = boot.JSON("POST", "/api/admin/promotions/"+p.promo+"/approve", nil)
	got, _ := r.Body["promotion"].(map[string]any)
	if r.Status != http.StatusOK || got["status"] != "approved" || got["start_date"] == nil || got["end_date"] == nil {
		t.Fatalf("approve: %d %s", r.Status, r.Raw)
	}
	b := sound(t, app)
	if b[ledger.Held] != 0 || b[ledger.Fees] != 5000*money.Naira {
		t.Errorf("after approval: held %s, fees %s", b[ledger.Held], b[ledger.Fees])
	}
	if r := p.user.JSON("GET", "/api/audio/"+p.post, nil); r.Status != http.StatusOK || r.Body["post"].(map[string]any)["is_promoted"] != true {
		t.Errorf("the post after approval: %d %s", r.Status, r.Raw)
	}
	for _, again := range []struct{ path, msg string }{
		{"/approve", "This promotion was already approved and cannot be approved"},
		{"/reject", "This promotion was already approved and cannot be rejected"},
	} {
		r := boot.JSON("POST", "/api/admin/promotions/"+p.promo+again.path, map[string]string{"reason": "late"})
		if r.Status != http.StatusConflict || r.Message() != again.msg {
			t.Errorf("%s after approval: %d %s", again.path, r.Status, r.Raw)
		}
	}
	if b := sound(t, app); b[ledger.Held] != 0 || b[ledger.Fees] != 5000*money.Naira || b[ledger.User(p.user.ID)] != 0 {
		t.Errorf("a second decision moved money: %v", b)
	}
	if n := promotionAudits(t, boot, "promotion.approve"); n != 1 {
		t.Errorf("%d promotion.approve audit entries, want 1", n)
	}
	if r := boot.JSON("GET", "/api/admin/promotions", nil); r.Body["total"] != float64(0) {
		t.Errorf("queue after approval: %s", r.Raw)
	}
	if r := boot.JSON("POST", "/api/admin/promotions/"+uuid.NewString()+"/approve", nil); r.Status != http.StatusNotFound || r.Message() != "Promotion not found" {
		t.Errorf("unknown promotion: %d %s", r.Status, r.Raw)
	}
}

func TestPromotionReject_RefundsInFullOnceAndNeedsAReason(t *testing.T) {
	app := apptest.Start(t, nil)
	boot := app.BootstrapAdmin(t)
	p := promotedPost(t, app, "bo_promo")
	r := boot.JSON("POST", "/api/admin/promotions/"+p.promo+"/reject", map[string]string{"reason": "  "})
	if r.Status != http.StatusBadRequest || r.FieldErrors()["reason"] != "A reason is required" {
		t.Errorf("blank reason: %d %s", r.Status, r.Raw)
	}
	r = boot.JSON("POST", "/api/admin/promotions/"+p.promo+"/reject", map[string]string{"reason": "The cover shows a web address"})
	if got, _ := r.Body["promotion"].(map[string]any); r.Status != http.StatusOK || got["status"] != "rejected" || got["reason"] != "The cover shows a web address" {
		t.Fatalf("reject: %d %s", r.Status, r.Raw)
	}
	if b := sound(t, app); b[ledger.Held] != 0 || b[ledger.Fees] != 0 || b[ledger.User(p.user.ID)] != 5000*money.Naira {
		t.Errorf("after rejection: %v", b)
	}
	r = boot.JSON("POST", "/api/admin/promotions/"+p.promo+"/approve", nil)
	if r.Status != http.StatusConflict || r.Message() != "This promotion was already rejected and cannot be approved" {
		t.Errorf("approve after rejection: %d %s", r.Status, r.Raw)
	}
	if r := p.user.JSON("GET", "/api/audio/"+p.post, nil); r.Body["post"].(map[string]any)["is_promoted"] != false {
		t.Errorf("a rejected promotion promoted the post: %s", r.Raw)
	}
	if n := promotionAudits(t, boot, "promotion.reject"); n != 1 {
		t.Errorf("%d promotion.reject audit entries, want 1", n)
	}
	// The owner is told once, with the reason and the refund, in the list and the unread count.
	r = p.user.JSON("GET", "/api/notifications", nil)
	notes, _ := r.Body["notifications"].([]any)
	var told []string
	for _, n := range notes {
		if n := n.(map[string]any); n["type"] == "PROMOTION_REJECTED" {
			told = append(told, n["message"].(string))
		}
	}
	want := "Your promotion of promote me was rejected: The cover shows a web address. ₦5,000.00 was refunded to your wallet."
	if len(told) != 1 || told[0] != want || r.Body["unread"].(float64) < 1 {
		t.Errorf("notifications %s, want one PROMOTION_REJECTED %q", r.Raw, want)
	}
}

func TestPromotionDecisions_ConcurrentApprovesAndRejectsOfOnePromotionDecideItOnce(t *testing.T) {
	app := apptest.Start(t, nil)
	boot := app.BootstrapAdmin(t)
	p := promotedPost(t, app, "cy_promo")
	var wg sync.WaitGroup
	statuses := make([]int, 8)
	for i := range statuses {
		wg.Go(func() {
			// Approve takes no body; reject takes its reason.
			path, body := "/approve", any(nil)
			if i%2 == 1 {
				path, body = "/reject", map[string]string{"reason": "no"}
			}
			statuses[i] = boot.JSON("POST", "/api/admin/promotions/"+p.promo+path, body).Status
		})
	}
	wg.Wait()
	ok, conflicts := 0, 0
	for _, s := range statuses {
		switch s {
		case http.StatusOK:
			ok++
		case http.StatusConflict:
			conflicts++
		}
	}
	if ok != 1 || conflicts != len(statuses)-1 {
		t.Errorf("statuses %v, want one 200 and the rest 409", statuses)
	}
	b := sound(t, app)
	approved, refunded := b[ledger.Fees] == 5000*money.Naira && b[ledger.User(p.user.ID)] == 0, b[ledger.Fees] == 0 && b[ledger.User(p.user.ID)] == 5000*money.Naira
	if b[ledger.Held] != 0 || approved == refunded {
		t.Errorf("after the race: held %s, fees %s, wallet %s", b[ledger.Held], b[ledger.Fees], b[ledger.User(p.user.ID)])
	}
	if n := promotionAudits(t, boot, "promotion.approve") + promotionAudits(t, boot, "promotion.reject"); n != 1 {
		t.Errorf("%d decision audit entries, want 1", n)
	}
}

// Deleting a promoted post refunds its pending promotion with it (functions/posts), so no money
// waits for an admin: a later approval or rejection finds it decided (409) and moves nothing.
func TestPromotionOfADeletedPost_IsRefundedWithThePostAndLeavesNothingToDecide(t *testing.T) {
	app := apptest.Start(t, nil)
	boot := app.BootstrapAdmin(t)
	p := promotedPost(t, app, "di_promo")
	if r := p.user.JSON("DELETE", "/api/audio/"+p.post, nil); r.Status != http.StatusOK && r.Status != http.StatusNoContent {
		t.Fatalf("delete: %d %s", r.Status, r.Raw)
	}
	if b := sound(t, app); b[ledger.Held] != 0 || b[ledger.Fees] != 0 || b[ledger.User(p.user.ID)] != 5000*money.Naira {
		t.Errorf("after the delete: %v, want the promotion refunded", b)
	}
	if r := boot.JSON("POST", "/api/admin/promotions/"+p.promo+"/approve", nil); r.Status != http.StatusConflict {
		t.Errorf("approve: %d %s, want 409", r.Status, r.Raw)
	}
	if r := boot.JSON("POST", "/api/admin/promotions/"+p.promo+"/reject", map[string]string{"reason": "The post was deleted"}); r.Status != http.StatusConflict {
		t.Errorf("reject: %d %s, want 409", r.Status, r.Raw)
	}
	if b := sound(t, app); b[ledger.Held] != 0 || b[ledger.Fees] != 0 || b[ledger.User(p.user.ID)] != 5000*money.Naira {
		t.Errorf("a refused decision moved money: %v", b)
	}
}
