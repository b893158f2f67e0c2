package promotion_test

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

func balances(t *testing.T, app *apptest.App) map[ledger.Account]money.Money {
	t.Helper()
	return app.Audit(t).Balances
}

// upload puts a checked file of kind among u's uploads and returns its key.
func upload(t *testing.T, app *apptest.App, u apptest.User, kind media.Kind, contentType string, body []byte) string {
	t.Helper()
	key := app.Upload(t, u.ID, kind, contentType, body)
	app.Settle(t)
	return key
}

// in is the RFC 3339 time days from now, an in-app promotion's timeline.
func in(days int) string {
	return time.Now().Add(time.Duration(days) * 24 * time.Hour).UTC().Format(time.RFC3339)
}

// audioPost publishes an audio post of u's captioned caption (a free beat when typ is "beat")
// and returns its id.
func audioPost(t *testing.T, app *apptest.App, u apptest.User, caption, typ string) string {
	t.Helper()
	r := u.JSON("POST", "/api/audio/create", map[string]any{"caption": caption, "type": typ, "spotify": "https://open.spotify.com/a",
		"audio_upload": upload(t, app, u, media.Audio, "audio/wav", mediatest.WAV(1))})
	if r.Status != http.StatusCreated {
		t.Fatalf("create audio: %d %s", r.Status, r.Raw)
	}
	return r.Body["post"].(map[string]any)["id"].(string)
}

// fundedPost signs username in with amount in their wallet and an audio post, whose id it
// returns.
func fundedPost(t *testing.T, app *apptest.App, username string, amount money.Money) (apptest.User, string) {
	t.Helper()
	u := app.SignedIn(t, username)
	app.Fund(t, u, amount)
	return u, audioPost(t, app, u, "promote me", "music")
}

// promote sends POST /api/payment/promote of u's post for days with a new key.
func promote(app *apptest.App, u apptest.User, postID, typ string, days int) apptest.Response {
	return u.PostKeyed("/api/payment/promote", uuid.NewString(), map[string]any{"postId": postID, "type": typ, "timeline": in(days)})
}

// promoted is a user with an audio post whose 7-day in-app promotion (₦5,000) is pending, paid
// from a wallet of ₦5,000.
type promoted struct {
	user        apptest.User
	post, promo string
}

func promotedPost(t *testing.T, app *apptest.App, username string) promoted {
	t.Helper()
	u, postID := fundedPost(t, app, username, 5000*money.Naira)
	r := promote(app, u, postID, "audio", 7)
	if r.Status != http.StatusCreated {
		t.Fatalf("promote: %d %s", r.Status, r.Raw)
	}
	return promoted{user: u, post: postID, promo: r.Body["data"].(map[string]any)["id"].(string)}
}

// audits counts the audit log's entries of action.
func audits(t *testing.T, boot apptest.Admin, action string) int {
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
