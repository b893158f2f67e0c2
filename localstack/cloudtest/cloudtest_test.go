package cloudtest_test

import (
	"context"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	sestypes "github.com/aws/aws-sdk-go-v2/service/sesv2/types"

	"zuum/localstack/cloudtest"
	"zuum/shared/schema"
)

func TestStartProvisionsEverySchemaTableAndBucket(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	for _, table := range schema.Tables {
		out, err := c.DynamoDB.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(table.Name)})
		if err != nil {
			t.Fatalf("DescribeTable %s: %v", table.Name, err)
		}
		if got := len(out.Table.GlobalSecondaryIndexes); got != len(table.Indexes) {
			t.Errorf("%s has %d GSIs, want %d", table.Name, got, len(table.Indexes))
		}
		if out.Table.TableStatus != ddbtypes.TableStatusActive {
			t.Errorf("%s status %q, want ACTIVE", table.Name, out.Table.TableStatus)
		}
	}
	for _, b := range schema.Buckets {
		if _, err := c.S3.HeadBucket(ctx, &s3.HeadBucketInput{Bucket: aws.String(b.Name)}); err != nil {
			t.Errorf("HeadBucket %s: %v", b.Name, err)
		}
	}
}

func TestStartGivesEachTestItsOwnCloud(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	first, second := cloudtest.Start(t), cloudtest.Start(t)
	key := map[string]ddbtypes.AttributeValue{
		schema.PK: &ddbtypes.AttributeValueMemberS{Value: "USER#1"},
		schema.SK: &ddbtypes.AttributeValueMemberS{Value: "PROFILE"},
	}
	if _, err := first.DynamoDB.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(schema.Users.Name), Item: key}); err != nil {
		t.Fatal(err)
	}
	out, err := second.DynamoDB.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(schema.Users.Name), Key: key})
	if err != nil {
		t.Fatal(err)
	}
	if out.Item != nil {
		t.Errorf("second cloud sees the first one's item: %v", out.Item)
	}
}

func TestMailToListsOnlyThatRecipientsMessages(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	send := func(to string) {
		t.Helper()
		_, err := c.SES.SendEmail(context.Background(), &sesv2.SendEmailInput{
			FromEmailAddress: aws.String("no-reply@zuum.test"),
			Destination:      &sestypes.Destination{ToAddresses: []string{to}},
			Content: &sestypes.EmailContent{Simple: &sestypes.Message{
				Subject: &sestypes.Content{Data: aws.String("Your code")},
				Body:    &sestypes.Body{Text: &sestypes.Content{Data: aws.String("123456")}},
			}},
		})
		if err != nil {
			t.Fatalf("SendEmail: %v", err)
		}
	}
	send("Ada@Example.com")
	send("bob@example.com")

	got := c.MailTo("ada@example.com")
	if len(got) != 1 || got[0].Body.Text != "123456" || got[0].Subject != "Your code" {
		t.Errorf("MailTo(ada) = %+v, want the one code mail", got)
	}
	if n := len(c.Mail()); n != 2 {
		t.Errorf("Mail() has %d messages, want 2", n)
	}
}

func TestSecretsClientReachesTheEdge(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	if _, err := c.Secrets.CreateSecret(ctx, &secretsmanager.CreateSecretInput{
		Name: aws.String("zuum/payments"), SecretString: aws.String("sk_test"),
	}); err != nil {
		t.Fatal(err)
	}
	out, err := c.Secrets.GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{SecretId: aws.String("zuum/payments")})
	if err != nil {
		t.Fatal(err)
	}
	if aws.ToString(out.SecretString) != "sk_test" {
		t.Errorf("secret = %q", aws.ToString(out.SecretString))
	}
}

// BenchmarkStart measures what every integration test pays for its cloud.
func BenchmarkStart(b *testing.B) {
	for b.Loop() {
		cloudtest.Start(b)
	}
}
