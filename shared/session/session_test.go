package session_test

import (
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"zuum/localstack/cloudtest"
	"zuum/shared/dynamo"
	"zuum/shared/failure"
	"zuum/shared/profile"
	"zuum/shared/schema"
	"zuum/shared/session"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

type fixture struct {
	db       *dynamodb.Client
	store    *session.Store
	users    *session.Users
	profiles *profile.Store
	clk      *clock
}

func setup(t *testing.T) fixture {
	t.Helper()
	cloud := cloudtest.Start(t)
	db := dynamodb.NewFromConfig(cloud.Config)
	clk := &clock{t: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)}
	st, err := session.NewStore(db, schema.Users.Name, []byte("0123456789abcdef0123456789abcdef"), clk.now)
	if err != nil {
		t.Fatal(err)
	}
	return fixture{db: db, store: st, users: session.NewUsers(st), profiles: profile.NewStore(db, schema.Users.Name), clk: clk}
}

// account stores a verified account and returns it.
func (f fixture) account(t *testing.T, username string) profile.Account {
	t.Helper()
	a := profile.Account{Profile: profile.Profile{ID: uuid.NewString(), Username: username, Identity: "artist",
		FirstName: "A", LastName: "B", Email: username + "@example.com", CreatedAt: f.clk.t}, Verified: true}
	if err := f.profiles.Create(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	return a
}

// signedIn stores a verified account and opens a user session for it.
func (f fixture) signedIn(t *testing.T, username string) (profile.Account, session.Issued) {
	t.Helper()
	a := f.account(t, username)
	is, err := f.users.Open(context.Background(), a)
	if err != nil {
		t.Fatal(err)
	}
	return a, is
}

func unauthorized(t *testing.T, err error) {
	t.Helper()
	if !failure.Is(err, failure.Unauthorized) {
		t.Fatalf("err = %v, want Unauthorized", err)
	}
}

func TestUserSession_OpensAndEnds(t *testing.T) {
	t.Parallel()
	f := setup(t)
	ctx := context.Background()
	a, is := f.signedIn(t, "ada")
	s, err := f.users.Authenticate(ctx, is.Token)
	if err != nil || s.UserID != a.ID || s.Account.Username != "ada" || s.SessionID != is.ID {
		t.Fatalf("Authenticate = %+v, %v", s, err)
	}
	if err := f.users.End(ctx, is.Token); err != nil {
		t.Fatal(err)
	}
	_, err = f.users.Authenticate(ctx, is.Token)
	unauthorized(t, err)
}

func TestUserSession_ExpiresAfterTTL(t *testing.T) {
	t.Parallel()
	f := setup(t)
	ctx := context.Background()
	_, is := f.signedIn(t, "ada")
	f.clk.t = f.clk.t.Add(session.TTL - time.Second)
	if _, err := f.users.Authenticate(ctx, is.Token); err != nil {
		t.Fatalf("a second before the end: %v", err)
	}
	f.clk.t = f.clk.t.Add(time.Second)
	_, err := f.users.Authenticate(ctx, is.Token)
	unauthorized(t, err)
}

func TestUserVerifier_RefusesAnAdminTokenOfTheSameSubject(t *testing.T) {
	t.Parallel()
	f := setup(t)
	ctx := context.Background()
	a := f.account(t, "ada")
	// An admin session under the user's id: only its audience differs.
	is, err := f.store.Open(ctx, session.Admin, a.ID, a.SessionEpoch)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.users.Authenticate(ctx, is.Token)
	unauthorized(t, err)
	// And the admin audience refuses a user token.
	user, err := f.users.Open(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.store.Check(ctx, session.Admin, user.Token, profile.Key)
	unauthorized(t, err)
	// Ending with the wrong audience ends nothing.
	if err := f.store.End(ctx, session.Admin, user.Token); err != nil {
		t.Fatal(err)
	}
	if _, err := f.users.Authenticate(ctx, user.Token); err != nil {
		t.Fatalf("user session after an admin-audience end: %v", err)
	}
}

func TestUserSession_StopsAtOnceWhenTheAccountIsDeactivated(t *testing.T) {
	t.Parallel()
	f := setup(t)
	ctx := context.Background()
	a, is := f.signedIn(t, "ada")
	if err := f.profiles.SetDeactivated(ctx, a.ID, true); err != nil {
		t.Fatal(err)
	}
	_, err := f.users.Authenticate(ctx, is.Token)
	unauthorized(t, err)
}

func TestUserSession_StopsWhenTheSessionEpochMovesOn(t *testing.T) {
	t.Parallel()
	f := setup(t)
	ctx := context.Background()
	a, is := f.signedIn(t, "ada")
	// A password reset moves the epoch on, in the same write that sets the password.
	if err := dynamo.Transact(ctx, f.db, []types.TransactWriteItem{f.profiles.SetPassword(a.ID, "x")}); err != nil {
		t.Fatal(err)
	}
	_, err := f.users.Authenticate(ctx, is.Token)
	unauthorized(t, err)
}

func TestCheck_RefusesTamperedAndForeignTokens(t *testing.T) {
	t.Parallel()
	f := setup(t)
	ctx := context.Background()
	a := f.account(t, "ada")
	other, err := session.NewStore(f.db, schema.Users.Name, []byte("another-secret-of-32-bytes-long!"), f.clk.now)
	if err != nil {
		t.Fatal(err)
	}
	foreign, err := other.Open(ctx, session.User, a.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	for name, tok := range map[string]string{"signed with another secret": foreign.Token, "not a token": "abc", "empty": ""} {
		if _, err := f.users.Authenticate(ctx, tok); !failure.Is(err, failure.Unauthorized) {
			t.Errorf("%s: err = %v, want Unauthorized", name, err)
		}
	}
}

func TestResume_JudgesASessionByIdAsAuthenticateJudgesItsToken(t *testing.T) {
	t.Parallel()
	f := setup(t)
	ctx := context.Background()
	a, iss := f.signedIn(t, "resumer")
	s, err := f.users.Resume(ctx, a.ID, iss.ID, a.SessionEpoch)
	if err != nil || s.UserID != a.ID || s.SessionID != iss.ID {
		t.Fatalf("Resume = %+v, %v", s, err)
	}
	_, err = f.users.Resume(ctx, a.ID, iss.ID, a.SessionEpoch+1) // the epoch moved on since
	unauthorized(t, err)
	_, err = f.users.Resume(ctx, a.ID, "", a.SessionEpoch)
	unauthorized(t, err)
	_, err = f.users.Resume(ctx, uuid.NewString(), iss.ID, a.SessionEpoch) // someone else's id
	unauthorized(t, err)
	if err := f.users.End(ctx, iss.Token); err != nil {
		t.Fatal(err)
	}
	_, err = f.users.Resume(ctx, a.ID, iss.ID, a.SessionEpoch) // logged out
	unauthorized(t, err)
	other, _ := f.users.Open(ctx, a)
	f.clk.t = f.clk.t.Add(session.TTL)
	_, err = f.users.Resume(ctx, a.ID, other.ID, a.SessionEpoch) // expired
	unauthorized(t, err)
}
