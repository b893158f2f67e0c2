package httpapi_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/google/uuid"

	"zuum/localstack/cloudtest"
	"zuum/shared/httpapi"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/schema"
	"zuum/shared/session"
)

// sessions authenticates the tokens "alice" and "bob" as users of those ids: a stand-in for the
// account service, which this test is not about.
type sessions struct{}

func (sessions) Authenticate(_ context.Context, token string) (session.Session, error) {
	return session.Session{UserID: token}, nil
}

// payHandler moves ₦5 from the platform's clearing account into the caller's wallet per new key,
// answering 201 with the movement's id, as a money route does.
func payHandler(l *ledger.Store, runs *atomic.Int32) http.Handler {
	return httpapi.RequireSession(sessions{}, httpapi.Idempotent(l, "test", func(w http.ResponseWriter, r *http.Request) {
		runs.Add(1)
		me, _ := httpapi.PrincipalFrom(r.Context())
		once := httpapi.OnceOf(r)
		m := ledger.Movement{Kind: "deposit", Legs: []ledger.Leg{
			{Account: ledger.User(me.UserID), Amount: 5 * money.Naira, Type: "deposit"},
			{Account: ledger.Clearing, Amount: -5 * money.Naira, Type: "deposit"},
		}}
		m.ID = uuid.Must(uuid.NewV7()).String()
		answer := map[string]string{"movement": m.ID}
		if err := once.Answer(http.StatusCreated, answer); err != nil {
			httpapi.Error(w, r, err)
			return
		}
		m.Once = ledger.Once(*once)
		if _, err := l.Move(r.Context(), m); errors.Is(err, ledger.ErrReplayed) {
			httpapi.Replay(w, r, l)
			return
		} else if err != nil {
			httpapi.Error(w, r, err)
			return
		}
		httpapi.JSON(w, http.StatusCreated, answer)
	}))
}

func call(t *testing.T, h http.Handler, user, key, body string) (*http.Response, string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/api/test/pay", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+user)
	if key != "" {
		req.Header.Set(httpapi.IdempotencyHeader, key)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	raw, _ := io.ReadAll(rec.Result().Body)
	return rec.Result(), string(raw)
}

func TestIdempotent_AKeyMovesMoneyOnceAndReplaysItsFirstAnswer(t *testing.T) {
	t.Parallel()
	l := ledger.New(cloudtest.Start(t).DynamoDB, schema.Ledger.Name)
	var runs atomic.Int32
	h := payHandler(l, &runs)
	key := uuid.NewString()

	first, firstBody := call(t, h, "alice", key, `{"amount":5}`)
	if first.StatusCode != http.StatusCreated {
		t.Fatalf("first call: %d %s", first.StatusCode, firstBody)
	}
	again, againBody := call(t, h, "alice", key, `{"amount":5}`)
	if again.StatusCode != http.StatusCreated || againBody != strings.TrimSpace(firstBody) || again.Header.Get(httpapi.ReplayedHeader) != "true" {
		t.Fatalf("replay: %d %q (replayed %q), want the first answer %q", again.StatusCode, againBody, again.Header.Get(httpapi.ReplayedHeader), firstBody)
	}
	other, otherBody := call(t, h, "alice", key, `{"amount":6}`)
	if other.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(otherBody, "already used with a different request") {
		t.Fatalf("same key, other body: %d %s", other.StatusCode, otherBody)
	}
	// Keys belong to their user: bob's request with alice's key is his own first attempt.
	if bob, body := call(t, h, "bob", key, `{"amount":5}`); bob.StatusCode != http.StatusCreated || body == firstBody {
		t.Fatalf("bob with alice's key: %d %s", bob.StatusCode, body)
	}
	if b, _ := l.Balance(context.Background(), "alice"); b.Amount != 5*money.Naira {
		t.Fatalf("alice has %d, want ₦5 once", b.Amount)
	}
	if runs.Load() != 2 {
		t.Fatalf("the handler ran %d times, want 2 (alice once, bob once)", runs.Load())
	}
}

func TestIdempotent_RefusesAMissingOrMalformedKeyBeforeRunning(t *testing.T) {
	t.Parallel()
	l := ledger.New(cloudtest.Start(t).DynamoDB, schema.Ledger.Name)
	var runs atomic.Int32
	h := payHandler(l, &runs)
	for key, want := range map[string]string{"": "Idempotency-Key header is required", "not-a-uuid": "Idempotency-Key header must be a UUID",
		"0192f0c1a2b37c8d9e0f1a2b3c4d5e6f": "Idempotency-Key header must be a UUID"} {
		res, body := call(t, h, "alice", key, `{}`)
		if res.StatusCode != http.StatusBadRequest || !strings.Contains(body, want) {
			t.Errorf("key %q: %d %s", key, res.StatusCode, body)
		}
	}
	if runs.Load() != 0 {
		t.Fatalf("the handler ran %d times", runs.Load())
	}
}

// TestIdempotent_ConcurrentRequestsWithOneKeyMoveOnce: 20 copies of one request at once (a
// client retrying on a flaky network) all get the one answer, and one movement is made.
func TestIdempotent_ConcurrentRequestsWithOneKeyMoveOnce(t *testing.T) {
	t.Parallel()
	l := ledger.New(cloudtest.Start(t).DynamoDB, schema.Ledger.Name)
	var runs atomic.Int32
	h := payHandler(l, &runs)
	key := uuid.NewString()
	bodies := make([]string, 20)
	var wg sync.WaitGroup
	for i := range bodies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, body := call(t, h, "alice", key, `{"amount":5}`)
			if res.StatusCode != http.StatusCreated {
				t.Errorf("copy %d: %d %s", i, res.StatusCode, body)
			}
			bodies[i] = strings.TrimSpace(body)
		}()
	}
	wg.Wait()
	for i := range bodies {
		if bodies[i] != bodies[0] {
			t.Fatalf("copy %d answered %s, copy 0 %s", i, bodies[i], bodies[0])
		}
	}
	a, err := l.Audit(context.Background())
	if err != nil || a.Movements != 1 || a.Sum != 0 || a.Balances[ledger.User("alice")] != 5*money.Naira {
		t.Fatalf("audit %+v, %v: want one movement of ₦5", a, err)
	}
}
