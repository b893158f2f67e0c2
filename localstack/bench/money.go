package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"zuum/functions/reconcile"
	"zuum/localstack/flutterwave"
	"zuum/localstack/lambdas"
	"zuum/localstack/seed"
	"zuum/shared/ledger"
	"zuum/shared/media"
	"zuum/shared/money"
	"zuum/shared/payment"
	"zuum/shared/schema"
)

// The money soak (-money-soak): many money moves of every kind (deposits, wallet transfers and
// their replays, beat purchases, withdrawals the bank completes or fails, which gives the money
// back) through the gateway and the real payment client, while the sandbox's fault switch
// (localstack/flutterwave/faults.go) strikes at random from a seed: provider calls that fail,
// time out or lose their answer after acting; webhooks twice, late, out of order or never. At
// the end the switch is off, the bank settles what is still queued, the reconciler runs, and the
// books must be sound: the ledger audit clean, no withdrawal pending, and drift (the provider's
// balance, GET /v3/balances/NGN, less what the ledger's clearing account says it holds) zero.
// The wallets are funded by pay-ins through the sandbox, so its balance pays the withdrawals. A
// withdrawal whose transfer fee cannot be asked (GET /v3/transfers/fee struck by the
// GET /transfers/{id} rule) is answered 503: a refused move, checked to have moved nothing.
//
// A transfer call that fails before the provider acts (a 500, a request lost on the way) is not
// injected here: its withdrawal stays pending until an admin decides (issue 21), which the soak
// does not play; functions/payment's fault tests cover it.

const moneySoakHeading = "## Money under faults (issue 21)"

// soakFaults is the plan: each rule strikes that share of the calls or webhooks it names.
var soakFaults = []flutterwave.Fault{
	{Method: "POST", Path: "/transfers", Kind: flutterwave.FaultLose, Probability: 0.05},
	{Method: "POST", Path: "/transfers", Kind: flutterwave.FaultDelay, Probability: 0.05, DelayMS: 600},
	{Method: "GET", Path: "/transactions/{id}/verify", Kind: flutterwave.FaultError, Probability: 0.05},
	{Method: "GET", Path: "/transactions/{id}/verify", Kind: flutterwave.FaultLose, Probability: 0.03},
	{Method: "GET", Path: "/transfers/{id}", Kind: flutterwave.FaultError, Probability: 0.1},
	{Method: "GET", Path: "/transfers", Kind: flutterwave.FaultError, Probability: 0.1},
	{Event: payment.ChargeCompleted, Kind: flutterwave.FaultTwice, Probability: 0.05},
	{Event: payment.ChargeCompleted, Kind: flutterwave.FaultLate, Probability: 0.05, DelayMS: 400},
	{Event: payment.ChargeCompleted, Kind: flutterwave.FaultNever, Probability: 0.05},
	{Event: payment.ChargeCompleted, Kind: flutterwave.FaultReorder, Probability: 0.05, DelayMS: 2000},
	{Event: payment.TransferCompleted, Kind: flutterwave.FaultTwice, Probability: 0.05},
	{Event: payment.TransferCompleted, Kind: flutterwave.FaultLate, Probability: 0.05, DelayMS: 400},
	{Event: payment.TransferCompleted, Kind: flutterwave.FaultNever, Probability: 0.05},
	{Event: payment.TransferCompleted, Kind: flutterwave.FaultReorder, Probability: 0.05, DelayMS: 2000},
}

// soakFigures is what a run did and found.
type soakFigures struct {
	moves    map[string]int // by kind and outcome
	total    int            // moves that moved money (refused requests and replays not counted)
	requests int            // requests sent, refused ones and replays included
	faults   map[string]int // struck, by rule
	struck   int
	took     time.Duration
	audit    ledger.Audit
	pending  int
	held     money.Money // what the provider holds (GET /v3/balances/NGN)
	drift    money.Money
	// providerFees is what the provider kept (app_fee on pay-ins, its transfer fees), booked on
	// ledger.ProviderFees.
	providerFees money.Money
	// unfunded counts the transfers the provider's balance could not pay (FAILED at once): the
	// wallets are funded by pay-ins through the sandbox, so its balance pays what they withdraw.
	unfunded int
	seed     uint64
	timedOut bool
}

// sound reports what is wrong with the books ("" when nothing).
func (f soakFigures) sound() string {
	var bad []string
	a := f.audit
	if a.Sum != 0 || len(a.Negative) > 0 || len(a.Unbalanced) > 0 || len(a.Drifted) > 0 {
		bad = append(bad, fmt.Sprintf("audit: sum %d, negative %v, unbalanced %v, drifted %v", a.Sum, a.Negative, a.Unbalanced, a.Drifted))
	}
	if f.pending > 0 {
		bad = append(bad, fmt.Sprintf("%d withdrawals still pending", f.pending))
	}
	if f.drift != 0 {
		bad = append(bad, "drift "+f.drift.String())
	}
	return strings.Join(bad, "; ")
}

// soaker is one run's state.
type soaker struct {
	c       *cloud
	rnd     *rand.Rand
	tokens  []string
	ids     []string
	emails  []string
	beats   []string
	pending []string // withdrawals the bank has not settled
	fig     *soakFigures
}

// sandboxCall sends a request to the sandbox (controls, or v3 with the merchant's key).
func (s *soaker) sandboxCall(method, path string, body any, key string) (int, map[string]any) {
	raw, _ := json.Marshal(body)
	req := httptest.NewRequest(method, path, bytes.NewReader(raw))
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	rec := httptest.NewRecorder()
	s.c.edge.Payments().ServeHTTP(rec, req)
	var out map[string]any
	dec := json.NewDecoder(rec.Body)
	dec.UseNumber()
	_ = dec.Decode(&out)
	return rec.Code, out
}

// moving are the outcomes that move money.
var moving = map[string]bool{
	"deposit": true, "wallet transfer 201": true, "beat purchase 201": true, "withdrawal request 201": true,
	"withdrawal successful": true, "withdrawal failed": true,
}

// debits counts the user's withdrawals: the wallet's withdrawal entries that took money (a failed
// one's refund is a withdrawal entry that gives it back, and comes by webhook at any time).
func (s *soaker) debits(ctx context.Context, user int) (int, error) {
	l := ledger.New(dynamodb.NewFromConfig(s.c.cfg), schema.Ledger.Name)
	n := 0
	for p := (ledger.Page{Limit: 100}); ; {
		page, err := l.Entries(ctx, s.ids[user], "withdrawal", p)
		if err != nil {
			return 0, err
		}
		for _, e := range page.Entries {
			if e.Amount < 0 {
				n++
			}
		}
		if page.Next == "" {
			return n, nil
		}
		p.Cursor = page.Next
	}
}

func (s *soaker) count(kind string) {
	s.fig.moves[kind]++
	s.fig.requests++
	if moving[kind] {
		s.fig.total++
	}
}

// depositAccount opens (or reads) the user's deposit account for amount: POST with the amount
// where the app has it, else GET.
func (s *soaker) depositAccount(token string, amount money.Money) (string, error) {
	code, body := s.c.callWith("POST", "/api/payment/deposit-account", token, map[string]any{"amount": amount},
		map[string]string{"Idempotency-Key": uuid.NewString()})
	if code != http.StatusCreated && code != http.StatusOK {
		code, body = s.c.call("GET", "/api/payment/deposit-account", token, nil)
	}
	d, _ := body["data"].(map[string]any)
	number, _ := d["accountNumber"].(string)
	if code != http.StatusOK && code != http.StatusCreated || number == "" {
		return "", fmt.Errorf("deposit account: %d %v", code, body)
	}
	return number, nil
}

func (s *soaker) deposit(user int, amount money.Money) error {
	number, err := s.depositAccount(s.tokens[user], amount)
	if err != nil {
		return err
	}
	code, out := s.sandboxCall("POST", "/_flutterwave/sandbox/pay-in", map[string]any{"account_number": number, "amount": amount}, "")
	if code != http.StatusOK {
		s.count("deposit bounced")
		return nil
	}
	_ = out
	s.count("deposit")
	return nil
}

// withdraw asks for a withdrawal. A 503 (the provider's transfer fee could not be asked: a fault
// struck GET /v3/transfers/fee) is a refused move, and nothing may have moved: no new withdrawal
// in the wallet, no transfer queued at the provider.
func (s *soaker) withdraw(ctx context.Context, user int, amount money.Money, otp string) (int, error) {
	b := map[string]any{"amount": amount, "save": false, "accountNumber": "0123456789", "bankCode": "058"}
	if otp != "" {
		b["otp"] = otp
	}
	before, err := s.debits(ctx, user)
	if err != nil {
		return 0, err
	}
	queued := len(s.c.edge.Payments().Snapshot().Transfers)
	code, body := s.c.callWith("POST", "/api/payment/withdrawal", s.tokens[user], b, map[string]string{"Idempotency-Key": uuid.NewString()})
	switch {
	case code == http.StatusCreated:
		d, _ := body["data"].(map[string]any)
		ref, _ := d["tx_ref"].(string)
		s.pending = append(s.pending, ref)
	case code == http.StatusServiceUnavailable:
		after, err := s.debits(ctx, user)
		if err != nil {
			return code, err
		}
		if now := len(s.c.edge.Payments().Snapshot().Transfers); after != before || now != queued {
			return code, fmt.Errorf("withdrawal answered 503 %v, yet it moved: withdrawals %d → %d, transfers queued %d → %d", body, before, after, queued, now)
		}
	case code >= 500:
		return code, fmt.Errorf("withdrawal: %d %v", code, body)
	}
	return code, nil
}

// settleOne has the bank settle a queued withdrawal: paid, or failed (the money goes back).
func (s *soaker) settleOne(i int, status string) error {
	ref := s.pending[i]
	s.pending = append(s.pending[:i], s.pending[i+1:]...)
	code, out := s.sandboxCall("POST", "/_flutterwave/sandbox/transfers/"+ref+"/complete", map[string]any{"status": status}, "")
	switch code {
	case http.StatusOK:
		s.count("withdrawal " + strings.ToLower(status))
	case http.StatusConflict:
	default:
		return fmt.Errorf("complete %s: %d %v", ref, code, out)
	}
	return nil
}

// setUp signs users up, funds them, confirms each one's first withdrawal (the mailed code) and
// puts beats up for sale by the first user.
func (s *soaker) setUp(ctx context.Context, users int) error {
	for i := range users {
		name := fmt.Sprintf("soak%d", i)
		tok, id, err := signUp(s.c.call, s.c.edge, name)
		if err != nil {
			return err
		}
		s.tokens, s.ids, s.emails = append(s.tokens, tok), append(s.ids, id), append(s.emails, name+"@zuum.test")
		if err := s.deposit(i, 20_000*money.Naira); err != nil {
			return err
		}
	}
	if err := s.c.edge.WaitIdle(ctx); err != nil {
		return err
	}
	for i := range users {
		if code, err := s.withdraw(ctx, i, 100*money.Naira, ""); err != nil || code != http.StatusAccepted {
			return fmt.Errorf("first withdrawal of %d: %d %v", i, code, err)
		}
		var otp string
		for _, m := range s.c.edge.Mail() {
			if m.Destination.ToAddresses[0] == s.emails[i] {
				otp = sixDigits.FindString(m.Body.Text)
			}
		}
		if code, err := s.withdraw(ctx, i, 100*money.Naira, otp); err != nil || code != http.StatusCreated {
			return fmt.Errorf("confirmed withdrawal of %d: %d %v", i, code, err)
		}
	}
	s3c := s3.NewFromConfig(s.c.cfg, func(o *s3.Options) { o.UsePathStyle = true })
	tone, cover := seed.Tone([]float64{392, 440}, 1), seed.Cover(red, blue)
	var producerID string
	if _, body := s.c.call("GET", "/api/user/profile", s.tokens[0], nil); body != nil {
		if p, ok := body["profile"].(map[string]any); ok {
			producerID, _ = p["id"].(string)
		}
		if producerID == "" {
			producerID, _ = body["id"].(string)
		}
	}
	if producerID == "" {
		return errors.New("producer's id not found")
	}
	for i := range 2 {
		audio, image := media.UserPrefix(producerID, media.Audio)+fmt.Sprintf("soak-%d.wav", i), media.UserPrefix(producerID, media.Image)+fmt.Sprintf("soak-%d.png", i)
		for _, o := range []struct {
			key, typ string
			body     []byte
		}{{audio, "audio/wav", tone}, {image, "image/png", cover}} {
			if _, err := s3c.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(schema.Media.Name), Key: aws.String(o.key),
				Body: bytes.NewReader(o.body), ContentType: aws.String(o.typ)}); err != nil {
				return err
			}
		}
		if err := s.c.edge.WaitIdle(ctx); err != nil {
			return err
		}
		code, body := s.c.call("POST", "/api/beat/create", s.tokens[0], map[string]any{
			"caption": fmt.Sprintf("Soak beat %d", i), "description": "A beat for the money soak.", "amount": beatPrice,
			"total_supply": beatBuyers, "audio_upload": audio, "cover_photo": image,
		})
		p, _ := body["post"].(map[string]any)
		id, _ := p["id"].(string)
		if code != http.StatusCreated || id == "" {
			return fmt.Errorf("beat: %d %v", code, body)
		}
		s.beats = append(s.beats, id)
	}
	return nil
}

// moneySoak runs moves money moves under faults (at most limit long) and checks the books.
func moneySoak(ctx context.Context, moves int, seedN uint64, limit time.Duration) (soakFigures, error) {
	fig := soakFigures{moves: map[string]int{}, faults: map[string]int{}, seed: seedN}
	c, err := newCloudWith(ctx, map[string]string{
		"FLUTTERWAVE_TRANSFER_TIMEOUT": "300ms",
		"BCRYPT_COST":                  "4", // the minimum: the soak measures money, not password hashing
	})
	if err != nil {
		return fig, err
	}
	defer c.close()
	// Webhooks go to the app through the gateway, as the provider sends them to the site.
	app := httptest.NewServer(c.gateway)
	defer app.Close()
	keys, err := c.secret(ctx)
	if err != nil {
		return fig, err
	}
	sb := c.edge.Payments()
	sb.Configure(flutterwave.Config{SecretKey: keys.SecretKey, WebhookHash: keys.WebhookHash, WebhookURL: app.URL + lambdas.WebhookPath})
	s := &soaker{c: c, rnd: rand.New(rand.NewPCG(seedN, seedN+1)), fig: &fig}
	const users = 8
	if err := s.setUp(ctx, users); err != nil {
		return fig, err
	}
	setupMoves := fig.total // the funding deposits
	if err := sb.SetFaults(flutterwave.FaultPlan{Seed: seedN, Faults: soakFaults}); err != nil {
		return fig, err
	}
	start := time.Now()
	for fig.total-setupMoves < moves && fig.requests < 4*moves {
		if time.Since(start) > limit {
			fig.timedOut = true
			break
		}
		u := s.rnd.IntN(users)
		switch x := s.rnd.IntN(100); {
		case x < 25:
			err = s.deposit(u, money.Money(100+s.rnd.IntN(4900))*money.Naira)
		case x < 45:
			to := (u + 1 + s.rnd.IntN(users-1)) % users
			key := uuid.NewString()
			body := map[string]any{"email": s.emails[to], "amount": 50 + s.rnd.IntN(1950), "note": "soak"}
			code, _ := c.callWith("POST", "/api/wallet/transfer", s.tokens[u], body, map[string]string{"Idempotency-Key": key})
			s.count(fmt.Sprintf("wallet transfer %d", code))
			if s.rnd.IntN(5) == 0 { // the client retries with the same key: nothing moves again
				again, _ := c.callWith("POST", "/api/wallet/transfer", s.tokens[u], body, map[string]string{"Idempotency-Key": key})
				s.count(fmt.Sprintf("wallet transfer replay %d", again))
			}
		case x < 60:
			code, _ := c.purchase(s.tokens[1+s.rnd.IntN(users-1)], s.beats[s.rnd.IntN(len(s.beats))], beatPrice, uuid.NewString())
			s.count(fmt.Sprintf("beat purchase %d", code))
		case x < 80:
			var code int
			code, err = s.withdraw(ctx, u, money.Money(100+s.rnd.IntN(2900))*money.Naira, "")
			s.count(fmt.Sprintf("withdrawal request %d", code))
		default:
			if len(s.pending) == 0 {
				continue
			}
			status := payment.TransferSuccessful
			if s.rnd.IntN(10) < 3 {
				status = payment.TransferFailed
			}
			err = s.settleOne(s.rnd.IntN(len(s.pending)), status)
		}
		if err != nil {
			return fig, err
		}
	}
	// The switch off; the bank settles the rest; the reconciler finds what no webhook told.
	for _, f := range sb.Faults() {
		name := f.Kind + " " + f.Method + " " + f.Path + f.Event
		fig.faults[strings.TrimSpace(strings.ReplaceAll(name, "  ", " "))] += f.Struck
		fig.struck += f.Struck
	}
	if err := sb.SetFaults(flutterwave.FaultPlan{}); err != nil {
		return fig, err
	}
	for len(s.pending) > 0 {
		if err := s.settleOne(0, payment.TransferSuccessful); err != nil {
			return fig, err
		}
	}
	if err := c.edge.WaitIdle(ctx); err != nil {
		return fig, err
	}
	time.Sleep(1100 * time.Millisecond)
	work, err := reconcile.FromEnv(ctx, c.cfg, func(k string) string { return c.env[k] })
	if err != nil {
		return fig, err
	}
	for range 2 {
		if err := work(ctx, []byte(`{"older_than_seconds":1}`)); err != nil {
			return fig, err
		}
	}
	if err := c.edge.WaitIdle(ctx); err != nil {
		return fig, err
	}
	fig.took = time.Since(start)
	return fig, s.books(ctx)
}

// books fills the audit, the withdrawals still pending and the drift.
func (s *soaker) books(ctx context.Context) error {
	db := dynamodb.NewFromConfig(s.c.cfg)
	a, err := ledger.New(db, schema.Ledger.Name).Audit(ctx)
	if err != nil {
		return err
	}
	s.fig.audit = a
	out, err := db.Query(ctx, &dynamodb.QueryInput{TableName: aws.String(schema.Ledger.Name),
		KeyConditionExpression: aws.String("pk = :p"), ExpressionAttributeValues: map[string]types.AttributeValue{":p": &types.AttributeValueMemberS{Value: "WDPENDING"}}})
	if err != nil {
		return err
	}
	s.fig.pending = len(out.Items)
	keys, err := s.c.secret(ctx)
	if err != nil {
		return err
	}
	// The provider's own word on its balance, as the app asks it (the admin ledger's drift).
	code, body := s.sandboxCall("GET", "/_flutterwave/v3/balances/NGN", nil, keys.SecretKey)
	d, _ := body["data"].(map[string]any)
	n, _ := d["available_balance"].(json.Number)
	if code != http.StatusOK {
		return fmt.Errorf("balances/NGN: %d %v", code, body)
	}
	if s.fig.held, err = money.FromNumber(n); err != nil {
		return fmt.Errorf("balances/NGN: %v", body)
	}
	if held := s.c.edge.Payments().Balance(); held != s.fig.held {
		return fmt.Errorf("balances/NGN says %s, the sandbox holds %s", s.fig.held, held)
	}
	s.fig.providerFees = -a.Balances[ledger.ProviderFees]
	for _, tr := range s.c.edge.Payments().Snapshot().Transfers {
		if tr.Status == payment.TransferFailed && tr.CompleteMessage == flutterwave.InsufficientFunds {
			s.fig.unfunded++
		}
	}
	s.fig.drift = s.fig.held + a.Balances[ledger.Clearing]
	return nil
}

// section writes the figures as RESULTS.md's section.
func (f soakFigures) section() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\nWritten by `go run ./localstack/bench -money-soak -out localstack/bench/RESULTS.md` on %s (seed %d). Money moves of every kind through the gateway and the real payment client while the sandbox's fault switch strikes at random: provider calls answered 500, held past the app's 300 ms transfer timeout, or cut after the provider acted; webhooks delivered twice, late, out of order or never. Then the switch is off, the bank settles the transfers still queued, the reconciler runs twice, and the books are checked. A short run of the same is `go test ./localstack/bench -run MoneySoak`.\n\n",
		moneySoakHeading, time.Now().UTC().Format("2006-01-02 15:04 MST"), f.seed)
	verdict := "clean"
	if bad := f.sound(); bad != "" {
		verdict = "**UNSOUND**: " + bad
	}
	fmt.Fprintf(&b, "| figure | value |\n|---|---:|\n| money moves | %d |\n| requests (refused and replayed included) | %d |\n| faults injected | %d |\n| duration | %s |\n| ledger movements | %d |\n| audit | %s |\n| withdrawals left pending | %d |\n| provider holds | %s |\n| provider's fees booked | %s |\n| drift | %s |\n| transfers the provider's balance could not pay | %d |\n\n",
		f.total, f.requests, f.struck, f.took.Round(100*time.Millisecond), f.audit.Movements, verdict, f.pending, f.held, f.providerFees, f.drift, f.unfunded)
	b.WriteString("Drift is the sandbox's merchant balance (GET /v3/balances/NGN: pay-ins less app_fee, less transfers and their fees not failed) less what the ledger's clearing account says the provider holds. A withdrawal answered 503 (its transfer fee could not be asked) is a refused move, checked to have moved nothing.")
	if f.timedOut {
		b.WriteString(" The run reached its time bound before its count of moves.")
	}
	b.WriteString("\n\n| move (answer) | count |\n|---|---:|\n")
	for _, k := range sortedKeys(f.moves) {
		fmt.Fprintf(&b, "| %s | %d |\n", k, f.moves[k])
	}
	b.WriteString("\n| fault | struck |\n|---|---:|\n")
	for _, k := range sortedKeys(f.faults) {
		fmt.Fprintf(&b, "| %s | %d |\n", k, f.faults[k])
	}
	b.WriteString("\n")
	return b.String()
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// runMoneySoak runs the soak and writes its section of out (replacing the one there, else at
// the end, after the sections a full run keeps).
func runMoneySoak(out string, moves int, seedN uint64, limit time.Duration) error {
	fig, err := moneySoak(context.Background(), moves, seedN, limit)
	if err != nil {
		return err
	}
	section := fig.section()
	fmt.Print(section)
	if bad := fig.sound(); bad != "" {
		err = errors.New("money soak: " + bad)
	}
	if out == "" {
		return err
	}
	return errors.Join(err, replaceSection(out, moneySoakHeading, section))
}
