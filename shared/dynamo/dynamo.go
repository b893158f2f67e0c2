// Package dynamo holds the few DynamoDB helpers every store needs, so each store reads
// conditional-check and transaction outcomes, and single items, the same way.
package dynamo

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// ConditionFailed reports whether err is a failed ConditionExpression of a single-item write.
func ConditionFailed(err error) bool {
	var ccf *types.ConditionalCheckFailedException
	return errors.As(err, &ccf)
}

// CanceledBy reports whether err is a canceled transaction and, if so, which of its items failed
// their condition (by position in the TransactItems list).
func CanceledBy(err error) (failed []int, ok bool) {
	var tce *types.TransactionCanceledException
	if !errors.As(err, &tce) {
		return nil, false
	}
	for i, r := range tce.CancellationReasons {
		if r.Code != nil && *r.Code == "ConditionalCheckFailed" {
			failed = append(failed, i)
		}
	}
	return failed, true
}

// OnlyCanceledBy reports whether failed, the positions whose conditions canceled a transaction
// (CanceledBy), is the item at position at alone: that item's condition, and nothing else,
// stopped it, so the rest may be run again without it (a once-a-day notification's marker).
func OnlyCanceledBy(failed []int, at int) bool {
	return len(failed) > 0 && !slices.ContainsFunc(failed, func(i int) bool { return i != at })
}

// EncodeKey turns a LastEvaluatedKey into an opaque, URL-safe cursor; nil or empty gives "".
// String attributes are kept as JSON strings and numeric ones (a ledger entry's sequence) as
// {"N": "<digits>"}, so each comes back with its type: DynamoDB refuses an ExclusiveStartKey whose
// attribute types differ from the key schema's.
func EncodeKey(key map[string]types.AttributeValue) string {
	if len(key) == 0 {
		return ""
	}
	plain := make(map[string]any, len(key))
	for k, v := range key {
		switch v := v.(type) {
		case *types.AttributeValueMemberS:
			plain[k] = v.Value
		case *types.AttributeValueMemberN:
			plain[k] = map[string]string{"N": v.Value}
		}
	}
	raw, _ := json.Marshal(plain)
	return base64.RawURLEncoding.EncodeToString(raw)
}

// DecodeKey reverses EncodeKey. A cursor that does not decode, or holds a value that is neither
// a string nor a number, is an error; "" gives nil.
func DecodeKey(cursor string) (map[string]types.AttributeValue, error) {
	if cursor == "" {
		return nil, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(cursor)
	if err != nil {
		return nil, err
	}
	var plain map[string]json.RawMessage
	if err := json.Unmarshal(raw, &plain); err != nil || len(plain) == 0 {
		return nil, errBadCursor
	}
	out := make(map[string]types.AttributeValue, len(plain))
	for k, v := range plain {
		var s string
		var n struct{ N json.Number }
		switch {
		case json.Unmarshal(v, &s) == nil:
			out[k] = &types.AttributeValueMemberS{Value: s}
		case json.Unmarshal(v, &n) == nil && n.N != "" && numeric(string(n.N)):
			out[k] = &types.AttributeValueMemberN{Value: string(n.N)}
		default:
			return nil, errBadCursor
		}
	}
	return out, nil
}

var errBadCursor = errors.New("dynamo: bad cursor")

// numeric reports whether s is an integer: the only numbers Zuum keys hold.
func numeric(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// transactAttempts bounds the tries of a transaction that keeps colliding with others.
const transactAttempts = 6

// Transact runs items as one TransactWriteItems. A transaction canceled only because it collided
// with a concurrent one on the same items (TransactionConflict; the SDK does not retry it) is tried
// again with jittered exponential backoff from 20 ms; any other outcome is returned as it is, so
// callers read failed conditions with CanceledBy.
func Transact(ctx context.Context, db *dynamodb.Client, items []types.TransactWriteItem) error {
	wait := 20 * time.Millisecond
	for attempt := 1; ; attempt++ {
		_, err := db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
		if err == nil || attempt == transactAttempts || !Conflicted(err) {
			return err
		}
		if err := Pause(ctx, wait); err != nil {
			return err
		}
		wait *= 2
	}
}

// Conflicted reports whether err canceled a transaction because of a conflict with another
// request and for nothing else (no failed condition).
func Conflicted(err error) bool {
	var tc *types.TransactionConflictException
	if errors.As(err, &tc) {
		return true
	}
	var tce *types.TransactionCanceledException
	if !errors.As(err, &tce) {
		return false
	}
	conflict := false
	for _, r := range tce.CancellationReasons {
		switch aws.ToString(r.Code) {
		case "TransactionConflict":
			conflict = true
		case "", "None":
		default:
			return false
		}
	}
	return conflict
}

// Pause sleeps about d (jittered between d/2 and d), or until ctx ends.
func Pause(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d/2 + rand.N(d/2+1))
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
