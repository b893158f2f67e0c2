// Package audit is the record of what admins did: every admin action (an approval, a rejection,
// a deactivation) writes one entry, in the action's own transaction where it has one, so an
// action is recorded exactly when it happens. Entries are listed newest first.
package audit

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
)

// Entry is one admin action: who did it (the admin's id and username at the time), what
// (a verb such as "promotion.approve" or "admin.approve"), to what (target type and id), and the
// target's state before and after as small JSON objects ({"status":"pending"} → {"status":"active"}).
type Entry struct {
	ID            string
	AdminID       string
	AdminUsername string
	Action        string
	TargetType    string
	TargetID      string
	Before, After any
	At            time.Time
}

// Item layout (in the table given to New, the Users table in Zuum):
//
//	pk=AUDIT  sk=<UUIDv7>  admin_id, admin_username, action, target_type, target_id,
//	                       before, after (JSON text), at (RFC 3339 UTC)
//
// A UUIDv7's first 48 bits are its time, so the sort key orders entries by when they happened.
type item struct {
	PK            string `dynamodbav:"pk"`
	SK            string `dynamodbav:"sk"`
	AdminID       string `dynamodbav:"admin_id"`
	AdminUsername string `dynamodbav:"admin_username"`
	Action        string `dynamodbav:"action"`
	TargetType    string `dynamodbav:"target_type"`
	TargetID      string `dynamodbav:"target_id"`
	Before        string `dynamodbav:"before"`
	After         string `dynamodbav:"after"`
	At            string `dynamodbav:"at"`
}

const pk = "AUDIT"

// Store writes and lists audit entries.
type Store struct {
	db    *dynamodb.Client
	table string
	now   func() time.Time
}

// New returns a Store over table.
func New(db *dynamodb.Client, table string) *Store {
	return &Store{db: db, table: table, now: time.Now}
}

// Item is the write of e, to add to the action's own transaction. An entry without an id gets a
// new one, without a time the clock's; an action, an admin and a target are required.
func (s *Store) Item(e Entry) (types.TransactWriteItem, error) {
	if e.Action == "" || e.AdminID == "" || e.TargetType == "" || e.TargetID == "" {
		return types.TransactWriteItem{}, errors.New("audit: an entry needs an action, an admin and a target")
	}
	if e.ID == "" {
		id, err := uuid.NewV7()
		if err != nil {
			return types.TransactWriteItem{}, err
		}
		e.ID = id.String()
	}
	if e.At.IsZero() {
		e.At = s.now()
	}
	before, err := json.Marshal(e.Before)
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	after, err := json.Marshal(e.After)
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	av, err := attributevalue.MarshalMap(item{
		PK: pk, SK: e.ID, AdminID: e.AdminID, AdminUsername: e.AdminUsername, Action: e.Action,
		TargetType: e.TargetType, TargetID: e.TargetID, Before: string(before), After: string(after),
		At: e.At.UTC().Format(time.RFC3339),
	})
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	return types.TransactWriteItem{Put: &types.Put{
		TableName: &s.table, Item: av, ConditionExpression: aws.String("attribute_not_exists(pk)"),
	}}, nil
}

// Record writes e on its own, for an action that has no transaction to join.
func (s *Store) Record(ctx context.Context, e Entry) error {
	it, err := s.Item(e)
	if err != nil {
		return failure.Wrap(err, "audit entry")
	}
	if err := dynamo.Transact(ctx, s.db, []types.TransactWriteItem{it}); err != nil {
		return failure.Wrap(err, "record audit entry")
	}
	return nil
}

// Page is one page of entries, newest first; Next continues the list ("" at its end).
type Page struct {
	Entries []Entry
	Next    string
	Total   int64
}

// ErrBadCursor refuses a cursor that is not one List handed out.
var ErrBadCursor = failure.New(failure.Invalid, "Invalid cursor.")

// List returns up to limit entries, newest first, from cursor (a previous page's Next, "" for
// the newest) after skipping skip of them (how a page number without a cursor is reached).
// Before and After are the JSON the entry was written with (json.RawMessage).
func (s *Store) List(ctx context.Context, limit int, cursor string, skip int) (Page, error) {
	start, err := dynamo.DecodeKey(cursor)
	if err != nil || start != nil && !own(start) {
		return Page{}, ErrBadCursor
	}
	total, err := s.Count(ctx)
	if err != nil {
		return Page{}, err
	}
	query := func(n int, start map[string]types.AttributeValue) (*dynamodb.QueryOutput, error) {
		out, err := s.db.Query(ctx, &dynamodb.QueryInput{
			TableName: &s.table, KeyConditionExpression: aws.String("pk = :pk"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: pk}},
			ScanIndexForward:          aws.Bool(false), Limit: aws.Int32(int32(n)), ExclusiveStartKey: start,
		})
		if err != nil {
			return nil, failure.Wrap(err, "query audit entries")
		}
		return out, nil
	}
	for skip > 0 {
		out, err := query(min(skip, 1000), start)
		if err != nil {
			return Page{}, err
		}
		skip -= len(out.Items)
		if len(out.LastEvaluatedKey) == 0 {
			return Page{Entries: []Entry{}, Total: total}, nil
		}
		start = out.LastEvaluatedKey
	}
	page := Page{Entries: []Entry{}, Total: total}
	for len(page.Entries) < limit {
		out, err := query(limit-len(page.Entries), start)
		if err != nil {
			return Page{}, err
		}
		for _, av := range out.Items {
			var it item
			if err := attributevalue.UnmarshalMap(av, &it); err != nil {
				return Page{}, failure.Wrap(err, "decode audit entry")
			}
			at, _ := time.Parse(time.RFC3339, it.At)
			page.Entries = append(page.Entries, Entry{
				ID: it.SK, AdminID: it.AdminID, AdminUsername: it.AdminUsername, Action: it.Action,
				TargetType: it.TargetType, TargetID: it.TargetID,
				Before: json.RawMessage(orNull(it.Before)), After: json.RawMessage(orNull(it.After)), At: at,
			})
		}
		start = out.LastEvaluatedKey
		if len(start) == 0 {
			return page, nil
		}
	}
	// A full page: there is more only if an entry follows the last one.
	if more, err := query(1, start); err != nil {
		return Page{}, err
	} else if len(more.Items) > 0 {
		page.Next = dynamo.EncodeKey(start)
	}
	return page, nil
}

// Count is how many entries there are.
func (s *Store) Count(ctx context.Context) (int64, error) {
	var n int64
	var start map[string]types.AttributeValue
	for {
		out, err := s.db.Query(ctx, &dynamodb.QueryInput{
			TableName: &s.table, KeyConditionExpression: aws.String("pk = :pk"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: pk}},
			Select:                    types.SelectCount, ExclusiveStartKey: start,
		})
		if err != nil {
			return 0, failure.Wrap(err, "count audit entries")
		}
		n += int64(out.Count)
		if start = out.LastEvaluatedKey; len(start) == 0 {
			return n, nil
		}
	}
}

func own(key map[string]types.AttributeValue) bool {
	p, _ := key["pk"].(*types.AttributeValueMemberS)
	s, _ := key["sk"].(*types.AttributeValueMemberS)
	return len(key) == 2 && p != nil && s != nil && p.Value == pk
}

func orNull(s string) string {
	if s == "" {
		return "null"
	}
	return s
}
