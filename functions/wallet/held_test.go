package wallet_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
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
	post := ada.c.JSON("POST", "/api/audio/create", map[string]any{"caption": "held song", "audio_upload": upload(t, app, ada.id)})
	if post.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", post.Status, post.Raw)
	}
	raw, _ := json.Marshal(map[string]any{
		"postId": post.Body["post"].(map[string]any)["id"], "type": "audio",
		"timeline": time.Now().Add(7 * 24 * time.Hour).UTC().Format(time.RFC3339),
	})
	req, _ := http.NewRequest("POST", app.URL("/api/payment/promote"), bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", uuid.NewString())
	r := ada.c.Do(req)
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

// upload puts a second of WAV audio in the media bucket as one of owner's uploads, as the
// browser's presigned POST would, and returns its key.
func upload(t *testing.T, app *apptest.App, owner string) string {
	t.Helper()
	key := media.UserPrefix(owner, media.Audio) + uuid.NewString()
	if _, err := app.Cloud.S3.PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(schema.Media.Name), Key: aws.String(key), Body: bytes.NewReader(mediatest.WAV(1)),
		ContentType: aws.String("audio/wav"),
	}); err != nil {
		t.Fatal(err)
	}
	return key
}
