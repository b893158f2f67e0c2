package post

import (
	"context"
	"slices"

	"golang.org/x/sync/errgroup"
)

// PromotedEvery is the spacing of promoted slots in the feed: a promoted post follows every
// PromotedEvery-1 posts that are not promoted, so at most one slot in every PromotedEvery is.
const PromotedEvery = 5

// Feed returns one page of the feed tab that reads tl, as viewer sees it: the timeline's page
// (Page: the same posts, number, total and cursor with or without promotions, so paging never
// skips nor repeats a post) with the active promotions of kinds interleaved. After every
// PromotedEvery-1 entries that are not promoted comes one promoted post, while there are
// promotions left that are not on the page already, so a page holds up to Limit + Limit/4
// entries and no post twice. Which promotions a page shows rotates with its number, so every
// active promotion is served in turn. Each promoted slot served counts an impression of its
// promotion.
//
// Its store calls run at once where they do not depend on each other: the timeline's walk with
// the active windows, then the page's posts with the promoted posts, so a page waits for two
// round trips in sequence (three while a window written before windows named owners is active).
func (s *Store) Feed(ctx context.Context, tl Timeline, kinds []Kind, viewer string, req PageRequest) (Page, error) {
	var (
		page Page
		refs []postRef
		ws   []window
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { page, refs, err = s.locate(gctx, tl, req); return err })
	g.Go(func() (err error) { ws, err = s.activeWindows(gctx, s.now()); return err })
	if err := g.Wait(); err != nil {
		return Page{}, err
	}
	// The slots are counted on the page as located; load may leave out posts that are gone.
	slots := len(refs) / (PromotedEvery - 1)
	var promoted []promotedEntry
	g, gctx = errgroup.WithContext(ctx)
	g.Go(func() (err error) { page.Entries, page.Total, err = s.load(gctx, viewer, refs, &tl); return err })
	if slots > 0 && len(ws) > 0 {
		on := map[string]bool{}
		for _, r := range refs {
			on[r.postID] = true
		}
		start := (page.Number - 1) * slots % len(ws)
		ws = slices.Concat(ws[start:], ws[:start])
		g.Go(func() (err error) { promoted, err = s.promotedEntries(gctx, ws, kinds, viewer, on, slots); return err })
	}
	if err := g.Wait(); err != nil {
		return Page{}, err
	}
	if len(promoted) == 0 {
		return page, nil
	}
	out := make([]Entry, 0, len(page.Entries)+len(promoted))
	var served []string
	since := 0 // entries since the last promoted one
	for _, e := range page.Entries {
		out = append(out, e)
		since++
		if e.Promoted {
			since = 0
		}
		if since == PromotedEvery-1 && len(served) < len(promoted) {
			p := promoted[len(served)]
			out = append(out, p.Entry)
			served = append(served, p.promotionID)
			since = 0
		}
	}
	page.Entries = out
	s.countImpressions(ctx, served)
	return page, nil
}

// promotedEntry is a promoted post ready for a slot, and the promotion it is served under.
type promotedEntry struct {
	Entry
	promotionID string
}

// promotedEntries reads up to n posts of windows ws, in order, that are of kinds, that viewer
// may see and that are not on the page already. It reads the windows' posts a chunk at a time,
// usually one chunk: a window that names its post's owner is read with load at once (the post,
// its owner and the viewer's like in one BatchGetItem), one written before windows named owners
// costs one BatchGetItem more, for the post's owner.
func (s *Store) promotedEntries(ctx context.Context, ws []window, kinds []Kind, viewer string, on map[string]bool, n int) ([]promotedEntry, error) {
	var out []promotedEntry
	chunk := max(2*n, 25)
	for len(ws) > 0 && len(out) < n {
		part := ws[:min(chunk, len(ws))]
		ws = ws[len(part):]
		refs, err := s.windowRefs(ctx, part, on)
		if err != nil {
			return nil, err
		}
		by := map[string]string{} // post id -> promotion id
		for _, w := range part {
			if _, taken := by[w.postID]; !taken {
				by[w.postID] = w.promotionID
			}
		}
		es, _, err := s.load(ctx, viewer, refs, nil)
		if err != nil {
			return nil, err
		}
		for _, e := range es {
			if len(out) == n {
				break
			}
			if on[e.Post.ID] || !slices.Contains(kinds, e.Post.Kind) || !e.Post.VisibleTo(viewer) {
				continue
			}
			e.Promoted = true
			on[e.Post.ID] = true
			out = append(out, promotedEntry{e, by[e.Post.ID]})
		}
	}
	return out, nil
}

// windowRefs are the posts of windows ws not on the page, in order, with their owners: from the
// window, or, for a window that does not name one, from the post (one BatchGetItem for them all).
func (s *Store) windowRefs(ctx context.Context, ws []window, on map[string]bool) ([]postRef, error) {
	var (
		refs  []postRef
		blind = keyset{table: s.table}
	)
	for _, w := range ws {
		switch {
		case on[w.postID] || !validID(w.postID):
		case w.ownerID != "":
			refs = append(refs, postRef{w.postID, w.ownerID})
		default:
			blind.keys = append(blind.keys, postKey(w.postID))
		}
	}
	if len(blind.keys) == 0 {
		return refs, nil
	}
	got, err := s.batchGet(ctx, blind)
	if err != nil {
		return nil, err
	}
	owners := map[string]string{}
	for _, k := range blind.keys {
		if it, ok := got.get(s.table, k); ok {
			p, err := fromItem(it)
			if err != nil {
				return nil, err
			}
			owners[p.ID] = p.OwnerID
		}
	}
	refs = refs[:0]
	for _, w := range ws {
		switch {
		case on[w.postID] || !validID(w.postID):
		case w.ownerID != "":
			refs = append(refs, postRef{w.postID, w.ownerID})
		case owners[w.postID] != "":
			refs = append(refs, postRef{w.postID, owners[w.postID]})
		}
	}
	return refs, nil
}
