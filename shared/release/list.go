package release

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
)

// Page is one page of a list of releases: the releases and the cursor of the next page ("" at
// the end), and how many the whole list holds.
type Page struct {
	Releases []Release
	Next     string
	Total    int64
}

// Queues an admin may list: every status past draft, and pending (submitted and in review).
var Queues = []string{pending, string(Submitted), string(InReview), string(Approved), string(Rejected), string(Delivered)}

// ErrBadCursor refuses a cursor that is not one of the list's own.
var ErrBadCursor = failure.New(failure.Invalid, "Invalid cursor.")

// Mine lists ownerID's releases, newest first, limit at a time from cursor, or without one
// after the first skip.
func (s *Store) Mine(ctx context.Context, ownerID string, limit int, cursor string, skip int) (Page, error) {
	return s.page(ctx, "RELEASES#"+ownerID, false, limit, cursor, skip)
}

// Count is how many releases ownerID has.
func (s *Store) Count(ctx context.Context, ownerID string) (int64, error) {
	return s.count(ctx, "RELEASES#"+ownerID)
}

// walk reads past the first n index items of pk (keys only) and returns the key to start after,
// nil when the list ends first.
func (s *Store) walk(ctx context.Context, pk string, oldestFirst bool, n int) (map[string]types.AttributeValue, error) {
	var start map[string]types.AttributeValue
	for n > 0 {
		out, err := s.db.Query(ctx, &dynamodb.QueryInput{
			TableName: &s.posts, KeyConditionExpression: aws.String("pk = :pk"), ProjectionExpression: aws.String("pk, sk"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(pk)}, ExclusiveStartKey: start,
			ScanIndexForward: aws.Bool(oldestFirst), Limit: aws.Int32(int32(min(n, 1000))),
		})
		if err != nil {
			return nil, failure.Wrap(err, "list releases")
		}
		n -= len(out.Items)
		if len(out.Items) == 0 || out.LastEvaluatedKey == nil && n > 0 {
			return nil, nil
		}
		if last := out.Items[len(out.Items)-1]; n == 0 {
			return map[string]types.AttributeValue{"pk": last["pk"], "sk": last["sk"]}, nil
		}
		start = out.LastEvaluatedKey
	}
	return start, nil
}

// Queue lists the releases in queue q (a status past draft, or "pending"), oldest first (the
// order an admin works through them), limit at a time from cursor, or without one after the
// first skip.
func (s *Store) Queue(ctx context.Context, q string, limit int, cursor string, skip int) (Page, error) {
	return s.page(ctx, "RELEASEQ#"+q, true, limit, cursor, skip)
}

// page reads one page of the index partition pk from cursor, or without one after the first
// skip items.
func (s *Store) page(ctx context.Context, pk string, oldestFirst bool, limit int, cursor string, skip int) (Page, error) {
	if cursor == "" && skip > 0 {
		start, err := s.walk(ctx, pk, oldestFirst, skip)
		if err != nil {
			return Page{}, err
		}
		if start == nil { // the list ends before the page
			total, err := s.count(ctx, pk)
			return Page{Total: total}, err
		}
		cursor = dynamo.EncodeKey(start)
	}
	return s.list(ctx, pk, oldestFirst, limit, cursor)
}

// QueueCount is how many releases queue q holds.
func (s *Store) QueueCount(ctx context.Context, q string) (int64, error) {
	return s.count(ctx, "RELEASEQ#"+q)
}

// list reads one page of the index partition pk and the releases it names.
func (s *Store) list(ctx context.Context, pk string, oldestFirst bool, limit int, cursor string) (Page, error) {
	in := &dynamodb.QueryInput{
		TableName: &s.posts, KeyConditionExpression: aws.String("pk = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(pk)},
		ScanIndexForward:          aws.Bool(oldestFirst), Limit: aws.Int32(int32(limit)),
	}
	if cursor != "" {
		start, err := dynamo.DecodeKey(cursor)
		if err != nil || len(start) != 2 {
			return Page{}, ErrBadCursor
		}
		if v, ok := start["pk"].(*types.AttributeValueMemberS); !ok || v.Value != pk {
			return Page{}, ErrBadCursor
		}
		in.ExclusiveStartKey = start
	}
	out, err := s.db.Query(ctx, in)
	if err != nil {
		return Page{}, failure.Wrap(err, "list releases")
	}
	var ids []struct {
		ID string `dynamodbav:"id"`
	}
	if err := attributevalue.UnmarshalListOfMaps(out.Items, &ids); err != nil {
		return Page{}, failure.Wrap(err, "decode release list")
	}
	p := Page{Next: dynamo.EncodeKey(out.LastEvaluatedKey)}
	if len(ids) > 0 {
		keys := make([]map[string]types.AttributeValue, len(ids))
		for i, id := range ids {
			keys[i] = releaseKey(id.ID)
		}
		got, err := s.batchGet(ctx, keys)
		if err != nil {
			return Page{}, err
		}
		for _, id := range ids {
			if r, ok := got[id.ID]; ok {
				p.Releases = append(p.Releases, r)
			}
		}
	}
	if p.Total, err = s.count(ctx, pk); err != nil {
		return Page{}, err
	}
	return p, nil
}

// count is how many items the index partition pk holds.
func (s *Store) count(ctx context.Context, pk string) (int64, error) {
	var total int64
	var start map[string]types.AttributeValue
	for {
		out, err := s.db.Query(ctx, &dynamodb.QueryInput{
			TableName: &s.posts, KeyConditionExpression: aws.String("pk = :pk"), ExclusiveStartKey: start,
			ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(pk)}, Select: types.SelectCount,
		})
		if err != nil {
			return 0, failure.Wrap(err, "count releases")
		}
		total += int64(out.Count)
		if start = out.LastEvaluatedKey; start == nil {
			return total, nil
		}
	}
}

// batchGet reads the release items at keys (at most 100), by id.
func (s *Store) batchGet(ctx context.Context, keys []map[string]types.AttributeValue) (map[string]Release, error) {
	out := map[string]Release{}
	req := map[string]types.KeysAndAttributes{s.posts: {Keys: keys, ConsistentRead: aws.Bool(true)}}
	for attempt := 0; len(req) > 0; attempt++ {
		if attempt == 5 {
			return nil, failure.Wrap(errors.New("keys left unprocessed"), "read releases")
		}
		if attempt > 0 {
			if err := dynamo.Pause(ctx, time.Duration(attempt*attempt)*50*time.Millisecond); err != nil {
				return nil, err
			}
		}
		res, err := s.db.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: req})
		if err != nil {
			return nil, failure.Wrap(err, "read releases")
		}
		for _, item := range res.Responses[s.posts] {
			var it stored
			if err := attributevalue.UnmarshalMap(item, &it); err != nil {
				return nil, failure.Wrap(err, "decode release")
			}
			r, err := fromStored(it)
			if err != nil {
				return nil, failure.Wrap(err, "decode release")
			}
			out[r.ID] = r
		}
		req = res.UnprocessedKeys
	}
	return out, nil
}
