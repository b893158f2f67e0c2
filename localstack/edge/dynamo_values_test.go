package edge_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	"github.com/aws/smithy-go/middleware"
	smithyhttp "github.com/aws/smithy-go/transport/http"

	"zuum/localstack/cloudtest"
)

// bad is the string the SDK sends for an attribute value that rewriting then replaces: the SDK
// cannot build an attribute value of no type or of two, so the test edits the JSON it sends
// (before signing, so the request stays valid).
var bad = s("@bad")

func rewriting(to string) func(*dynamodb.Options) {
	return func(o *dynamodb.Options) {
		o.APIOptions = append(o.APIOptions, func(st *middleware.Stack) error {
			return st.Build.Add(middleware.BuildMiddlewareFunc("rewrite", func(ctx context.Context, in middleware.BuildInput, next middleware.BuildHandler) (middleware.BuildOutput, middleware.Metadata, error) {
				req := in.Request.(*smithyhttp.Request)
				body, err := io.ReadAll(req.GetStream())
				if err != nil {
					return middleware.BuildOutput{}, middleware.Metadata{}, err
				}
				body = bytes.ReplaceAll(body, []byte(`{"S":"@bad"}`), []byte(to))
				if req, err = req.SetStream(bytes.NewReader(body)); err != nil {
					return middleware.BuildOutput{}, middleware.Metadata{}, err
				}
				req.ContentLength = int64(len(body))
				in.Request = req
				return next.HandleBuild(ctx, in)
			}), middleware.After)
		})
	}
}

// The local store refuses, as DynamoDB does, every write of an attribute value with no type or
// with more than one, wherever it sits (item, key, expression values, inside lists and maps),
// and writes nothing.
func TestWritesOfValuesWithNoTypeOrSeveralAreRefused(t *testing.T) {
	t.Parallel()
	values := map[string]struct{ json, message string }{
		"empty":       {`{}`, "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"},
		"null member": {`{"S":null}`, "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"},
		"two types":   {`{"S":"a","N":"1"}`, "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes"},
		"in a list":   {`{"L":[{"S":"ok"},{}]}`, "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"},
		"in a map":    {`{"M":{"k":{}}}`, "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"},
	}
	withBad := func(id string) map[string]types.AttributeValue {
		it := userItem(id)
		it["v"] = bad
		return it
	}
	badValues := map[string]types.AttributeValue{":v": bad}
	writes := map[string]func(context.Context, *dynamodb.Client, func(*dynamodb.Options)) error{
		"PutItem": func(ctx context.Context, db *dynamodb.Client, o func(*dynamodb.Options)) error {
			_, err := db.PutItem(ctx, &dynamodb.PutItemInput{TableName: users, Item: withBad("target")}, o)
			return err
		},
		"PutItem condition value": func(ctx context.Context, db *dynamodb.Client, o func(*dynamodb.Options)) error {
			_, err := db.PutItem(ctx, &dynamodb.PutItemInput{TableName: users, Item: userItem("target"),
				ConditionExpression: aws.String("v <> :v"), ExpressionAttributeValues: badValues}, o)
			return err
		},
		"UpdateItem": func(ctx context.Context, db *dynamodb.Client, o func(*dynamodb.Options)) error {
			_, err := db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: users, Key: userItem("target"),
				UpdateExpression: aws.String("SET v = :v"), ExpressionAttributeValues: badValues}, o)
			return err
		},
		"TransactWriteItems put": func(ctx context.Context, db *dynamodb.Client, o func(*dynamodb.Options)) error {
			_, err := db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
				{Put: &types.Put{TableName: users, Item: userItem("other")}},
				{Put: &types.Put{TableName: users, Item: withBad("target")}},
			}}, o)
			return err
		},
		"TransactWriteItems update": func(ctx context.Context, db *dynamodb.Client, o func(*dynamodb.Options)) error {
			_, err := db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
				{Put: &types.Put{TableName: users, Item: userItem("other")}},
				{Update: &types.Update{TableName: users, Key: userItem("target"),
					UpdateExpression: aws.String("SET v = :v"), ExpressionAttributeValues: badValues}},
			}}, o)
			return err
		},
		"BatchWriteItem": func(ctx context.Context, db *dynamodb.Client, o func(*dynamodb.Options)) error {
			_, err := db.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{
				*users: {{PutRequest: &types.PutRequest{Item: userItem("other")}}, {PutRequest: &types.PutRequest{Item: withBad("target")}}},
			}}, o)
			return err
		},
	}
	c := cloudtest.Start(t)
	ctx := context.Background()
	for wname, write := range writes {
		for vname, v := range values {
			t.Run(wname+"/"+vname, func(t *testing.T) {
				err := write(ctx, c.DynamoDB, rewriting(v.json))
				var api smithy.APIError
				if !errors.As(err, &api) || api.ErrorCode() != "ValidationException" || api.ErrorMessage() != v.message {
					t.Fatalf("got %v, want ValidationException %q", err, v.message)
				}
				for _, id := range []string{"target", "other"} {
					out := getUser(t, c.DynamoDB, id)
					if out.Item != nil {
						t.Errorf("the refused write left %s: %v", id, out.Item)
					}
				}
			})
		}
	}
	if _, err := c.DynamoDB.Scan(ctx, &dynamodb.ScanInput{TableName: users}); err != nil {
		t.Errorf("Scan after the refused writes: %v", err)
	}
}
