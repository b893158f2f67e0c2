package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/google/uuid"

	"zuum/localstack/edge"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/schema"
)

// walletBench is what the wallet's measurements need from run.
type walletBench struct {
	cfg     aws.Config
	edge    *edge.Edge
	gateway http.Handler
	call    func(method, path, token string, body any) (int, map[string]any)
	measure func(name string, reps int, do func(i int) int, want int) (result, error)
	n       int
}

type walletResults struct {
	results []result
	notes   string
}

// raceTransfers and raceBalance shape the contention run: that many transfers of ₦1 at once out
// of a wallet holding raceBalance naira.
const (
	raceTransfers = 60
	raceBalance   = 40
)

// benchWallet measures transfers (new, replayed, refused), the statement of a month, and a burst
// of concurrent transfers from one wallet that together exceed its balance.
func benchWallet(ctx context.Context, b walletBench) (walletResults, error) {
	var out walletResults
	add := func(r result, err error) error {
		if err == nil {
			out.results = append(out.results, r)
		}
		return err
	}
	payer, payerID, err := signUp(b.call, b.edge, "payer")
	if err != nil {
		return out, err
	}
	payee, _, err := signUp(b.call, b.edge, "payee")
	if err != nil {
		return out, err
	}
	l := ledger.New(dynamodb.NewFromConfig(b.cfg), schema.Ledger.Name)
	if err := credit(ctx, l, payerID, money.Money(b.n+1)*money.Naira, "bench-payer"); err != nil {
		return out, err
	}
	to := map[string]any{"email": "payee@zuum.test", "amount": 1, "note": "bench"}
	if err := add(b.measure("POST /api/wallet/transfer", b.n, func(int) int {
		return b.transfer(payer, uuid.NewString(), to)
	}, 201)); err != nil {
		return out, err
	}
	key := uuid.NewString()
	if s := b.transfer(payer, key, to); s != 201 {
		return out, fmt.Errorf("transfer to replay: %d", s)
	}
	if err := add(b.measure("POST /api/wallet/transfer (replayed key)", b.n, func(int) int {
		return b.transfer(payer, key, to)
	}, 201)); err != nil {
		return out, err
	}
	tooMuch := map[string]any{"email": "payer@zuum.test", "amount": 1_000_000}
	if err := add(b.measure("POST /api/wallet/transfer (insufficient funds)", b.n, func(int) int {
		return b.transfer(payee, uuid.NewString(), tooMuch)
	}, 406)); err != nil {
		return out, err
	}
	now := time.Now().In(time.FixedZone("Africa/Lagos", 3600))
	month := fmt.Sprintf("/api/wallet/statement?from=%s&to=%s", now.AddDate(0, 0, -30).Format(time.DateOnly), now.Format(time.DateOnly))
	if err := add(b.measure(fmt.Sprintf("GET /api/wallet/statement (30 days, %d entries)", b.n+2), b.n, func(int) int {
		s, _ := b.call("GET", month, payer, nil)
		return s
	}, 200)); err != nil {
		return out, err
	}
	if err := add(b.measure("GET /api/wallet/transactions?type=transfer", b.n, func(int) int {
		s, _ := b.call("GET", "/api/wallet/transactions?type=transfer", payer, nil)
		return s
	}, 200)); err != nil {
		return out, err
	}
	race, err := b.race(ctx, l)
	if err != nil {
		return out, err
	}
	out.notes = race
	return out, nil
}

// race sends raceTransfers transfers of ₦1 at once from a wallet of ₦raceBalance and checks that
// exactly raceBalance went through and that the ledger still balances.
func (b walletBench) race(ctx context.Context, l *ledger.Store) (string, error) {
	token, id, err := signUp(b.call, b.edge, "racer")
	if err != nil {
		return "", err
	}
	if err := credit(ctx, l, id, raceBalance*money.Naira, "bench-racer"); err != nil {
		return "", err
	}
	statuses := make([]int, raceTransfers)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range raceTransfers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = b.transfer(token, uuid.NewString(), map[string]any{"email": "payee@zuum.test", "amount": 1})
		}()
	}
	wg.Wait()
	took := time.Since(start)
	count := map[int]int{}
	for _, s := range statuses {
		count[s]++
	}
	a, err := l.Audit(ctx)
	if err != nil {
		return "", err
	}
	if count[201] != raceBalance || count[406] != raceTransfers-raceBalance || a.Sum != 0 || len(a.Negative) > 0 || len(a.Drifted) > 0 || len(a.Unbalanced) > 0 {
		return "", fmt.Errorf("transfer race: answers %v, audit sum %d, negative %v, drifted %v, unbalanced %v", count, a.Sum, a.Negative, a.Drifted, a.Unbalanced)
	}
	return fmt.Sprintf("\nTransfers: a transfer is one DynamoDB transaction (both legs, both balances, the idempotency item, the recipient check and its notification) after the session check, the key's lookup, the balance and the recipient's email and profile; a replayed key answers from its idempotency item alone. The statement reads only its date range (one Query per 500 entries). A race of %d concurrent transfers of ₦1 from a wallet of ₦%d took %s: %d went through and %d were 406, none went below zero, and the ledger's audit found every movement balanced (%d movements, sum 0).\n",
		raceTransfers, raceBalance, took.Round(time.Millisecond), count[201], count[406], a.Movements), nil
}

// transfer posts a transfer with the Idempotency-Key key and returns the status.
func (b walletBench) transfer(token, key string, body any) int {
	raw, _ := json.Marshal(body)
	req := httptest.NewRequest(http.MethodPost, "/api/wallet/transfer", bytes.NewReader(raw))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	rec := httptest.NewRecorder()
	b.gateway.ServeHTTP(rec, req)
	return rec.Code
}

// credit pays amount into the wallet of userID from the provider's clearing account, as a
// deposit would.
func credit(ctx context.Context, l *ledger.Store, userID string, amount money.Money, key string) error {
	_, err := l.Move(ctx, ledger.Movement{Kind: "deposit", Once: ledger.Once{Key: key}, Legs: []ledger.Leg{
		{Account: ledger.User(userID), Amount: amount, Type: "deposit", Counterparty: "Bank transfer", Reference: key},
		{Account: ledger.Clearing, Amount: -amount, Type: "deposit", Reference: key},
	}})
	if err != nil {
		return fmt.Errorf("credit %s: %w", strings.TrimPrefix(key, "bench-"), err)
	}
	return nil
}
