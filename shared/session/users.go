package session

import (
	"context"

	"zuum/shared/profile"
)

// Session is a signed-in user's session and their account as read while checking it, so a
// handler that needs the caller's profile does not read it again.
type Session struct {
	UserID    string
	SessionID string
	Account   profile.Account
}

// Users verifies user sessions; it refuses admin tokens.
type Users struct {
	store *Store
}

// NewUsers returns the user verifier over store.
func NewUsers(store *Store) *Users { return &Users{store: store} }

// Store is the session store behind the verifier.
func (u *Users) Store() *Store { return u.store }

// Open opens a session of the account.
func (u *Users) Open(ctx context.Context, a profile.Account) (Issued, error) {
	return u.store.Open(ctx, User, a.ID, a.SessionEpoch)
}

// End ends the user session of token (nothing for any other token).
func (u *Users) End(ctx context.Context, token string) error { return u.store.End(ctx, User, token) }

// Authenticate returns the user session token belongs to. It is ErrSession for a bad, expired or
// admin token, a session ended by logout, and an account deactivated or whose session epoch moved
// on (a password reset, a reclaimed account) since the token was signed.
func (u *Users) Authenticate(ctx context.Context, token string) (Session, error) {
	c, err := u.store.Check(ctx, User, token, profile.Key)
	if err != nil {
		return Session{}, err
	}
	return u.judge(c)
}

// Resume is Authenticate of a session known by its user, id and epoch (as a chat connection keeps
// them from its token): ErrSession once it has ended by logout or expiry, its account is
// deactivated or the account's session epoch moved on.
func (u *Users) Resume(ctx context.Context, userID, sessionID string, epoch int64) (Session, error) {
	c, err := u.store.CheckID(ctx, User, userID, sessionID, epoch, profile.Key)
	if err != nil {
		return Session{}, err
	}
	return u.judge(c)
}

// judge turns a checked session into the user's, refusing a deactivated account and an epoch that
// moved on.
func (u *Users) judge(c Checked) (Session, error) {
	a, err := profile.FromItem(c.Principal)
	if err != nil {
		return Session{}, err
	}
	if a.Deactivated || a.SessionEpoch != c.Epoch {
		return Session{}, ErrSession
	}
	return Session{UserID: c.Subject, SessionID: c.SessionID, Account: a}, nil
}

// Claim returns whose user session token claims to be (UserID and SessionID, no Account) from
// its signature, audience and expiry alone, without reading the store: what a read may start its
// own store calls on while Authenticate checks the session (httpapi.RequireSessionRead). It is
// ErrSession for a token Authenticate would refuse without reading.
func (u *Users) Claim(token string) (Session, error) {
	c, err := u.store.tokens.Parse(User, token, u.store.now())
	if err != nil {
		return Session{}, ErrSession
	}
	return Session{UserID: c.Subject, SessionID: c.ID}, nil
}
