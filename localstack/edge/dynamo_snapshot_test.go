package edge_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/localstack/cloudtest"
	"zuum/shared/schema"
)

// A snapshot is one moment of the store: a transaction that writes an item in each of two
// tables is in it whole or not at all, however the snapshot's reads and the writes interleave.
func TestSnapshotTakenDuringTransactionsHoldsEachWhole(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	posts := schema.Posts.Name
	var stop atomic.Bool
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Go(func() {
			for i := 0; !stop.Load(); i++ {
				id := fmt.Sprintf("%d-%d", w, i)
				if _, err := c.DynamoDB.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
					{Put: &types.Put{TableName: users, Item: userItem(id)}},
					{Put: &types.Put{TableName: &posts, Item: userItem(id)}},
				}}); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	for range 40 {
		dir := t.TempDir()
		if err := c.Edge.SaveTablesTo(dir); err != nil {
			t.Fatal(err)
		}
		byTable := snapshotKeys(t, filepath.Join(dir, "dynamodb.json"))
		if u, p := byTable[schema.Users.Name], byTable[posts]; !slices.Equal(u, p) {
			t.Errorf("the snapshot holds %d pairs' user items but %d of their post items", len(u), len(p))
			break
		}
	}
	stop.Store(true)
	wg.Wait()
}

// snapshotKeys reads a snapshot file: each table's items' pk values, sorted.
func snapshotKeys(t *testing.T, path string) map[string][]string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var snap struct {
		Tables []struct {
			Definition struct{ TableName string } `json:"definition"`
			Items      []map[string]struct{ S string }
		} `json:"tables"`
	}
	if err := json.Unmarshal(raw, &snap); err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, tb := range snap.Tables {
		keys := []string{}
		for _, it := range tb.Items {
			keys = append(keys, it[schema.PK].S)
		}
		slices.Sort(keys)
		out[tb.Definition.TableName] = keys
	}
	return out
}
