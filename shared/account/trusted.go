package account

import (
	"context"

	"zuum/shared/profile"
)

// OpenSession opens a session for the account with email without asking for its password, for
// callers that already hold the Users table and the signing secret and so are trusted anyway:
// the local cloud's demo seed, which must start however many logins failed before. No route
// calls it, and neither the per-account nor the per-address login limit applies. It refuses
// what Login refuses once the password is right: a deactivated or unverified account.
func (s *Service) OpenSession(ctx context.Context, email string) (Login, error) {
	a, err := s.profiles.AccountByEmail(ctx, profile.NormalizeEmail(email))
	if err != nil {
		return Login{}, err
	}
	if a.Deactivated {
		return Login{}, ErrDeactivated
	}
	if !a.Verified {
		return Login{}, ErrNotVerified
	}
	return s.openSession(ctx, a)
}
