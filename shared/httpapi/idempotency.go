package httpapi

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"strings"

	"github.com/google/uuid"

	"zuum/shared/failure"
)

// IdempotencyHeader names the client's key for one attempt at a money call: a UUID the client
// makes once per attempt and sends again with every retry of it.
const IdempotencyHeader = "Idempotency-Key"

// ReplayedHeader marks an answer that is the first answer to an earlier request with the key.
const ReplayedHeader = "Idempotent-Replayed"

// Refusals of the idempotency middleware.
var (
	errKeyMissing = failure.New(failure.Invalid, "Idempotency-Key header is required")
	errKeyFormat  = failure.New(failure.Invalid, "Idempotency-Key header must be a UUID")
	errKeyReused  = &failure.Error{Code: failure.Invalid, Message: "Idempotency-Key was already used with a different request"}
)

type onceKey struct{}

// idempotent is what IdempotentRebuilt puts in a request's context: its item, where first
// requests are kept, and how their answers are rebuilt.
type idempotent struct {
	once    *Once
	answers Answers
	rebuild Rebuild
}

// Rebuild makes the first answer of the request that used key: it reads the key's item again and
// what the item names (its movement, or what the request made: Once.Made), and renders the answer
// that request gave, status included.
type Rebuild func(ctx context.Context, key string) (status int, answer any, err error)

// Answers is where a key's first request is kept: the ledger (*ledger.Store) keeps it in the
// idempotency item a movement writes in its own transaction.
type Answers interface {
	// FirstRequest reads the item of key: the hash of the request that used it first; found is
	// false while the key is new.
	FirstRequest(ctx context.Context, key string) (hash string, found bool, err error)
}

// IdempotentRebuilt wraps a money route: next runs once per key, and every later request with
// the key gets next's first answer again, rebuilt by rebuild from what the first request's
// movement stored (no answer is stored). It must run inside RequireSession, since keys belong to
// the caller (scope#userId#key): one user's key never answers another's request.
//
//   - no Idempotency-Key, or one that is not a UUID: 400, nothing runs;
//   - a key already used with the same method, path and body: the rebuilt first answer, with
//     Idempotent-Replayed: true, and nothing runs;
//   - a key already used with anything else: 422;
//   - a new key: next runs with OnceOf(r) set. next sets what it made into it (Once.Made, when
//     its movement does not name it) and passes it as its movement's idempotency item
//     (ledger.Once(*once)), so it is stored in the movement's own transaction; a concurrent
//     request with the key loses that transaction (ledger.ErrReplayed) and calls Replay.
//
// Refusals (4xx) store nothing: they moved nothing, and the same attempt may succeed once the
// refusal's cause is gone (a deposit arrives).
func IdempotentRebuilt(l Answers, scope string, rebuild Rebuild, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key := strings.TrimSpace(r.Header.Get(IdempotencyHeader))
		switch {
		case key == "":
			Error(w, r, errKeyMissing)
			return
		case uuid.Validate(key) != nil || len(key) != 36:
			Error(w, r, errKeyFormat)
			return
		}
		me, ok := PrincipalFrom(r.Context())
		if !ok {
			Error(w, r, unauthorized)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxJSONBody))
		if err != nil {
			Error(w, r, failure.New(failure.TooLarge, "Request body is too large."))
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		sum := sha256.New()
		sum.Write([]byte(r.Method + " " + r.URL.Path + "\n"))
		sum.Write(body)
		in := &idempotent{once: &Once{Key: scope + "#" + me.UserID + "#" + strings.ToLower(key), Hash: hex.EncodeToString(sum.Sum(nil))}, answers: l, rebuild: rebuild}
		if in.replayed(w, r) {
			return
		}
		next(w, r.WithContext(context.WithValue(r.Context(), onceKey{}, in)))
	}
}

// Once is the idempotency item a money handler writes with its movement: its key, the hash of
// the request, and what it made when its movement does not name it. It has the fields of
// ledger.Once, so ledger.Once(*once) turns it into the movement's item.
type Once struct {
	Key  string
	Hash string
	Made string
}

// OnceOf is the idempotency item IdempotentRebuilt made for r (nil outside it).
func OnceOf(r *http.Request) *Once {
	if in, ok := r.Context().Value(onceKey{}).(*idempotent); ok {
		return in.once
	}
	return nil
}

// answeredMeanwhile answers r with its key's first answer, when r runs inside IdempotentRebuilt
// and a request with its key has been answered since it looked (see IdempotentRebuilt). A failure to
// read the item reports false: the caller answers what it was about to.
func answeredMeanwhile(w http.ResponseWriter, r *http.Request) bool {
	in, ok := r.Context().Value(onceKey{}).(*idempotent)
	if !ok {
		return false
	}
	hash, found, err := in.answers.FirstRequest(r.Context(), in.once.Key)
	if err != nil || !found {
		return false
	}
	in.answerFirst(w, r, hash)
	return true
}

// Replay answers r with the first answer of its key, after its movement lost to a concurrent
// request with the same key (ledger.ErrReplayed).
func Replay(w http.ResponseWriter, r *http.Request, l Answers) {
	in, ok := r.Context().Value(onceKey{}).(*idempotent)
	if !ok || !in.replayed(w, r) {
		Error(w, r, failure.New(failure.Internal, ServerErrorMessage))
	}
}

// replayed answers r from the stored item of its key, if there is one: its first answer when the
// request is the same, 422 when it is not.
func (in *idempotent) replayed(w http.ResponseWriter, r *http.Request) bool {
	hash, ok, err := in.answers.FirstRequest(r.Context(), in.once.Key)
	switch {
	case err != nil:
		writeError(w, r, err)
		return true
	case !ok:
		return false
	}
	in.answerFirst(w, r, hash)
	return true
}

// answerFirst writes the first answer of the request whose hash is hash, rebuilt, to a request
// with the same key: that answer when the request is the same, 422 when it is not.
func (in *idempotent) answerFirst(w http.ResponseWriter, r *http.Request, hash string) {
	if hash != in.once.Hash {
		JSON(w, http.StatusUnprocessableEntity, ErrorBody{Message: errKeyReused.Message})
		return
	}
	status, v, err := in.rebuild(r.Context(), in.once.Key)
	var body []byte
	if err == nil {
		body, err = json.Marshal(v)
	}
	if err != nil {
		writeError(w, r, failure.Wrap(err, "rebuild the first answer"))
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set(ReplayedHeader, "true")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
