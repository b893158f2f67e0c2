package edge_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"

	"zuum/localstack/edge"
	"zuum/shared/schema"
)

func TestRestartOnTheSameDataDirKeepsItemsObjectsMailAndSecrets(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx := context.Background()
	a := startEdge(t, dir)

	item := userItem("ada")
	item[schema.GSI1PK] = s("EMAIL#ada@zuum.test")
	item[schema.GSI1SK] = s("USER")
	item["tags"] = &types.AttributeValueMemberL{Value: []types.AttributeValue{}}
	if _, err := a.DynamoDB.PutItem(ctx, &dynamodb.PutItemInput{TableName: users, Item: item}); err != nil {
		t.Fatal(err)
	}
	createTable(t, a.DynamoDB, "extra")
	if _, err := a.DynamoDB.UpdateTable(ctx, &dynamodb.UpdateTableInput{
		TableName:            aws.String("extra"),
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("name"), AttributeType: types.ScalarAttributeTypeS}},
		GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Create: &types.CreateGlobalSecondaryIndexAction{
			IndexName:  aws.String("byName"),
			KeySchema:  []types.KeySchemaElement{{AttributeName: aws.String("name"), KeyType: types.KeyTypeHash}},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
		}}},
	}); err != nil {
		t.Fatalf("UpdateTable: %v", err)
	}
	if _, err := a.DynamoDB.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("extra"),
		Item: map[string]types.AttributeValue{"id": s("1"), "name": s("one")}}); err != nil {
		t.Fatal(err)
	}
	createTable(t, a.DynamoDB, "gone")
	if _, err := a.DynamoDB.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String("gone")}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: media, Key: aws.String("public/a.txt"), Body: strings.NewReader("kept")}); err != nil {
		t.Fatal(err)
	}
	send(t, a.SES, simpleEmail("no-reply@zuum.test", []string{"ada@zuum.test"}, "Code", "123456", "<b>123456</b>"))
	createSecret(t, a.Secrets, "zuum/jwt", "v1")
	if _, err := a.Secrets.PutSecretValue(ctx, &secretsmanager.PutSecretValueInput{SecretId: aws.String("zuum/jwt"), SecretString: aws.String("v2")}); err != nil {
		t.Fatal(err)
	}
	mailBefore := a.Edge.Mail()
	a.stop()

	b := startEdge(t, dir) // provisions again: must leave the restored table and bucket alone

	got, err := b.DynamoDB.GetItem(ctx, &dynamodb.GetItemInput{TableName: users, Key: userItem("ada")})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Item, item) {
		t.Errorf("item after restart = %v, want %v", got.Item, item)
	}
	byEmail, err := b.DynamoDB.Query(ctx, &dynamodb.QueryInput{TableName: users, IndexName: aws.String(schema.GSI1),
		KeyConditionExpression:    aws.String("gsi1pk = :e"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":e": s("EMAIL#ada@zuum.test")}})
	if err != nil || len(byEmail.Items) != 1 {
		t.Errorf("GSI query after restart: %v, %d items", err, len(byEmail.Items))
	}
	byName, err := b.DynamoDB.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("extra"), IndexName: aws.String("byName"),
		KeyConditionExpression:    aws.String("#n = :n"),
		ExpressionAttributeNames:  map[string]string{"#n": "name"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":n": s("one")}})
	if err != nil || len(byName.Items) != 1 {
		t.Errorf("index added by UpdateTable, after restart: %v, %d items", err, len(byName.Items))
	}
	tables, err := b.DynamoDB.ListTables(ctx, &dynamodb.ListTablesInput{})
	if err != nil {
		t.Fatal(err)
	}
	if want := sortedTables("extra"); !slices.Equal(tables.TableNames, want) {
		t.Errorf("tables after restart = %v, want %v", tables.TableNames, want)
	}
	ttl, err := b.DynamoDB.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: users})
	if err != nil || ttl.TimeToLiveDescription.TimeToLiveStatus != types.TimeToLiveStatusEnabled {
		t.Errorf("TTL after restart: %v %+v", err, ttl)
	}
	if body := readObject(t, b.S3, "public/a.txt"); body != "kept" {
		t.Errorf("object after restart = %q", body)
	}
	if mailAfter := b.Edge.Mail(); !reflect.DeepEqual(mailAfter, mailBefore) {
		t.Errorf("mail after restart = %+v, want %+v", mailAfter, mailBefore)
	}
	id := aws.String("zuum/jwt")
	if v := secretString(t, b.Secrets, &secretsmanager.GetSecretValueInput{SecretId: id}); v != "v2" {
		t.Errorf("current secret after restart = %q", v)
	}
	if v := secretString(t, b.Secrets, &secretsmanager.GetSecretValueInput{SecretId: id, VersionStage: aws.String("AWSPREVIOUS")}); v != "v1" {
		t.Errorf("previous secret after restart = %q", v)
	}
}

// make dev may be killed rather than closed; changes must reach disk within about a second.
func TestChangesReachDiskInTheBackgroundWithoutClose(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := startEdge(t, dir)
	if _, err := a.DynamoDB.PutItem(context.Background(), &dynamodb.PutItemInput{TableName: users, Item: userItem("background")}); err != nil {
		t.Fatal(err)
	}
	send(t, a.SES, simpleEmail("no-reply@zuum.test", []string{"ada@zuum.test"}, "Background", "x", ""))
	want := map[string]string{"dynamodb.json": "USER#background", "ses.json": "Background"}
	// What is tested is that nothing needs to be called or awaited for the files to be written, so
	// there is no event to wait on: the files are read every 20 ms, for at most 5 seconds.
	deadline := time.After(5 * time.Second)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for file, marker := range want {
		for {
			data, err := os.ReadFile(filepath.Join(dir, file))
			if err == nil && strings.Contains(string(data), marker) {
				break
			}
			select {
			case <-tick.C:
			case <-deadline:
				t.Fatalf("%s never contained %q (last error %v)", file, marker, err)
			}
		}
	}
}

func TestSnapshotPagesThroughLargeTablesAndLeavesNoTemporaryFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := startEdge(t, dir)
	const n = 2500 // more than one Scan page
	putUsers(t, a.DynamoDB, n)
	if err := a.Edge.Save(); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"dynamodb.json", "flutterwave.json", "s3.bolt", "secrets.json", "ses.json"}; !slices.Equal(names, want) {
		t.Errorf("data dir holds %v, want %v", names, want)
	}
	a.stop()

	b := startEdge(t, dir)
	if got := countItems(t, b.DynamoDB); got != n {
		t.Errorf("restored %d items, want %d", got, n)
	}
}

func TestSecondEdgeOnABusyDataDirFailsInsteadOfWaiting(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	startEdge(t, dir)
	e, err := edge.New(edge.Options{DataDir: dir})
	if err == nil {
		t.Error("a second edge opened the same DataDir")
		if err := e.Close(); err != nil {
			t.Error(err)
		}
	}
}

// putUsers writes n user items with BatchWriteItem.
func putUsers(t testing.TB, db *dynamodb.Client, n int) {
	t.Helper()
	for start := 0; start < n; start += 25 {
		var reqs []types.WriteRequest
		for i := start; i < min(start+25, n); i++ {
			item := userItem(fmt.Sprintf("%05d", i))
			item["bio"] = s(strings.Repeat("music ", 20))
			reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: item}})
		}
		if _, err := db.BatchWriteItem(context.Background(), &dynamodb.BatchWriteItemInput{
			RequestItems: map[string][]types.WriteRequest{schema.Users.Name: reqs}}); err != nil {
			t.Fatal(err)
		}
	}
}

func countItems(t testing.TB, db *dynamodb.Client) int {
	t.Helper()
	count := 0
	p := dynamodb.NewScanPaginator(db, &dynamodb.ScanInput{TableName: users})
	for p.HasMorePages() {
		out, err := p.NextPage(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		count += len(out.Items)
	}
	return count
}
