package ledger

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/schema"
)

// anonymizePage is how many of the user's own entries Anonymize reads at a time; their
// movements (at most as many) are then read in one BatchGetItem, DynamoDB's limit being 100.
const anonymizePage = 100

// anonymizeReads bounds the BatchGetItem calls that read one page's movements while DynamoDB
// leaves keys unprocessed.
const anonymizeReads = 8

// Anonymize replaces username, the name of the erased user userID, with replacement wherever
// other accounts' entries name that user as their counterparty (a buyer's purchase, a
// transfer's recipient, the platform's commission), and in their movements' records. An entry
// that links to the user's profile (a transfer's other side) loses the link, which would lead
// nowhere. The user's own entries and every amount stay as they are: the books keep them.
//
// It pages through the user's own entries, reads their movements, and updates each other leg's
// entry only while it still names username (a conditional update), the movement's record last,
// so a run stopped midway is finished by running it again, and a run after a finished one finds
// nothing to change.
func (s *Store) Anonymize(ctx context.Context, userID, username, replacement string) error {
	if userID == "" || username == "" || username == replacement {
		return fmt.Errorf("ledger: anonymize %q as %q", username, replacement)
	}
	own := "ACCT#" + string(User(userID))
	p := dynamodb.NewQueryPaginator(s.db, &dynamodb.QueryInput{
		TableName:              &s.table,
		KeyConditionExpression: aws.String("pk = :pk AND begins_with(sk, :e)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": str(own), ":e": str("E#"),
		},
		ProjectionExpression: aws.String("movement_id"),
		Limit:                aws.Int32(anonymizePage),
	})
	for p.HasMorePages() {
		out, err := p.NextPage(ctx)
		if err != nil {
			return fmt.Errorf("ledger: read entries of %s: %w", userID, err)
		}
		var ids []string
		seen := map[string]bool{}
		for _, it := range out.Items {
			if id := sval(it["movement_id"]); id != "" && !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
		moves, err := s.movements(ctx, ids)
		if err != nil {
			return err
		}
		for _, m := range moves {
			if err := s.anonymizeMovement(ctx, m, own, userID, username, replacement); err != nil {
				return err
			}
		}
	}
	return nil
}

// movements reads the records of the movements ids (at most 100) with BatchGetItem, retrying
// the keys DynamoDB leaves unprocessed.
func (s *Store) movements(ctx context.Context, ids []string) ([]map[string]types.AttributeValue, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	keys := make([]map[string]types.AttributeValue, len(ids))
	for i, id := range ids {
		keys[i] = map[string]types.AttributeValue{schema.PK: str("MOVE#" + id), schema.SK: str("MOVE")}
	}
	req := map[string]types.KeysAndAttributes{s.table: {
		Keys: keys, ConsistentRead: aws.Bool(true), ProjectionExpression: aws.String("pk, legs"),
	}}
	var found []map[string]types.AttributeValue
	wait := 50 * time.Millisecond
	for attempt := 1; len(req) > 0; attempt++ {
		if attempt > anonymizeReads {
			return nil, fmt.Errorf("ledger: movements left unprocessed after %d reads", anonymizeReads)
		}
		if attempt > 1 {
			if err := dynamo.Pause(ctx, wait); err != nil {
				return nil, err
			}
			wait = min(2*wait, 2*time.Second)
		}
		out, err := s.db.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: req})
		if err != nil {
			return nil, fmt.Errorf("ledger: read movements: %w", err)
		}
		found = append(found, out.Responses[s.table]...)
		req = out.UnprocessedKeys
	}
	return found, nil
}

// anonymizeMovement renames username in the entries of move's legs that are not the user's own
// (own is their entries' pk), then in the movement's record.
func (s *Store) anonymizeMovement(ctx context.Context, move map[string]types.AttributeValue, own, userID, username, replacement string) error {
	legs, _ := move["legs"].(*types.AttributeValueMemberL)
	if legs == nil {
		return nil
	}
	var named []int
	for i, v := range legs.Value {
		leg, _ := v.(*types.AttributeValueMemberM)
		if leg == nil || sval(leg.Value["pk"]) == own || sval(leg.Value["counterparty"]) != username {
			continue
		}
		named = append(named, i)
		key := map[string]types.AttributeValue{schema.PK: leg.Value["pk"], schema.SK: leg.Value["sk"]}
		if err := s.renameEntry(ctx, key, userID, username, replacement); err != nil {
			return err
		}
	}
	if len(named) == 0 {
		return nil
	}
	var set, cond []string
	values := map[string]types.AttributeValue{":from": str(username), ":to": str(replacement)}
	for _, i := range named {
		path := "legs[" + strconv.Itoa(i) + "].counterparty"
		set = append(set, path+" = :to")
		cond = append(cond, path+" = :from")
	}
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: map[string]types.AttributeValue{schema.PK: move[schema.PK], schema.SK: str("MOVE")},
		UpdateExpression:          aws.String("SET " + strings.Join(set, ", ")),
		ConditionExpression:       aws.String(strings.Join(cond, " AND ")),
		ExpressionAttributeValues: values,
	})
	if err != nil && !dynamo.ConditionFailed(err) {
		return fmt.Errorf("ledger: anonymize movement %s: %w", sval(move[schema.PK]), err)
	}
	return nil
}

// renameEntry sets the counterparty of the entry at key to replacement while it is username,
// dropping its link when that is userID's profile. An entry already renamed is left alone.
func (s *Store) renameEntry(ctx context.Context, key map[string]types.AttributeValue, userID, username, replacement string) error {
	values := map[string]types.AttributeValue{":from": str(username), ":to": str(replacement)}
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: key,
		UpdateExpression:    aws.String("SET counterparty = :to REMOVE link_kind, link_id"),
		ConditionExpression: aws.String("counterparty = :from AND link_kind = :profile AND link_id = :id"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":from": values[":from"], ":to": values[":to"], ":profile": str(LinkProfile), ":id": str(userID),
		},
	})
	if err == nil {
		return nil
	}
	if !dynamo.ConditionFailed(err) {
		return fmt.Errorf("ledger: anonymize entry: %w", err)
	}
	_, err = s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: key,
		UpdateExpression:          aws.String("SET counterparty = :to"),
		ConditionExpression:       aws.String("counterparty = :from"),
		ExpressionAttributeValues: values,
	})
	if err != nil && !dynamo.ConditionFailed(err) {
		return fmt.Errorf("ledger: anonymize entry: %w", err)
	}
	return nil
}
