// Package dynamo holds the few DynamoDB error helpers every store needs, so each store reads
// conditional-check and transaction outcomes the same way.
package dynamo

import (
	"encoding/base64"
	"encoding/json"
	"errors"

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

// EncodeKey turns a LastEvaluatedKey of string attributes into an opaque, URL-safe cursor;
// nil or empty gives "".
func EncodeKey(key map[string]types.AttributeValue) string {
	if len(key) == 0 {
		return ""
	}
	plain := make(map[string]string, len(key))
	for k, v := range key {
		if s, ok := v.(*types.AttributeValueMemberS); ok {
			plain[k] = s.Value
		}
	}
	raw, _ := json.Marshal(plain)
	return base64.RawURLEncoding.EncodeToString(raw)
}

// DecodeKey reverses EncodeKey. A cursor that does not decode is an error; "" gives nil.
func DecodeKey(cursor string) (map[string]types.AttributeValue, error) {
	if cursor == "" {
		return nil, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(cursor)
	if err != nil {
		return nil, err
	}
	var plain map[string]string
	if err := json.Unmarshal(raw, &plain); err != nil || len(plain) == 0 {
		return nil, errors.New("dynamo: bad cursor")
	}
	out := make(map[string]types.AttributeValue, len(plain))
	for k, v := range plain {
		out[k] = &types.AttributeValueMemberS{Value: v}
	}
	return out, nil
}
