package provision_test

import (
	"context"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"zuum/localstack/cloudtest"
	"zuum/localstack/edge"
	"zuum/localstack/provision"
	"zuum/shared/schema"
)

// bareCloud is an edge with nothing provisioned.
func bareCloud(t *testing.T) aws.Config {
	t.Helper()
	e, err := edge.New(edge.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(e.Handler())
	t.Cleanup(func() {
		srv.Close()
		if err := e.Close(); err != nil {
			t.Error(err)
		}
	})
	return cloudtest.Config(srv.URL)
}

var plays = schema.Table{
	Name:         "test-plays",
	PartitionKey: schema.Key{Name: "track", Type: schema.String},
	SortKey:      &schema.Key{Name: "at", Type: schema.Number},
	Indexes: []schema.Index{
		{Name: "byUser", PartitionKey: schema.Key{Name: "user", Type: schema.String}, SortKey: &schema.Key{Name: "at", Type: schema.Number}},
		{Name: "byDay", PartitionKey: schema.Key{Name: "day", Type: schema.String}},
	},
	TTLAttribute: "expires_at",
}

func TestApplyCreatesTablesAsTheSchemaDescribesThem(t *testing.T) {
	t.Parallel()
	cfg := bareCloud(t)
	ctx := context.Background()
	if err := provision.Apply(ctx, cfg, []schema.Table{plays}, []schema.Bucket{{Name: "test-bucket"}}); err != nil {
		t.Fatal(err)
	}
	db := dynamodb.NewFromConfig(cfg)
	out, err := db.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(plays.Name)})
	if err != nil {
		t.Fatal(err)
	}
	tbl := out.Table
	var attrs []string
	for _, a := range tbl.AttributeDefinitions {
		attrs = append(attrs, aws.ToString(a.AttributeName)+":"+string(a.AttributeType))
	}
	slices.Sort(attrs)
	if want := []string{"at:N", "day:S", "track:S", "user:S"}; !slices.Equal(attrs, want) {
		t.Errorf("attributes = %v, want %v (each once)", attrs, want)
	}
	var indexes []string
	for _, g := range tbl.GlobalSecondaryIndexes {
		indexes = append(indexes, aws.ToString(g.IndexName)+":"+keys(g.KeySchema)+":"+string(g.Projection.ProjectionType))
	}
	slices.Sort(indexes)
	if want := []string{"byDay:day:ALL", "byUser:user,at:ALL"}; !slices.Equal(indexes, want) {
		t.Errorf("indexes = %v, want %v", indexes, want)
	}
	if keys(tbl.KeySchema) != "track,at" || tbl.BillingModeSummary.BillingMode != types.BillingModePayPerRequest {
		t.Errorf("keys %s billing %v", keys(tbl.KeySchema), tbl.BillingModeSummary)
	}
	ttl, err := db.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(plays.Name)})
	if err != nil || aws.ToString(ttl.TimeToLiveDescription.AttributeName) != "expires_at" {
		t.Errorf("TTL: %v %+v", err, ttl)
	}
	if _, err := s3.NewFromConfig(cfg, func(o *s3.Options) { o.UsePathStyle = true }).
		HeadBucket(ctx, &s3.HeadBucketInput{Bucket: aws.String("test-bucket")}); err != nil {
		t.Errorf("bucket: %v", err)
	}
}

func keys(ks []types.KeySchemaElement) string {
	var names []string
	for _, k := range ks {
		names = append(names, aws.ToString(k.AttributeName))
	}
	return strings.Join(names, ",")
}

// make dev applies the schema on every start, over data restored from disk.
func TestApplyTwiceLeavesExistingTablesAndTheirItemsAlone(t *testing.T) {
	t.Parallel()
	cfg := bareCloud(t)
	ctx := context.Background()
	apply := func() {
		t.Helper()
		if err := provision.Apply(ctx, cfg, schema.Tables, schema.Buckets); err != nil {
			t.Fatal(err)
		}
	}
	apply()
	db := dynamodb.NewFromConfig(cfg)
	key := map[string]types.AttributeValue{
		schema.PK: &types.AttributeValueMemberS{Value: "a"}, schema.SK: &types.AttributeValueMemberS{Value: "b"},
	}
	if _, err := db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(schema.Users.Name), Item: key}); err != nil {
		t.Fatal(err)
	}
	apply()
	out, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(schema.Users.Name), Key: key})
	if err != nil || out.Item == nil {
		t.Errorf("item lost by a second Apply: %v", err)
	}
}

func TestApplyRefusesAKeyDeclaredWithTwoTypes(t *testing.T) {
	t.Parallel()
	cfg := bareCloud(t)
	bad := schema.Table{
		Name:         "test-bad",
		PartitionKey: schema.Key{Name: "id", Type: schema.String},
		Indexes:      []schema.Index{{Name: "g", PartitionKey: schema.Key{Name: "id", Type: schema.Number}}},
	}
	err := provision.Apply(context.Background(), cfg, []schema.Table{bad}, nil)
	if err == nil || !strings.Contains(err.Error(), "id is both") {
		t.Errorf("got %v, want a conflicting-type error", err)
	}
}
