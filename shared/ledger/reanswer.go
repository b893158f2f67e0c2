package ledger

import (
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/schema"
)

// Reanswer is the transaction step that replaces the stored first answer of the movement keyed
// key, for a movement whose request ended otherwise than the answer stored with it said (a
// withdrawal reversed before its request was answered, because the bank refused the transfer):
// a replay of that request then gets the answer it really had. Pass it to Settle.
func (s *Store) Reanswer(key string, status int, body []byte) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName:                &s.table,
		Key:                      map[string]types.AttributeValue{schema.PK: str("ONCE#" + key), schema.SK: str("ONCE")},
		UpdateExpression:         aws.String("SET #s = :s, body = :b"),
		ConditionExpression:      aws.String("attribute_exists(pk)"),
		ExpressionAttributeNames: map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":s": &types.AttributeValueMemberN{Value: strconv.Itoa(status)},
			":b": &types.AttributeValueMemberB{Value: body},
		},
	}}
}
