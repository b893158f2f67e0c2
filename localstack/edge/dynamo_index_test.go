package edge_test

import (
	"context"
	"errors"
	"testing"

	"zuum/localstack/cloudtest"
	"zuum/shared/ledger"
	"zuum/shared/schema"
)

// A cancelled transaction that had put a new item must take it out of the table's indexes too:
// undoing it by writing the key alone over it left its index key behind, after which a query of
// that index key found nothing at all (a wallet's history of one type came back empty after one
// replayed movement).
func TestCancelledTransactionLeavesTheIndexesItsNewItemsJoinedWhole(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	l := ledger.New(c.DynamoDB, schema.Ledger.Name)
	move := func(key string) error {
		_, err := l.Move(ctx, ledger.Movement{Kind: "test", Legs: []ledger.Leg{
			{Account: ledger.User("u"), Amount: 100, Type: "deposit"}, {Account: ledger.Clearing, Amount: -100, Type: "deposit"},
		}, Once: ledger.Once{Key: key}})
		return err
	}
	for _, key := range []string{"first", "second"} {
		if err := move(key); err != nil {
			t.Fatal(err)
		}
	}
	if err := move("second"); !errors.Is(err, ledger.ErrReplayed) {
		t.Fatalf("replay: %v, want the transaction cancelled by its idempotency item", err)
	}
	page, err := l.Entries(ctx, "u", "deposit", ledger.Page{Limit: 10})
	if err != nil || len(page.Entries) != 2 {
		t.Fatalf("entries by type after a cancelled movement: %d, %v; want 2", len(page.Entries), err)
	}
}
