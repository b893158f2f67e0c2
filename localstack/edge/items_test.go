package edge_test

import (
	"context"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// putItems writes items into the users table, failing t on a refusal.
func putItems(t *testing.T, db *dynamodb.Client, items ...map[string]types.AttributeValue) {
	t.Helper()
	for _, it := range items {
		if _, err := db.PutItem(context.Background(), &dynamodb.PutItemInput{TableName: users, Item: it}); err != nil {
			t.Fatal(err)
		}
	}
}

// getUser reads id's item of the users table (userItem's key), failing t on an error.
func getUser(t *testing.T, db *dynamodb.Client, id string) *dynamodb.GetItemOutput {
	t.Helper()
	out, err := db.GetItem(context.Background(), &dynamodb.GetItemInput{TableName: users, Key: userItem(id)})
	if err != nil {
		t.Fatalf("GetItem %s: %v", id, err)
	}
	return out
}
