package dynamo

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Get reads the item at key in table with a consistent read and decodes it into v. found is
// false, and v untouched, when there is no such item: each store turns that into its own not
// found error.
func Get(ctx context.Context, db *dynamodb.Client, table string, key map[string]types.AttributeValue, v any) (found bool, err error) {
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &table, Key: key, ConsistentRead: aws.Bool(true)})
	if err != nil {
		return false, err
	}
	if out.Item == nil {
		return false, nil
	}
	if err := attributevalue.UnmarshalMap(out.Item, v); err != nil {
		return false, fmt.Errorf("decode %s: %w", table, err)
	}
	return true, nil
}
