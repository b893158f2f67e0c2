package payment_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/shared/ledger"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/money"
)

// In-app promotion's tests live with its routes (functions/promotion); these helpers stay for
// the terms test, which charges a promotion at changed terms.

// audioPost publishes an audio post of m's (a free beat when typ is "beat") and returns its id.
func audioPost(t *testing.T, a *apptest.App, m member, typ string) string {
	t.Helper()
	key := a.Upload(t, m.id, media.Audio, "audio/wav", mediatest.WAV(1))
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
	return m.c.PostKeyed("/api/payment/promote", key, map[string]any{"postId": postID, "type": typ, "timeline": time.Now().Add(time.Duration(days) * 24 * time.Hour).UTC().Format(time.RFC3339)})
}

func held(t *testing.T, a *apptest.App) money.Money {
	t.Helper()
	return audit(t, a).Balances[ledger.Held]
}
