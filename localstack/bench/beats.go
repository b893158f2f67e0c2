package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"zuum/localstack/seed"
	"zuum/shared/ledger"
	"zuum/shared/media"
	"zuum/shared/money"
	"zuum/shared/schema"
)

// beatBuyers is how many buyers the purchase measurements sign up; contendedSupply is the supply
// of the beat they all race for at once.
const (
	beatBuyers      = 100
	contendedSupply = 20
	beatPrice       = 500 * money.Naira
)

// purchase sends one POST /api/beat/purchase with its Idempotency-Key through the gateway.
func (c *cloud) purchase(token, postID string, amount money.Money, key string) (int, map[string]any) {
	b, _ := json.Marshal(map[string]any{"postId": postID, "amount": amount})
	req := httptest.NewRequest("POST", "/api/beat/purchase", bytes.NewReader(b))
	n := c.calls.Add(1)
	req.RemoteAddr = fmt.Sprintf("198.18.%d.%d:443", n/250%256, n%250+1)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	rec := httptest.NewRecorder()
	c.gateway.ServeHTTP(rec, req)
	var m map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &m)
	return rec.Code, m
}

// benchBeats measures putting beats up for sale and buying them: the calls of one purchase
// (goal: one transaction, at most three store calls besides the session check), purchases one
// after another, and beatBuyers buyers racing at once for contendedSupply licences, whose
// winners, losers and ledger are checked.
func benchBeats(ctx context.Context, c *cloud, b socialBench) (socialResults, error) {
	var out socialResults
	add := func(r result, err error) error {
		if err == nil {
			out.results = append(out.results, r)
		}
		return err
	}
	s3c := s3.NewFromConfig(b.cfg, func(o *s3.Options) { o.UsePathStyle = true })
	tone, cover := seed.Tone([]float64{392, 440, 523, 587}, 3), seed.Cover(red, blue)
	const beats = 20
	for i := range beats {
		for _, o := range []struct {
			key, contentType string
			body             []byte
		}{
			{media.UserPrefix(b.id, media.Audio) + fmt.Sprintf("beat-%d.wav", i), "audio/wav", tone},
			{media.UserPrefix(b.id, media.Image) + fmt.Sprintf("beat-%d.png", i), "image/png", cover},
		} {
			if _, err := s3c.PutObject(ctx, &s3.PutObjectInput{
				Bucket: aws.String(schema.Media.Name), Key: aws.String(o.key), Body: bytes.NewReader(o.body), ContentType: aws.String(o.contentType),
			}); err != nil {
				return out, err
			}
		}
	}
	if err := b.edge.WaitIdle(ctx); err != nil {
		return out, err
	}
	var ids []string
	if err := add(b.measure("POST /api/beat/create (12 s WAV, preview cut)", beats, func(i int) int {
		supply := beatBuyers
		if i == 1 {
			supply = contendedSupply
		}
		s, body := b.call("POST", "/api/beat/create", b.token, map[string]any{
			"caption": fmt.Sprintf("Bench beat %d", i), "description": "A beat for the bench.", "amount": beatPrice,
			"total_supply": supply, "audio_upload": media.UserPrefix(b.id, media.Audio) + fmt.Sprintf("beat-%d.wav", i),
			"cover_photo": media.UserPrefix(b.id, media.Image) + fmt.Sprintf("beat-%d.png", i),
		})
		if p, ok := body["post"].(map[string]any); ok {
			id, _ := p["id"].(string)
			ids = append(ids, id)
		}
		return s
	}, 201)); err != nil {
		return out, err
	}
	// Buyers, each paid into directly through the ledger (deposits are not what is measured).
	l := ledger.New(dynamodb.NewFromConfig(b.cfg), schema.Ledger.Name)
	tokens := make([]string, beatBuyers)
	for i := range tokens {
		tok, id, err := signUp(b.call, b.edge, fmt.Sprintf("buyer%d", i))
		if err != nil {
			return out, err
		}
		tokens[i] = tok
		if _, err := l.Move(ctx, ledger.Movement{Kind: "deposit", Legs: []ledger.Leg{
			{Account: ledger.Clearing, Amount: -10 * beatPrice, Type: "deposit"},
			{Account: ledger.User(id), Amount: 10 * beatPrice, Type: "deposit", Counterparty: "Bank transfer"},
		}, Once: ledger.Once{Key: "bench-deposit#" + id}}); err != nil {
			return out, err
		}
	}
	if err := add(b.measure("POST /api/beat/purchase (one buyer after another)", beatBuyers, func(i int) int {
		s, _ := c.purchase(tokens[i], ids[0], beatPrice, uuid.NewString())
		return s
	}, 201)); err != nil {
		return out, err
	}
	if err := add(b.measure("GET /api/beat/purchase (library)", b.n, func(i int) int {
		s, _ := b.call("GET", "/api/beat/purchase", tokens[i%beatBuyers], nil)
		return s
	}, 200)); err != nil {
		return out, err
	}

	// Contention: every buyer at once for one beat of contendedSupply licences.
	c.api.take()
	answers := map[int]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	for _, tok := range tokens {
		wg.Go(func() {
			s, _ := c.purchase(tok, ids[1], beatPrice, uuid.NewString())
			mu.Lock()
			answers[s]++
			mu.Unlock()
		})
	}
	wg.Wait()
	took := time.Since(start)
	calls := c.api.take()
	if answers[201] != contendedSupply || answers[404] != beatBuyers-contendedSupply {
		return out, fmt.Errorf("contended purchases: answers %v, want %d × 201 and the rest 404", answers, contendedSupply)
	}
	// And every buyer at once for a beat with a licence for each: all of them succeed.
	start2 := time.Now()
	for _, tok := range tokens {
		wg.Go(func() {
			s, _ := c.purchase(tok, ids[2], beatPrice, uuid.NewString())
			mu.Lock()
			answers[1000+s]++
			mu.Unlock()
		})
	}
	wg.Wait()
	took2 := time.Since(start2)
	if answers[1201] != beatBuyers {
		return out, fmt.Errorf("concurrent purchases of a beat with enough supply: answers %v", answers)
	}
	audit, err := l.Audit(ctx)
	if err != nil {
		return out, err
	}
	if audit.Sum != 0 || len(audit.Negative) > 0 || len(audit.Unbalanced) > 0 || len(audit.Drifted) > 0 {
		return out, fmt.Errorf("ledger audit after the purchases: %+v", audit)
	}
	var keys []string
	for k, v := range calls {
		keys = append(keys, fmt.Sprintf("%s ×%d", k, v))
	}
	sort.Strings(keys)
	out.notes = fmt.Sprintf("\nPurchases under contention: %d buyers at once for one beat of %d licences: %d licences sold and %d told \"sold out\" "+
		"in %s (%.0f answers/s); the AWS calls of all %d requests together: %s. %d buyers at once for a beat with a licence for each: "+
		"all %d bought in %s, %.0f purchases/s. The ledger audited clean afterwards (%d movements, balances sum to zero, none negative).\n",
		beatBuyers, contendedSupply, answers[201], answers[404], took.Round(time.Millisecond), float64(beatBuyers)/took.Seconds(),
		beatBuyers, strings.Join(keys, ", "), beatBuyers, beatBuyers, took2.Round(time.Millisecond), float64(beatBuyers)/took2.Seconds(),
		audit.Movements)
	return out, nil
}
