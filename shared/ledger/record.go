package ledger

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/schema"
)

// Record writes o, the idempotency item of a request that turned out to move no money (a
// release submitted without a paid package, one approved or rejected that charged nothing),
// with the caller's items as ONE transaction, as Move does for a request that moves money: a
// replay of the request gets o's answer again and writes nothing. Its errors are Move's:
// ErrReplayed when o's key was used before, *ExtraFailed when one of extra's conditions failed;
// nothing is written when it returns one.
func (s *Store) Record(ctx context.Context, o Once, extra ...types.TransactWriteItem) error {
	if o.Key == "" {
		return errors.New("ledger: a record needs its idempotency key")
	}
	at := s.now().UTC()
	once := map[string]types.AttributeValue{
		schema.PK:     str("ONCE#" + o.Key),
		schema.SK:     str("ONCE"),
		"hash":        str(o.Hash),
		"status":      &types.AttributeValueMemberN{Value: strconv.Itoa(o.Status)},
		"movement_id": str(""),
		"at":          str(at.Format(time.RFC3339Nano)),
	}
	if len(o.Body) > 0 {
		once["body"] = &types.AttributeValueMemberB{Value: o.Body}
	}
	if o.Made != "" {
		once["made"] = str(o.Made)
	}
	items := append([]types.TransactWriteItem{{Put: &types.Put{
		TableName: &s.table, Item: once, ConditionExpression: aws.String("attribute_not_exists(pk)"),
	}}}, extra...)
	err := dynamo.Transact(ctx, s.db, items)
	if err == nil {
		return nil
	}
	failed, ok := dynamo.CanceledBy(err)
	if !ok || len(failed) == 0 {
		return fmt.Errorf("ledger: record %s: %w", o.Key, err)
	}
	return s.refusal(failed, nil, 0, 1)
}
