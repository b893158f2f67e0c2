package account

import (
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/localstack/cloudtest"
	"zuum/shared/mail"
	"zuum/shared/profile"
	"zuum/shared/schema"
	"zuum/shared/session"
)

type discard struct{}

func (discard) Send(context.Context, mail.Message) error { return nil }

// No request can open a session for an unverified account, so this test opens one from inside
// the package: whatever sessions an unverified account may hold end when Google's user
// reclaims it.
func TestGoogleSignIn_ReclaimingAnUnverifiedAccountEndsItsSessions(t *testing.T) {
	t.Parallel()
	cloud := cloudtest.Start(t)
	db := dynamodb.NewFromConfig(cloud.Config)
	svc, err := New(Config{DB: db, Profiles: profile.NewStore(db, schema.Users.Name), Mailer: discard{},
		Secret: []byte("0123456789abcdef0123456789abcdef"), HashCost: 4, Now: time.Now})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	res, err := svc.Signup(ctx, profile.SignupInput{FirstName: "Squat", LastName: "Ter", Username: "squatter",
		Email: "owner@example.com", Phone: "08031234567", Password: "squatters-pass", Identity: "producer"}, "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	old, err := svc.openSession(ctx, res.Account)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Authenticate(ctx, old.Token); err != nil {
		t.Fatalf("the planted session must work before: %v", err)
	}
	l, err := svc.GoogleSignIn(ctx, GoogleUser{Subject: "g-owner", Email: "owner@example.com", EmailVerified: true, GivenName: "Owner"}, GoogleSignup{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Authenticate(ctx, old.Token); err != session.ErrSession {
		t.Fatalf("the squatter's session outlived the reclaim: %v", err)
	}
	if _, err := svc.Authenticate(ctx, l.Token); err != nil {
		t.Fatalf("the owner's session: %v", err)
	}
}
