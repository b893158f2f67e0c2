package beat_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os/exec"
	"testing"

	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/shared/ledger"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/money"
)

// user is a signed-in test user.
type user = apptest.User

// world is a running app with its users.
type world struct {
	t   *testing.T
	app *apptest.App
}

func start(t *testing.T) *world {
	t.Helper()
	return &world{t: t, app: apptest.Start(t, nil)}
}

func (w *world) user(name string) user {
	w.t.Helper()
	return w.app.SignedIn(w.t, name)
}

// upload puts body in the media bucket as one of owner's uploads of kind with contentType, as
// the browser's presigned POST would (which sets off the media function), and returns its key.
func (w *world) upload(owner string, kind media.Kind, contentType string, body []byte) string {
	w.t.Helper()
	return w.app.Upload(w.t, owner, kind, contentType, body)
}

// beatBody is a valid create body for a beat by u with 25 seconds of WAV audio; extra fields
// override or add to it (nil removes one).
func (w *world) beatBody(u user, caption string, extra map[string]any) map[string]any {
	w.t.Helper()
	b := map[string]any{
		"caption": caption, "description": "Hard drums, dark keys.",
		"audio_upload": w.upload(u.ID, media.Audio, "audio/wav", mediatest.WAV(25)),
		"cover_photo":  w.upload(u.ID, media.Image, "image/png", mediatest.PNG()),
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

// beat puts a beat by u up for sale and returns it as its owner sees it.
func (w *world) beat(u user, caption string, extra map[string]any) map[string]any {
	w.t.Helper()
	r := u.JSON("POST", "/api/beat/create", w.beatBody(u, caption, extra))
	if r.Status != http.StatusCreated {
		w.t.Fatalf("create beat %q: %d %s", caption, r.Status, r.Raw)
	}
	return r.Body["post"].(map[string]any)
}

// fetch GETs a media URL as a browser would and returns its status and bytes.
func fetch(t *testing.T, c *apptest.Client, rawURL string) (int, []byte) {
	t.Helper()
	res, err := c.HTTP.Get(c.URL(rawURL))
	if err != nil {
		t.Fatalf("GET %s: %v", rawURL, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

// objectPath is a signed URL's path (on the app's origin, "/" and the key), without the signature.
func objectPath(t *testing.T, raw string) string {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil || u.Path == "" {
		t.Fatalf("not a URL: %q", raw)
	}
	return u.Path
}

// refusal checks r is status with message (and the field messages, when given).
func refusal(t *testing.T, what string, r apptest.Response, status int, message string, fields map[string]string) {
	t.Helper()
	if r.Status != status || r.Message() != message {
		t.Errorf("%s: %d %s, want %d %q", what, r.Status, r.Raw, status, message)
		return
	}
	if fields != nil {
		if got := r.FieldErrors(); fmt.Sprint(got) != fmt.Sprint(fields) {
			t.Errorf("%s: fields %v, want %v", what, got, fields)
		}
	}
}

// ledgerOf is the app's ledger, read and written through the real SDK.
func (w *world) ledgerOf() *ledger.Store { return w.app.Ledger() }

// credit pays naira into u's wallet as a deposit does: a movement from the provider clearing
// account (the deposit path itself is the wallet's).
func (w *world) credit(u user, naira money.Money) {
	w.t.Helper()
	w.app.Fund(w.t, u, naira)
}

// balance is u's wallet balance.
func (w *world) balance(u user) money.Money {
	w.t.Helper()
	b, err := w.ledgerOf().Balance(context.Background(), u.ID)
	if err != nil {
		w.t.Fatal(err)
	}
	return b.Amount
}

// audit checks the ledger's invariants: every movement sums to zero, the balances sum to zero,
// no wallet is below zero and every balance is the sum of its entries.
func (w *world) audit() ledger.Audit {
	w.t.Helper()
	return w.app.Audit(w.t)
}

// buy sends u's purchase of post at amount (naira) with key as its Idempotency-Key.
func (w *world) buy(u user, postID string, amount any, key string) apptest.Response {
	raw, _ := json.Marshal(map[string]any{"postId": postID, "amount": amount})
	return w.send(u, raw, key)
}

// bought buys post for u at amount (naira) with a new key, and fails the test unless it sells.
func (w *world) bought(u user, postID string, amount any) apptest.Response {
	w.t.Helper()
	r := w.buy(u, postID, amount, uuid.NewString())
	if r.Status != http.StatusCreated {
		w.t.Fatalf("purchase: %d %s", r.Status, r.Raw)
	}
	return r
}

// startSale starts an app with a beat maker, kel_on_the_beat, and a buyer, ada_sings, with naira
// in her wallet.
func startSale(t *testing.T, naira money.Money) (*world, user, user) {
	t.Helper()
	w := start(t)
	kel, ada := w.user("kel_on_the_beat"), w.user("ada_sings")
	w.credit(ada, naira)
	return w, kel, ada
}

// send posts body to /api/beat/purchase as u with key as its Idempotency-Key ("" for none).
func (w *world) send(u user, body []byte, key string) apptest.Response {
	return u.PostRaw("/api/beat/purchase", key, body)
}

// pdfText is the text of a PDF by pdftotext (Debian's poppler-utils), "" when it is not installed.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	tool, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Log("pdftotext is not installed (apt-get install poppler-utils): the PDF's text is not checked")
		return ""
	}
	cmd := exec.Command(tool, "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}
