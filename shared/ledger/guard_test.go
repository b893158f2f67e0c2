package ledger_test

import (
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/schema"
)

// guardItem is a caller's own item that can be written only once, as a purchase's "buyer owns
// the beat" guard is.
func guardItem(key string) types.TransactWriteItem {
	return types.TransactWriteItem{Put: &types.Put{
		TableName: aws.String(schema.Posts.Name),
		Item: map[string]types.AttributeValue{
			schema.PK: &types.AttributeValueMemberS{Value: key}, schema.SK: &types.AttributeValueMemberS{Value: "GUARD"},
		},
		ConditionExpression: aws.String("attribute_not_exists(pk)"),
	}}
}
