package notify

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"golang.org/x/sync/errgroup"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
	"zuum/shared/profile"
)

const (
	notePrefix = "NOTE#"
	skReadMark = "NOTES_READ"
)

// Errors the store returns to the HTTP edge.
var (
	ErrNotFound  = failure.New(failure.NotFound, "Notification not found")
	errBadCursor = failure.New(failure.Invalid, "Invalid cursor.")
)

// Store reads and writes notifications in the Users table.
type Store struct {
	db       *dynamodb.Client
	table    string
	profiles *profile.Store
}

// NewStore returns a store over the Users table.
func NewStore(db *dynamodb.Client, usersTable string) *Store {
	return &Store{db: db, table: usersTable, profiles: profile.NewStore(db, usersTable)}
}

// Page is one page of a user's notifications, newest first.
type Page struct {
	Notes []Notification
	// Next is the cursor of the page after this one, "" at the end.
	Next string
	// Total is how many notifications the user has.
	Total int64
}

func recipientPK(id string) *types.AttributeValueMemberS {
	return &types.AttributeValueMemberS{Value: "USER#" + id}
}

func (s *Store) noteQuery(recipient string) *dynamodb.QueryInput {
	return &dynamodb.QueryInput{
		TableName:              &s.table,
		KeyConditionExpression: aws.String("pk = :pk AND begins_with(sk, :n)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": recipientPK(recipient), ":n": &types.AttributeValueMemberS{Value: notePrefix},
		},
		ScanIndexForward: aws.Bool(false),
		ConsistentRead:   aws.Bool(true),
	}
}

// List returns up to limit of recipient's notifications, newest first, from cursor (a previous
// page's Next, "" for the newest) after skipping skip of them (how a page number without a
// cursor is reached). A notification reads as read when it was marked one by one or is no newer
// than the read-all watermark. Actor names and pictures are read fresh, so a changed picture
// never shows as a broken one.
func (s *Store) List(ctx context.Context, recipient string, limit int, cursor string, skip int) (Page, error) {
	start, err := dynamo.DecodeKey(cursor)
	if err != nil || (start != nil && !s.ownNoteKey(start, recipient)) {
		return Page{}, errBadCursor
	}
	// The page, the total and the watermark do not depend on each other: read them at once, then
	// the actors' profiles: two round trips in sequence.
	var (
		page Page
		mark string
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { page.Total, err = s.count(gctx, recipient); return err })
	g.Go(func() (err error) { mark, err = s.watermark(gctx, recipient); return err })
	g.Go(func() (err error) {
		page.Notes, page.Next, err = s.page(gctx, recipient, limit, start, skip)
		return err
	})
	if err := g.Wait(); err != nil {
		return Page{}, err
	}
	actors := make([]string, 0, len(page.Notes))
	for i := range page.Notes {
		n := &page.Notes[i]
		n.Read = n.Read || (mark != "" && n.ID <= mark)
		actors = append(actors, n.ActorID)
	}
	fresh, err := s.profiles.Summaries(ctx, actors)
	if err != nil {
		return Page{}, err
	}
	for i := range page.Notes {
		if a, ok := fresh[page.Notes[i].ActorID]; ok {
			page.Notes[i].ActorName, page.Notes[i].ActorImage = a.Username, a.Image
		}
	}
	return page, nil
}

func (s *Store) ownNoteKey(key map[string]types.AttributeValue, recipient string) bool {
	pk, _ := key["pk"].(*types.AttributeValueMemberS)
	sk, _ := key["sk"].(*types.AttributeValueMemberS)
	return len(key) == 2 && pk != nil && sk != nil && pk.Value == "USER#"+recipient && strings.HasPrefix(sk.Value, notePrefix)
}

// page reads up to limit notifications after start, having walked past skip of them first.
func (s *Store) page(ctx context.Context, recipient string, limit int, start map[string]types.AttributeValue, skip int) ([]Notification, string, error) {
	for skip > 0 {
		q := s.noteQuery(recipient)
		q.Limit = aws.Int32(int32(min(skip, 1000)))
		q.ExclusiveStartKey = start
		q.ProjectionExpression = aws.String("pk, sk")
		out, err := s.db.Query(ctx, q)
		if err != nil {
			return nil, "", failure.Wrap(err, "query notifications")
		}
		skip -= len(out.Items)
		if len(out.Items) > 0 && skip == 0 {
			last := out.Items[len(out.Items)-1]
			start = map[string]types.AttributeValue{"pk": last["pk"], "sk": last["sk"]}
			break
		}
		if len(out.LastEvaluatedKey) == 0 {
			return []Notification{}, "", nil
		}
		start = out.LastEvaluatedKey
	}
	q := s.noteQuery(recipient)
	q.Limit = aws.Int32(int32(limit) + 1) // one more: a full last page promises no next
	q.ExclusiveStartKey = start
	out, err := s.db.Query(ctx, q)
	if err != nil {
		return nil, "", failure.Wrap(err, "query notifications")
	}
	items, next := out.Items, ""
	if len(items) > limit {
		items = items[:limit]
		last := items[limit-1]
		next = dynamo.EncodeKey(map[string]types.AttributeValue{"pk": last["pk"], "sk": last["sk"]})
	}
	notes := make([]Notification, 0, len(items))
	for _, it := range items {
		var n Notification
		if err := attributevalue.UnmarshalMap(it, &n); err != nil {
			return nil, "", failure.Wrap(err, "decode notification")
		}
		notes = append(notes, n)
	}
	return notes, next, nil
}

// Total is how many notifications recipient has, as List reports it: what a page number is
// checked against before a page is walked to.
func (s *Store) Total(ctx context.Context, recipient string) (int64, error) {
	return s.count(ctx, recipient)
}

// count is how many notifications recipient has: a keys-only count query, paged.
func (s *Store) count(ctx context.Context, recipient string) (int64, error) {
	var total int64
	var start map[string]types.AttributeValue
	for {
		q := s.noteQuery(recipient)
		q.Select = types.SelectCount
		q.ConsistentRead = aws.Bool(false)
		q.ExclusiveStartKey = start
		out, err := s.db.Query(ctx, q)
		if err != nil {
			return 0, failure.Wrap(err, "count notifications")
		}
		total += int64(out.Count)
		if len(out.LastEvaluatedKey) == 0 {
			return total, nil
		}
		start = out.LastEvaluatedKey
	}
}

type readMark struct {
	ReadThrough string `dynamodbav:"read_through"`
}

func (s *Store) markKey(recipient string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": recipientPK(recipient), "sk": &types.AttributeValueMemberS{Value: skReadMark}}
}

// watermark is the id of the newest notification read by "read all", "" when none was.
func (s *Store) watermark(ctx context.Context, recipient string) (string, error) {
	var m readMark
	if _, err := dynamo.Get(ctx, s.db, s.table, s.markKey(recipient), &m); err != nil {
		return "", failure.Wrap(err, "read notification watermark")
	}
	return m.ReadThrough, nil
}

// MarkRead marks one of recipient's notifications read. An unknown id is ErrNotFound.
func (s *Store) MarkRead(ctx context.Context, recipient, id string) error {
	if id == "" || len(id) > 100 {
		return ErrNotFound
	}
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: Key(recipient, id),
		UpdateExpression:          aws.String("SET #read = :t"),
		ConditionExpression:       aws.String("attribute_exists(pk)"),
		ExpressionAttributeNames:  map[string]string{"#read": "read"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":t": &types.AttributeValueMemberBOOL{Value: true}},
	})
	if dynamo.ConditionFailed(err) {
		return ErrNotFound
	}
	if err != nil {
		return failure.Wrap(err, "mark notification read")
	}
	return nil
}

// MarkAllRead marks every notification recipient has now as read, at the cost of two small
// requests however many there are: it moves the per-user watermark to the newest notification's
// id. Ids are time-ordered, so everything at or below the mark is read; the mark never moves back.
func (s *Store) MarkAllRead(ctx context.Context, recipient string) error {
	q := s.noteQuery(recipient)
	q.Limit = aws.Int32(1)
	q.ProjectionExpression = aws.String("sk")
	out, err := s.db.Query(ctx, q)
	if err != nil {
		return failure.Wrap(err, "find newest notification")
	}
	if len(out.Items) == 0 {
		return nil
	}
	sk, _ := out.Items[0]["sk"].(*types.AttributeValueMemberS)
	if sk == nil {
		return failure.Wrap(errors.New("notification without sk"), "find newest notification")
	}
	_, err = s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: s.markKey(recipient),
		UpdateExpression:          aws.String("SET read_through = :m"),
		ConditionExpression:       aws.String("attribute_not_exists(read_through) OR read_through < :m"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":m": &types.AttributeValueMemberS{Value: strings.TrimPrefix(sk.Value, notePrefix)}},
	})
	if err != nil && !dynamo.ConditionFailed(err) {
		return failure.Wrap(err, "mark all notifications read")
	}
	return nil
}

// fanOutPage is how many follower ids FanOut reads per query: four full BatchWriteItem calls.
const fanOutPage = 100

// FanOut gives each of authorID's followers a copy of n (a new post's notification), with
// BatchWriteItem calls of 25 items whose unprocessed items are retried with backoff. n.ID must be
// set, time-ordered and the same on every run (the post's id): a retried job then overwrites the
// copies it already wrote instead of adding more.
func (s *Store) FanOut(ctx context.Context, authorID string, n Notification) error {
	if n.ID == "" {
		return errors.New("notify: fan-out needs the notification's id")
	}
	if n.CreatedAt.IsZero() {
		n.CreatedAt = time.Now().UTC()
	}
	return s.profiles.EachFollowers(ctx, authorID, fanOutPage, func(ids []string) error {
		reqs := make([]types.WriteRequest, 0, len(ids))
		for _, id := range ids {
			n.Recipient = id
			av, err := item(n)
			if err != nil {
				return err
			}
			reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: av}})
		}
		for len(reqs) > 0 {
			k := min(len(reqs), maxBatchWrite)
			if err := writeAll(ctx, reqs[:k], s.batchWrite, dynamo.Pause); err != nil {
				return err
			}
			reqs = reqs[k:]
		}
		return nil
	})
}

// maxBatchWrite is BatchWriteItem's limit of items per call.
const maxBatchWrite = 25

// writeAttempts bounds the calls spent on one batch whose items keep coming back unprocessed.
const writeAttempts = 8

func (s *Store) batchWrite(ctx context.Context, reqs []types.WriteRequest) ([]types.WriteRequest, error) {
	out, err := s.db.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{s.table: reqs}})
	if err != nil {
		return nil, failure.Wrap(err, "write notifications")
	}
	return out.UnprocessedItems[s.table], nil
}

// writeAll sends reqs with write until none is left unprocessed, pausing between rounds with
// exponential backoff (50 ms doubling up to 2 s; pause jitters it, as dynamo.Pause does), as AWS
// asks of throttled batch writers.
func writeAll(ctx context.Context, reqs []types.WriteRequest,
	write func(context.Context, []types.WriteRequest) ([]types.WriteRequest, error),
	pause func(context.Context, time.Duration) error) error {
	wait := 50 * time.Millisecond
	for attempt := 1; ; attempt++ {
		left, err := write(ctx, reqs)
		if err != nil {
			return err
		}
		if len(left) == 0 {
			return nil
		}
		if attempt == writeAttempts {
			return fmt.Errorf("notify: %d notifications left unprocessed after %d attempts", len(left), attempt)
		}
		if err := pause(ctx, wait); err != nil {
			return err
		}
		wait = min(wait*2, 2*time.Second)
		reqs = left
	}
}
