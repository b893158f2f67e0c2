package promotion_test

import (
	"net/http"
	"sync"
	"testing"

	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/shared/ledger"
	"zuum/shared/money"
)

// The admins' promotions queue (/api/admin/promotions), served by the admin Lambda.

func TestPromotionApprove_MovesHeldToFeesPromotesThePostOnceAndAuditsIt(t *testing.T) {
	t.Parallel()
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
	if b := balances(t, app); b[ledger.Held] != 5000*money.Naira || b[ledger.User(p.user.ID)] != 0 {
		t.Errorf("before approval: held %s, wallet %s", b[ledger.Held], b[ledger.User(p.user.ID)])
	}

	r = boot.JSON("POST", "/api/admin/promotions/"+p.promo+"/approve", nil)
	got, _ := r.Body["promotion"].(map[string]any)
	if r.Status != http.StatusOK || got["status"] != "approved" || got["start_date"] == nil || got["end_date"] == nil {
		t.Fatalf("approve: %d %s", r.Status, r.Raw)
	}
	b := balances(t, app)
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
	if b := balances(t, app); b[ledger.Held] != 0 || b[ledger.Fees] != 5000*money.Naira || b[ledger.User(p.user.ID)] != 0 {
		t.Errorf("a second decision moved money: %v", b)
	}
	if n := audits(t, boot, "promotion.approve"); n != 1 {
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
	t.Parallel()
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
	if b := balances(t, app); b[ledger.Held] != 0 || b[ledger.Fees] != 0 || b[ledger.User(p.user.ID)] != 5000*money.Naira {
		t.Errorf("after rejection: %v", b)
	}
	r = boot.JSON("POST", "/api/admin/promotions/"+p.promo+"/approve", nil)
	if r.Status != http.StatusConflict || r.Message() != "This promotion was already rejected and cannot be approved" {
		t.Errorf("approve after rejection: %d %s", r.Status, r.Raw)
	}
	if r := p.user.JSON("GET", "/api/audio/"+p.post, nil); r.Body["post"].(map[string]any)["is_promoted"] != false {
		t.Errorf("a rejected promotion promoted the post: %s", r.Raw)
	}
	if n := audits(t, boot, "promotion.reject"); n != 1 {
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
	t.Parallel()
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
	b := balances(t, app)
	approved, refunded := b[ledger.Fees] == 5000*money.Naira && b[ledger.User(p.user.ID)] == 0, b[ledger.Fees] == 0 && b[ledger.User(p.user.ID)] == 5000*money.Naira
	if b[ledger.Held] != 0 || approved == refunded {
		t.Errorf("after the race: held %s, fees %s, wallet %s", b[ledger.Held], b[ledger.Fees], b[ledger.User(p.user.ID)])
	}
	if n := audits(t, boot, "promotion.approve") + audits(t, boot, "promotion.reject"); n != 1 {
		t.Errorf("%d decision audit entries, want 1", n)
	}
}

// Deleting a promoted post refunds its pending promotion with it (functions/posts), so no money
// waits for an admin: a later approval or rejection finds it decided (409) and moves nothing.
func TestPromotionOfADeletedPost_IsRefundedWithThePostAndLeavesNothingToDecide(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	boot := app.BootstrapAdmin(t)
	p := promotedPost(t, app, "di_promo")
	if r := p.user.JSON("DELETE", "/api/audio/"+p.post, nil); r.Status != http.StatusOK && r.Status != http.StatusNoContent {
		t.Fatalf("delete: %d %s", r.Status, r.Raw)
	}
	if b := balances(t, app); b[ledger.Held] != 0 || b[ledger.Fees] != 0 || b[ledger.User(p.user.ID)] != 5000*money.Naira {
		t.Errorf("after the delete: %v, want the promotion refunded", b)
	}
	if r := boot.JSON("POST", "/api/admin/promotions/"+p.promo+"/approve", nil); r.Status != http.StatusConflict {
		t.Errorf("approve: %d %s, want 409", r.Status, r.Raw)
	}
	if r := boot.JSON("POST", "/api/admin/promotions/"+p.promo+"/reject", map[string]string{"reason": "The post was deleted"}); r.Status != http.StatusConflict {
		t.Errorf("reject: %d %s, want 409", r.Status, r.Raw)
	}
	if b := balances(t, app); b[ledger.Held] != 0 || b[ledger.Fees] != 0 || b[ledger.User(p.user.ID)] != 5000*money.Naira {
		t.Errorf("a refused decision moved money: %v", b)
	}
}
