// Package dynamo holds the few DynamoDB error helpers every store needs, so each store reads
// conditional-check and transaction outcomes the same way.
package dynamo

import (
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
