package post

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// OwnerShownItems are the writes that take ownerID's posts out of the sizes of the shared
// timelines (shown false: their owner is being deactivated) or put them back (shown true). The
// entries themselves stay where they are: pages leave out the posts of a deactivated owner as
// they read them (see load), and these writes keep the totals those pages report in step. The
// owner's own timelines keep their sizes, which say how much to take out and put back: the
// caller adds the writes to the transaction that switches the account, so they happen once.
func (s *Store) OwnerShownItems(ctx context.Context, ownerID string, shown bool) ([]types.TransactWriteItem, error) {
	audio, videos, beats := UserAudio(ownerID), UserPublicVideos(ownerID), UserBeats(ownerID)
	var keys []map[string]types.AttributeValue
	for _, tl := range []Timeline{audio, videos, beats} {
		keys = append(keys, tl.countKeys()...)
	}
	got, err := s.batchGet(ctx, keyset{table: s.table, keys: keys, consistent: true})
	if err != nil {
		return nil, err
	}
	a, v, b := int(s.sum(got, audio)), int(s.sum(got, videos)), int(s.sum(got, beats))
	sign := 1
	if !shown {
		sign = -1
	}
	var items []types.TransactWriteItem
	for _, c := range []struct {
		tl Timeline
		n  int
	}{{AllAudio, a}, {FeedAudio, a + b}, {AllVideos, v}, {AllBeats, b}} {
		if c.n != 0 {
			items = append(items, s.count(c.tl, sign*c.n))
		}
	}
	return items, nil
}
