package wallet_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/shared/ledger"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/money"
	"zuum/shared/promotion"
	"zuum/shared/schema"
)

// A promotion's price reads pending while the promotion waits for an admin (it can still come
// back in full); once decided it reads completed, and a rejection's refund is its own row.
func TestWallet_APromotionsPriceIsPendingWhileItCanBeRefunded(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada := join(t, app, "ada_held")
	b := newBooks(t, app)
	b.deposit(ada, 6000*money.Naira, "dep-held")
	post := ada.c.JSON("POST", "/api/audio/create", map[string]any{"caption": "held song", "audio_upload": app.Upload(t, ada.id, media.Audio, "audio/wav", mediatest.WAV(1))})
	if post.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", post.Status, post.Raw)
	}
	r := ada.c.PostKeyed("/api/payment/promote", uuid.NewString(), map[string]any{
		"postId": post.Body["post"].(map[string]any)["id"], "type": "audio",
		"timeline": time.Now().Add(7 * 24 * time.Hour).UTC().Format(time.RFC3339),
	})
	if r.Status != http.StatusCreated {
		t.Fatalf("promote: %d %s", r.Status, r.Raw)
	}
	id := r.Body["data"].(map[string]any)["id"].(string)
	feeStatus := func() string {
		t.Helper()
		for _, e := range walletOf(t, ada).Recent {
			if e.Type == "fee" && e.Direction == "out" {
				return e.Status
			}
		}
		t.Fatal("no promotion row in the wallet")
		return ""
	}
	if got := feeStatus(); got != "pending" {
		t.Fatalf("the price of a promotion waiting for an admin reads %q, want pending", got)
	}
	store := promotion.NewStore(promotion.Config{DB: app.Cloud.DynamoDB, Ledger: ledger.New(app.Cloud.DynamoDB, schema.Ledger.Name)})
	if _, _, err := store.Reject(context.Background(), "admin-1", id, "Not a fit", nil); err != nil {
		t.Fatal(err)
	}
	if got := feeStatus(); got != "completed" {
		t.Fatalf("the price once the promotion is decided reads %q, want completed", got)
	}
}
