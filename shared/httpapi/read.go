package httpapi

import (
	"bytes"
	"context"
	"net/http"

	"zuum/shared/failure"
	"zuum/shared/session"
)

// Claimer is an Authenticator that also tells whose a token claims to be without a store call
// (its signature, audience and expiry checked; the session not read yet).
type Claimer interface {
	Authenticator
	Claim(token string) (session.Session, error)
}

// check is the session check RequireSessionRead runs beside its handler.
type check struct {
	done chan struct{}
	p    Principal
	err  error
}

type checkKey struct{}

// RequireSessionRead is RequireSession for a read, a handler that changes nothing: the session
// check (one store round trip) and next run at once, so next's first store calls do not wait for
// it. next sees the caller the token claims: PrincipalFrom gives its UserID and SessionID at once,
// Confirmed waits for the check and gives the whole principal (with its account). What next
// writes is held back and reaches the client only once the check has passed; a failed check
// cancels next's context and answers what RequireSession answers. With an Authenticator that
// cannot claim, it is RequireSession.
func RequireSessionRead(auth Authenticator, next http.HandlerFunc) http.HandlerFunc {
	claimer, ok := auth.(Claimer)
	if !ok {
		return RequireSession(auth, next)
	}
	return func(w http.ResponseWriter, r *http.Request) {
		token, claimed, ok := claim(claimer, r)
		if !ok {
			Error(w, r, unauthorized)
			return
		}
		held, c := ahead(auth, claimed, token, next, r)
		if c.err != nil {
			if failure.Is(c.err, failure.Unauthorized) {
				c.err = unauthorized
			}
			Error(w, r, c.err)
			return
		}
		held.send(w)
	}
}

// ahead runs next as the claimed caller beside the session check of token, holding next's
// response, and returns both once both are done; a failed check cancels next's context.
func ahead(auth Authenticator, claimed Principal, token string, next http.HandlerFunc, r *http.Request) (*heldResponse, *check) {
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	c := &check{done: make(chan struct{})}
	go func() {
		defer close(c.done)
		if c.p, c.err = auth.Authenticate(r.Context(), token); c.err != nil {
			cancel()
		}
	}()
	ctx = context.WithValue(context.WithValue(ctx, principalKey{}, claimed), checkKey{}, c)
	held := &heldResponse{header: http.Header{}}
	next(held, r.WithContext(ctx))
	<-c.done
	return held, c
}

// Confirmed returns the principal of ctx once its session is checked: at once under
// RequireSession, after the check under RequireSessionRead (its error when the session is not
// valid).
func Confirmed(ctx context.Context) (Principal, error) {
	if c, ok := ctx.Value(checkKey{}).(*check); ok {
		<-c.done
		return c.p, c.err
	}
	p, ok := PrincipalFrom(ctx)
	if !ok {
		return Principal{}, unauthorized
	}
	return p, nil
}

// heldResponse is a response written in memory, sent later or never.
type heldResponse struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (h *heldResponse) Header() http.Header { return h.header }

func (h *heldResponse) WriteHeader(status int) {
	if h.status == 0 {
		h.status = status
	}
}

func (h *heldResponse) Write(b []byte) (int, error) {
	h.WriteHeader(http.StatusOK)
	return h.body.Write(b)
}

// send writes the held response to w.
func (h *heldResponse) send(w http.ResponseWriter) {
	for k, v := range h.header {
		w.Header()[k] = v
	}
	if h.status == 0 {
		h.status = http.StatusOK
	}
	w.WriteHeader(h.status)
	_, _ = w.Write(h.body.Bytes())
}

// OptionalSessionRead is OptionalSession for a read, as RequireSessionRead is RequireSession's:
// with a token that claims a caller, the session check and next run at once, next seeing the
// claimed caller. When the check then refuses the session, next runs again without a caller (the
// answer an anonymous caller gets), as OptionalSession would have run it.
func OptionalSessionRead(auth Authenticator, next http.HandlerFunc) http.HandlerFunc {
	claimer, ok := auth.(Claimer)
	if !ok {
		return OptionalSession(auth, next)
	}
	return func(w http.ResponseWriter, r *http.Request) {
		token, claimed, ok := claim(claimer, r)
		if !ok {
			next(w, r)
			return
		}
		held, c := ahead(auth, claimed, token, next, r)
		switch {
		case c.err == nil:
			held.send(w)
		case failure.Is(c.err, failure.Unauthorized):
			next(w, r)
		default:
			Error(w, r, c.err)
		}
	}
}

// claim reads r's session token and the caller it claims; ok is false without a token or when
// the token claims no one.
func claim(claimer Claimer, r *http.Request) (token string, claimed session.Session, ok bool) {
	if token = Token(r); token == "" {
		return "", session.Session{}, false
	}
	claimed, err := claimer.Claim(token)
	return token, claimed, err == nil
}
