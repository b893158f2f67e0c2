package rights

import (
	"context"

	"zuum/shared/post"
	"zuum/shared/profile"
)

// Switch lets the holder of an account hide it and bring it back by logging in: as an admin's
// deactivation, it ends every session and takes the account's posts, comments and profile out
// of every list (with the shared timelines' sizes, in the same transaction), but it is marked as
// the holder's own, so logging in again turns it back on. An admin's deactivation stays off.
type Switch struct {
	Profiles *profile.Store
	Posts    *post.Store
}

// Deactivate hides account id at its holder's request; changed is false when it was hidden
// already.
func (s Switch) Deactivate(ctx context.Context, id string) (changed bool, err error) {
	counts, err := s.Posts.OwnerShownItems(ctx, id, false)
	if err != nil {
		return false, err
	}
	return s.Profiles.DeactivateSelf(ctx, id, counts...)
}

// Reactivate turns back on account id, which its holder deactivated themselves; an account an
// admin deactivated is left off.
func (s Switch) Reactivate(ctx context.Context, id string) error {
	counts, err := s.Posts.OwnerShownItems(ctx, id, true)
	if err != nil {
		return err
	}
	_, err = s.Profiles.Reactivate(ctx, id, counts...)
	return err
}
