package distribution_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/shared/httpapi"
	"zuum/shared/ledger"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/money"
	"zuum/shared/release"
	"zuum/shared/schema"
)

// world is a running app with the stores tests look behind the API with.
type world struct {
	t      *testing.T
	app    *apptest.App
	ledger *ledger.Store
	n      int
	// shared, when set, are uploads of u's that single, album and track name instead of
	// uploading new ones (for submissions that are refused and so keep them).
	shared map[media.Kind]string
}

func newWorld(t *testing.T) *world {
	app := apptest.Start(t, nil)
	return &world{t: t, app: app, ledger: ledger.New(app.Cloud.DynamoDB, schema.Ledger.Name)}
}

// withAda is a new world with the artist ada_sings signed in and holding deposit (none when 0).
func withAda(t *testing.T, deposit money.Money) (*world, apptest.User) {
	w := newWorld(t)
	ada := w.user("ada_sings")
	if deposit != 0 {
		w.deposit(ada, deposit)
	}
	return w, ada
}

func (w *world) user(name string) apptest.User {
	w.t.Helper()
	return w.app.SignedIn(w.t, name)
}

// releases is the domain store over the app's cloud, for what only admins do.
func (w *world) releases() *release.Store {
	return release.NewStore(w.app.Cloud.DynamoDB, schema.Posts.Name, schema.Users.Name, w.ledger,
		media.NewStore(w.app.Cloud.S3, schema.Media.Name))
}

// upload puts body in the bucket as one of owner's uploads of kind, as the browser's presigned
// POST would (which sets off the media function), and returns its key.
func (w *world) upload(owner string, kind media.Kind, contentType string, body []byte) string {
	w.t.Helper()
	key := media.UserPrefix(owner, kind) + uuid.NewString() + media.Ext(contentType)
	if _, err := w.app.Cloud.S3.PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(schema.Media.Name), Key: aws.String(key), Body: bytes.NewReader(body),
		ContentType: aws.String(contentType),
	}); err != nil {
		w.t.Fatal(err)
	}
	return key
}

// exists reports whether key is in the bucket.
func (w *world) exists(key string) bool {
	_, err := w.app.Cloud.S3.HeadObject(context.Background(), &s3.HeadObjectInput{Bucket: aws.String(schema.Media.Name), Key: &key})
	return err == nil
}

// cover is a valid 3000×3000 cover uploaded by u.
func (w *world) cover(u apptest.User) string {
	if key, ok := w.shared[media.CoverArt]; ok {
		return key
	}
	return w.upload(u.ID, media.CoverArt, "image/png", bigCover)
}

// bigCover is a 3000×3000 PNG, made once.
var bigCover = mediatest.Cover(3000, 3000)

// track is a valid WAV track uploaded by u.
func (w *world) track(u apptest.User) string {
	if key, ok := w.shared[media.ReleaseAudio]; ok {
		return key
	}
	return w.upload(u.ID, media.ReleaseAudio, "audio/wav", mediatest.WAV(1))
}

// refusesFile submits a complete single by u that names key in field, and checks the answer
// refuses that field alone with msg.
func (w *world) refusesFile(u apptest.User, field, key, msg string) {
	w.t.Helper()
	got := fields(w.t, submitNew(w.app, u, w.single(u, map[string]any{field: key})))
	if len(got) != 1 || got[field] != msg {
		w.t.Errorf("fields %v, want only %s: %q", got, field, msg)
	}
}

// deposit pays amount into u's wallet from the provider's clearing account.
func (w *world) deposit(u apptest.User, amount money.Money) {
	w.t.Helper()
	w.n++
	ref := fmt.Sprintf("test-deposit-%d", w.n)
	if _, err := w.ledger.Move(context.Background(), ledger.Movement{
		Kind: "deposit", Once: ledger.Once{Key: "test#" + ref},
		Legs: []ledger.Leg{
			{Account: ledger.User(u.ID), Amount: amount, Type: "deposit", Counterparty: "Bank transfer", Reference: ref},
			{Account: ledger.Clearing, Amount: -amount, Type: "deposit", Reference: ref},
		},
	}); err != nil {
		w.t.Fatal(err)
	}
}

// balance is u's wallet balance.
func (w *world) balance(u apptest.User) money.Money {
	w.t.Helper()
	b, err := w.ledger.Balance(context.Background(), u.ID)
	if err != nil {
		w.t.Fatal(err)
	}
	return b.Amount
}

// books checks the ledger is balanced and returns what the platform holds for reviews and has
// earned in fees.
func (w *world) books() (held, fees money.Money) {
	w.t.Helper()
	a, err := w.ledger.Audit(context.Background())
	if err != nil {
		w.t.Fatal(err)
	}
	if a.Sum != 0 || len(a.Negative) > 0 || len(a.Unbalanced) > 0 || len(a.Drifted) > 0 {
		w.t.Fatalf("ledger broken: sum %d, negative %v, unbalanced %v, drifted %v", a.Sum, a.Negative, a.Unbalanced, a.Drifted)
	}
	return a.Balances[ledger.Held], a.Balances[ledger.Fees]
}

// today is today's date in Lagos, offset by days.
func today(days int) string {
	return time.Now().In(release.Lagos).AddDate(0, 0, days).Format(time.DateOnly)
}

// single is a complete, valid single by u (its files uploaded), with extra fields overriding
// it (nil removes one).
func (w *world) single(u apptest.User, extra map[string]any) map[string]any {
	w.t.Helper()
	b := map[string]any{
		"hasDistributed": "no", "artistName": "Ada Sings", "confirmOwnership": true,
		"releaseType": "single", "title": "Lagos Nights",
		"coverArt": w.cover(u), "audioFile": w.track(u),
		"genre": "pop", "releaseDate": today(0), "isExplicit": false, "clipStartTime": 0,
		"copyright":   map[string]any{"year": time.Now().Year(), "owner": "Ada Sings"},
		"recordLabel": "no", "songwriter": "self", "songwriters": []string{"Ada Sings"},
		"lyrics": "Lagos nights,\ncity lights", "allPlatforms": true, "promotionPackage": "none",
		"agreements": map[string]any{"terms": true, "youtubeAck": true, "promoAck": true, "rightsAck": true, "nameAck": true, "distributionAck": true},
	}
	for k, v := range extra {
		if v == nil {
			delete(b, k)
		} else {
			b[k] = v
		}
	}
	return b
}

// album is a complete, valid album of n tracks by u.
func (w *world) album(u apptest.User, n int, extra map[string]any) map[string]any {
	w.t.Helper()
	tracks := make([]map[string]any, n)
	for i := range tracks {
		tracks[i] = map[string]any{"title": fmt.Sprintf("Track %d", i+1), "audioFile": w.track(u), "genre": "pop"}
	}
	base := map[string]any{"releaseType": "album", "title": "Lagos Album", "numberOfTracks": n, "tracks": tracks, "audioFile": nil, "lyrics": nil}
	for k, v := range extra {
		base[k] = v
	}
	return w.single(u, base)
}

// send sends method path with body (a value to encode) as u, with the Idempotency-Key key ("" sends none).
func send(app *apptest.App, u apptest.User, method, path, key string, body any) apptest.Response {
	var raw []byte
	switch b := body.(type) {
	case nil:
	case string:
		raw = []byte(b)
	default:
		raw, _ = json.Marshal(b)
	}
	req, err := http.NewRequest(method, app.URL(path), bytes.NewReader(raw))
	if err != nil {
		panic(err)
	}
	if raw != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set(httpapi.IdempotencyHeader, key)
	}
	return u.Do(req)
}

// submitNew posts body as u with a fresh key.
func submitNew(app *apptest.App, u apptest.User, body any) apptest.Response {
	return send(app, u, "POST", "/api/distribution/releases", uuid.NewString(), body)
}

// view is the answer's release.
type view struct {
	ID          string          `json:"id"`
	Status      string          `json:"status"`
	Reason      string          `json:"reason"`
	Package     string          `json:"package"`
	Price       money.Money     `json:"price"`
	SubmittedAt *string         `json:"submitted_at"`
	Form        json.RawMessage `json:"form"`
	Files       struct {
		CoverArt  string   `json:"coverArt"`
		AudioFile string   `json:"audioFile"`
		Tracks    []string `json:"tracks"`
	} `json:"files"`
}

func (v view) form(t *testing.T) release.Form {
	t.Helper()
	var f release.Form
	if err := json.Unmarshal(v.Form, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// releaseOf decodes a {release} answer, failing t unless the status is want.
func releaseOf(t *testing.T, r apptest.Response, want int) view {
	t.Helper()
	if r.Status != want {
		t.Fatalf("%d %s, want %d", r.Status, r.Raw, want)
	}
	var body struct {
		Release view `json:"release"`
	}
	if err := json.Unmarshal(r.Raw, &body); err != nil {
		t.Fatal(err)
	}
	return body.Release
}

// fields is a 400's field errors, failing t on any other answer.
func fields(t *testing.T, r apptest.Response) map[string]string {
	t.Helper()
	if r.Status != http.StatusBadRequest {
		t.Fatalf("%d %s, want 400", r.Status, r.Raw)
	}
	return r.FieldErrors()
}

// notes are u's notifications of type RELEASE_STATUS, newest first.
func notes(t *testing.T, u apptest.User) []string {
	t.Helper()
	r := u.JSON("GET", "/api/notifications?limit=50", nil)
	var body struct {
		Notifications []struct {
			Type    string `json:"type"`
			Message string `json:"message"`
		} `json:"notifications"`
	}
	_ = json.Unmarshal(r.Raw, &body)
	var out []string
	for _, n := range body.Notifications {
		if n.Type == "RELEASE_STATUS" {
			out = append(out, n.Message)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if strings.Contains(x, s) {
			return true
		}
	}
	return false
}
