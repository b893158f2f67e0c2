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

// idempotent is what Idempotent puts in a request's context: its item, and where the first
// answers are kept.
type idempotent struct {
	once    *Once
	answers Answers
	rebuild Rebuild
}

// Rebuild makes the first answer of a request whose movement stored what it made (Once.Made)
// instead of an answer: it reads the item of key again, and what it names, and renders the answer
// the request gave.
type Rebuild func(ctx context.Context, key string) (status int, answer any, err error)

// Answers keeps the first answer of every idempotency key: the ledger (*ledger.Store) does, in
// the idempotency item a movement writes in its own transaction.
type Answers interface {
	// FirstAnswer reads the item of key: the hash of the request that used it first and the
	// answer that request got; found is false while the key is new.
	FirstAnswer(ctx context.Context, key string) (hash string, status int, body []byte, found bool, err error)
}

// Idempotent wraps a money route: next runs once per key, and every later request with the key
// gets next's first answer again. It must run inside RequireSession, since keys belong to the
// caller (scope#userId#key): one user's key never answers another's request.
//
//   - no Idempotency-Key, or one that is not a UUID: 400, nothing runs;
//   - a key already used with the same method, path and body: the stored status and body, with
//     Idempotent-Replayed: true, and nothing runs;
//   - a key already used with anything else: 422;
//   - a new key: next runs with OnceOf(r) set. next sets its answer into it (Once.Answer) and
//     passes it as its movement's idempotency item (ledger.Once(*once)), so the answer is stored
//     in the movement's own transaction; a concurrent request with the key loses that
//     transaction (ledger.ErrReplayed) and calls Replay.
//
// Refusals (4xx) store nothing: they moved nothing, and the same attempt may succeed once the
// refusal's cause is gone (a deposit arrives).
func Idempotent(l Answers, scope string, next http.HandlerFunc) http.HandlerFunc {
	return IdempotentRebuilt(l, scope, nil, next)
}

// IdempotentRebuilt is Idempotent for a route whose movement stores what it made (Once.Made)
// rather than its answer: a replay gets the answer rebuild makes from it.
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
// the request, and the answer it gives. It has the fields of ledger.Once, so ledger.Once(*once)
// turns it into the movement's item.
type Once struct {
	Key    string
	Hash   string
	Status int
	Body   []byte
	Made   string
}

// Answer records the answer the handler is about to give, so the movement stores it.
func (o *Once) Answer(status int, v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	o.Status, o.Body = status, body
	return nil
}

// OnceOf is the idempotency item Idempotent made for r (nil outside it).
func OnceOf(r *http.Request) *Once {
	if in, ok := r.Context().Value(onceKey{}).(*idempotent); ok {
		return in.once
	}
	return nil
}

// answeredMeanwhile answers r with its key's first answer, when r runs inside Idempotent and a
// request with its key has been answered since Idempotent looked (see Idempotent). A failure to
// read the item reports false: the caller answers what it was about to.
func answeredMeanwhile(w http.ResponseWriter, r *http.Request) bool {
	in, ok := r.Context().Value(onceKey{}).(*idempotent)
	if !ok {
		return false
	}
	hash, status, body, found, err := in.answers.FirstAnswer(r.Context(), in.once.Key)
	if err != nil || !found {
		return false
	}
	in.answerFirst(w, r, hash, status, body)
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
	hash, status, body, ok, err := in.answers.FirstAnswer(r.Context(), in.once.Key)
	switch {
	case err != nil:
		writeError(w, r, err)
		return true
	case !ok:
		return false
	}
	in.answerFirst(w, r, hash, status, body)
	return true
}

// answerFirst writes the first answer (status, body as stored, or rebuilt when none was) of the
// request whose hash is hash to a request with the same key: that answer when the request is the
// same, 422 when it is not.
func (in *idempotent) answerFirst(w http.ResponseWriter, r *http.Request, hash string, status int, body []byte) {
	if hash != in.once.Hash {
		JSON(w, http.StatusUnprocessableEntity, ErrorBody{Message: errKeyReused.Message})
		return
	}
	if status == 0 && in.rebuild != nil {
		s, v, err := in.rebuild(r.Context(), in.once.Key)
		if err == nil {
			body, err = json.Marshal(v)
		}
		if err != nil {
			writeError(w, r, failure.Wrap(err, "rebuild the first answer"))
			return
		}
		status = s
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set(ReplayedHeader, "true")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
