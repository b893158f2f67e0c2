package release

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"zuum/shared/failure"
	"zuum/shared/media"
	"zuum/shared/schema"
)

// Texts for files that cannot be used.
const (
	MsgCoverGone = "Cover art upload not found. Please upload it again."
	MsgAudioGone = "Audio file upload not found. Please upload it again."
)

// fileRef is one file field of a form: where it is in the form and what kind it must be.
type fileRef struct {
	field string
	kind  media.Kind
	key   *string
}

// fileRefs are f's file fields that name a file.
func (f *Form) fileRefs() []fileRef {
	var refs []fileRef
	if f.CoverArt != "" {
		refs = append(refs, fileRef{"coverArt", media.CoverArt, &f.CoverArt})
	}
	if f.AudioFile != "" {
		refs = append(refs, fileRef{"audioFile", media.ReleaseAudio, &f.AudioFile})
	}
	for i := range f.Tracks {
		if f.Tracks[i].AudioFile != "" {
			refs = append(refs, fileRef{fmt.Sprintf("tracks[%d].audioFile", i), media.ReleaseAudio, &f.Tracks[i].AudioFile})
		}
	}
	return refs
}

// claims is what claiming a form's uploads did: the copies made (to delete if the release is
// not written), the uploads they were made from (to delete once it is), and a field error per
// file that cannot be used.
type claims struct {
	copies, uploads []string
	errs            []failure.FieldError
}

// claimFiles makes every upload f names a file of the release (media.Claim: the owner's upload
// of the field's kind, checked again as a copy no upload form reaches) and points f at the
// copies. A key in kept (a file the release already holds) stays as it is; any other key that
// is not an upload of the owner's is refused.
func (s *Store) claimFiles(ctx context.Context, owner string, f *Form, kept map[string]bool) (claims, error) {
	refs := f.fileRefs()
	metas := make([]media.Meta, len(refs))
	errs := make([]error, len(refs))
	var wg sync.WaitGroup
	for i, ref := range refs {
		key := *ref.key
		switch {
		case kept[key] && strings.HasPrefix(key, media.FinalPrefixOf(owner, ref.kind)):
			// a file the release holds, in a field of its kind
			metas[i] = media.Meta{Key: key, Status: media.StatusOK}
			continue
		case !strings.HasPrefix(key, schema.UploadsPrefix) || !media.OwnedBy(key, owner, ref.kind):
			metas[i] = media.Meta{Key: key, Status: media.StatusRejected, Reason: "no such upload"}
			continue
		}
		wg.Go(func() {
			m, err := s.files.Claim(ctx, owner, key, ref.kind)
			if errors.Is(err, media.ErrNoObject) {
				m, err = s.gone(ctx, key)
			}
			metas[i], errs[i] = m, err
		})
	}
	wg.Wait()
	var c claims
	for i, ref := range refs {
		m, key := metas[i], *ref.key
		if m.OK() && m.Key != key {
			c.copies = append(c.copies, m.Key)
			c.uploads = append(c.uploads, key)
			*ref.key = m.Key
		}
	}
	if err := errors.Join(errs...); err != nil {
		s.files.Discard(ctx, "copies of a release that was not written", c.copies...)
		return claims{}, failure.Wrap(err, "check uploads")
	}
	for i, ref := range refs {
		if m := metas[i]; !m.OK() {
			c.errs = append(c.errs, failure.FieldError{Field: ref.field, Msg: refusal(ref.kind, m)})
		}
	}
	return c, nil
}

// gone is what is known of an upload that is not in the bucket: what the media function
// found in it before deleting it, or that there never was one.
func (s *Store) gone(ctx context.Context, key string) (media.Meta, error) {
	m, found, err := s.catalog.Get(ctx, key)
	if err != nil || !found || m.OK() {
		return media.Meta{Key: key, Status: media.StatusRejected, Reason: "no such upload"}, err
	}
	return m, nil
}

// refusal is the text for a file of kind that failed its check as m says.
func refusal(kind media.Kind, m media.Meta) string {
	rule, _ := media.RuleOf(kind)
	switch {
	case m.Reason == "no such upload" && kind == media.CoverArt:
		return MsgCoverGone
	case m.Reason == "no such upload":
		return MsgAudioGone
	case kind == media.CoverArt && m.Width > 0 && (m.Width < media.MinCoverSide || m.Height < media.MinCoverSide):
		return media.CoverTooSmallMessage
	case m.Size > rule.MaxSize:
		return rule.SizeMessage
	}
	return rule.TypeMessage
}

// held are the release files a form points at (keys of copies the release owns).
func held(f Form) map[string]bool {
	out := map[string]bool{}
	for _, k := range f.Files() {
		if k != "" {
			out[k] = true
		}
	}
	return out
}
