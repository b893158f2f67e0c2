package posts_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"zuum/functions/posts"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/promotion"
	"zuum/shared/schema"
)

// Deleting a post whose promotion waits for an admin refunds that promotion's price in full (the
// reject path: one movement out of ledger.Held) and leaves nothing waiting; the promotion shows
// cancelled with the reason, and the admins' queue no longer holds it.
func TestDelete_APromotedPostRefundsItsPendingPromotion(t *testing.T) {
	t.Parallel()
	w := start(t)
	ada, bola := w.user("ada_promotes"), w.user("bola_other")
	l := ledger.New(w.app.Cloud.DynamoDB, schema.Ledger.Name)
	ctx := context.Background()
	if _, err := l.Move(ctx, ledger.Movement{
		Kind: "deposit", Once: ledger.Once{Key: "test-deposit#" + uuid.NewString()},
		Legs: []ledger.Leg{
			{Account: ledger.Clearing, Amount: -12000 * money.Naira, Type: "deposit", Counterparty: ada.Name},
			{Account: ledger.User(ada.ID), Amount: 12000 * money.Naira, Type: "deposit", Counterparty: "Bank transfer"},
		},
	}); err != nil {
		t.Fatal(err)
	}
	promoted := w.audio(ada, "promoted song")["id"].(string)
	kept := w.audio(ada, "kept song")["id"].(string)
	promote := func(id string) string {
		t.Helper()
		raw, _ := json.Marshal(map[string]any{
			"postId": id, "type": "audio", "timeline": time.Now().Add(7 * 24 * time.Hour).UTC().Format(time.RFC3339),
		})
		req, _ := http.NewRequest("POST", w.app.URL("/api/payment/promote"), bytes.NewReader(raw))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Idempotency-Key", uuid.NewString())
		r := ada.Do(req)
		if r.Status != http.StatusCreated {
			t.Fatalf("promote %s: %d %s", id, r.Status, r.Raw)
		}
		return r.Body["data"].(map[string]any)["id"].(string)
	}
	gone, stays := promote(promoted), promote(kept)
	if b, _ := l.Balance(ctx, ada.ID); b.Amount != 2000*money.Naira {
		t.Fatalf("balance after two ₦5,000 promotions: %v", b.Amount)
	}

	// Someone else cannot delete it, and that refunds nothing.
	if r := bola.JSON("DELETE", "/api/audio/"+promoted, nil); r.Status != http.StatusForbidden {
		t.Fatalf("another user's delete: %d %s", r.Status, r.Raw)
	}
	if r := ada.JSON("DELETE", "/api/audio/"+promoted, nil); r.Status != http.StatusOK {
		t.Fatalf("delete: %d %s", r.Status, r.Raw)
	}
	if b, _ := l.Balance(ctx, ada.ID); b.Amount != 7000*money.Naira {
		t.Fatalf("balance after deleting the promoted post: %v, want ₦7,000 (its ₦5,000 back)", b.Amount)
	}
	a, err := l.Audit(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if a.Balances[ledger.Held] != 5000*money.Naira || a.Sum != 0 || len(a.Unbalanced) > 0 || len(a.Negative) > 0 {
		t.Fatalf("held %v (want only the kept post's ₦5,000), sum %v, unbalanced %v, negative %v", a.Balances[ledger.Held], a.Sum, a.Unbalanced, a.Negative)
	}
	store := promotion.NewStore(promotion.Config{DB: w.app.Cloud.DynamoDB, Ledger: l})
	p, err := store.Get(ctx, gone)
	if err != nil || p.Status != promotion.Rejected || p.Reason != posts.ReasonPostDeleted {
		t.Fatalf("the deleted post's promotion: %+v %v", p, err)
	}
	if p, err := store.Get(ctx, stays); err != nil || p.Status != promotion.Pending {
		t.Fatalf("the other post's promotion: %+v %v", p, err)
	}
	queue, err := store.Queue(ctx)
	if err != nil || len(queue) != 1 || queue[0].ID != stays {
		t.Fatalf("the admins' queue: %+v %v", queue, err)
	}
}
