package wallet_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/shared/httpapi"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

// send posts a transfer from m with the Idempotency-Key key ("" sends none).
func send(app *apptest.App, m member, key string, body any) apptest.Response {

	raw, ok := body.(string)
	if !ok {
		b, _ := json.Marshal(body)
		raw = string(b)
	}
	req, err := http.NewRequest("POST", app.URL("/api/wallet/transfer"), strings.NewReader(raw))
	if err != nil {
		panic(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set(httpapi.IdempotencyHeader, key)
	}
	return m.c.Do(req)
}

func transferTo(to member, amount, note string) string {
	return fmt.Sprintf(`{"email":%q,"amount":%s,"note":%q}`, to.name+"@example.com", amount, note)
}

type transferResult struct {
	Message string `json:"message"`
	Data    struct {
		ID        string      `json:"id"`
		Amount    money.Money `json:"amount"`
		Recipient struct {
			ID       string `json:"id"`
			Username string `json:"username"`
		} `json:"recipient"`
		Status string `json:"status"`
	} `json:"data"`
}

type notification struct {
	Type         string `json:"type"`
	Message      string `json:"message"`
	ActionUserID string `json:"action_user_id"`
	PostID       string `json:"post_id"`
}

// notes lists m's notifications (newest first).
func notes(t *testing.T, m member) []notification {
	t.Helper()
	r := m.c.JSON("GET", "/api/notifications?limit=50", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("notifications: %d %s", r.Status, r.Raw)
	}
	var body struct {
		Notifications []notification `json:"notifications"`
	}
	_ = json.Unmarshal(r.Raw, &body)
	return body.Notifications
}

func (b *books) audit() ledger.Audit {
	b.t.Helper()
	return b.app.Audit(b.t)
}

func TestTransfer_MovesTheMoneyAndNotifiesTheRecipientInOneTransaction(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada, bola := join(t, app, "ada_sings"), join(t, app, "bola_beats")
	b := newBooks(t, app)
	b.deposit(ada, 10_000*money.Naira, "flw-1")

	r := send(app, ada, uuid.NewString(), `{"email":"BOLA_BEATS@Example.com","amount":2500.5,"note":"  for the session\u200b "}`)
	if r.Status != http.StatusCreated {
		t.Fatalf("transfer: %d %s", r.Status, r.Raw)
	}
	var res transferResult
	if err := json.Unmarshal(r.Raw, &res); err != nil {
		t.Fatal(err)
	}
	if res.Message != "Transfer successful" || res.Data.Amount != 250050 || res.Data.Recipient.ID != bola.id ||
		res.Data.Recipient.Username != "bola_beats" || res.Data.Status != "completed" || res.Data.ID == "" {
		t.Fatalf("answer %s", r.Raw)
	}
	if !strings.Contains(string(r.Raw), `"amount":2500.5,`) {
		t.Errorf("the amount is not naira on the wire: %s", r.Raw)
	}
	if w := walletOf(t, ada); w.Balance != 749950 {
		t.Errorf("ada has %v, want ₦7,499.50", w.Balance)
	}
	if w := walletOf(t, bola); w.Balance != 250050 {
		t.Errorf("bola has %v, want ₦2,500.50", w.Balance)
	}
	out := historyOf(t, ada, map[string][]string{"type": {"transfer"}}).Transactions
	in := historyOf(t, bola, nil).Transactions
	if len(out) != 1 || out[0].Direction != "out" || out[0].Amount != 250050 || out[0].Counterparty != "bola_beats" ||
		out[0].Reference != res.Data.ID || out[0].Status != "completed" || out[0].Link == nil || *out[0].Link != (link{"profile", bola.id}) {
		t.Errorf("ada's history %+v", out)
	}
	if len(in) != 1 || in[0].Type != "transfer" || in[0].Direction != "in" || in[0].Counterparty != "ada_sings" ||
		in[0].Reference != res.Data.ID || in[0].Link == nil || *in[0].Link != (link{"profile", ada.id}) {
		t.Errorf("bola's history %+v", in)
	}
	got := notes(t, bola)
	if len(got) != 1 || got[0].Type != "TRANSFER" || got[0].Message != "ada_sings sent you ₦2,500.50: for the session" ||
		got[0].ActionUserID != ada.id || got[0].PostID != "" {
		t.Errorf("bola's notifications %+v", got)
	}
	if got := notes(t, ada); len(got) != 0 {
		t.Errorf("the sender was notified: %+v", got)
	}
	if a := b.audit(); a.Movements != 2 {
		t.Errorf("%d movements, want the deposit and the transfer", a.Movements)
	}
}

func TestTransfer_RefusalsMoveNothingAndNotifyNobody(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada, bola, gone := join(t, app, "ada_sings"), join(t, app, "bola_beats"), join(t, app, "gone_away")
	if err := profile.NewStore(app.Cloud.DynamoDB, schema.Users.Name).SetDeactivated(context.Background(), gone.id, true); err != nil {
		t.Fatal(err)
	}
	unverified := app.Client(t)
	if r := unverified.JSON("POST", "/api/auth/signup", apptest.Signup("not_yet")); r.Status != http.StatusCreated {
		t.Fatalf("signup: %d %s", r.Status, r.Raw)
	}
	b := newBooks(t, app)
	b.deposit(ada, 100*money.Naira, "flw-1")
	long := strings.Repeat("ọ̀", 141) // 141 characters a reader sees, 282 code points
	for _, c := range []struct {
		name, key, body string
		status          int
		message         string
		fields          map[string]string
	}{
		{"no key", "-", transferTo(bola, "5", ""), 400, "Idempotency-Key header is required", nil},
		{"a key that is not a UUID", "abc", transferTo(bola, "5", ""), 400, "Idempotency-Key header must be a UUID", nil},
		{"no body", "", "", 400, "Request body is required.", nil},
		{"nothing given", "", `{}`, 400, "Validation errors.", map[string]string{"email": "Email is required", "amount": "Amount is required"}},
		{"a bad email, too little, too long a note", "", `{"email":"bola@","amount":0.99,"note":"` + long + `"}`, 400, "Validation errors.",
			map[string]string{"email": "Please enter a valid email address", "amount": "Amount must be at least ₦1", "note": "Note must be at most 140 characters"}},
		{"a third decimal", "", transferTo(bola, "1.005", ""), 400, "Validation errors.", map[string]string{"amount": "amount must be a number of naira with at most two decimals"}},
		{"an amount as text", "", transferTo(bola, `"5"`, ""), 400, "Validation errors.", map[string]string{"amount": "amount must be a number of naira with at most two decimals"}},
		{"a negative amount", "", transferTo(bola, "-5", ""), 400, "Validation errors.", map[string]string{"amount": "Amount must be at least ₦1"}},
		{"to oneself, in another case", "", `{"email":"Ada_Sings@example.com","amount":5}`, 400, "You cannot transfer money to yourself", map[string]string{"email": "You cannot transfer money to yourself"}},
		{"an unknown email", "", `{"email":"nobody@example.com","amount":5}`, 404, "Recipient not found", nil},
		{"a deactivated recipient", "", transferTo(gone, "5", ""), 404, "Recipient not found", nil},
		{"a recipient who never verified", "", `{"email":"not_yet@example.com","amount":5}`, 404, "Recipient not found", nil},
		{"more than the balance", "", transferTo(bola, "100.01", ""), 406, "Insufficient funds", nil},
		{"more than the balance, to an unknown email", "", `{"email":"nobody@example.com","amount":1000}`, 406, "Insufficient funds", nil},
	} {
		key := c.key
		switch key {
		case "":
			key = uuid.NewString()
		case "-":
			key = ""
		}
		r := send(app, ada, key, c.body)
		if r.Status != c.status || r.Message() != c.message {
			t.Errorf("%s: %d %s", c.name, r.Status, r.Raw)
			continue
		}
		if c.fields != nil && fmt.Sprint(r.FieldErrors()) != fmt.Sprint(c.fields) {
			t.Errorf("%s: fields %v, want %v", c.name, r.FieldErrors(), c.fields)
		}
	}
	if w := walletOf(t, ada); w.Balance != 100*money.Naira {
		t.Errorf("ada has %v after refusals, want ₦100", w.Balance)
	}
	for _, m := range []member{ada, bola} {
		if got := notes(t, m); len(got) != 0 {
			t.Errorf("%s was notified: %+v", m.name, got)
		}
	}
	if a := b.audit(); a.Movements != 1 {
		t.Errorf("%d movements after refusals, want the deposit alone", a.Movements)
	}
	anon := app.Client(t)
	if r := anon.JSON("POST", "/api/wallet/transfer", transferTo(bola, "5", "")); r.Status != http.StatusUnauthorized {
		t.Errorf("without a session: %d %s", r.Status, r.Raw)
	}
}

func TestTransfer_AKeySendsOnceReplaysItsAnswerAndRefusesAnotherBody(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada, bola := join(t, app, "ada_sings"), join(t, app, "bola_beats")
	b := newBooks(t, app)
	b.deposit(ada, 1000*money.Naira, "flw-1")
	key := uuid.NewString()
	first := send(app, ada, key, transferTo(bola, "300", "rent"))
	again := send(app, ada, key, transferTo(bola, "300", "rent"))
	if first.Status != http.StatusCreated || again.Status != http.StatusCreated || strings.TrimSpace(string(again.Raw)) != strings.TrimSpace(string(first.Raw)) ||
		again.Header.Get(httpapi.ReplayedHeader) != "true" || first.Header.Get(httpapi.ReplayedHeader) != "" {
		t.Fatalf("first %d %s, again %d %s (replayed %q)", first.Status, first.Raw, again.Status, again.Raw, again.Header.Get(httpapi.ReplayedHeader))
	}
	if r := send(app, ada, key, transferTo(bola, "301", "rent")); r.Status != http.StatusUnprocessableEntity ||
		r.Message() != "Idempotency-Key was already used with a different request" {
		t.Errorf("the key with another body: %d %s", r.Status, r.Raw)
	}
	if w := walletOf(t, bola); w.Balance != 300*money.Naira {
		t.Errorf("bola has %v, want ₦300 once", w.Balance)
	}
	if got := notes(t, bola); len(got) != 1 {
		t.Errorf("bola has %d notifications, want 1", len(got))
	}
	// A refusal stores nothing: the same attempt goes through once the money is there.
	retry := uuid.NewString()
	if r := send(app, ada, retry, transferTo(bola, "800", "")); r.Status != http.StatusNotAcceptable {
		t.Fatalf("₦800 of ₦700: %d %s", r.Status, r.Raw)
	}
	b.deposit(ada, 100*money.Naira, "flw-2")
	if r := send(app, ada, retry, transferTo(bola, "800", "")); r.Status != http.StatusCreated || r.Header.Get(httpapi.ReplayedHeader) != "" {
		t.Errorf("the same key after a deposit: %d %s", r.Status, r.Raw)
	}
	if w := walletOf(t, ada); w.Balance != 0 {
		t.Errorf("ada has %v, want 0", w.Balance)
	}
	b.audit()
}

// TestTransfer_ConcurrentTransfersSpendExactlyTheBalance: 25 transfers of ₦1,000 race out of a
// wallet of ₦10,000 to two recipients: exactly 10 go through, the other 15 are 406 and change
// nothing, every success notifies and no refusal does, and the ledger still balances.
func TestTransfer_ConcurrentTransfersSpendExactlyTheBalance(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada, bola, chi := join(t, app, "ada_sings"), join(t, app, "bola_beats"), join(t, app, "chi_keys")
	b := newBooks(t, app)
	b.deposit(ada, 10_000*money.Naira, "flw-1")
	const tries = 25
	statuses := make([]int, tries)
	var wg sync.WaitGroup
	for i := range tries {
		wg.Add(1)
		go func() {
			defer wg.Done()
			to := []member{bola, chi}[i%2]
			r := send(app, ada, uuid.NewString(), transferTo(to, "1000", fmt.Sprintf("#%d", i)))
			statuses[i] = r.Status
			if r.Status == http.StatusNotAcceptable && r.Message() != "Insufficient funds" {
				t.Errorf("a refusal said %s", r.Raw)
			}
		}()
	}
	wg.Wait()
	count := map[int]int{}
	for _, s := range statuses {
		count[s]++
	}
	if count[http.StatusCreated] != 10 || count[http.StatusNotAcceptable] != tries-10 {
		t.Fatalf("answers %v, want 10 × 201 and %d × 406", count, tries-10)
	}
	got, sent := walletOf(t, bola).Balance+walletOf(t, chi).Balance, len(notes(t, bola))+len(notes(t, chi))
	if walletOf(t, ada).Balance != 0 || got != 10_000*money.Naira || sent != 10 {
		t.Errorf("ada %v, the recipients %v with %d notifications; want 0, ₦10,000 and 10", walletOf(t, ada).Balance, got, sent)
	}
	if a := b.audit(); a.Movements != 11 || a.Balances[ledger.User(ada.id)] != 0 {
		t.Errorf("audit %+v", a)
	}
}

// Tries of one transfer at once (a client retrying while its first try still runs): the tries
// that find the balance spent get the first try's 201, not 406, and the money moves once.
func TestTransfer_TriesOfOneKeyAtOnceAllGetTheFirstAnswer(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada, bola := join(t, app, "ada_sings"), join(t, app, "bola_beats")
	b := newBooks(t, app)
	b.deposit(ada, 300*money.Naira, "flw-1")
	key := uuid.NewString()
	apptest.OneAnswer(t, apptest.AtOnce(6, func() apptest.Response { return send(app, ada, key, transferTo(bola, "300", "rent")) }), http.StatusCreated)
	if w := walletOf(t, bola); w.Balance != 300*money.Naira {
		t.Errorf("bola has %v, want ₦300 once", w.Balance)
	}
	b.audit()
}
