package promotion

import (
	"context"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/failure"
)

// Queue is every pending promotion, in-app and mass together, oldest first: what admins review.
func (s *Store) Queue(ctx context.Context) ([]Promotion, error) {
	ids, err := s.ids(ctx, queuePK, true)
	if err != nil {
		return nil, err
	}
	return s.load(ctx, ids)
}

// Filter narrows My Promotions: a category ("in_app" or a package's) and a shown status; ""
// is any.
type Filter struct {
	Category, Status string
	Offset, Limit    int
}

// Listed is one of the owner's promotions with the status they see (Promotion.Shown) at the
// instant the page was read.
type Listed struct {
	Promotion
	Shown string
}

// Mine is a page of ownerID's promotions, newest first, with the total matching f; the status
// f names and the one each shows are read at one instant of the store's clock.
func (s *Store) Mine(ctx context.Context, ownerID string, f Filter) ([]Listed, int, error) {
	ids, err := s.ids(ctx, "PROMOS#"+ownerID, false)
	if err != nil {
		return nil, 0, err
	}
	all, err := s.load(ctx, ids)
	if err != nil {
		return nil, 0, err
	}
	now := s.now()
	var match []Listed
	for _, p := range all {
		if shown := p.Shown(now); (f.Category == "" || p.Category == f.Category) && (f.Status == "" || shown == f.Status) {
			match = append(match, Listed{Promotion: p, Shown: shown})
		}
	}
	total := len(match)
	lo := min(f.Offset, total)
	hi := min(lo+f.Limit, total)
	return match[lo:hi], total, nil
}

// ids reads the ids listed under pk, in time order (oldest first when asc).
func (s *Store) ids(ctx context.Context, pk string, asc bool) ([]string, error) {
	in := &dynamodb.QueryInput{
		TableName: &s.table, KeyConditionExpression: aws.String("pk = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(pk)},
		ScanIndexForward:          aws.Bool(asc), ConsistentRead: aws.Bool(true),
	}
	var ids []string
	for {
		out, err := s.db.Query(ctx, in)
		if err != nil {
			return nil, failure.Wrap(err, "list promotions")
		}
		for _, it := range out.Items {
			if v, ok := it["sk"].(*types.AttributeValueMemberS); ok {
				ids = append(ids, v.Value)
			}
		}
		if len(out.LastEvaluatedKey) == 0 {
			return ids, nil
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
}

// load reads the promotions ids names, in that order (a vanished one is skipped).
func (s *Store) load(ctx context.Context, ids []string) ([]Promotion, error) {
	byID := map[string]Promotion{}
	for chunk := range slices.Chunk(ids, 100) {
		keys := make([]map[string]types.AttributeValue, 0, len(chunk))
		for _, id := range chunk {
			keys = append(keys, key(id))
		}
		req := map[string]types.KeysAndAttributes{s.table: {Keys: keys, ConsistentRead: aws.Bool(true)}}
		for len(req) > 0 {
			out, err := s.db.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: req})
			if err != nil {
				return nil, failure.Wrap(err, "read promotions")
			}
			for _, it := range out.Responses[s.table] {
				var st stored
				if err := attributevalue.UnmarshalMap(it, &st); err != nil {
					return nil, failure.Wrap(err, "decode promotion")
				}
				byID[st.ID] = st.promotion()
			}
			req = out.UnprocessedKeys
		}
	}
	out := make([]Promotion, 0, len(ids))
	for _, id := range ids {
		if p, ok := byID[id]; ok {
			out = append(out, p)
		}
	}
	return out, nil
}

// Stats reads what the in-app promotions among ps earned (none without a Promoter).
func (s *Store) Stats(ctx context.Context, ps []Listed) (map[string][2]int64, error) {
	out := map[string][2]int64{}
	if s.promoter == nil {
		return out, nil
	}
	var ids []string
	for _, p := range ps {
		if p.Category == InApp {
			ids = append(ids, p.ID)
		}
	}
	if len(ids) == 0 {
		return out, nil
	}
	got, err := s.promoter.PromotionStats(ctx, ids)
	if err != nil {
		return nil, err
	}
	for id, st := range got {
		out[id] = [2]int64{st.Impressions, st.Plays}
	}
	return out, nil
}
