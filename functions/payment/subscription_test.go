package payment_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

// newMemberAs signs up, verifies and logs in username with identity.
func newMemberAs(t *testing.T, a *apptest.App, username, identity string) member {
	t.Helper()
	c := a.Client(t)
	body := apptest.Signup(username)
	body["identity"] = identity
	if r := c.JSON("POST", "/api/auth/signup", body); r.Status != http.StatusCreated {
		t.Fatalf("signup: %d %s", r.Status, r.Raw)
	}
	email := username + "@example.com"
	if r := c.JSON("POST", "/api/auth/verify-email", map[string]string{"email": email, "otp": a.LastOTP(t, email)}); r.Status != http.StatusOK {
		t.Fatalf("verify: %d %s", r.Status, r.Raw)
	}
	r := c.JSON("POST", "/api/auth/login", map[string]string{"email": email, "password": "password123"})
	if r.Status != http.StatusOK {
		t.Fatalf("login: %d %s", r.Status, r.Raw)
	}
	c.Token, _ = r.Body["token"].(string)
	return member{c: c, id: r.Body["profile"].(map[string]any)["id"].(string)}
}

// plan is GET /api/payment/create's answer.
type plan struct {
	Name        string      `json:"name"`
	Amount      money.Money `json:"amount"`
	Frequency   string      `json:"frequency"`
	Features    []string    `json:"features"`
	PaymentLink *string     `json:"paymentLink"`
	ExpiresAt   *string     `json:"expiresAt"`
	Status      string      `json:"status"`
}

func (m member) plan(t *testing.T) plan {
	t.Helper()
	r := m.c.JSON("GET", "/api/payment/create", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("payment/create: %d %s", r.Status, r.Raw)
	}
	var p plan
	if err := json.Unmarshal(r.Raw, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// link asks for a payment link and returns it.
func (m member) link(t *testing.T) string {
	t.Helper()
	r := m.c.JSON("GET", "/api/payment/subscription", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("payment/subscription: %d %s", r.Status, r.Raw)
	}
	link, _ := r.Body["paymentLink"].(string)
	return link
}

// press sends the hosted page's button (pay or cancel) as the browser's form does and returns
// where the provider sends the browser back.
func press(t *testing.T, link, button string) *url.URL {
	t.Helper()
	page, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	html, _ := io.ReadAll(page.Body)
	page.Body.Close()
	action := strings.Replace(link, "/sandbox/checkout/", "/sandbox/payments/", 1) + "/" + button
	if page.StatusCode != http.StatusOK || !strings.Contains(string(html), `action="`+strings.TrimPrefix(action, linkOrigin(link))+`"`) {
		t.Fatalf("payment page %d has no %s button:\n%s", page.StatusCode, button, html)
	}
	hc := http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := hc.Post(action, "application/x-www-form-urlencoded", nil)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("%s: %d, want 303", button, res.StatusCode)
	}
	back, err := url.Parse(res.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return back
}

func linkOrigin(link string) string {
	u, _ := url.Parse(link)
	return u.Scheme + "://" + u.Host
}

// fund pays naira into m's wallet through a deposit account and the provider's webhook.
func fund(t *testing.T, a *apptest.App, m member, naira string) {
	t.Helper()
	payIn(t, a, map[string]any{"account_number": m.depositAccount(t).AccountNumber, "amount": json.Number(naira)})
	a.Settle(t)
}

// payFromWallet pays a month from m's wallet with the Idempotency-Key key.
func (m member) payFromWallet(t *testing.T, a *apptest.App, key string) apptest.Response {
	t.Helper()
	req, err := http.NewRequest("POST", a.URL("/api/payment/subscription/wallet"), nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Idempotency-Key", key)
	return m.c.Do(req)
}

// history is m's billing history.
func (m member) history(t *testing.T) []map[string]any {
	t.Helper()
	r := m.c.JSON("GET", "/api/payment/subscription/history", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("history: %d %s", r.Status, r.Raw)
	}
	var out struct {
		History []map[string]any `json:"history"`
	}
	_ = json.Unmarshal(r.Raw, &out)
	return out.History
}

// profileStatus is the subscription as m's own profile shows it.
func (m member) profileStatus(t *testing.T) (status, expires string) {
	t.Helper()
	r := m.c.JSON("GET", "/api/user/profile", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("profile: %d %s", r.Status, r.Raw)
	}
	p, _ := r.Body["profile"].(map[string]any)
	if p == nil {
		p = r.Body
	}
	status, _ = p["subscription_status"].(string)
	expires, _ = p["subscription_expires_at"].(string)
	return status, expires
}

// aMonthOn reports whether the RFC 3339 time s is a month from now (give or take a minute).
func aMonthOn(s string) bool {
	at, err := time.Parse(time.RFC3339, s)
	want := time.Now().UTC().AddDate(0, 1, 0)
	return err == nil && at.Sub(want).Abs() < time.Minute
}

// endPeriod moves the end of userID's paid period to in from now, as the passing of a month would.
func endPeriod(t *testing.T, a *apptest.App, userID string, in time.Duration) {
	t.Helper()
	_, err := a.Cloud.DynamoDB.UpdateItem(context.Background(), &dynamodb.UpdateItemInput{
		TableName: &schema.Users.Name, Key: profile.Key(userID),
		UpdateExpression: ptr("SET subscription_expires_at = :end"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":end": &types.AttributeValueMemberS{Value: time.Now().Add(in).UTC().Format(time.RFC3339)},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
}

func ptr(s string) *string { return &s }

func TestSubscriptionPlan_PriceAndNameFollowTheIdentity(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, nil)
	for _, c := range []struct {
		identity, name string
		price          money.Money
	}{
		{"artist", "Artist Premium", 15_000 * money.Naira},
		{"producer", "Producer Premium", 20_000 * money.Naira},
		{"record_label", "Label Owner Premium", 30_000 * money.Naira},
	} {
		p := newMemberAs(t, a, "plan_"+c.identity, c.identity).plan(t)
		if p.Name != c.name || p.Amount != c.price || p.Frequency != "monthly" || p.Status != "none" || p.PaymentLink != nil || p.ExpiresAt != nil {
			t.Errorf("%s: %+v", c.identity, p)
		}
		if len(p.Features) < 3 || p.Features[0] != "Unlimited searches" || p.Features[1] != "Priority support" {
			t.Errorf("%s: features %v", c.identity, p.Features)
		}
	}
}

func TestSubscriptionPlan_NeedsASession(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, nil)
	c := a.Client(t)
	for _, r := range []apptest.Response{
		c.JSON("GET", "/api/payment/create", nil), c.JSON("GET", "/api/payment/subscription", nil),
		c.JSON("POST", "/api/payment/subscription/cancel", nil), c.JSON("GET", "/api/payment/subscription/history", nil),
	} {
		if r.Status != http.StatusUnauthorized {
			t.Errorf("%d %s", r.Status, r.Raw)
		}
	}
}

func TestSubscriptionLink_PaidOnThePageActivatesOneMonthHoweverOftenTheWebhookComes(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_subscribes")
	link := ada.link(t)
	if p := ada.plan(t); p.PaymentLink == nil || *p.PaymentLink != link || p.Status != "none" {
		t.Fatalf("plan before paying: %+v, want the open link %s", p, link)
	}
	back := press(t, link, "pay")
	q := back.Query()
	if back.Path != "/subscribe" || q.Get("status") != "successful" || !strings.HasPrefix(q.Get("tx_ref"), "zuum-sub-") || q.Get("transaction_id") == "" {
		t.Fatalf("sent back to %s", back)
	}
	a.Settle(t)
	p := ada.plan(t)
	if p.Status != "active" || p.ExpiresAt == nil || !aMonthOn(*p.ExpiresAt) || p.PaymentLink != nil {
		t.Fatalf("plan after paying: %+v", p)
	}
	if status, expires := ada.profileStatus(t); status != "active" || expires != *p.ExpiresAt {
		t.Fatalf("profile shows %q until %q, want active until %s", status, expires, *p.ExpiresAt)
	}
	// The provider resends the webhook, and a replay of the very same body comes too.
	id := q.Get("transaction_id")
	if status, out := sandbox(t, a, "POST", "/_flutterwave/v3/transactions/"+id+"/resend-hook", nil); status != http.StatusOK {
		t.Fatalf("resend-hook: %d %v", status, out)
	}
	a.Settle(t)
	body := chargeCompleted(id, q.Get("tx_ref"), 15_000*money.Naira, "successful")
	if r := deliver(t, a, ada.c, body, keys(t, a).WebhookHash); r.Status != http.StatusOK || r.Message() != "Subscription already activated" {
		t.Fatalf("replay: %d %s", r.Status, r.Raw)
	}
	if again := ada.plan(t); *again.ExpiresAt != *p.ExpiresAt {
		t.Fatalf("the replays moved the period's end from %s to %s", *p.ExpiresAt, *again.ExpiresAt)
	}
	for _, d := range a.Cloud.Edge.Payments().Deliveries() {
		if !d.Delivered || d.Attempts != 1 {
			t.Errorf("delivery %+v: the app should take every delivery at once", d)
		}
	}
	if au := audit(t, a); au.Movements != 1 || au.Balances[ledger.Fees] != 15_000*money.Naira {
		t.Fatalf("%d movements, fees %d; want one movement of ₦15,000", au.Movements, au.Balances[ledger.Fees])
	}
	if b := balance(t, a, ada.id); b != 0 {
		t.Fatalf("wallet %d kobo: the card payment should pay the month, not stay in the wallet", b)
	}
	h := ada.history(t)
	if len(h) != 1 || h[0]["method"] != "card" || h[0]["amount"] != float64(15000) || h[0]["plan"] != "Artist Premium" || h[0]["status"] != "completed" {
		t.Fatalf("history %v", h)
	}
	// While the month runs, no second link is sold.
	if r := ada.c.JSON("GET", "/api/payment/subscription", nil); r.Status != http.StatusConflict || r.Message() != "You already have an active subscription" {
		t.Fatalf("second link: %d %s", r.Status, r.Raw)
	}
}

func TestSubscriptionLink_CancelledOnThePageChangesNothing(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_changes_mind")
	link := ada.link(t)
	back := press(t, link, "cancel")
	if q := back.Query(); q.Get("status") != "cancelled" || q.Get("transaction_id") != "" || q.Get("tx_ref") == "" {
		t.Fatalf("sent back to %s", back)
	}
	a.Settle(t)
	if d := a.Cloud.Edge.Payments().Deliveries(); len(d) != 0 {
		t.Fatalf("a cancelled payment sent webhooks: %+v", d)
	}
	if p := ada.plan(t); p.Status != "none" || p.ExpiresAt != nil {
		t.Fatalf("plan after cancelling: %+v", p)
	}
	if au := audit(t, a); au.Movements != 0 {
		t.Fatalf("%d movements after a cancelled payment", au.Movements)
	}
	// The cancelled page takes no payment afterwards; a new link can be had.
	hc := http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := hc.Post(strings.Replace(link, "/sandbox/checkout/", "/sandbox/payments/", 1)+"/pay", "application/x-www-form-urlencoded", nil)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusConflict {
		t.Fatalf("paying a cancelled link: %d, want 409", res.StatusCode)
	}
	if again := ada.link(t); again == link {
		t.Fatal("the same link was handed out again")
	}
}

func TestSubscriptionWallet_TwoPaymentsAtOncePayOneMonth(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_double_taps")
	fund(t, a, ada, "40000")
	var wg sync.WaitGroup
	answers := make([]apptest.Response, 2)
	keys := []string{uuid.NewString(), uuid.NewString()}
	for i := range answers {
		wg.Go(func() { answers[i] = ada.payFromWallet(t, a, keys[i]) })
	}
	wg.Wait()
	paid := 0
	for _, r := range answers {
		switch {
		case r.Status == http.StatusCreated:
			paid++
			sub, _ := r.Body["subscription"].(map[string]any)
			if r.Message() != "Subscription activated" || sub["status"] != "active" || sub["renews"] != true || !aMonthOn(sub["expiresAt"].(string)) {
				t.Errorf("paid: %s", r.Raw)
			}
		case r.Status == http.StatusConflict && r.Message() == "You already have an active subscription":
		default:
			t.Errorf("unexpected %d %s", r.Status, r.Raw)
		}
	}
	if paid != 1 {
		t.Fatalf("%d payments went through, want 1", paid)
	}
	if b := balance(t, a, ada.id); b != 25_000*money.Naira {
		t.Fatalf("balance %d kobo, want ₦25,000 (one month charged)", b)
	}
	// The paid request sent again answers the same and charges nothing.
	for i, r := range answers {
		if r.Status != http.StatusCreated {
			continue
		}
		again := ada.payFromWallet(t, a, keys[i])
		if again.Status != http.StatusCreated || again.Header.Get("Idempotent-Replayed") != "true" || strings.TrimSpace(string(again.Raw)) != strings.TrimSpace(string(r.Raw)) {
			t.Fatalf("replay: %d %s", again.Status, again.Raw)
		}
	}
	if b := balance(t, a, ada.id); b != 25_000*money.Naira {
		t.Fatalf("balance after the replay %d kobo", b)
	}
	if h := ada.history(t); len(h) != 1 || h[0]["method"] != "wallet" || h[0]["amount"] != float64(15000) {
		t.Fatalf("history %v", h)
	}
	if au := audit(t, a); au.Movements != 2 {
		t.Fatalf("%d movements, want the deposit and one payment", au.Movements)
	}
}

func TestSubscriptionWallet_WithoutTheMoneyIs406AndChangesNothing(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_short")
	fund(t, a, ada, "14999.99")
	r := ada.payFromWallet(t, a, uuid.NewString())
	if r.Status != http.StatusNotAcceptable || r.Message() != "Insufficient funds" {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
	if b := balance(t, a, ada.id); b != 14_999*money.Naira+99 {
		t.Fatalf("balance %d", b)
	}
	if p := ada.plan(t); p.Status != "none" {
		t.Fatalf("plan %+v", p)
	}
	if r := ada.payFromWallet(t, a, "not-a-uuid"); r.Status != http.StatusBadRequest {
		t.Fatalf("a bad key: %d %s", r.Status, r.Raw)
	}
}

func TestSubscriptionCancel_StopsRenewalAndTheMonthLapsesAtItsEnd(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_cancels")
	if r := ada.c.JSON("POST", "/api/payment/subscription/cancel", nil); r.Status != http.StatusNotFound || r.Message() != "No active subscription" {
		t.Fatalf("cancel with none: %d %s", r.Status, r.Raw)
	}
	fund(t, a, ada, "40000")
	if r := ada.payFromWallet(t, a, uuid.NewString()); r.Status != http.StatusCreated {
		t.Fatalf("pay: %d %s", r.Status, r.Raw)
	}
	for range 2 { // cancelling twice is cancelling once
		r := ada.c.JSON("POST", "/api/payment/subscription/cancel", nil)
		sub, _ := r.Body["subscription"].(map[string]any)
		if r.Status != http.StatusOK || sub["status"] != "cancelled" || sub["renews"] != false || !strings.Contains(r.Message(), "will not renew") {
			t.Fatalf("cancel: %d %s", r.Status, r.Raw)
		}
	}
	if p := ada.plan(t); p.Status != "cancelled" {
		t.Fatalf("plan %+v", p)
	}
	if r := ada.c.JSON("GET", "/api/payment/subscription", nil); r.Status != http.StatusConflict {
		t.Fatalf("a link while the cancelled month runs: %d %s", r.Status, r.Raw)
	}
	endPeriod(t, a, ada.id, -time.Second)
	if p := ada.plan(t); p.Status != "expired" {
		t.Fatalf("after the period: %+v", p)
	}
	if status, _ := ada.profileStatus(t); status != "expired" {
		t.Fatalf("profile shows %q after the period", status)
	}
	if b := balance(t, a, ada.id); b != 25_000*money.Naira {
		t.Fatalf("balance %d kobo: a cancelled subscription renewed", b)
	}
	// Lapsed, it can be bought again.
	if r := ada.payFromWallet(t, a, uuid.NewString()); r.Status != http.StatusCreated {
		t.Fatalf("pay again: %d %s", r.Status, r.Raw)
	}
}

func TestSubscriptionRenewal_AnActiveMonthRenewsFromTheWalletOnceAndLapsesUnpaid(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_renews")
	fund(t, a, ada, "30000")
	if r := ada.payFromWallet(t, a, uuid.NewString()); r.Status != http.StatusCreated {
		t.Fatalf("pay: %d %s", r.Status, r.Raw)
	}
	endPeriod(t, a, ada.id, -time.Second)
	// The shell loads the plan on every page, often several at once: one renewal.
	var wg sync.WaitGroup
	plans := make([]plan, 5)
	for i := range plans {
		wg.Go(func() { plans[i] = ada.plan(t) })
	}
	wg.Wait()
	for _, p := range plans {
		if p.Status != "active" || p.ExpiresAt == nil || !aMonthOn(*p.ExpiresAt) {
			t.Fatalf("after the period's end: %+v, want renewed for a month", p)
		}
	}
	if b := balance(t, a, ada.id); b != 0 {
		t.Fatalf("balance %d kobo, want two months paid", b)
	}
	h := ada.history(t)
	if len(h) != 2 || h[0]["method"] != "renewal" || h[1]["method"] != "wallet" {
		t.Fatalf("history %v", h)
	}
	// The next month's end finds the wallet empty: it lapses, and nothing is charged. The period
	// ends an hour back, so it is not the second the renewed one ended in (a period is told of
	// once by its end, and a month's ends never share a second).
	endPeriod(t, a, ada.id, -time.Hour)
	if p := ada.plan(t); p.Status != "expired" {
		t.Fatalf("unpaid renewal: %+v", p)
	}
	if status, _ := ada.profileStatus(t); status != "expired" {
		t.Fatalf("profile shows %q", status)
	}
	if au := audit(t, a); au.Movements != 3 {
		t.Fatalf("%d movements, want deposit, payment, renewal", au.Movements)
	}
	// Told once of each, with the amount, however many reads raced.
	r := ada.c.JSON("GET", "/api/notifications", nil)
	var told []string
	for _, n := range r.Body["notifications"].([]any) {
		if n := n.(map[string]any); strings.HasPrefix(n["type"].(string), "SUBSCRIPTION_") {
			told = append(told, n["type"].(string)+": "+n["message"].(string))
		}
	}
	want := []string{
		"SUBSCRIPTION_LAPSED: Your Artist Premium lapsed: your wallet could not pay ₦15,000.00.",
		"SUBSCRIPTION_RENEWED: Your Artist Premium renewed: ₦15,000.00 was paid from your wallet.",
	}
	if !slices.Equal(told, want) {
		t.Errorf("notifications %q, want %q", told, want)
	}
}

func TestSubscriptionEvents_SamplesReplayThroughTheLambdaAdapter(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, nil)
	for _, file := range []string{"events/payment/create-no-session.json", "events/payment/subscription-wallet-no-session.json"} {
		if res := a.Replay(t, "payment", file); res.StatusCode != http.StatusUnauthorized {
			t.Errorf("%s: %d %s, want 401", file, res.StatusCode, res.Body)
		}
	}
}

func TestSubscriptionWebhook_DeliveredTenTimesAtOnceActivatesOneMonth(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_hammered")
	back := press(t, ada.link(t), "pay")
	q := back.Query()
	body := chargeCompleted(q.Get("transaction_id"), q.Get("tx_ref"), 15_000*money.Naira, "successful")
	hash := keys(t, a).WebhookHash
	// Ten deliveries race the sandbox's own.
	var wg sync.WaitGroup
	var mu sync.Mutex
	activated := 0
	for range 10 {
		wg.Go(func() {
			r := deliver(t, a, ada.c, body, hash)
			switch {
			case r.Status == http.StatusOK && r.Message() == "Subscription activated":
				mu.Lock()
				activated++
				mu.Unlock()
			case r.Status == http.StatusOK && r.Message() == "Subscription already activated":
			default:
				t.Errorf("%d %s", r.Status, r.Raw)
			}
		})
	}
	wg.Wait()
	a.Settle(t)
	if activated > 1 {
		t.Fatalf("%d deliveries activated", activated)
	}
	if p := ada.plan(t); p.Status != "active" || !aMonthOn(*p.ExpiresAt) {
		t.Fatalf("plan %+v, want one month", p)
	}
	if au := audit(t, a); au.Movements != 1 || au.Balances[ledger.Fees] != 15_000*money.Naira {
		t.Fatalf("%d movements, fees %d", au.Movements, au.Balances[ledger.Fees])
	}
}

func TestSubscriptionWebhook_AnAmountTheProviderDoesNotConfirmActivatesNothing(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_tampers")
	link := ada.link(t)
	txRef := link[strings.LastIndex(link, "/")+1:]
	// A forged-amount event for a real link, signed with the real hash (a leaked secret): the
	// provider has no such transaction, so nothing is activated.
	body := chargeCompleted("99999999", txRef, 200*money.Naira, "successful")
	if r := deliver(t, a, ada.c, body, keys(t, a).WebhookHash); r.Status != http.StatusOK || r.Message() != "Payment refused: the payment provider does not confirm it" {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
	if p := ada.plan(t); p.Status != "none" {
		t.Fatalf("plan %+v", p)
	}
	if au := audit(t, a); au.Movements != 0 {
		t.Fatalf("%d movements", au.Movements)
	}
}

// Tries of one payment at once (a client retrying while its first try still runs): the tries
// that find the month already paid get the first try's 201, not 409, and one month is charged.
func TestSubscriptionWallet_TriesOfOneKeyAtOnceAllGetTheFirstAnswer(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, nil)
	ada := newMember(t, a, "ada_retries")
	fund(t, a, ada, "15000")
	key := uuid.NewString()
	apptest.OneAnswer(t, apptest.AtOnce(6, func() apptest.Response { return ada.payFromWallet(t, a, key) }), http.StatusCreated)
	if b := balance(t, a, ada.id); b != 0 {
		t.Fatalf("balance %d kobo, want 0 (one month charged)", b)
	}
	if au := audit(t, a); au.Movements != 2 {
		t.Fatalf("%d movements, want the deposit and one payment", au.Movements)
	}
}
