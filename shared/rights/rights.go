// Package rights is what the Nigeria Data Protection Act 2023 gives people over their data that
// spans Zuum's domains: deleting an account with everything it made. An account is first marked
// deleted (MarkDeleted: every session ends, it is hidden everywhere, and it cannot log in), then
// erased (Erase): its posts and their files (a beat that buyers own stays, withdrawn, for their
// downloads), its comments and likes, its chat messages, its pictures, its follows, its sessions,
// codes and notifications, and last its profile, while its username stays held for
// profile.UsernameHold. What the law lets a business keep for its books stays, with the
// person's name replaced by DeletedName: the ledger's entries (where others' wallet histories
// name the person, see ledger.Store.Anonymize) and the licences and purchases of beats others
// bought. Each step can run again, so a run stopped by a fault is finished by running Erase
// again (the jobs worker, retried by Lambda).
package rights

import (
	"context"
	"strings"
	"time"

	"zuum/shared/failure"
	"zuum/shared/ledger"
	"zuum/shared/licence"
	"zuum/shared/media"
	"zuum/shared/post"
	"zuum/shared/profile"
	"zuum/shared/purchase"
	"zuum/shared/schema"
)

// DeletedName stands for an erased account's name in what is kept of it for the books.
const DeletedName = "Deleted user"

// Eraser deletes accounts.
type Eraser struct {
	Profiles *profile.Store
	Posts    *post.Store
	// Chat forgets the account's messages (chat.Store.Forget).
	Chat interface {
		Forget(ctx context.Context, user string) error
	}
	// Files deletes the posts' media and the profile's pictures.
	Files *media.Store
	// Purchases and Licences are the buyers' records of the account's beats, kept with the
	// seller's name replaced.
	Purchases *purchase.Store
	Licences  *licence.Store
	// Ledger keeps the account's entries and renames it where other accounts' entries name it.
	Ledger *ledger.Store
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

func (e *Eraser) now() time.Time {
	if e.Now == nil {
		return time.Now()
	}
	return e.Now()
}

// MarkDeleted marks account id deleted (see profile.Store.MarkDeleted); an account already
// marked or gone is left as it is. The shared timelines keep their sizes until Erase takes the
// posts down one by one (their pages leave out a deactivated owner's posts meanwhile).
func (e *Eraser) MarkDeleted(ctx context.Context, id string) error {
	_, err := e.Profiles.MarkDeleted(ctx, id, e.now())
	if failure.Is(err, failure.NotFound) {
		return nil
	}
	return err
}

// Erase removes what account id holds, once it is marked deleted (an account not marked is
// refused: erasing starts only from the holder's request). An account already gone is done.
func (e *Eraser) Erase(ctx context.Context, id string) error {
	a, err := e.Profiles.Account(ctx, id)
	if failure.Is(err, failure.NotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if !a.Deleted {
		return failure.Wrap(nil, "erase account "+id+", which is not marked deleted")
	}
	owned, err := e.Posts.Owned(ctx, id)
	if err != nil {
		return err
	}
	for _, p := range owned {
		if p.Kind == post.Beat {
			if err := e.forgetSeller(ctx, p.ID); err != nil {
				return err
			}
		}
		keys, err := e.Posts.Erase(ctx, p)
		if err != nil {
			return err
		}
		if err := e.Files.Delete(ctx, keys...); err != nil {
			return err
		}
	}
	if err := e.Posts.ForgetActor(ctx, id); err != nil {
		return err
	}
	if err := e.Chat.Forget(ctx, id); err != nil {
		return err
	}
	// Before the profile goes, so a run stopped midway still knows the name to replace.
	if err := e.Ledger.Anonymize(ctx, id, a.Username, DeletedName); err != nil {
		return err
	}
	for _, k := range []string{a.Image, a.CoverImage} {
		if strings.HasPrefix(k, schema.PublicPrefix) {
			if err := e.Files.Delete(ctx, k); err != nil {
				return err
			}
		}
	}
	return e.Profiles.Forget(ctx, a, e.now())
}

// forgetSeller replaces the seller's name in the purchases and licences of beat id its buyers
// keep. It runs before the beat is taken down, so a run stopped midway does it again.
func (e *Eraser) forgetSeller(ctx context.Context, id string) error {
	sold, err := e.Posts.SoldLicences(ctx, id)
	if err != nil {
		return err
	}
	for _, s := range sold {
		number, err := e.Purchases.RenameSeller(ctx, s.BuyerID, s.PurchaseID, DeletedName)
		if err != nil {
			return err
		}
		if number == "" {
			continue
		}
		if err := e.Licences.RenameProducer(ctx, number, DeletedName); err != nil {
			return err
		}
	}
	return nil
}
