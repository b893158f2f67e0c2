package edge_test

import (
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/ratelimit"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/localstack/cloudtest"
	"zuum/localstack/edge"
)

func TestFailDynamo_RefusedCallsChangeNothingAndLostAnswersKeepTheWrite(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	once := dynamodb.NewFromConfig(c.Config, func(o *dynamodb.Options) { o.Retryer = aws.NopRetryer{} })
	exists := func(id string) bool {
		out, err := c.DynamoDB.GetItem(ctx, &dynamodb.GetItemInput{TableName: users, Key: userItem(id), ConsistentRead: aws.Bool(true)})
		if err != nil {
			t.Fatal(err)
		}
		return out.Item != nil
	}

	c.Edge.FailDynamo(edge.DynamoFaults{Refused: 1})
	if _, err := once.PutItem(ctx, &dynamodb.PutItemInput{TableName: users, Item: userItem("refused")}); err == nil {
		t.Fatal("a refused put succeeded")
	}
	c.Edge.FailDynamo(edge.DynamoFaults{Lost: 1})
	if _, err := once.PutItem(ctx, &dynamodb.PutItemInput{TableName: users, Item: userItem("lost")}); err == nil {
		t.Fatal("a put whose answer was lost succeeded")
	}
	refused, lost := c.Edge.DynamoFaulted()
	c.Edge.FailDynamo(edge.DynamoFaults{})
	if exists("refused") || !exists("lost") || refused != 0 || lost != 1 {
		t.Errorf("refused put written: %v; lost put written: %v; tally %d/%d", exists("refused"), exists("lost"), refused, lost)
	}

	// A share: about that many calls fail, and the SDK's own retries carry most through.
	c.Edge.FailDynamo(edge.DynamoFaults{Refused: 0.3, Seed: 7})
	retrying := dynamodb.NewFromConfig(c.Config, func(o *dynamodb.Options) {
		o.Retryer = retry.NewStandard(func(s *retry.StandardOptions) {
			s.MaxAttempts, s.RateLimiter = 10, ratelimit.None
			s.Backoff = retry.BackoffDelayerFunc(func(int, error) (time.Duration, error) { return time.Millisecond, nil })
		})
	})
	for i := range 50 {
		if _, err := retrying.PutItem(ctx, &dynamodb.PutItemInput{TableName: users, Item: userItem("share-" + string(rune('a'+i%26)) + string(rune('a'+i/26)))}); err != nil {
			t.Fatalf("put %d through retries: %v", i, err)
		}
	}
	if refused, _ := c.Edge.DynamoFaulted(); refused < 5 || refused > 40 {
		t.Errorf("%d of about 70 calls refused at a share of 0.3", refused)
	}
}
