package post

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/failure"
)

// A promoted post (issue 12's in-app promotion) is promoted from the moment an admin approves
// its promotion until the end the creator paid for. Three kinds of item hold it:
//
//	pk=POST#<id>               sk=POST              the post's promotion_id, promoted_from,
//	                                                promoted_until: every read says is_promoted
//	                                                from these, with no extra call
//	pk=PROMOTED                sk=<until>#<promId>  an active-or-past window: post_id,
//	                                                promotion_id, from, until; the feed reads the
//	                                                windows not yet over with one Query (sk > now)
//	pk=PROMOSTATS#<promId>     sk=STATS             the promotion's impressions and plays
//
// Times in keys are stampLayout (fixed width, UTC), so they sort as strings. A post promoted
// again while a window is open takes the newer window on its item (plays count for the newer
// promotion); the feed still shows each window it finds once per page.

// Promotion is a post's promotion window.
type Promotion struct {
	ID          string
	From, Until time.Time
}

// Active reports whether the window holds t.
func (p Promotion) Active(t time.Time) bool {
	return p.ID != "" && !t.Before(p.From) && t.Before(p.Until)
}

// PromotionStats are what a promotion earned: feed slots served and plays reported while the
// post was promoted under it.
type PromotionStats struct {
	Impressions, Plays int64
}

const (
	promotedPK  = "PROMOTED"
	statsPrefix = "PROMOSTATS#"
	skStats     = "STATS"
	stampLayout = "2006-01-02T15:04:05.000Z"
	// maxPromotionID bounds a promotion id, which goes into keys.
	maxPromotionID = 200
)

func stamp(t time.Time) string { return t.UTC().Format(stampLayout) }

func statsKey(promotionID string) map[string]types.AttributeValue {
	return itemKey(statsPrefix+promotionID, skStats)
}

// promotion reads the window on a stored post.
func (it postItem) promotion() Promotion {
	if it.PromotionID == "" {
		return Promotion{}
	}
	from, err1 := time.Parse(stampLayout, it.PromotedFrom)
	until, err2 := time.Parse(stampLayout, it.PromotedUntil)
	if err1 != nil || err2 != nil {
		return Promotion{}
	}
	return Promotion{ID: it.PromotionID, From: from, Until: until}
}

// windowItem is a promotion window as the feed lists it.
type windowItem struct {
	PK     string `dynamodbav:"pk"`
	SK     string `dynamodbav:"sk"`
	PostID string `dynamodbav:"post_id"`
	// OwnerID is the post's owner, so the feed reads a promoted post, its owner and the viewer's
	// like in one BatchGetItem; windows written without it cost the feed one more read.
	OwnerID     string `dynamodbav:"owner_id,omitempty"`
	PromotionID string `dynamodbav:"promotion_id"`
	From        string `dynamodbav:"from"`
	Until       string `dynamodbav:"until"`
	ExpiresAt   int64  `dynamodbav:"expires_at"`
}

// PromoteItems are the writes that make postID, ownerID's post, promoted from start to end under promotionID:
// an update of the post item that cancels the transaction unless the post exists, and the
// window the feed reads active promotions from. The caller runs them in its own transaction
// (the promotion's approval), so the post is promoted exactly when the money moves.
func (s *Store) PromoteItems(postID, ownerID, promotionID string, start, end time.Time) ([]types.TransactWriteItem, error) {
	switch {
	case !validID(postID):
		return nil, ErrNotFound
	case promotionID == "" || len(promotionID) > maxPromotionID:
		return nil, fmt.Errorf("post: promotion id %q", promotionID)
	case !end.After(start):
		return nil, fmt.Errorf("post: promotion window %s to %s is empty", start, end)
	}
	from, until := stamp(start), stamp(end)
	w, err := attributevalue.MarshalMap(windowItem{
		PK: promotedPK, SK: until + "#" + promotionID, PostID: postID, OwnerID: ownerID, PromotionID: promotionID,
		From: from, Until: until, ExpiresAt: end.Add(24 * time.Hour).Unix(),
	})
	if err != nil {
		return nil, failure.Wrap(err, "encode promotion window")
	}
	return []types.TransactWriteItem{
		{Update: &types.Update{
			TableName: &s.table, Key: postKey(postID), ConditionExpression: aws.String("attribute_exists(pk)"),
			UpdateExpression: aws.String("SET promotion_id = :id, promoted_from = :from, promoted_until = :until"),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":id":    &types.AttributeValueMemberS{Value: promotionID},
				":from":  &types.AttributeValueMemberS{Value: from},
				":until": &types.AttributeValueMemberS{Value: until},
			},
		}},
		{Put: &types.Put{TableName: &s.table, Item: w}},
	}, nil
}

// PromotionStats returns the impressions and plays of each promotion of ids; one never served
// nor played has zeros.
func (s *Store) PromotionStats(ctx context.Context, ids []string) (map[string]PromotionStats, error) {
	out := make(map[string]PromotionStats, len(ids))
	set := keyset{table: s.table}
	for _, id := range ids {
		if _, dup := out[id]; dup || id == "" || len(id) > maxPromotionID {
			continue
		}
		out[id] = PromotionStats{}
		set.keys = append(set.keys, statsKey(id))
	}
	if len(set.keys) == 0 {
		return out, nil
	}
	got, err := s.batchGet(ctx, set)
	if err != nil {
		return nil, err
	}
	for id := range out {
		if it, ok := got.get(s.table, statsKey(id)); ok {
			out[id] = PromotionStats{Impressions: num(it["impressions"]), Plays: num(it["plays"])}
		}
	}
	return out, nil
}

// num is the integer value of av, 0 when it is not a number.
func num(av types.AttributeValue) int64 {
	if n, ok := av.(*types.AttributeValueMemberN); ok {
		v, _ := strconv.ParseInt(n.Value, 10, 64)
		return v
	}
	return 0
}

// window is an active promotion window the feed may show.
type window struct {
	postID, ownerID, promotionID string
}

// activeWindows lists the windows that hold now, soonest to end first, at most one per post.
func (s *Store) activeWindows(ctx context.Context, now time.Time) ([]window, error) {
	in := dynamodb.QueryInput{
		TableName:              &s.table,
		KeyConditionExpression: aws.String("pk = :pk AND sk > :now"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk":  &types.AttributeValueMemberS{Value: promotedPK},
			":now": &types.AttributeValueMemberS{Value: stamp(now)},
		},
	}
	got, err := s.query(ctx, in, nil, maxActive)
	if err != nil {
		return nil, err
	}
	var out []window
	seen := map[string]bool{}
	for _, av := range got {
		var w windowItem
		if err := attributevalue.UnmarshalMap(av, &w); err != nil {
			return nil, failure.Wrap(err, "decode promotion window")
		}
		from, err1 := time.Parse(stampLayout, w.From)
		until, err2 := time.Parse(stampLayout, w.Until)
		if err1 != nil || err2 != nil || now.Before(from) || !now.Before(until) || seen[w.PostID] {
			continue
		}
		seen[w.PostID] = true
		out = append(out, window{postID: w.PostID, ownerID: w.OwnerID, promotionID: w.PromotionID})
	}
	return out, nil
}

// maxActive bounds the windows one feed page considers: admins approve promotions by hand, so
// far fewer are ever open at once.
const maxActive = 1000

// countImpressions adds one impression to each promotion of ids, one write each at once. A
// write that fails is logged: the page is served either way.
func (s *Store) countImpressions(ctx context.Context, ids []string) {
	var wg sync.WaitGroup
	errs := make([]error, len(ids))
	for i, id := range ids {
		wg.Go(func() {
			_, errs[i] = s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
				TableName: &s.table, Key: statsKey(id), UpdateExpression: aws.String("ADD impressions :one"),
				ExpressionAttributeValues: map[string]types.AttributeValue{":one": number(1)},
			})
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		slog.WarnContext(ctx, "post: impressions not counted", "promotions", ids, "err", err)
	}
}
