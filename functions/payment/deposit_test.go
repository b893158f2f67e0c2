package payment_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/localstack/flutterwave"
	"zuum/shared/money"
	"zuum/shared/schema"
)

// noAccount checks GET /api/payment/deposit-account{path} is 404 "No Account Details".
func (m member) noAccount(t *testing.T, path string) {
	t.Helper()
	if r := m.c.JSON("GET", "/api/payment/deposit-account"+path, nil); r.Status != http.StatusNotFound || r.Message() != "No Account Details" {
		t.Fatalf("GET deposit-account%s: %d %s, want 404 No Account Details", path, r.Status, r.Raw)
	}
}

func (m member) current(t *testing.T) depositAccount {
	t.Helper()
	r := m.c.JSON("GET", "/api/payment/deposit-account", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("GET deposit-account: %d %s", r.Status, r.Raw)
	}
	return dataOf(t, r)
}

// payInStatus pays into the sandbox and returns its status (a returned transfer is not 200).
func payInStatus(t *testing.T, a *apptest.App, number string, amount any) int {
	t.Helper()
	status, _ := sandbox(t, a, "POST", "/_flutterwave/sandbox/pay-in", map[string]any{"account_number": number, "amount": amount})
	return status
}

// depositItems are the Ledger table's deposit-account items (DEPOSIT#…, TXREF#…).
func depositItems(t *testing.T, a *apptest.App) []map[string]any {
	t.Helper()
	out, err := a.Cloud.DynamoDB.Scan(context.Background(), &dynamodb.ScanInput{TableName: aws.String(schema.Ledger.Name)})
	if err != nil {
		t.Fatal(err)
	}
	var items []map[string]any
	for _, it := range out.Items {
		raw, _ := json.Marshal(it)
		if strings.Contains(string(raw), "DEPOSIT#") || strings.Contains(string(raw), "TXREF#") {
			var m map[string]any
			_ = json.Unmarshal(raw, &m)
			items = append(items, m)
		}
	}
	return items
}

func TestDepositAccount_NeedsASession(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, nil)
	c := a.Client(t)
	for _, r := range []apptest.Response{
		c.JSON("GET", "/api/payment/deposit-account", nil),
		c.JSON("POST", "/api/payment/deposit-account", map[string]any{"amount": 500}),
		c.JSON("GET", "/api/payment/deposit-account/permanent", nil),
		c.JSON("POST", "/api/payment/deposit-account/permanent", map[string]any{"bvn": testBVN}),
	} {
		if r.Status != http.StatusUnauthorized {
			t.Errorf("%d %s, want 401", r.Status, r.Raw)
		}
	}
}

func TestDepositAccount_OpensForTheAmountTakesItOnceAndIsGoneOncePaid(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_exact")
	ada.noAccount(t, "")
	acct := ada.openDeposit(t, 2500)
	if len(acct.AccountNumber) != 10 || acct.BankName == "" || acct.Reference == "" || acct.Amount != 2500*money.Naira || acct.ExpiresAt == nil {
		t.Fatalf("account %+v", acct)
	}
	if exp, err := time.Parse(time.RFC3339, *acct.ExpiresAt); err != nil || time.Until(exp) < 50*time.Minute {
		t.Fatalf("expiresAt %q (%v): want the provider's hour", *acct.ExpiresAt, err)
	}
	if got := ada.current(t); got != acct && *got.ExpiresAt != *acct.ExpiresAt {
		t.Fatalf("GET %+v, want the account just opened %+v", got, acct)
	}
	if st := payInStatus(t, a, acct.AccountNumber, 2400); st != http.StatusUnprocessableEntity {
		t.Fatalf("a different amount: sandbox %d, want the transfer returned", st)
	}
	payIn(t, a, map[string]any{"account_number": acct.AccountNumber, "amount": 2500})
	a.Settle(t)
	wantBalance(t, a, ada.id, 2500*money.Naira, "balance %s, want ₦2,500")
	ada.noAccount(t, "") // paid: no longer shown
	// A second transfer into it is returned by the bank: no transaction, no webhook, no credit.
	hooks := len(a.Cloud.Edge.Payments().Deliveries())
	if st := payInStatus(t, a, acct.AccountNumber, 2500); st != http.StatusConflict {
		t.Fatalf("second pay-in: sandbox %d, want the transfer returned", st)
	}
	a.Settle(t)
	if got := balance(t, a, ada.id); got != 2500*money.Naira || len(a.Cloud.Edge.Payments().Deliveries()) != hooks {
		t.Fatalf("after a returned transfer: balance %s, %d webhooks (was %d)", got, len(a.Cloud.Edge.Payments().Deliveries()), hooks)
	}
	if au := audit(t, a); au.Movements != 1 {
		t.Fatalf("%d movements, want 1", au.Movements)
	}
	// A new account for another amount.
	next := ada.openDeposit(t, json.Number("150.25"))
	if next.AccountNumber == acct.AccountNumber || next.Amount != 150*money.Naira+25 || ada.current(t).Reference != next.Reference {
		t.Fatalf("new account %+v", next)
	}
}

func TestDepositAccount_AnExpiredOneIsGoneAndBouncesPayIns(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, nil)
	a.Cloud.Edge.Payments().SetAccountLifetime(2 * time.Second)
	ada := newMember(t, a, "ada_expired")
	acct := ada.openDeposit(t, 1000)
	exp, _ := time.Parse(time.RFC3339, *acct.ExpiresAt)
	if time.Until(exp) > 3*time.Second {
		t.Fatalf("expiresAt %s: want the sandbox's 2 s", *acct.ExpiresAt)
	}
	// Its lifetime passes: the sandbox's clock moves past its end, and so does the app's record of it.
	a.Cloud.Edge.Payments().SetClock(func() time.Time { return exp.Add(time.Second) })
	if _, err := a.Cloud.DynamoDB.UpdateItem(context.Background(), &dynamodb.UpdateItemInput{
		TableName: &schema.Ledger.Name, Key: map[string]types.AttributeValue{
			schema.PK: &types.AttributeValueMemberS{Value: "DEPOSIT#" + ada.id}, schema.SK: &types.AttributeValueMemberS{Value: "ACCOUNT"}},
		UpdateExpression:          aws.String("SET valid_until = :end"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":end": &types.AttributeValueMemberS{Value: time.Now().Add(-time.Second).UTC().Format(time.RFC3339)}},
	}); err != nil {
		t.Fatal(err)
	}
	ada.noAccount(t, "")
	if st := payInStatus(t, a, acct.AccountNumber, 1000); st != http.StatusGone {
		t.Fatalf("pay-in after the expiry: sandbox %d, want 410", st)
	}
	a.Settle(t)
	wantBalance(t, a, ada.id, 0, "balance %s after a returned transfer")
}

func TestDepositAccount_BadAmountsAre400AndChangeNothing(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_small")
	for body, want := range map[string]string{
		`{"amount": 99.99}`:  "Minimum deposit: ₦100",
		`{"amount": 0}`:      "Minimum deposit: ₦100",
		`{}`:                 "Minimum deposit: ₦100",
		`{"amount": -500}`:   "Minimum deposit: ₦100",
		`{"amount": 1.005}`:  "amount must be a number of naira with at most two decimals",
		`{"amount": "lots"}`: "amount must be a number of naira with at most two decimals",
	} {
		r := ada.postDeposit(t, "", json.RawMessage(body))
		if r.Status != http.StatusBadRequest || r.FieldErrors()["amount"] != want {
			t.Errorf("%s: %d %s, want 400 with amount: %q", body, r.Status, r.Raw, want)
		}
	}
	ada.noAccount(t, "")
	if items := depositItems(t, a); len(items) != 0 {
		t.Fatalf("refused requests stored %v", items)
	}
	if n := len(a.Cloud.Edge.Payments().Snapshot().Accounts); n != 0 {
		t.Fatalf("refused requests opened %d accounts at the provider", n)
	}
	// The minimum itself is taken.
	if acct := ada.openDeposit(t, 100); acct.Amount != 100*money.Naira {
		t.Fatalf("₦100: %+v", acct)
	}
}

func TestDepositAccount_AReplayWithTheSameKeyGetsTheSameAccount(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_replays")
	key := uuid.NewString()
	first := ada.postDeposit(t, key, map[string]any{"amount": 5000})
	if first.Status != http.StatusCreated {
		t.Fatalf("%d %s", first.Status, first.Raw)
	}
	var wg sync.WaitGroup
	again := make([]apptest.Response, 5)
	for i := range again {
		wg.Go(func() { again[i] = ada.postDeposit(t, key, map[string]any{"amount": 5000}) })
	}
	wg.Wait()
	for _, r := range again {
		if r.Status != http.StatusCreated || strings.TrimSpace(string(r.Raw)) != strings.TrimSpace(string(first.Raw)) || r.Header.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("replay: %d %s (replayed %q), want %s", r.Status, r.Raw, r.Header.Get("Idempotent-Replayed"), first.Raw)
		}
	}
	if r := ada.postDeposit(t, key, map[string]any{"amount": 6000}); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("the key with another amount: %d %s, want 422", r.Status, r.Raw)
	}
	if n := len(a.Cloud.Edge.Payments().Snapshot().Accounts); n != 1 {
		t.Fatalf("%d accounts at the provider, want 1", n)
	}
}

func TestDepositAccount_ConcurrentOpensAgreeOrAreRefusedAndLeaveNoOrphans(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_races")
	var wg sync.WaitGroup
	got := make([]apptest.Response, 8)
	for i := range got {
		wg.Go(func() { got[i] = ada.postDeposit(t, "", map[string]any{"amount": 1000 + i}) })
	}
	wg.Wait()
	opened := map[string]bool{}
	for _, r := range got {
		switch r.Status {
		case http.StatusCreated:
			opened[dataOf(t, r).Reference] = true
		case http.StatusConflict:
			if r.Message() != "Another deposit account was opened at the same time. Please try again." {
				t.Errorf("conflict %s", r.Raw)
			}
		default:
			t.Fatalf("%d %s", r.Status, r.Raw)
		}
	}
	if len(opened) == 0 || !opened[ada.current(t).Reference] {
		t.Fatalf("opened %v; the current account is not one of them", opened)
	}
	refs := 0
	for _, it := range depositItems(t, a) {
		raw, _ := json.Marshal(it)
		if strings.Contains(string(raw), "TXREF#") {
			refs++
		}
	}
	if refs != len(opened) {
		t.Fatalf("%d tx_ref items for %d accounts answered: a refused request left items", refs, len(opened))
	}
}

func TestDepositAccount_AReplacedAccountIsStillCreditedWhenPaid(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_replaces")
	old := ada.openDeposit(t, 700)
	cur := ada.openDeposit(t, 900)
	if ada.current(t).Reference != cur.Reference {
		t.Fatal("GET does not show the newest account")
	}
	payIn(t, a, map[string]any{"account_number": old.AccountNumber, "amount": 700})
	a.Settle(t)
	wantBalance(t, a, ada.id, 700*money.Naira, "balance %s, want ₦700 paid into the replaced account")
	if ada.current(t).Reference != cur.Reference {
		t.Fatal("paying the replaced account hid the current one")
	}
}

func TestDepositAccount_WhenTheProviderRefusesUsIs503(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_no_provider")
	a.Cloud.Edge.Payments().Configure(flutterwave.Config{SecretKey: "rotated-at-the-provider", WebhookHash: "h"})
	for _, r := range []apptest.Response{
		ada.postDeposit(t, "", map[string]any{"amount": 500}),
		ada.c.JSON("POST", "/api/payment/deposit-account/permanent", map[string]any{"bvn": testBVN}),
	} {
		if r.Status != http.StatusServiceUnavailable || r.Message() != "Payment provider unavailable. Please try again later." {
			t.Fatalf("%d %s", r.Status, r.Raw)
		}
	}
	ada.noAccount(t, "")
	ada.noAccount(t, "/permanent")
	if items := depositItems(t, a); len(items) != 0 {
		t.Fatalf("stored %v", items)
	}
}

func TestPermanentAccount_OpensOnceTakesAnyAmountAndKeepsNoBVN(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_static")
	ada.noAccount(t, "/permanent")
	for _, bvn := range []any{"", "2223334445", "222333444556", "2223334445x", 22233344455} {
		r := ada.c.JSON("POST", "/api/payment/deposit-account/permanent", map[string]any{"bvn": bvn})
		if r.Status != http.StatusBadRequest || (r.FieldErrors()["bvn"] != "BVN must be exactly 11 digits" && r.Message() != "Invalid request data") {
			t.Errorf("bvn %v: %d %s", bvn, r.Status, r.Raw)
		}
	}
	if n := len(a.Cloud.Edge.Payments().Snapshot().Accounts); n != 0 {
		t.Fatalf("bad BVNs opened %d accounts", n)
	}
	r := ada.c.JSON("POST", "/api/payment/deposit-account/permanent", map[string]any{"bvn": testBVN})
	if r.Status != http.StatusCreated || r.Body["data"].(map[string]any)["bvnLast4"] != "4455" {
		t.Fatalf("open: %d %s", r.Status, r.Raw)
	}
	acct := dataOf(t, r)
	again := ada.c.JSON("POST", "/api/payment/deposit-account/permanent", map[string]any{"bvn": "99988877766"})
	if again.Status != http.StatusOK || dataOf(t, again).AccountNumber != acct.AccountNumber {
		t.Fatalf("second open: %d %s, want the same account", again.Status, again.Raw)
	}
	if got := ada.c.JSON("GET", "/api/payment/deposit-account/permanent", nil); got.Status != http.StatusOK || dataOf(t, got).AccountNumber != acct.AccountNumber {
		t.Fatalf("GET permanent: %d %s", got.Status, got.Raw)
	}
	if n := len(a.Cloud.Edge.Payments().Snapshot().Accounts); n != 1 {
		t.Fatalf("%d accounts at the provider, want 1", n)
	}
	ada.noAccount(t, "") // a permanent account is not a temporary one
	for _, amount := range []any{150, json.Number("20000.50"), 150} {
		payIn(t, a, map[string]any{"account_number": acct.AccountNumber, "amount": amount})
	}
	a.Settle(t)
	wantBalance(t, a, ada.id, 20300*money.Naira+50, "balance %s, want ₦20,300.50")
	audit(t, a)
	// The BVN is nowhere in the tables.
	for _, table := range []string{schema.Ledger.Name, schema.Users.Name} {
		out, err := a.Cloud.DynamoDB.Scan(context.Background(), &dynamodb.ScanInput{TableName: aws.String(table)})
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := json.Marshal(out.Items)
		if strings.Contains(string(raw), testBVN) || strings.Contains(string(raw), "99988877766") {
			t.Fatalf("the BVN is stored in %s", table)
		}
	}
}
