package profile_test

import (
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/schema"
)

func TestFollow_IsMadeWithoutTheExtraItemsWhenOnlyTheirConditionFails(t *testing.T) {
	t.Parallel()
	g := newGraph(t)
	ctx := context.Background()
	ada, bola := g.user("u-ada", "ada"), g.user("u-bola", "bola")
	// A marker that exists already, as a once-a-day notification's does after the day's first.
	key := func(sk string) map[string]types.AttributeValue {
		return map[string]types.AttributeValue{
			"pk": &types.AttributeValueMemberS{Value: "USER#" + bola}, "sk": &types.AttributeValueMemberS{Value: sk},
		}
	}
	if _, err := g.cloud.DynamoDB.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(schema.Users.Name), Item: key("MARK#x")}); err != nil {
		t.Fatal(err)
	}
	extra := []types.TransactWriteItem{
		{Put: &types.Put{TableName: aws.String(schema.Users.Name), Item: key("MARK#x"), ConditionExpression: aws.String("attribute_not_exists(pk)")}},
		{Put: &types.Put{TableName: aws.String(schema.Users.Name), Item: key("NOTE#x")}},
	}
	changed, err := g.store.Follow(ctx, ada, bola, time.Now(), extra...)
	if err != nil || !changed {
		t.Fatalf("follow: %v %v", changed, err)
	}
	if followers, _ := g.counts(bola); followers != 1 || g.edges(bola, "FOLLOWER#") != 1 || g.edges(bola, "NOTE#") != 0 {
		t.Fatalf("followers %d, edges %d, notes %d", followers, g.edges(bola, "FOLLOWER#"), g.edges(bola, "NOTE#"))
	}
	// A repeat fails on the edges too: it stays a repeat that changes nothing.
	if changed, err := g.store.Follow(ctx, ada, bola, time.Now(), extra...); err != nil || changed {
		t.Fatalf("repeat: %v %v", changed, err)
	}
	if followers, _ := g.counts(bola); followers != 1 {
		t.Fatalf("followers %d after a repeat", followers)
	}
}
