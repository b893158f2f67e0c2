package ledger_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/localstack/cloudtest"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/schema"
)

// counterparties lists, per account, the counterparty of each entry, and every leg's counterparty
// in the movements' records under "MOVE".
func counterparties(t *testing.T, db *dynamodb.Client) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	p := dynamodb.NewScanPaginator(db, &dynamodb.ScanInput{TableName: aws.String(schema.Ledger.Name), ConsistentRead: aws.Bool(true)})
	for p.HasMorePages() {
		page, err := p.NextPage(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range page.Items {
			pk := it["pk"].(*types.AttributeValueMemberS).Value
			if c, ok := it["counterparty"].(*types.AttributeValueMemberS); ok {
				out[pk] = append(out[pk], c.Value)
			}
			if legs, ok := it["legs"].(*types.AttributeValueMemberL); ok {
				for _, l := range legs.Value {
					out["MOVE"] = append(out["MOVE"], l.(*types.AttributeValueMemberM).Value["counterparty"].(*types.AttributeValueMemberS).Value)
				}
			}
		}
	}
	return out
}

func count(list []string, s string) int {
	n := 0
	for _, x := range list {
		if x == s {
			n++
		}
	}
	return n
}

// Anonymize renames the erased user in every other account's entries and in the movements'
// records, over more entries than one page; it finishes a run stopped midway, and a second run
// changes nothing. The user's own entries, the amounts and others' names stay.
func TestAnonymize_RenamesTheUserInOthersEntriesAndFinishesAStoppedRun(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := cloudtest.Start(t).DynamoDB
	l := ledger.New(db, schema.Ledger.Name)
	deposit(t, l, "ada", 1_000_000, "d-ada")
	deposit(t, l, "carl", 1_000_000, "d-carl")
	transfer := func(from, fromName, to, toName, key string) ledger.Movement {
		m, err := l.Move(ctx, ledger.Movement{Kind: ledger.KindTransfer, Once: ledger.Once{Key: key}, Legs: []ledger.Leg{
			{Account: ledger.User(from), Amount: -100, Type: "transfer", Counterparty: toName, Link: ledger.Link{Kind: ledger.LinkProfile, ID: to}},
			{Account: ledger.User(to), Amount: 100, Type: "transfer", Counterparty: fromName, Link: ledger.Link{Kind: ledger.LinkProfile, ID: from}},
		}})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	// 130 transfers from ada to bola (two pages of ada's entries), one from carl to bola, and a
	// sale of ada's to carl with Zuum's commission naming her.
	var first ledger.Movement
	for i := range 130 {
		m := transfer("ada", "ada", "bola", "bola", fmt.Sprint("t", i))
		if i == 0 {
			first = m
		}
	}
	transfer("carl", "carl", "bola", "bola", "t-carl")
	if _, err := l.Move(ctx, ledger.Movement{Kind: ledger.KindPurchase, Once: ledger.Once{Key: "sale"}, Legs: []ledger.Leg{
		{Account: ledger.User("carl"), Amount: -1000, Type: "purchase", Counterparty: "ada", Link: ledger.Link{Kind: ledger.LinkBeat, ID: "beat-1"}},
		{Account: ledger.User("ada"), Amount: 900, Type: "sale", Counterparty: "carl"},
		{Account: ledger.Commission, Amount: 100, Type: "commission", Counterparty: "ada"},
	}}); err != nil {
		t.Fatal(err)
	}

	// A run stopped after renaming one of bola's entries, before its movement's record.
	bolaFirst := map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "ACCT#user#bola"}, "sk": &types.AttributeValueMemberS{Value: "E#" + first.ID + "#1"},
	}
	if _, err := db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(schema.Ledger.Name), Key: bolaFirst,
		UpdateExpression:          aws.String("SET counterparty = :d REMOVE link_kind, link_id"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":d": &types.AttributeValueMemberS{Value: "Deleted user"}},
	}); err != nil {
		t.Fatal(err)
	}

	if err := l.Anonymize(ctx, "ada", "ada", "Deleted user"); err != nil {
		t.Fatal(err)
	}
	got := counterparties(t, db)
	for pk, names := range got {
		if n := count(names, "ada"); n > 0 {
			t.Errorf("%s still names ada %d times", pk, n)
		}
	}
	if n := count(got["ACCT#user#bola"], "Deleted user"); n != 130 {
		t.Errorf("bola's entries name Deleted user %d times, want 130", n)
	}
	if count(got["ACCT#user#bola"], "carl") != 1 || count(got["ACCT#user#carl"], "Deleted user") != 1 {
		t.Errorf("bola's and carl's entries: %v %v", got["ACCT#user#bola"], got["ACCT#user#carl"])
	}
	if n := count(got["MOVE"], "Deleted user"); n != 132 {
		t.Errorf("the movements' records name Deleted user %d times, want 132", n)
	}
	if n := count(got["ACCT#user#ada"], "bola"); n != 130 {
		t.Errorf("ada's own entries changed: %v", got["ACCT#user#ada"])
	}
	// bola's transfers no longer link to ada's profile; carl's purchase keeps its beat.
	page, err := l.Entries(ctx, "bola", "", ledger.Page{Limit: 200})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range page.Entries {
		if e.Link.ID == "ada" {
			t.Fatalf("bola's entry %s links to ada", e.ID)
		}
	}
	if page, err := l.Entries(ctx, "carl", "purchase", ledger.Page{Limit: 5}); err != nil || len(page.Entries) != 1 || page.Entries[0].Link.ID != "beat-1" {
		t.Errorf("carl's purchase: %+v %v", page.Entries, err)
	}

	// Again: nothing changes.
	if err := l.Anonymize(ctx, "ada", "ada", "Deleted user"); err != nil {
		t.Fatal(err)
	}
	if again := counterparties(t, db); fmt.Sprint(again) != fmt.Sprint(got) {
		t.Errorf("a second run changed the ledger")
	}
	if a := audit(t, l); a.Balances[ledger.User("bola")] != 131*100 || a.Balances[ledger.User("ada")] != money.Money(1_000_000-13_000+900) {
		t.Errorf("balances %v", a.Balances)
	}
}
