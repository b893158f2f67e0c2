package payment_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"zuum/functions/wire"
	"zuum/functions/wire/accounts"
	"zuum/localstack/apptest"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/payment"
	"zuum/shared/schema"
)

// desk makes withdrawals the way the payment group does (the real service, step-up code and
// all, against the sandbox), with a clock set back: withdrawals recorded a day ago, no sleep.
type desk struct {
	app  *apptest.App
	user apptest.User
}

// withdrawer is a user whose wallet holds ₦10,000, booked straight in the ledger as a deposit from
// Clearing; the same ₦10,000 is paid into the provider's balance (TopUp), so it pays the user's
// transfers and still equals what the books say the provider holds.
func withdrawer(t *testing.T, app *apptest.App, username string) *desk {
	t.Helper()
	u := app.SignedIn(t, username)
	app.Cloud.Edge.Payments().TopUp(10000 * money.Naira)
	if _, err := ledger.New(app.Cloud.DynamoDB, schema.Ledger.Name).Move(context.Background(), ledger.Movement{
		Kind: "deposit", Once: ledger.Once{Key: "deposit-" + u.ID}, Legs: []ledger.Leg{
			{Account: ledger.Clearing, Amount: -10000 * money.Naira, Type: "deposit"},
			{Account: ledger.User(u.ID), Amount: 10000 * money.Naira, Type: "deposit"},
		}}); err != nil {
		t.Fatal(err)
	}
	return &desk{app: app, user: u}
}

// withdraw records a withdrawal of naira to a GTBank account ago before now and asks the sandbox
// for its transfer; it returns the withdrawal's id.
func (d *desk) withdraw(t *testing.T, naira int64, ago time.Duration) string {
	t.Helper()
	ctx := context.Background()
	env := func(k string) string { return d.app.Env[k] }
	p, err := wire.Provider(ctx, d.app.Cloud.Config, env)
	if err != nil {
		t.Fatal(err)
	}
	stepUp, profiles, err := accounts.FromEnv(ctx, d.app.Cloud.Config, env)
	if err != nil {
		t.Fatal(err)
	}
	w := payment.NewWithdrawals(p.Provider, payment.NewBankList(p.Provider), stepUp, p.DB, p.Ledger, schema.Users.Name)
	w.TransferTimeout = 300 * time.Millisecond
	w.SetClock(func() time.Time { return time.Now().Add(-ago) })
	acct, err := profiles.Account(ctx, d.user.ID)
	if err != nil {
		t.Fatal(err)
	}
	in := payment.WithdrawalRequest{User: acct, Amount: money.Money(naira) * money.Naira, AccountNumber: "0123456789", BankCode: "058"}
	dr, stepped, err := w.Check(ctx, in)
	if err == nil && stepped {
		in.OTP = d.app.LastOTP(t, d.user.Name+"@example.com")
		dr, _, err = w.Check(ctx, in)
	}
	if err != nil {
		t.Fatal(err)
	}
	x, err := w.Make(ctx, dr, ledger.Once{Key: "wd-" + uuid.NewString()})
	if err != nil {
		t.Fatal(err)
	}
	return x.ID
}

// transferSettings sets the sandbox's transfer answers: drop loses requests before anything is queued.
func transferSettings(t *testing.T, app *apptest.App, drop bool) {
	t.Helper()
	body := map[string]any{}
	if drop {
		body = map[string]any{"delay_ms": 100, "drop": true}
	}
	if code := sandboxPost(t, app, "/_flutterwave/sandbox/transfer-settings", body); code != http.StatusOK {
		t.Fatalf("transfer settings: %d", code)
	}
}

// settleAtBank settles the sandbox's transfer of reference without a webhook (a lost delivery).
func settleAtBank(t *testing.T, app *apptest.App, reference, status string) {
	t.Helper()
	if code := sandboxPost(t, app, "/_flutterwave/sandbox/transfers/"+reference+"/complete", map[string]any{"status": status, "no_webhook": true}); code != http.StatusOK {
		t.Fatalf("complete %s: %d", reference, code)
	}
}

func sandboxPost(t *testing.T, app *apptest.App, path string, body any) int {
	t.Helper()
	raw, _ := json.Marshal(body)
	res, err := http.Post(app.Cloud.URL+path, "application/json", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

func inReview(t *testing.T, boot apptest.Admin) []string {
	t.Helper()
	r := boot.JSON("GET", "/api/admin/withdrawals?status=review", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("review queue: %d %s", r.Status, r.Raw)
	}
	var out []string
	for _, e := range objectsOf(r, "withdrawals") {
		id, _ := e["id"].(string)
		out = append(out, id)
	}
	return out
}

// wallet is the user's balance, checking the whole ledger is sound first.
func wallet(t *testing.T, app *apptest.App, userID string) money.Money {
	t.Helper()
	return audit(t, app).Balances[ledger.User(userID)]
}

// noDrift checks the ledger is sound and that the provider's balance is what the books say it
// holds (-Clearing).
func noDrift(t *testing.T, app *apptest.App) {
	t.Helper()
	held := app.Cloud.Edge.Payments().Balance()
	if books := -audit(t, app).Balances[ledger.Clearing]; held != books {
		t.Fatalf("drift %s: the provider holds %s, the books say %s", held-books, held, books)
	}
}

// told counts the user's withdrawal notifications of kind.
func told(t *testing.T, u apptest.User, kind string) int {
	t.Helper()
	return count(objectsOf(u.JSON("GET", "/api/notifications", nil), "notifications"), "type", kind)
}

// audits counts the audit log's entries of action.
func audits(t *testing.T, boot apptest.Admin, action string) int {
	t.Helper()
	return count(objectsOf(boot.JSON("GET", "/api/admin/audit", nil), "entries"), "action", action)
}

// objectsOf are the objects r's body lists under key.
func objectsOf(r apptest.Response, key string) []map[string]any {
	var out []map[string]any
	list, _ := r.Body[key].([]any)
	for _, e := range list {
		if m, ok := e.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// count counts the objects whose field is value.
func count(objects []map[string]any, field, value string) int {
	n := 0
	for _, o := range objects {
		if o[field] == value {
			n++
		}
	}
	return n
}

// A transfer that never reached the provider stays pending; after NeedsReviewAfter it waits in the
// review queue, where a recheck settles nothing (the provider has no word), marking it completed
// or failed settles it once with its audit entry and the owner's notification, and every later
// action is 409.
func TestWithdrawalReview_AWithdrawalTheProviderNeverHadWaitsForAnAdminWhoseMarksSettleItOnce(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	boot := app.BootstrapAdmin(t)
	ada := withdrawer(t, app, "ada_review")
	transferSettings(t, app, true) // every request lost before the provider queues anything
	lost := ada.withdraw(t, 1000, payment.NeedsReviewAfter+time.Hour)
	paid := ada.withdraw(t, 2000, payment.NeedsReviewAfter+30*time.Minute)
	young := ada.withdraw(t, 500, payment.NeedsReviewAfter-time.Hour)
	transferSettings(t, app, false)
	if got := wallet(t, app, ada.user.ID); got != 10000*money.Naira-3500*money.Naira-75*money.Naira {
		t.Fatalf("wallet %s with three withdrawals pending", got)
	}

	if got := inReview(t, boot); len(got) != 2 || got[0] != lost || got[1] != paid {
		t.Fatalf("review queue %v, want the two over 24 hours, oldest first (%s, %s)", got, lost, paid)
	}
	r := boot.JSON("GET", "/api/admin/withdrawals", nil)
	first, _ := r.Body["withdrawals"].([]any)[0].(map[string]any)
	if r.Body["total"] != float64(2) || first["username"] != "ada_review" || first["amount"] != float64(1000) || first["fee"] != float64(25) ||
		first["bank_name"] != "Guaranty Trust Bank" || first["status"] != "pending" || first["transfer_id"] != nil {
		t.Fatalf("queue: %s", r.Raw)
	}
	if r := boot.JSON("GET", "/api/admin/withdrawals?status=pending", nil); r.Status != http.StatusBadRequest || r.Message() != "status must be review." {
		t.Fatalf("another status: %d %s", r.Status, r.Raw)
	}

	// Look again: the provider's list does not show it, which settles nothing.
	r = boot.JSON("POST", "/api/admin/withdrawals/"+lost+"/recheck", nil)
	if r.Status != http.StatusOK || !strings.HasPrefix(r.Message(), "Still pending") || r.Body["withdrawal"].(map[string]any)["status"] != "pending" {
		t.Fatalf("recheck: %d %s", r.Status, r.Raw)
	}
	if got := wallet(t, app, ada.user.ID); got != 6425*money.Naira {
		t.Fatalf("wallet %s after a recheck", got)
	}

	// Marks need a reason, and a withdrawal in review.
	if r := boot.JSON("POST", "/api/admin/withdrawals/"+lost+"/fail", map[string]string{"reason": " "}); r.Status != http.StatusBadRequest || r.FieldErrors()["reason"] != "A reason is required" {
		t.Fatalf("blank reason: %d %s", r.Status, r.Raw)
	}
	if r := boot.JSON("POST", "/api/admin/withdrawals/"+lost+"/fail", map[string]string{"reason": strings.Repeat("x", 501)}); r.Status != http.StatusBadRequest {
		t.Fatalf("long reason: %d %s", r.Status, r.Raw)
	}
	if r := boot.JSON("POST", "/api/admin/withdrawals/"+young+"/fail", map[string]string{"reason": "not at the bank"}); r.Status != http.StatusConflict ||
		r.Message() != "This withdrawal is not awaiting review: it has been pending for less than 24 hours" {
		t.Fatalf("a young withdrawal: %d %s", r.Status, r.Raw)
	}
	if r := boot.JSON("POST", "/api/admin/withdrawals/"+uuid.NewString()+"/complete", map[string]string{"reason": "x"}); r.Status != http.StatusNotFound || r.Message() != "Withdrawal not found" {
		t.Fatalf("unknown: %d %s", r.Status, r.Raw)
	}

	r = boot.JSON("POST", "/api/admin/withdrawals/"+lost+"/fail", map[string]string{"reason": "The provider's dashboard shows no such transfer"})
	if w, _ := r.Body["withdrawal"].(map[string]any); r.Status != http.StatusOK || w["status"] != "failed" || r.Message() != "Withdrawal marked failed: ₦1,025.00 refunded to ada_review." {
		t.Fatalf("fail: %d %s", r.Status, r.Raw)
	}
	r = boot.JSON("POST", "/api/admin/withdrawals/"+paid+"/complete", map[string]string{"reason": "The bank confirmed the credit"})
	if w, _ := r.Body["withdrawal"].(map[string]any); r.Status != http.StatusOK || w["status"] != "completed" {
		t.Fatalf("complete: %d %s", r.Status, r.Raw)
	}
	for _, again := range []struct{ id, path, msg string }{
		{lost, "/fail", "This withdrawal is already failed"}, {lost, "/complete", "This withdrawal is already failed"},
		{lost, "/recheck", "This withdrawal is already failed"}, {paid, "/complete", "This withdrawal is already completed"},
		{paid, "/fail", "This withdrawal is already completed"},
	} {
		if r := boot.JSON("POST", "/api/admin/withdrawals/"+again.id+again.path, map[string]string{"reason": "again"}); r.Status != http.StatusConflict || r.Message() != again.msg {
			t.Errorf("%s again: %d %s", again.path, r.Status, r.Raw)
		}
	}
	// The money moved once: ₦1,025 back, ₦2,025 gone to the bank, ₦525 still pending.
	if got := wallet(t, app, ada.user.ID); got != 7450*money.Naira {
		t.Fatalf("wallet %s, want ₦7,450", got)
	}
	if got := inReview(t, boot); len(got) != 0 {
		t.Fatalf("queue after the marks: %v", got)
	}
	if told(t, ada.user, "WITHDRAWAL_FAILED") != 1 || told(t, ada.user, "WITHDRAWAL_COMPLETED") != 1 {
		t.Fatalf("notifications: %d failed, %d completed", told(t, ada.user, "WITHDRAWAL_FAILED"), told(t, ada.user, "WITHDRAWAL_COMPLETED"))
	}
	for action, want := range map[string]int{"withdrawal.recheck": 1, "withdrawal.fail": 1, "withdrawal.complete": 1} {
		if n := audits(t, boot, action); n != want {
			t.Errorf("%d %s audit entries, want %d", n, action, want)
		}
	}
	r = boot.JSON("GET", "/api/admin/audit", nil)
	e := r.Body["entries"].([]any)[0].(map[string]any) // newest: the completion
	if e["action"] != "withdrawal.complete" || e["target_type"] != "withdrawal" || e["target_id"] != paid ||
		e["before"].(map[string]any)["status"] != "pending" || e["after"].(map[string]any)["status"] != "completed" ||
		e["after"].(map[string]any)["reason"] != "The bank confirmed the credit" {
		t.Fatalf("audit entry: %v", e)
	}
}

// The provider's word wins over an admin's: a transfer it holds unfinished cannot be marked
// failed; once it reports FAILED, a recheck refunds it (audited in the same transaction).
func TestWithdrawalReview_TheProvidersWordWinsAndARecheckSettlesByIt(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	boot := app.BootstrapAdmin(t)
	bo := withdrawer(t, app, "bo_review")
	id := bo.withdraw(t, 1000, payment.NeedsReviewAfter+time.Hour) // queued at the provider: NEW
	if r := boot.JSON("POST", "/api/admin/withdrawals/"+id+"/fail", map[string]string{"reason": "looks stuck"}); r.Status != http.StatusConflict ||
		r.Message() != "The payment provider reports this transfer NEW: it cannot be marked failed" {
		t.Fatalf("fail while NEW: %d %s", r.Status, r.Raw)
	}
	r := boot.JSON("POST", "/api/admin/withdrawals/"+id+"/recheck", nil)
	if r.Status != http.StatusOK || r.Message() != "Still pending: the provider reports the transfer NEW." {
		t.Fatalf("recheck while NEW: %d %s", r.Status, r.Raw)
	}
	settleAtBank(t, app, id, "FAILED")
	if r := boot.JSON("POST", "/api/admin/withdrawals/"+id+"/complete", map[string]string{"reason": "paid"}); r.Status != http.StatusConflict ||
		r.Message() != "The payment provider reports this transfer FAILED: it cannot be marked completed" {
		t.Fatalf("complete after FAILED: %d %s", r.Status, r.Raw)
	}
	r = boot.JSON("POST", "/api/admin/withdrawals/"+id+"/recheck", nil)
	if w, _ := r.Body["withdrawal"].(map[string]any); r.Status != http.StatusOK || w["status"] != "failed" || w["transfer_id"] == nil ||
		r.Message() != "Failed and refunded: the provider reports the transfer FAILED." {
		t.Fatalf("recheck after FAILED: %d %s", r.Status, r.Raw)
	}
	if got := wallet(t, app, bo.user.ID); got != 10000*money.Naira {
		t.Fatalf("wallet %s, want ₦10,000 back", got)
	}
	if n := audits(t, boot, "withdrawal.recheck"); n != 2 {
		t.Fatalf("%d recheck audit entries, want 2", n)
	}
	if told(t, bo.user, "WITHDRAWAL_FAILED") != 1 {
		t.Fatal("the owner was not told once")
	}
	noDrift(t, app)
}

// A transfer.completed webhook and an admin's mark at the same moment settle the withdrawal
// once: one refund, one notification, and an audit entry only if the admin's mark won.
func TestWithdrawalReview_AWebhookAndAnAdminMarkAtOnceSettleOnce(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	boot := app.BootstrapAdmin(t)
	cy := withdrawer(t, app, "cy_review")
	hash := keys(t, app).WebhookHash
	const n = 4
	marks := 0
	for i := range n {
		id := cy.withdraw(t, 1000, payment.NeedsReviewAfter+time.Hour)
		settleAtBank(t, app, id, "FAILED") // its webhook lost; now delivered again while an admin acts
		tid := transferOf(t, app, id)
		body := transferFailed(tid, id)
		var wg sync.WaitGroup
		var hook, mark apptest.Response
		wg.Go(func() { hook = deliver(t, app, cy.user.Client, body, hash) })
		wg.Go(func() {
			mark = boot.JSON("POST", "/api/admin/withdrawals/"+id+"/fail", map[string]string{"reason": fmt.Sprintf("race %d", i)})
		})
		wg.Wait()
		if hook.Status != http.StatusOK || mark.Status != http.StatusOK && mark.Status != http.StatusConflict {
			t.Fatalf("race %d: webhook %d %s, mark %d %s", i, hook.Status, hook.Raw, mark.Status, mark.Raw)
		}
		adminWon := mark.Status == http.StatusOK
		if webhookWon := hook.Message() == "Withdrawal settled"; adminWon == webhookWon {
			t.Fatalf("race %d: the admin (%d %s) and the webhook (%s) both or neither settled it", i, mark.Status, mark.Raw, hook.Raw)
		}
		if adminWon {
			marks++
		}
	}
	if got := wallet(t, app, cy.user.ID); got != 10000*money.Naira {
		t.Fatalf("wallet %s, want ₦10,000: each refund once", got)
	}
	if got := told(t, cy.user, "WITHDRAWAL_FAILED"); got != n {
		t.Fatalf("%d notifications, want %d", got, n)
	}
	if got := audits(t, boot, "withdrawal.fail"); got != marks {
		t.Fatalf("%d withdrawal.fail audit entries, want %d (the marks that won)", got, marks)
	}
	t.Logf("the admin's mark won %d of %d races, the webhook the rest", marks, n)
	if got := inReview(t, boot); len(got) != 0 {
		t.Fatalf("queue %v", got)
	}
	noDrift(t, app)
}

// transferOf is the provider's id of withdrawal id's transfer, read from its transfers list.
func transferOf(t *testing.T, app *apptest.App, id string) string {
	t.Helper()
	ctx := context.Background()
	p, err := wire.Provider(ctx, app.Cloud.Config, func(k string) string { return app.Env[k] })
	if err != nil {
		t.Fatal(err)
	}
	for page := 1; page <= 20; page++ {
		got, err := p.Provider.ListTransfers(ctx, page)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range got.Transfers {
			if x.Reference == id {
				return x.ID
			}
		}
		if len(got.Transfers) == 0 {
			break
		}
	}
	t.Fatalf("no transfer %s at the provider", id)
	return ""
}

// transferFailed is the provider's transfer.completed body of a FAILED transfer of ₦1,000.
func transferFailed(id, reference string) []byte {
	raw, _ := json.Marshal(map[string]any{
		"event": "transfer.completed", "event.type": "Transfer",
		"data": map[string]any{
			"id": json.Number(id), "account_number": "0123456789", "bank_code": "058", "bank_name": "Guaranty Trust Bank",
			"fullname": "SANDBOX", "currency": "NGN", "debit_currency": "NGN", "amount": 1000, "fee": 10.75,
			"status": "FAILED", "reference": reference, "complete_message": "DISBURSE FAILED", "requires_approval": 0, "is_approved": 1,
		},
	})
	return raw
}
