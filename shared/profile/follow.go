package profile

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"golang.org/x/sync/errgroup"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
)

// The follow graph lives in the Users table, one edge item on each side, so that each list is
// one Query of its owner's partition, sorted by the other user's id:
//
//	pk=USER#<a>  sk=FOLLOWING#<b>   id=<b>, created_at: a follows b
//	pk=USER#<b>  sk=FOLLOWER#<a>    id=<a>, created_at: the same edge, seen from b
//
// The profile items carry following_count and followers_count. Follow and Unfollow move both
// edges and both counters in one transaction; the edges' attribute_not_exists/attribute_exists
// conditions make a repeat change nothing, so the counters always equal the number of edges.

// List names one side of the follow graph.
type List string

// The two lists of a profile: who follows it, and whom it follows.
const (
	Followers List = "FOLLOWER#"
	Following List = "FOLLOWING#"
)

// PreviewSize is how many entries of each list a profile carries.
const PreviewSize = 10

// Follow refusals (spec part 1 §8).
var (
	ErrNoSuchProfile = failure.New(failure.NotFound, "Profile ID does not exist.")
	ErrSelfFollow    = failure.New(failure.NotAcceptable, "You cannot follow yourself.")
	errBadCursor     = failure.New(failure.Invalid, "Invalid cursor.")
)

type edgeItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	ID        string `dynamodbav:"id"`
	CreatedAt string `dynamodbav:"created_at"`
}

func edgeKey(owner string, l List, other string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "USER#" + owner},
		"sk": &types.AttributeValueMemberS{Value: string(l) + other},
	}
}

var (
	one      = &types.AttributeValueMemberN{Value: "1"}
	minusOne = &types.AttributeValueMemberN{Value: "-1"}
)

// Follow makes follower follow target: both edges, both counters and extra (the target's
// notification) in one transaction. changed is false when follower already followed target.
// It refuses following oneself, and a target that does not exist or is deactivated. extra is
// what may ride along but need not: when the transaction fails only on the first extra item's
// condition (a once-a-day notification's marker, notify.Once, found the target already told
// today), the follow is made again without extra.
func (s *Store) Follow(ctx context.Context, follower, target string, now time.Time, extra ...types.TransactWriteItem) (changed bool, err error) {
	if follower == target {
		return false, ErrSelfFollow
	}
	if target == "" {
		return false, ErrNoSuchProfile
	}
	at := now.UTC().Format(time.RFC3339Nano)
	following, _ := attributevalue.MarshalMap(edgeItem{PK: "USER#" + follower, SK: string(Following) + target, ID: target, CreatedAt: at})
	followerEdge, _ := attributevalue.MarshalMap(edgeItem{PK: "USER#" + target, SK: string(Followers) + follower, ID: follower, CreatedAt: at})
	notExists := aws.String("attribute_not_exists(pk)")
	// The target's condition comes first: an engine that stops at the first failed condition
	// (minidyn) then reports a missing profile before a missing edge, as AWS reports both.
	items := []types.TransactWriteItem{
		{Update: &types.Update{
			TableName: &s.table, Key: Key(target),
			UpdateExpression:          aws.String("ADD followers_count :one"),
			ConditionExpression:       aws.String("attribute_exists(pk) AND (attribute_not_exists(deactivated) OR deactivated = :f)"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":one": one, ":f": &types.AttributeValueMemberBOOL{Value: false}},
		}},
		{Put: &types.Put{TableName: &s.table, Item: following, ConditionExpression: notExists}},
		{Put: &types.Put{TableName: &s.table, Item: followerEdge, ConditionExpression: notExists}},
		{Update: &types.Update{
			TableName: &s.table, Key: Key(follower),
			UpdateExpression:          aws.String("ADD following_count :one"),
			ConditionExpression:       aws.String("attribute_exists(pk)"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":one": one},
		}},
	}
	items = append(items, extra...)
	failed, err := s.transact(ctx, items)
	if len(extra) > 0 && dynamo.OnlyCanceledBy(failed, len(items)-len(extra)) {
		failed, err = s.transact(ctx, items[:len(items)-len(extra)])
	}
	switch {
	case err == nil:
		return true, nil
	case has(failed, 0):
		return false, ErrNoSuchProfile
	case has(failed, 1), has(failed, 2):
		return false, nil
	case has(failed, 3):
		return false, ErrNotFound
	}
	return false, failure.Wrap(err, "follow")
}

// Unfollow ends follower's following of target: both edges go and both counters drop, in one
// transaction. changed is false when follower did not follow target. Unfollowing a deactivated
// profile is allowed (it tidies the follower's list); an unknown one is refused.
func (s *Store) Unfollow(ctx context.Context, follower, target string) (changed bool, err error) {
	if follower == target {
		return false, ErrSelfFollow
	}
	if target == "" {
		return false, ErrNoSuchProfile
	}
	exists := aws.String("attribute_exists(pk)")
	items := []types.TransactWriteItem{
		{Delete: &types.Delete{TableName: &s.table, Key: edgeKey(follower, Following, target), ConditionExpression: exists}},
		{Delete: &types.Delete{TableName: &s.table, Key: edgeKey(target, Followers, follower), ConditionExpression: exists}},
		{Update: &types.Update{
			TableName: &s.table, Key: Key(follower), UpdateExpression: aws.String("ADD following_count :d"),
			ConditionExpression: exists, ExpressionAttributeValues: map[string]types.AttributeValue{":d": minusOne},
		}},
		{Update: &types.Update{
			TableName: &s.table, Key: Key(target), UpdateExpression: aws.String("ADD followers_count :d"),
			ConditionExpression: exists, ExpressionAttributeValues: map[string]types.AttributeValue{":d": minusOne},
		}},
	}
	failed, err := s.transact(ctx, items)
	switch {
	case err == nil:
		return true, nil
	case has(failed, 0), has(failed, 1), has(failed, 3):
		// No edge (or no target): tell an unknown profile apart from a repeat.
		a, err := s.Account(ctx, target)
		if failure.Is(err, failure.NotFound) || (err == nil && a.Deactivated) {
			return false, ErrNoSuchProfile
		}
		return false, err
	case has(failed, 2):
		return false, ErrNotFound
	}
	return false, failure.Wrap(err, "unfollow")
}

// IsFollowing reports whether follower follows target.
func (s *Store) IsFollowing(ctx context.Context, follower, target string) (bool, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &s.table, Key: edgeKey(follower, Following, target), ConsistentRead: aws.Bool(true),
		ProjectionExpression: aws.String("pk"),
	})
	if err != nil {
		return false, failure.Wrap(err, "read follow edge")
	}
	return out.Item != nil, nil
}

// transact runs items (see dynamo.Transact); on a canceled transaction it also returns the
// positions whose condition failed.
func (s *Store) transact(ctx context.Context, items []types.TransactWriteItem) ([]int, error) {
	err := dynamo.Transact(ctx, s.db, items)
	failed, _ := dynamo.CanceledBy(err)
	return failed, err
}

func has(list []int, i int) bool {
	for _, v := range list {
		if v == i {
			return true
		}
	}
	return false
}

// FollowPage is one page of a follow list.
type FollowPage struct {
	Users []Summary
	// Next is the cursor of the page after this one, "" at the end of the list.
	Next string
}

// FollowList returns up to limit entries of id's list l, ordered by user id, starting at cursor
// (from a previous page's Next; "" for the start) after skipping skip entries (how a page
// number without a cursor is reached). Accounts since deactivated are left out of the page.
func (s *Store) FollowList(ctx context.Context, id string, l List, limit int, cursor string, skip int) (FollowPage, error) {
	start, err := dynamo.DecodeKey(cursor)
	if err != nil || (start != nil && !ownEdgeKey(start, id, l)) {
		return FollowPage{}, errBadCursor
	}
	if start, err = s.skipEdges(ctx, id, l, skip, start); err != nil {
		return FollowPage{}, err
	}
	if skip > 0 && start == nil {
		return FollowPage{Users: []Summary{}}, nil
	}
	ids, next, err := s.edges(ctx, id, l, limit, start)
	if err != nil {
		return FollowPage{}, err
	}
	found, err := s.Summaries(ctx, ids)
	if err != nil {
		return FollowPage{}, err
	}
	return FollowPage{Users: inOrder(ids, found), Next: dynamo.EncodeKey(next)}, nil
}

// ownEdgeKey reports whether key is an edge of id's list l, so a cursor cannot reach another
// partition.
func ownEdgeKey(key map[string]types.AttributeValue, id string, l List) bool {
	pk, _ := key["pk"].(*types.AttributeValueMemberS)
	sk, _ := key["sk"].(*types.AttributeValueMemberS)
	return len(key) == 2 && pk != nil && sk != nil && pk.Value == "USER#"+id && strings.HasPrefix(sk.Value, string(l))
}

func listQuery(table, id string, l List) *dynamodb.QueryInput {
	return &dynamodb.QueryInput{
		TableName:              &table,
		KeyConditionExpression: aws.String("pk = :pk AND begins_with(sk, :l)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: "USER#" + id}, ":l": &types.AttributeValueMemberS{Value: string(l)},
		},
		ConsistentRead: aws.Bool(true),
	}
}

// edges reads up to limit ids of id's list l after start, and the key to continue from (nil at
// the end). It asks for one more than limit, so a full last page does not promise a next.
func (s *Store) edges(ctx context.Context, id string, l List, limit int, start map[string]types.AttributeValue) ([]string, map[string]types.AttributeValue, error) {
	q := listQuery(s.table, id, l)
	q.Limit = aws.Int32(int32(limit) + 1)
	q.ExclusiveStartKey = start
	out, err := s.db.Query(ctx, q)
	if err != nil {
		return nil, nil, failure.Wrap(err, "query follow list")
	}
	var next map[string]types.AttributeValue
	items := out.Items
	if len(items) > limit {
		items = items[:limit]
		last := items[limit-1]
		next = map[string]types.AttributeValue{"pk": last["pk"], "sk": last["sk"]}
	}
	ids := make([]string, 0, len(items))
	for _, it := range items {
		if v, ok := it["id"].(*types.AttributeValueMemberS); ok {
			ids = append(ids, v.Value)
		}
	}
	return ids, next, nil
}

// skipEdges walks past n entries of id's list l from start, reading keys only, and returns
// the key to continue from (nil when the list ends within them).
func (s *Store) skipEdges(ctx context.Context, id string, l List, n int, start map[string]types.AttributeValue) (map[string]types.AttributeValue, error) {
	for n > 0 {
		q := listQuery(s.table, id, l)
		q.Limit = aws.Int32(int32(min(n, 1000)))
		q.ExclusiveStartKey = start
		q.ProjectionExpression = aws.String("pk, sk")
		out, err := s.db.Query(ctx, q)
		if err != nil {
			return nil, failure.Wrap(err, "query follow list")
		}
		n -= len(out.Items)
		switch {
		case len(out.Items) > 0 && n == 0:
			last := out.Items[len(out.Items)-1]
			return map[string]types.AttributeValue{"pk": last["pk"], "sk": last["sk"]}, nil
		case len(out.LastEvaluatedKey) == 0:
			return nil, nil
		}
		start = out.LastEvaluatedKey
	}
	return start, nil
}

// EachFollowers calls fn with the ids of id's followers, batch at a time (the last batch may be
// shorter), until the list ends or fn fails.
func (s *Store) EachFollowers(ctx context.Context, id string, batch int, fn func(ids []string) error) error {
	var start map[string]types.AttributeValue
	for {
		q := listQuery(s.table, id, Followers)
		q.Limit = aws.Int32(int32(batch))
		q.ExclusiveStartKey = start
		q.ProjectionExpression = aws.String("id")
		out, err := s.db.Query(ctx, q)
		if err != nil {
			return failure.Wrap(err, "query followers")
		}
		ids := make([]string, 0, len(out.Items))
		for _, it := range out.Items {
			if v, ok := it["id"].(*types.AttributeValueMemberS); ok {
				ids = append(ids, v.Value)
			}
		}
		if len(ids) > 0 {
			if err := fn(ids); err != nil {
				return err
			}
		}
		if len(out.LastEvaluatedKey) == 0 {
			return nil
		}
		start = out.LastEvaluatedKey
	}
}

// WithFollows fills p.Followers and p.Following with the first PreviewSize entries of each list,
// read fresh: one Query per list, then one BatchGetItem of the summaries. When viewer is another
// signed-in user, the same batch tells whether viewer follows p.
func (s *Store) WithFollows(ctx context.Context, p *Profile, viewer string) (viewerFollows bool, err error) {
	var followers, following []string
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { followers, _, err = s.edges(gctx, p.ID, Followers, PreviewSize, nil); return err })
	g.Go(func() (err error) { following, _, err = s.edges(gctx, p.ID, Following, PreviewSize, nil); return err })
	if err := g.Wait(); err != nil {
		return false, err
	}
	keys := profileKeys(append(append([]string{}, followers...), following...))
	var viewerEdge map[string]types.AttributeValue
	if viewer != "" && viewer != p.ID {
		viewerEdge = edgeKey(viewer, Following, p.ID)
		keys = append(keys, viewerEdge)
	}
	items, err := s.batchGet(ctx, keys)
	if err != nil {
		return false, err
	}
	found := map[string]Summary{}
	for _, it := range items {
		sk, _ := it["sk"].(*types.AttributeValueMemberS)
		switch {
		case sk == nil:
		case sk.Value == skProfile:
			if sum, ok := summaryOf(it); ok {
				found[sum.ID] = sum
			}
		case viewerEdge != nil && sk.Value == string(Following)+p.ID:
			viewerFollows = true
		}
	}
	p.Followers, p.Following = inOrder(followers, found), inOrder(following, found)
	return viewerFollows, nil
}

// Summaries reads the profiles of ids (BatchGetItem, 100 keys a call) and returns the summary of
// each that exists and is not deactivated, by id.
func (s *Store) Summaries(ctx context.Context, ids []string) (map[string]Summary, error) {
	items, err := s.batchGet(ctx, profileKeys(ids))
	if err != nil {
		return nil, err
	}
	out := make(map[string]Summary, len(items))
	for _, it := range items {
		if sum, ok := summaryOf(it); ok {
			out[sum.ID] = sum
		}
	}
	return out, nil
}

// profileKeys returns the profile keys of ids, each once.
func profileKeys(ids []string) []map[string]types.AttributeValue {
	seen := map[string]bool{}
	keys := make([]map[string]types.AttributeValue, 0, len(ids))
	for _, id := range ids {
		if id != "" && !seen[id] {
			seen[id] = true
			keys = append(keys, Key(id))
		}
	}
	return keys
}

type summaryItem struct {
	SK          string `dynamodbav:"sk"`
	ID          string `dynamodbav:"id"`
	Username    string `dynamodbav:"username"`
	Image       string `dynamodbav:"image"`
	Deactivated bool   `dynamodbav:"deactivated"`
}

func summaryOf(av map[string]types.AttributeValue) (Summary, bool) {
	var it summaryItem
	if err := attributevalue.UnmarshalMap(av, &it); err != nil || it.SK != skProfile || it.ID == "" || it.Deactivated {
		return Summary{}, false
	}
	return Summary{ID: it.ID, Username: it.Username, Image: it.Image}, true
}

func inOrder(ids []string, found map[string]Summary) []Summary {
	out := make([]Summary, 0, len(ids))
	for _, id := range ids {
		if sum, ok := found[id]; ok {
			out = append(out, sum)
		}
	}
	return out
}

// batchAttempts bounds the rounds spent on keys DynamoDB leaves unprocessed under load.
const batchAttempts = 6

// summaryProjection is what summaries and edge checks read of a profile.
var summaryProjection = &types.KeysAndAttributes{
	ProjectionExpression:     aws.String("pk, sk, #id, username, image, deactivated"),
	ExpressionAttributeNames: map[string]string{"#id": "id"},
}

// batchGet reads keys with consistent BatchGetItem calls of at most 100 keys, retrying
// unprocessed keys with backoff. It reads only what summaries and edge checks need.
func (s *Store) batchGet(ctx context.Context, keys []map[string]types.AttributeValue) ([]map[string]types.AttributeValue, error) {
	return s.batchRead(ctx, keys, summaryProjection)
}

// batchRead is batchGet with the projection of proj (nil for whole items).
func (s *Store) batchRead(ctx context.Context, keys []map[string]types.AttributeValue, proj *types.KeysAndAttributes) ([]map[string]types.AttributeValue, error) {
	var out []map[string]types.AttributeValue
	for len(keys) > 0 {
		n := min(len(keys), 100)
		pending := keys[:n]
		keys = keys[n:]
		wait := 20 * time.Millisecond
		for attempt := 1; len(pending) > 0; attempt++ {
			ka := types.KeysAndAttributes{Keys: pending, ConsistentRead: aws.Bool(true)}
			if proj != nil {
				ka.ProjectionExpression, ka.ExpressionAttributeNames = proj.ProjectionExpression, proj.ExpressionAttributeNames
			}
			res, err := s.db.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{s.table: ka}})
			if err != nil {
				return nil, failure.Wrap(err, "read profiles")
			}
			out = append(out, res.Responses[s.table]...)
			pending = res.UnprocessedKeys[s.table].Keys
			if len(pending) == 0 {
				break
			}
			if attempt == batchAttempts {
				return nil, failure.Wrap(errors.New("unprocessed keys remain"), "read profiles")
			}
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(wait/2 + rand.N(wait)):
			}
			wait *= 2
		}
	}
	return out, nil
}
