package apptest

import (
	"bytes"
	"context"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/schema"
)

// SameAnswer checks that again, a retry of the request first answered with first (with its
// Idempotency-Key), got the first answer again: the same status and, byte for byte, the same
// body, marked Idempotent-Replayed while first was not.
func SameAnswer(t testing.TB, first, again Response) {
	t.Helper()
	if again.Status != first.Status || !bytes.Equal(bytes.TrimSpace(again.Raw), bytes.TrimSpace(first.Raw)) ||
		again.Header.Get("Idempotent-Replayed") != "true" || first.Header.Get("Idempotent-Replayed") != "" {
		t.Errorf("replay: %d %s (replayed %q), want the first answer %d %s (replayed %q)", again.Status, again.Raw,
			again.Header.Get("Idempotent-Replayed"), first.Status, first.Raw, first.Header.Get("Idempotent-Replayed"))
	}
}

// MakeLegacy turns the idempotency item of userID's key in scope into one written before items
// named what they made: no made, and an HTTP status and body (stale ones, which a replay must not
// answer).
func (a *App) MakeLegacy(t testing.TB, scope, userID, key string) {
	t.Helper()
	_, err := a.Cloud.DynamoDB.UpdateItem(context.Background(), &dynamodb.UpdateItemInput{
		TableName: aws.String(schema.Ledger.Name),
		Key: map[string]types.AttributeValue{
			schema.PK: &types.AttributeValueMemberS{Value: "ONCE#" + scope + "#" + userID + "#" + key},
			schema.SK: &types.AttributeValueMemberS{Value: "ONCE"},
		},
		UpdateExpression:         aws.String("REMOVE made SET #s = :s, body = :b"),
		ConditionExpression:      aws.String("attribute_exists(pk)"),
		ExpressionAttributeNames: map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":s": &types.AttributeValueMemberN{Value: "299"},
			":b": &types.AttributeValueMemberB{Value: []byte(`{"stale":true}`)},
		},
	})
	if err != nil {
		t.Fatalf("make the item of %s legacy: %v", key, err)
	}
}
