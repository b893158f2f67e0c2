package ledger

import (
	"context"
	"fmt"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/schema"
)

// Reanswer replaces the stored first answer of o.Key's movement with o's, for a movement whose
// request ended otherwise than the answer stored with it said (a withdrawal reversed before its
// request was answered, because the bank refused the transfer): a replay of that request then
// gets the answer it really had.
func (s *Store) Reanswer(ctx context.Context, o Once) error {
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                &s.table,
		Key:                      map[string]types.AttributeValue{schema.PK: str("ONCE#" + o.Key), schema.SK: str("ONCE")},
		UpdateExpression:         aws.String("SET #s = :s, body = :b"),
		ConditionExpression:      aws.String("attribute_exists(pk)"),
		ExpressionAttributeNames: map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":s": &types.AttributeValueMemberN{Value: strconv.Itoa(o.Status)},
			":b": &types.AttributeValueMemberB{Value: o.Body},
		},
	})
	if err != nil {
		return fmt.Errorf("ledger: reanswer %s: %w", o.Key, err)
	}
	return nil
}
