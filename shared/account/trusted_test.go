package account_test

import (
	"context"
	"testing"

	"zuum/shared/account"
	"zuum/shared/failure"
)

func TestOpenSession_OpensAWorkingSessionForAVerifiedAccountOnly(t *testing.T) {
	t.Parallel()
	svc, box, _ := signedUp(t, "seed@example.com")
	ctx := context.Background()

	// An unverified account gets no session, and an unknown email is not found.
	if _, err := svc.OpenSession(ctx, "seed@example.com"); err != account.ErrNotVerified {
		t.Fatalf("unverified: %v", err)
	}
	if _, err := svc.OpenSession(ctx, "nobody@example.com"); !failure.Is(err, failure.NotFound) {
		t.Fatalf("unknown email: %v", err)
	}

	// A verified one does, even while its logins are locked out.
	if err := svc.VerifyEmail(ctx, "seed@example.com", box.lastCode(t)); err != nil {
		t.Fatal(err)
	}
	for range account.LoginFailsAccount {
		_, _ = svc.Login(ctx, "seed@example.com", "wrong-password", "192.0.2.7")
	}
	l, err := svc.OpenSession(ctx, "Seed@Example.com")
	if err != nil {
		t.Fatalf("verified: %v", err)
	}
	if s, err := svc.Authenticate(ctx, l.Token); err != nil || s.UserID != l.Account.ID {
		t.Fatalf("session %+v, %v; want the account's", s, err)
	}
}
