package edge_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"zuum/localstack/cloudtest"
)

// sparseTable creates a table with a sparse global secondary index "byG" (g, s), puts A and B
// in it and C outside it (no g, no s), and returns a query of the index's partition "x" that
// answers the ids in index order.
func sparseTable(t *testing.T) (*dynamodb.Client, func() []string) {
	t.Helper()
	ctx := context.Background()
	db := cloudtest.Start(t).DynamoDB
	s := func(v string) *ddbtypes.AttributeValueMemberS { return &ddbtypes.AttributeValueMemberS{Value: v} }
	_, err := db.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:   aws.String("sparse"),
		BillingMode: ddbtypes.BillingModePayPerRequest,
		AttributeDefinitions: []ddbtypes.AttributeDefinition{
			{AttributeName: aws.String("id"), AttributeType: ddbtypes.ScalarAttributeTypeS},
			{AttributeName: aws.String("g"), AttributeType: ddbtypes.ScalarAttributeTypeS},
			{AttributeName: aws.String("s"), AttributeType: ddbtypes.ScalarAttributeTypeS},
		},
		KeySchema: []ddbtypes.KeySchemaElement{{AttributeName: aws.String("id"), KeyType: ddbtypes.KeyTypeHash}},
		GlobalSecondaryIndexes: []ddbtypes.GlobalSecondaryIndex{{
			IndexName: aws.String("byG"),
			KeySchema: []ddbtypes.KeySchemaElement{
				{AttributeName: aws.String("g"), KeyType: ddbtypes.KeyTypeHash},
				{AttributeName: aws.String("s"), KeyType: ddbtypes.KeyTypeRange},
			},
			Projection: &ddbtypes.Projection{ProjectionType: ddbtypes.ProjectionTypeAll},
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range []map[string]ddbtypes.AttributeValue{
		{"id": s("A"), "g": s("x"), "s": s("2")},
		{"id": s("B"), "g": s("x"), "s": s("4")},
		{"id": s("C"), "n": s("no index keys")},
	} {
		if _, err := db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("sparse"), Item: it}); err != nil {
			t.Fatal(err)
		}
	}
	query := func() []string {
		t.Helper()
		var ids []string
		for _, forward := range []bool{true, false} {
			out, err := db.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("sparse"), IndexName: aws.String("byG"),
				KeyConditionExpression:    aws.String("g = :g"),
				ExpressionAttributeValues: map[string]ddbtypes.AttributeValue{":g": s("x")},
				ScanIndexForward:          aws.Bool(forward)})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, it := range out.Items {
				got = append(got, it["id"].(*ddbtypes.AttributeValueMemberS).Value)
			}
			if forward {
				ids = got
			} else if slices.Reverse(got); !slices.Equal(got, ids) {
				t.Fatalf("the index answers %v forward and %v backward", ids, got)
			}
		}
		return ids
	}
	if got := query(); !slices.Equal(got, []string{"A", "B"}) {
		t.Fatalf("index before: %v, want [A B]", got)
	}
	return db, query
}

var sparseKey = map[string]ddbtypes.AttributeValue{"id": &ddbtypes.AttributeValueMemberS{Value: "C"}}

func sparseValues(g, s string) map[string]ddbtypes.AttributeValue {
	return map[string]ddbtypes.AttributeValue{":g": &ddbtypes.AttributeValueMemberS{Value: g}, ":s": &ddbtypes.AttributeValueMemberS{Value: s}}
}

func TestUpdateThatGivesAnItemIndexKeysKeepsTheIndexsOtherItems(t *testing.T) {
	t.Parallel()
	db, query := sparseTable(t)
	_, err := db.UpdateItem(context.Background(), &dynamodb.UpdateItemInput{TableName: aws.String("sparse"), Key: sparseKey,
		UpdateExpression: aws.String("SET g = :g, s = :s"), ExpressionAttributeValues: sparseValues("x", "3")})
	if err != nil {
		t.Fatal(err)
	}
	if got := query(); !slices.Equal(got, []string{"A", "C", "B"}) {
		t.Fatalf("index after C got index keys: %v, want [A C B]", got)
	}
}

func TestUpsertThatCreatesAnItemWithIndexKeysKeepsTheIndexsOtherItems(t *testing.T) {
	t.Parallel()
	db, query := sparseTable(t)
	_, err := db.UpdateItem(context.Background(), &dynamodb.UpdateItemInput{TableName: aws.String("sparse"),
		Key:              map[string]ddbtypes.AttributeValue{"id": &ddbtypes.AttributeValueMemberS{Value: "D"}},
		UpdateExpression: aws.String("SET g = :g, s = :s"), ExpressionAttributeValues: sparseValues("x", "1")})
	if err != nil {
		t.Fatal(err)
	}
	if got := query(); !slices.Equal(got, []string{"D", "A", "B"}) {
		t.Fatalf("index after a new D with index keys: %v, want [D A B]", got)
	}
}

func TestTransactionUpdateThatGivesAnItemIndexKeysKeepsTheIndexsOtherItems(t *testing.T) {
	t.Parallel()
	db, query := sparseTable(t)
	_, err := db.TransactWriteItems(context.Background(), &dynamodb.TransactWriteItemsInput{TransactItems: []ddbtypes.TransactWriteItem{{
		Update: &ddbtypes.Update{TableName: aws.String("sparse"), Key: sparseKey,
			UpdateExpression: aws.String("SET g = :g, s = :s"), ExpressionAttributeValues: sparseValues("x", "5")},
	}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := query(); !slices.Equal(got, []string{"A", "B", "C"}) {
		t.Fatalf("index after C got index keys in a transaction: %v, want [A B C]", got)
	}
}

func TestPutThatReplacesAnItemWithoutIndexKeysKeepsTheIndexsOtherItems(t *testing.T) {
	t.Parallel()
	db, query := sparseTable(t)
	_, err := db.PutItem(context.Background(), &dynamodb.PutItemInput{TableName: aws.String("sparse"), Item: map[string]ddbtypes.AttributeValue{
		"id": &ddbtypes.AttributeValueMemberS{Value: "C"}, "g": &ddbtypes.AttributeValueMemberS{Value: "x"}, "s": &ddbtypes.AttributeValueMemberS{Value: "1"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if got := query(); !slices.Equal(got, []string{"C", "A", "B"}) {
		t.Fatalf("index after C was replaced with index keys: %v, want [C A B]", got)
	}
}

func TestItemThatLosesItsIndexKeysLeavesTheIndexAndCanComeBack(t *testing.T) {
	t.Parallel()
	db, query := sparseTable(t)
	ctx := context.Background()
	keyA := map[string]ddbtypes.AttributeValue{"id": &ddbtypes.AttributeValueMemberS{Value: "A"}}
	if _, err := db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("sparse"), Key: keyA,
		UpdateExpression: aws.String("REMOVE g, s")}); err != nil {
		t.Fatal(err)
	}
	if got := query(); !slices.Equal(got, []string{"B"}) {
		t.Fatalf("index after A lost its index keys: %v, want [B]", got)
	}
	// A put that leaves the index keys out takes B out too.
	if _, err := db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("sparse"), Item: map[string]ddbtypes.AttributeValue{
		"id": &ddbtypes.AttributeValueMemberS{Value: "B"}, "n": &ddbtypes.AttributeValueMemberS{Value: "out"},
	}}); err != nil {
		t.Fatal(err)
	}
	if got := query(); len(got) != 0 {
		t.Fatalf("index after B was replaced without index keys: %v, want none", got)
	}
	if _, err := db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("sparse"), Key: keyA,
		UpdateExpression: aws.String("SET g = :g, s = :s"), ExpressionAttributeValues: sparseValues("x", "6")}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("sparse"), Key: sparseKey,
		UpdateExpression: aws.String("SET g = :g, s = :s"), ExpressionAttributeValues: sparseValues("x", "3")}); err != nil {
		t.Fatal(err)
	}
	if got := query(); !slices.Equal(got, []string{"C", "A"}) {
		t.Fatalf("index after A and C got index keys again: %v, want [C A]", got)
	}
	if _, err := db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String("sparse"), Key: keyA}); err != nil {
		t.Fatal(err)
	}
	if got := query(); !slices.Equal(got, []string{"C"}) {
		t.Fatalf("index after A was deleted: %v, want [C]", got)
	}
}

// DynamoDB refuses a write that gives an index key attribute a type other than its definition's
// (sparse indexes skip items without the attribute, never items with a value of another type),
// and the refused write changes nothing.
func TestIndexKeyOfTheWrongTypeIsRefusedAndChangesNothing(t *testing.T) {
	t.Parallel()
	db, query := sparseTable(t)
	ctx := context.Background()
	n := &ddbtypes.AttributeValueMemberN{Value: "7"}
	writes := map[string]func() error{
		"put": func() error {
			_, err := db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("sparse"), Item: map[string]ddbtypes.AttributeValue{
				"id": &ddbtypes.AttributeValueMemberS{Value: "C"}, "g": &ddbtypes.AttributeValueMemberS{Value: "x"}, "s": n}})
			return err
		},
		"update": func() error {
			_, err := db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("sparse"), Key: sparseKey,
				UpdateExpression: aws.String("SET g = :g, s = :n"), ExpressionAttributeValues: map[string]ddbtypes.AttributeValue{
					":g": &ddbtypes.AttributeValueMemberS{Value: "x"}, ":n": n}})
			return err
		},
		"update of an indexed item": func() error {
			_, err := db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("sparse"),
				Key:              map[string]ddbtypes.AttributeValue{"id": &ddbtypes.AttributeValueMemberS{Value: "A"}},
				UpdateExpression: aws.String("SET s = :n"), ExpressionAttributeValues: map[string]ddbtypes.AttributeValue{":n": n}})
			return err
		},
		"transaction": func() error {
			_, err := db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []ddbtypes.TransactWriteItem{{
				Update: &ddbtypes.Update{TableName: aws.String("sparse"), Key: sparseKey,
					UpdateExpression: aws.String("SET g = :n"), ExpressionAttributeValues: map[string]ddbtypes.AttributeValue{":n": n}},
			}}})
			return err
		},
	}
	for name, write := range writes {
		err := write()
		var api smithy.APIError
		if !errors.As(err, &api) || api.ErrorCode() != "ValidationException" || !strings.Contains(api.ErrorMessage(), "Type mismatch for Index Key") {
			t.Errorf("%s with an index key of the wrong type: %v, want a ValidationException for the type mismatch", name, err)
		}
		if got := query(); !slices.Equal(got, []string{"A", "B"}) {
			t.Fatalf("index after a refused %s: %v, want [A B]", name, got)
		}
		got, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("sparse"), Key: sparseKey})
		if err != nil || len(got.Item) != 2 {
			t.Fatalf("C after a refused %s: %v, %v; want it as it was", name, got.Item, err)
		}
	}
}

func TestBatchPutThatReplacesItemsKeepsTheIndexWhole(t *testing.T) {
	t.Parallel()
	db, query := sparseTable(t)
	s := func(v string) *ddbtypes.AttributeValueMemberS { return &ddbtypes.AttributeValueMemberS{Value: v} }
	_, err := db.BatchWriteItem(context.Background(), &dynamodb.BatchWriteItemInput{RequestItems: map[string][]ddbtypes.WriteRequest{
		"sparse": {
			{PutRequest: &ddbtypes.PutRequest{Item: map[string]ddbtypes.AttributeValue{"id": s("A")}}},
			{PutRequest: &ddbtypes.PutRequest{Item: map[string]ddbtypes.AttributeValue{"id": s("C"), "g": s("x"), "s": s("5")}}},
		},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if got := query(); !slices.Equal(got, []string{"B", "C"}) {
		t.Fatalf("index after a batch took A out and put C in: %v, want [B C]", got)
	}
	// A, out of the index, leaves nothing of it behind when it goes.
	if _, err := db.DeleteItem(context.Background(), &dynamodb.DeleteItemInput{TableName: aws.String("sparse"),
		Key: map[string]ddbtypes.AttributeValue{"id": s("A")}}); err != nil {
		t.Fatal(err)
	}
	if got := query(); !slices.Equal(got, []string{"B", "C"}) {
		t.Fatalf("index after A, out of it, was deleted: %v, want [B C]", got)
	}
}

func TestCancelledTransactionThatGaveAnItemIndexKeysLeavesTheIndexWhole(t *testing.T) {
	t.Parallel()
	db, query := sparseTable(t)
	ctx := context.Background()
	_, err := db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []ddbtypes.TransactWriteItem{
		{Update: &ddbtypes.Update{TableName: aws.String("sparse"), Key: sparseKey,
			UpdateExpression: aws.String("SET g = :g, s = :s"), ExpressionAttributeValues: sparseValues("x", "5")}},
		{ConditionCheck: &ddbtypes.ConditionCheck{TableName: aws.String("sparse"),
			Key:                 map[string]ddbtypes.AttributeValue{"id": &ddbtypes.AttributeValueMemberS{Value: "B"}},
			ConditionExpression: aws.String("attribute_not_exists(id)")}},
	}})
	var cancelled *ddbtypes.TransactionCanceledException
	if !errors.As(err, &cancelled) {
		t.Fatalf("transaction: %v, want it cancelled", err)
	}
	if got := query(); !slices.Equal(got, []string{"A", "B"}) {
		t.Fatalf("index after the cancelled transaction: %v, want [A B]", got)
	}
	if _, err := db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String("sparse"), Key: sparseKey}); err != nil {
		t.Fatal(err)
	}
	if got := query(); !slices.Equal(got, []string{"A", "B"}) {
		t.Fatalf("index after C, which the cancelled transaction had put in it, was deleted: %v, want [A B]", got)
	}
}
