package edge_test

import (
	"context"
	"errors"
	"maps"
	"reflect"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/localstack/cloudtest"
	"zuum/shared/schema"
)

// emptyValues are the attribute values a careless deep copy loses: empty lists and maps, bare
// and nested.
func emptyValues() map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"emptyList": &types.AttributeValueMemberL{Value: []types.AttributeValue{}},
		"emptyMap":  &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{}},
		"nested": &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{
			"list": &types.AttributeValueMemberL{Value: []types.AttributeValue{
				&types.AttributeValueMemberM{Value: map[string]types.AttributeValue{}}, s("v"),
			}},
		}},
	}
}

// withEmptyValues is id's user item holding emptyValues.
func withEmptyValues(id string) map[string]types.AttributeValue {
	it := userItem(id)
	maps.Copy(it, emptyValues())
	return it
}

// A cancelled transaction must leave every item as it was, including items it never named: the
// table's other items hold empty lists and maps, which must keep their types.
func TestCancelledTransactionLeavesOtherItemsEmptyListsAndMapsIntact(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	bystander := withEmptyValues("bystander")
	putItems(t, c.DynamoDB, bystander, userItem("taken"))
	_, err := c.DynamoDB.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{TableName: users, Item: userItem("taken"), ConditionExpression: aws.String("attribute_not_exists(pk)")}},
	}})
	var tce *types.TransactionCanceledException
	if !errors.As(err, &tce) {
		t.Fatalf("got %v, want TransactionCanceledException", err)
	}
	out := getUser(t, c.DynamoDB, "bystander")
	if !reflect.DeepEqual(out.Item, bystander) {
		t.Errorf("bystander after the cancelled transaction:\n got %#v\nwant %#v", out.Item, bystander)
	}
	if _, err := c.DynamoDB.Scan(ctx, &dynamodb.ScanInput{TableName: users}); err != nil {
		t.Errorf("Scan after the cancelled transaction: %v", err)
	}
}

// UpdateItem with ReturnValues ALL_OLD answers the old item whole, empty lists and maps too.
func TestUpdateReturnsOldItemWithItsEmptyListsAndMaps(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	it := withEmptyValues("old")
	putItems(t, c.DynamoDB, it)
	out, err := c.DynamoDB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: users, Key: userItem("old"), UpdateExpression: aws.String("SET n = :one"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":one": &types.AttributeValueMemberN{Value: "1"}},
		ReturnValues:              types.ReturnValueAllOld,
	})
	if err != nil {
		t.Fatalf("UpdateItem: %v", err)
	}
	if !reflect.DeepEqual(out.Attributes, it) {
		t.Errorf("ALL_OLD:\n got %#v\nwant %#v", out.Attributes, it)
	}
	out, err = c.DynamoDB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: users, Key: userItem("old"), UpdateExpression: aws.String("ADD n :one"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":one": &types.AttributeValueMemberN{Value: "1"}},
		ReturnValues:              types.ReturnValueUpdatedOld,
	})
	if err != nil {
		t.Fatalf("UpdateItem: %v", err)
	}
	want := map[string]types.AttributeValue{"n": &types.AttributeValueMemberN{Value: "1"}}
	if !reflect.DeepEqual(out.Attributes, want) {
		t.Errorf("UPDATED_OLD:\n got %#v\nwant %#v", out.Attributes, want)
	}
}

// PutItem answers the item it replaced when asked for ALL_OLD, and nothing otherwise.
func TestPutAnswersTheReplacedItemOnlyWhenAsked(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	first := userItem("p")
	first["v"] = s("first")
	putItems(t, c.DynamoDB, first)
	second := userItem("p")
	second["v"] = s("second")
	out, err := c.DynamoDB.PutItem(ctx, &dynamodb.PutItemInput{TableName: users, Item: second})
	if err != nil || len(out.Attributes) != 0 {
		t.Fatalf("put without ReturnValues: %v, attributes %v", err, out.Attributes)
	}
	out, err = c.DynamoDB.PutItem(ctx, &dynamodb.PutItemInput{TableName: users, Item: first, ReturnValues: types.ReturnValueAllOld})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(out.Attributes, second) {
		t.Errorf("ALL_OLD: got %#v, want %#v", out.Attributes, second)
	}
}

// minidyn stores a put or update before it finds that an index key has the wrong type; the
// edge must refuse the write whole, as DynamoDB does.
func TestWriteRefusedForAnIndexKeyOfTheWrongTypeChangesNothing(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	number := &types.AttributeValueMemberN{Value: "1"}
	put := userItem("put")
	put[schema.GSI1PK], put[schema.GSI1SK] = number, s("x")
	_, err := c.DynamoDB.PutItem(ctx, &dynamodb.PutItemInput{TableName: users, Item: put})
	if errorCode(err) != "ValidationException" {
		t.Fatalf("put: got %v, want ValidationException", err)
	}
	kept := userItem("update")
	kept["v"] = s("kept")
	putItems(t, c.DynamoDB, kept)
	_, err = c.DynamoDB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: users, Key: userItem("update"), UpdateExpression: aws.String("SET v = :v, #pk = :n, #sk = :s"),
		ExpressionAttributeNames:  map[string]string{"#pk": schema.GSI1PK, "#sk": schema.GSI1SK},
		ExpressionAttributeValues: map[string]types.AttributeValue{":v": s("changed"), ":n": number, ":s": s("x")},
	})
	if errorCode(err) != "ValidationException" {
		t.Fatalf("update: got %v, want ValidationException", err)
	}
	for id, want := range map[string]map[string]types.AttributeValue{"put": nil, "update": kept} {
		out := getUser(t, c.DynamoDB, id)
		if !reflect.DeepEqual(out.Item, want) {
			t.Errorf("%s after the refused write:\n got %#v\nwant %#v", id, out.Item, want)
		}
	}
}

// A batch refused for one bad item writes none of the others.
func TestRefusedBatchWritesNothing(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	bad := userItem("bad")
	bad["tags"] = &types.AttributeValueMemberSS{Value: []string{"x", "x"}}
	_, err := c.DynamoDB.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{
		*users: {{PutRequest: &types.PutRequest{Item: userItem("good")}}, {PutRequest: &types.PutRequest{Item: bad}}},
	}})
	if errorCode(err) != "ValidationException" {
		t.Fatalf("got %v, want ValidationException", err)
	}
	out := getUser(t, c.DynamoDB, "good")
	if out.Item != nil {
		t.Errorf("the refused batch wrote %v", out.Item)
	}
}

// Every failed condition of a cancelled transaction has its reason (with the item when asked
// for), and a ConditionCheck that holds changes nothing.
func TestTransactionReportsEveryFailedConditionAndChecksWriteNothing(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	held := withEmptyValues("held")
	putItems(t, c.DynamoDB, held, userItem("taken"))
	exists, absent := aws.String("attribute_exists(pk)"), aws.String("attribute_not_exists(pk)")
	_, err := c.DynamoDB.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{ConditionCheck: &types.ConditionCheck{TableName: users, Key: userItem("held"), ConditionExpression: absent,
			ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld}},
		{Put: &types.Put{TableName: users, Item: userItem("new")}},
		{Put: &types.Put{TableName: users, Item: userItem("taken"), ConditionExpression: absent}},
	}})
	var tce *types.TransactionCanceledException
	if !errors.As(err, &tce) {
		t.Fatalf("got %v, want TransactionCanceledException", err)
	}
	var codes []string
	for _, r := range tce.CancellationReasons {
		codes = append(codes, aws.ToString(r.Code))
	}
	if !reflect.DeepEqual(codes, []string{"ConditionalCheckFailed", "None", "ConditionalCheckFailed"}) {
		t.Errorf("reasons = %v", codes)
	}
	if got := tce.CancellationReasons[0].Item; !reflect.DeepEqual(got, held) {
		t.Errorf("reason item:\n got %#v\nwant %#v", got, held)
	}
	if _, err := c.DynamoDB.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{ConditionCheck: &types.ConditionCheck{TableName: users, Key: userItem("held"), ConditionExpression: exists}},
		{Put: &types.Put{TableName: users, Item: userItem("new")}},
	}}); err != nil {
		t.Fatalf("transaction whose check holds: %v", err)
	}
	for id, want := range map[string]map[string]types.AttributeValue{"held": held, "new": userItem("new")} {
		out := getUser(t, c.DynamoDB, id)
		if !reflect.DeepEqual(out.Item, want) {
			t.Errorf("%s: got %#v, want %#v", id, out.Item, want)
		}
	}
}

// A failed condition of a single write answers the item as it is, whole, when asked for it.
func TestFailedConditionAnswersTheItemWhenAsked(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	it := withEmptyValues("there")
	putItems(t, c.DynamoDB, it)
	_, err := c.DynamoDB.PutItem(ctx, &dynamodb.PutItemInput{TableName: users, Item: userItem("there"),
		ConditionExpression:                 aws.String("attribute_not_exists(pk)"),
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld})
	var ccf *types.ConditionalCheckFailedException
	if !errors.As(err, &ccf) {
		t.Fatalf("got %v, want ConditionalCheckFailedException", err)
	}
	if !reflect.DeepEqual(ccf.Item, it) {
		t.Errorf("item of the failed condition:\n got %#v\nwant %#v", ccf.Item, it)
	}
}

// UPDATED_NEW answers the attributes the update changed, never the key.
func TestUpdatedNewOfANewItemAnswersOnlyWhatWasSet(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	out, err := c.DynamoDB.UpdateItem(context.Background(), &dynamodb.UpdateItemInput{
		TableName: users, Key: userItem("fresh"), UpdateExpression: aws.String("ADD n :one"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":one": &types.AttributeValueMemberN{Value: "1"}},
		ReturnValues:              types.ReturnValueUpdatedNew,
	})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]types.AttributeValue{"n": &types.AttributeValueMemberN{Value: "1"}}
	if !reflect.DeepEqual(out.Attributes, want) {
		t.Errorf("UPDATED_NEW: got %#v, want %#v", out.Attributes, want)
	}
}

// A batch that names one item twice is refused whole, as DynamoDB refuses it.
func TestBatchNamingAnItemTwiceIsRefused(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	first, second := userItem("twice"), userItem("twice")
	first["v"], second["v"] = s("first"), s("second")
	_, err := c.DynamoDB.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{
		*users: {{PutRequest: &types.PutRequest{Item: userItem("other")}},
			{PutRequest: &types.PutRequest{Item: first}}, {PutRequest: &types.PutRequest{Item: second}}},
	}})
	if errorCode(err) != "ValidationException" {
		t.Fatalf("got %v, want ValidationException", err)
	}
	for _, id := range []string{"twice", "other"} {
		out := getUser(t, c.DynamoDB, id)
		if out.Item != nil {
			t.Errorf("the refused batch wrote %v", out.Item)
		}
	}
}
