package payment_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"time"

	"testing"

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

// In-app promotion's tests live with its routes (functions/promotion); these helpers stay for
// the terms test, which charges a promotion at changed terms.

// audioPost publishes an audio post of m's (a free beat when typ is "beat") and returns its id.
func audioPost(t *testing.T, a *apptest.App, m member, typ string) string {
	t.Helper()
	key := media.UserPrefix(m.id, media.Audio) + uuid.NewString()
	if _, err := a.Cloud.S3.PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(schema.Media.Name), Key: aws.String(key), Body: bytes.NewReader(mediatest.WAV(1)), ContentType: aws.String("audio/wav"),
	}); err != nil {
		t.Fatal(err)
	}
	r := m.c.JSON("POST", "/api/audio/create", map[string]any{"caption": "my song", "type": typ, "spotify": "https://open.spotify.com/a", "audio_upload": key})
	if r.Status != http.StatusCreated {
		t.Fatalf("create audio: %d %s", r.Status, r.Raw)
	}
	return r.Body["post"].(map[string]any)["id"].(string)
}

// promote sends POST /api/payment/promote with key ("" for a new one).
func promote(a *apptest.App, m member, key, postID, typ string, days int) apptest.Response {
	if key == "" {
		key = uuid.NewString()
	}
	raw, _ := json.Marshal(map[string]any{"postId": postID, "type": typ, "timeline": time.Now().Add(time.Duration(days) * 24 * time.Hour).UTC().Format(time.RFC3339)})
	req, _ := http.NewRequest("POST", a.URL("/api/payment/promote"), bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	return m.c.Do(req)
}

func held(t *testing.T, a *apptest.App) money.Money {
	t.Helper()
	return audit(t, a).Balances[ledger.Held]
}
