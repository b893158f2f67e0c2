package promotion_test

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
	"zuum/shared/schema"
)

func fund(t *testing.T, app *apptest.App, userID string, amount money.Money) {
	t.Helper()
	if _, err := ledger.New(app.Cloud.DynamoDB, schema.Ledger.Name).Move(context.Background(), ledger.Movement{
		Kind: "deposit", Once: ledger.Once{Key: "deposit-" + uuid.NewString()}, Legs: []ledger.Leg{
			{Account: ledger.Clearing, Amount: -amount, Type: "deposit"},
			{Account: ledger.User(userID), Amount: amount, Type: "deposit"},
		}}); err != nil {
		t.Fatal(err)
	}
}

func balances(t *testing.T, app *apptest.App) map[ledger.Account]money.Money {
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

func post(app *apptest.App, u apptest.User, path, key string, body any) apptest.Response {
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", app.URL(path), bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	return u.Do(req)
}

// upload puts a checked file of kind among u's uploads and returns its key.
func upload(t *testing.T, app *apptest.App, u apptest.User, kind media.Kind, contentType string, body []byte) string {
	t.Helper()
	key := media.UserPrefix(u.ID, kind) + uuid.NewString()
	if _, err := app.Cloud.S3.PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(schema.Media.Name), Key: aws.String(key), Body: bytes.NewReader(body), ContentType: aws.String(contentType),
	}); err != nil {
		t.Fatal(err)
	}
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
	fund(t, app, u.ID, amount)
	return u, audioPost(t, app, u, "promote me", "music")
}

// promote sends POST /api/payment/promote of u's post for days with a new key.
func promote(app *apptest.App, u apptest.User, postID, typ string, days int) apptest.Response {
	return post(app, u, "/api/payment/promote", uuid.NewString(), map[string]any{"postId": postID, "type": typ, "timeline": in(days)})
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
