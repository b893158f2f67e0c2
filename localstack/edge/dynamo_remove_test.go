package edge_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"zuum/localstack/cloudtest"
	"zuum/shared/schema"
)

type attrs = map[string]types.AttributeValue

func num(v string) types.AttributeValue { return &types.AttributeValueMemberN{Value: v} }
func list(v ...types.AttributeValue) types.AttributeValue {
	return &types.AttributeValueMemberL{Value: v}
}
func dict(v attrs) types.AttributeValue { return &types.AttributeValueMemberM{Value: v} }

// withKey is userItem(id) with more attributes.
func withKey(id string, more attrs) attrs {
	it := userItem(id)
	maps.Copy(it, more)
	return it
}

// removeCase is one update with a REMOVE clause: the item before (nil: none), the update, and
// either the item after as DynamoDB documents it or the error it answers (the item then stays
// as it was).
type removeCase struct {
	name      string
	before    attrs
	expr      string
	names     map[string]string
	values    attrs
	cond      string
	after     attrs  // without the key; nil with wantCode
	wantCode  string // the error code of a refused UpdateItem
	wantInMsg string
}

// removeBefore is the item most cases start from.
func removeBefore() attrs {
	return attrs{
		"a": s("A"), "b": s("B"), "c": num("3"), "tags": &types.AttributeValueMemberSS{Value: []string{"x", "y"}},
		"m": dict(attrs{"k": s("K"), "j": s("J"), "deep": dict(attrs{"x": s("X"), "y": s("Y")})}),
		"l": list(s("0"), s("1"), s("2"), s("3")),
	}
}

// without is removeBefore less names, with more set.
func without(more attrs, names ...string) attrs {
	it := removeBefore()
	for _, n := range names {
		delete(it, n)
	}
	maps.Copy(it, more)
	return it
}

func removeCases() []removeCase {
	mWithout := func(k string) types.AttributeValue {
		m := removeBefore()["m"].(*types.AttributeValueMemberM).Value
		delete(m, k)
		return dict(m)
	}
	return []removeCase{
		{name: "a top-level attribute by name", before: removeBefore(), expr: "REMOVE a", after: without(nil, "a")},
		{name: "a top-level attribute by #name", before: removeBefore(), expr: "REMOVE #b",
			names: map[string]string{"#b": "b"}, after: without(nil, "b")},
		{name: "several at once", before: removeBefore(), expr: "REMOVE a, #b, c",
			names: map[string]string{"#b": "b"}, after: without(nil, "a", "b", "c")},
		{name: "lower-case keyword", before: removeBefore(), expr: "remove a", after: without(nil, "a")},
		{name: "after SET", before: removeBefore(), expr: "SET x = :v REMOVE a",
			values: attrs{":v": s("V")}, after: without(attrs{"x": s("V")}, "a")},
		{name: "before SET, which reads the item as it was", before: removeBefore(), expr: "REMOVE a SET x = a",
			after: without(attrs{"x": s("A")}, "a")},
		{name: "between ADD and DELETE", before: removeBefore(), expr: "ADD c :one REMOVE a, b DELETE tags :x",
			values: attrs{":one": num("1"), ":x": &types.AttributeValueMemberSS{Value: []string{"x"}}},
			after:  without(attrs{"c": num("4"), "tags": &types.AttributeValueMemberSS{Value: []string{"y"}}}, "a", "b")},
		{name: "a map key", before: removeBefore(), expr: "REMOVE m.k", after: without(attrs{"m": mWithout("k")})},
		{name: "a nested map key by #names", before: removeBefore(), expr: "REMOVE #m.#d.x",
			names: map[string]string{"#m": "m", "#d": "deep"},
			after: without(attrs{"m": dict(attrs{"k": s("K"), "j": s("J"), "deep": dict(attrs{"y": s("Y")})})})},
		{name: "a list element", before: removeBefore(), expr: "REMOVE l[1]",
			after: without(attrs{"l": list(s("0"), s("2"), s("3"))})},
		{name: "list elements by their index before the removal", before: removeBefore(), expr: "REMOVE l[1], l[2]",
			after: without(attrs{"l": list(s("0"), s("3"))})},
		{name: "a list element and a map key with top-level attributes", before: removeBefore(),
			expr: "SET x = :v REMOVE l[0], m.j, a", values: attrs{":v": s("V")},
			after: without(attrs{"x": s("V"), "l": list(s("1"), s("2"), s("3")), "m": mWithout("j")}, "a")},
		{name: "a missing attribute, map key or list element is no change", before: removeBefore(),
			expr: "REMOVE nothing, m.nothing, l[9]", after: removeBefore()},
		{name: "from no item creates the item with its key only", expr: "REMOVE a", after: attrs{}},
		{name: "when the condition holds", before: removeBefore(), expr: "REMOVE a", cond: "b = :b",
			values: attrs{":b": s("B")}, after: without(nil, "a")},

		{name: "the partition key", before: removeBefore(), expr: "REMOVE pk",
			wantCode: "ValidationException", wantInMsg: "Cannot update attribute pk. This attribute is part of the key"},
		{name: "the sort key by #name", before: removeBefore(), expr: "REMOVE a, #s", names: map[string]string{"#s": schema.SK},
			wantCode: "ValidationException", wantInMsg: "Cannot update attribute sk. This attribute is part of the key"},
		{name: "one attribute twice", before: removeBefore(), expr: "REMOVE a, a",
			wantCode: "ValidationException", wantInMsg: "Two document paths overlap with each other"},
		{name: "an attribute SET too", before: removeBefore(), expr: "SET a = :v REMOVE a", values: attrs{":v": s("V")},
			wantCode: "ValidationException", wantInMsg: "Two document paths overlap with each other"},
		{name: "a map and its key", before: removeBefore(), expr: "REMOVE m.k, m",
			wantCode: "ValidationException", wantInMsg: "Two document paths overlap with each other"},
		{name: "a path as a list and as a map", before: removeBefore(), expr: "REMOVE l[0], l.k",
			wantCode: "ValidationException", wantInMsg: "Two document paths conflict with each other"},
		{name: "a key of a missing map", before: removeBefore(), expr: "SET x = :v REMOVE nothing.k", values: attrs{":v": s("V")},
			wantCode: "ValidationException", wantInMsg: "The document path provided in the update expression is invalid for update"},
		{name: "a key of a string", before: removeBefore(), expr: "REMOVE a.k",
			wantCode: "ValidationException", wantInMsg: "The document path provided in the update expression is invalid for update"},
		{name: "an element of a map", before: removeBefore(), expr: "REMOVE m[0]",
			wantCode: "ValidationException", wantInMsg: "The document path provided in the update expression is invalid for update"},
		{name: "an undefined #name", before: removeBefore(), expr: "REMOVE #nope",
			wantCode: "ValidationException", wantInMsg: "An expression attribute name used in the document path is not defined; attribute name: #nope"},
		{name: "two REMOVE sections", before: removeBefore(), expr: "REMOVE a REMOVE b",
			wantCode: "ValidationException", wantInMsg: `The "REMOVE" section can only be used once in an update expression`},
		{name: "a name no expression uses", before: removeBefore(), expr: "REMOVE a", names: map[string]string{"#x": "x"},
			wantCode: "ValidationException", wantInMsg: "Value provided in ExpressionAttributeNames unused in expressions: keys: {#x}"},
		{name: "a value no expression uses", before: removeBefore(), expr: "REMOVE a", values: attrs{":x": s("x")},
			wantCode: "ValidationException", wantInMsg: "Value provided in ExpressionAttributeValues unused in expressions: keys: {:x}"},
		{name: "a syntax error", before: removeBefore(), expr: "REMOVE a,",
			wantCode: "ValidationException", wantInMsg: "Syntax error"},
		{name: "when the condition fails", before: removeBefore(), expr: "REMOVE a", cond: "b = :b",
			values: attrs{":b": s("not B")}, wantCode: "ConditionalCheckFailedException"},
		{name: "with SET when the condition fails", before: removeBefore(), expr: "SET x = :b REMOVE a", cond: "b = :b",
			values: attrs{":b": s("not B")}, wantCode: "ConditionalCheckFailedException"},
	}
}

// show writes an item as DynamoDB JSON, keys sorted and sets in order (DynamoDB keeps no order
// in a set), so that two items compare as strings.
func show(it attrs) string {
	var norm func(v types.AttributeValue) any
	norm = func(v types.AttributeValue) any {
		switch v := v.(type) {
		case *types.AttributeValueMemberS:
			return map[string]any{"S": v.Value}
		case *types.AttributeValueMemberN:
			return map[string]any{"N": v.Value}
		case *types.AttributeValueMemberSS:
			return map[string]any{"SS": slices.Sorted(slices.Values(v.Value))}
		case *types.AttributeValueMemberL:
			l := make([]any, len(v.Value))
			for i, e := range v.Value {
				l[i] = norm(e)
			}
			return map[string]any{"L": l}
		case *types.AttributeValueMemberM:
			m := map[string]any{}
			for k, e := range v.Value {
				m[k] = norm(e)
			}
			return map[string]any{"M": m}
		}
		return fmt.Sprintf("%#v", v)
	}
	m := map[string]any{}
	for k, v := range it {
		m[k] = norm(v)
	}
	out, err := json.Marshal(m) // encoding/json sorts map keys
	if err != nil {
		return err.Error()
	}
	return string(out)
}

// updateWith runs an update through UpdateItem or a one-step transaction.
type updateWith struct {
	name string
	run  func(ctx context.Context, db *dynamodb.Client, key attrs, c removeCase) error
	// code turns UpdateItem's error code into this way's: a transaction reports a failed
	// condition as its cancellation.
	code func(string) string
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return aws.String(s)
}

var updateWays = []updateWith{
	{name: "UpdateItem", code: func(c string) string { return c },
		run: func(ctx context.Context, db *dynamodb.Client, key attrs, c removeCase) error {
			_, err := db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: users, Key: key,
				UpdateExpression: aws.String(c.expr), ConditionExpression: optional(c.cond),
				ExpressionAttributeNames: c.names, ExpressionAttributeValues: c.values})
			return err
		}},
	{name: "TransactWriteItems",
		code: func(c string) string {
			if c == "ConditionalCheckFailedException" {
				return "TransactionCanceledException"
			}
			return c
		},
		run: func(ctx context.Context, db *dynamodb.Client, key attrs, c removeCase) error {
			_, err := db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
				{Update: &types.Update{TableName: users, Key: key,
					UpdateExpression: aws.String(c.expr), ConditionExpression: optional(c.cond),
					ExpressionAttributeNames: c.names, ExpressionAttributeValues: c.values}},
			}})
			return err
		}},
}

// REMOVE removes what DynamoDB removes, in UpdateItem and in a transaction's Update, and what
// DynamoDB refuses is refused and changes nothing.
func TestUpdateRemovesWhatDynamoDBRemoves(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	for _, way := range updateWays {
		for _, tc := range removeCases() {
			t.Run(way.name+"/"+tc.name, func(t *testing.T) {
				id := way.name + "/" + tc.name
				if tc.before != nil {
					putItems(t, c.DynamoDB, withKey(id, tc.before))
				}
				err := way.run(ctx, c.DynamoDB, userItem(id), tc)
				want := tc.after
				if tc.wantCode != "" {
					var api smithy.APIError
					if !errors.As(err, &api) || api.ErrorCode() != way.code(tc.wantCode) || !strings.Contains(api.ErrorMessage(), tc.wantInMsg) {
						t.Fatalf("got %v, want %s with %q", err, way.code(tc.wantCode), tc.wantInMsg)
					}
					want = tc.before
				} else if err != nil {
					t.Fatalf("update: %v", err)
				}
				out := getUser(t, c.DynamoDB, id)
				if want == nil {
					if out.Item != nil {
						t.Fatalf("item after: got %v, want none", out.Item)
					}
					return
				}
				if got, want := show(out.Item), show(withKey(id, want)); got != want {
					t.Errorf("item after:\n got %s\nwant %s", got, want)
				}
			})
		}
	}
}

// ReturnValues answer as DynamoDB does after the removal: ALL_* the whole item; UPDATED_OLD what
// each path the update names held, in its place (a map key inside its map, a list element alone
// in its list), and UPDATED_NEW what the SET, ADD and DELETE paths hold after it, so a removed
// path is in the old values and never in the new ones. An empty answer has no Attributes.
func TestUpdateWithRemoveReturnsValuesAsDynamoDB(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	before := attrs{"a": s("A"), "b": s("B"), "c": s("C"),
		"m": dict(attrs{"k": s("K"), "j": s("J")}), "l": list(s("0"), s("1"), s("2"))}
	// after is before less names, with more set.
	after := func(more attrs, names ...string) attrs {
		it := maps.Clone(before)
		for _, n := range names {
			delete(it, n)
		}
		maps.Copy(it, more)
		return it
	}
	for _, tc := range []struct {
		expr   string
		values attrs
		want   map[types.ReturnValue]attrs // ALL_OLD is always before; NONE nothing
	}{
		{"REMOVE a SET b = :b, x = :x", attrs{":b": s("B2"), ":x": s("X")}, map[types.ReturnValue]attrs{
			types.ReturnValueAllNew: after(attrs{"b": s("B2"), "x": s("X")}, "a"), types.ReturnValueUpdatedNew: {"b": s("B2"), "x": s("X")},
			types.ReturnValueUpdatedOld: {"a": s("A"), "b": s("B")}}},
		{"REMOVE a", nil, map[types.ReturnValue]attrs{
			types.ReturnValueAllNew: after(nil, "a"), types.ReturnValueUpdatedNew: nil,
			types.ReturnValueUpdatedOld: {"a": s("A")}}},
		{"REMOVE m.k, l[1]", nil, map[types.ReturnValue]attrs{
			types.ReturnValueAllNew:     after(attrs{"m": dict(attrs{"j": s("J")}), "l": list(s("0"), s("2"))}),
			types.ReturnValueUpdatedNew: nil,
			types.ReturnValueUpdatedOld: {"m": dict(attrs{"k": s("K")}), "l": list(s("1"))}}},
		{"SET m.j = :v REMOVE m.k", attrs{":v": s("V")}, map[types.ReturnValue]attrs{
			types.ReturnValueAllNew:     after(attrs{"m": dict(attrs{"j": s("V")})}),
			types.ReturnValueUpdatedNew: {"m": dict(attrs{"j": s("V")})},
			types.ReturnValueUpdatedOld: {"m": dict(attrs{"k": s("K"), "j": s("J")})}}},
	} {
		tc.want[types.ReturnValueAllOld] = before
		tc.want[types.ReturnValueNone] = nil
		for _, rv := range types.ReturnValueNone.Values() {
			t.Run(tc.expr+"/"+string(rv), func(t *testing.T) {
				putItems(t, c.DynamoDB, withKey("rv", before))
				out, err := c.DynamoDB.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: users, Key: userItem("rv"),
					UpdateExpression: aws.String(tc.expr), ReturnValues: rv, ExpressionAttributeValues: tc.values})
				if err != nil {
					t.Fatal(err)
				}
				want := tc.want[rv]
				if rv == types.ReturnValueAllNew || rv == types.ReturnValueAllOld {
					want = withKey("rv", want)
				}
				if want == nil {
					if out.Attributes != nil {
						t.Errorf("got %s, want no Attributes", show(out.Attributes))
					}
					return
				}
				if got, want := show(out.Attributes), show(want); got != want {
					t.Errorf("\n got %s\nwant %s", got, want)
				}
			})
		}
	}
}

// A transaction's REMOVE is part of its all-or-nothing: cancelled, the attribute is still
// there; done, it is gone along with the transaction's other writes.
func TestTransactionRemoveIsUndoneWhenCancelled(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	held := withKey("held", attrs{"a": s("A"), "m": dict(attrs{"k": s("K")})})
	putItems(t, c.DynamoDB, held, userItem("taken"))
	transact := func(putCond string) error {
		_, err := c.DynamoDB.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
			{Update: &types.Update{TableName: users, Key: userItem("held"), UpdateExpression: aws.String("REMOVE a, m.k")}},
			{Put: &types.Put{TableName: users, Item: withKey("taken", attrs{"v": s("new")}), ConditionExpression: aws.String(putCond)}},
		}})
		return err
	}
	get := func(id string) attrs {
		out := getUser(t, c.DynamoDB, id)
		return out.Item
	}
	var tce *types.TransactionCanceledException
	if err := transact("attribute_not_exists(pk)"); !errors.As(err, &tce) {
		t.Fatalf("got %v, want TransactionCanceledException", err)
	}
	if got := get("held"); !reflect.DeepEqual(got, held) {
		t.Errorf("after the cancelled transaction:\n got %v\nwant %v", got, held)
	}
	if err := transact("attribute_exists(pk)"); err != nil {
		t.Fatalf("transaction: %v", err)
	}
	if got, want := get("held"), withKey("held", attrs{"m": dict(attrs{})}); !reflect.DeepEqual(got, want) {
		t.Errorf("after the transaction:\n got %v\nwant %v", got, want)
	}
	if got, want := get("taken"), withKey("taken", attrs{"v": s("new")}); !reflect.DeepEqual(got, want) {
		t.Errorf("the transaction's put:\n got %v\nwant %v", got, want)
	}
}

// Removing an index's key attribute takes the item out of the index (a Scan of the index no
// longer lists it either), alone or with other clauses.
func TestRemovingAnIndexKeyTakesTheItemOutOfTheIndex(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	for _, tc := range []struct {
		expr   string
		values attrs
	}{
		{"REMOVE gsi1pk", nil},
		{"SET v = :v REMOVE gsi1pk", attrs{":v": s("V")}},
	} {
		t.Run(tc.expr, func(t *testing.T) {
			it := withKey("indexed", attrs{schema.GSI1PK: s("EMAIL#indexed"), schema.GSI1SK: s("USER")})
			putItems(t, c.DynamoDB, it)
			query := func() int32 {
				out, err := c.DynamoDB.Query(ctx, &dynamodb.QueryInput{TableName: users, IndexName: aws.String(schema.GSI1),
					KeyConditionExpression:    aws.String("gsi1pk = :e"),
					ExpressionAttributeValues: attrs{":e": s("EMAIL#indexed")}})
				if err != nil {
					t.Fatal(err)
				}
				all, err := c.DynamoDB.Scan(ctx, &dynamodb.ScanInput{TableName: users, IndexName: aws.String(schema.GSI1)})
				if err != nil {
					t.Fatal(err)
				}
				if out.Count != all.Count {
					t.Errorf("the index holds %d items, a query of it finds %d", all.Count, out.Count)
				}
				return out.Count
			}
			if n := query(); n != 1 {
				t.Fatalf("indexed before the removal: %d items, want 1", n)
			}
			if _, err := c.DynamoDB.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: users, Key: userItem("indexed"),
				UpdateExpression: aws.String(tc.expr), ExpressionAttributeValues: tc.values}); err != nil {
				t.Fatal(err)
			}
			if n := query(); n != 0 {
				t.Errorf("indexed after the removal: %d items, want 0", n)
			}
		})
	}
}
