package wallet_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/localstack/apptest"
	"zuum/localstack/flutterwave"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/schema"
)

func TestLedgerHealth_SumsTheBalancesShowsThePlatformAccountsAndNamesAnUnbalancedMovement(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	boot := app.BootstrapAdmin(t)
	ada := app.SignedIn(t, "ada_sings")

	r := boot.JSON("GET", "/api/admin/ledger", nil)
	accounts, _ := r.Body["accounts"].(map[string]any)
	if r.Status != http.StatusOK || r.Body["sum"] != float64(0) || r.Body["healthy"] != true || len(accounts) != 5 ||
		accounts["platform#held"] != float64(0) || accounts["platform#provider-fees"] != float64(0) || fmt.Sprint(r.Body["unbalanced"]) != "[]" {
		t.Fatalf("empty ledger: %d %s", r.Status, r.Raw)
	}
	if p := fmt.Sprint(r.Body["provider"]); p != "map[balance:0 clearing:0 drift:0]" {
		t.Fatalf("empty ledger, empty provider: provider %s", p)
	}

	// ₦250.50 paid in (the provider's clearing account pays), ₦20 of it as a fee.
	l := ledger.New(app.Cloud.DynamoDB, schema.Ledger.Name)
	if _, err := l.Move(context.Background(), ledger.Movement{Kind: "deposit", Once: ledger.Once{Key: "test-deposit"}, Legs: []ledger.Leg{
		{Account: ledger.Clearing, Amount: -money.Money(25050), Type: "deposit"},
		{Account: ledger.User(ada.ID), Amount: money.Money(23050), Type: "deposit"},
		{Account: ledger.Fees, Amount: money.Money(2000), Type: "fee"},
	}}); err != nil {
		t.Fatal(err)
	}
	r = boot.JSON("GET", "/api/admin/ledger", nil)
	accounts, _ = r.Body["accounts"].(map[string]any)
	if r.Status != http.StatusOK || r.Body["sum"] != float64(0) || r.Body["healthy"] != true || r.Body["movements"] != float64(1) ||
		accounts["platform#provider-clearing"] != -250.5 || accounts["platform#fees"] != float64(20) || accounts["platform#commission"] != float64(0) {
		t.Fatalf("after a deposit: %d %s", r.Status, r.Raw)
	}
	if _, ok := accounts[string(ledger.User(ada.ID))]; ok || len(accounts) != 5 {
		t.Fatalf("user accounts are not listed: %s", r.Raw)
	}
	// That deposit never went through the provider: the books say it holds ₦250.50, it holds 0.
	if p := fmt.Sprint(r.Body["provider"]); p != "map[balance:0 clearing:250.5 drift:-250.5]" {
		t.Fatalf("a deposit the provider never saw: provider %s, want a drift of -250.5", p)
	}

	// An entry written outside Move (which always balances) breaks the ledger: the report says where.
	if _, err := app.Cloud.DynamoDB.PutItem(context.Background(), &dynamodb.PutItemInput{TableName: aws.String(schema.Ledger.Name), Item: map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "ACCT#" + string(ledger.User(ada.ID))}, "sk": &types.AttributeValueMemberS{Value: "E#forged#0"},
		"movement_id": &types.AttributeValueMemberS{Value: "forged"}, "amount": &types.AttributeValueMemberN{Value: "100"},
	}}); err != nil {
		t.Fatal(err)
	}
	r = boot.JSON("GET", "/api/admin/ledger", nil)
	if r.Status != http.StatusOK || r.Body["healthy"] != false || fmt.Sprint(r.Body["unbalanced"]) != "[forged]" ||
		fmt.Sprint(r.Body["drifted"]) != fmt.Sprintf("[%s]", ledger.User(ada.ID)) || r.Body["sum"] != float64(0) {
		t.Fatalf("with a forged entry: %d %s", r.Status, r.Raw)
	}
}

func TestLedgerHealth_WhenTheProviderCannotBeAskedAnswersTheRestWithANullBalance(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	boot := app.BootstrapAdmin(t)
	// The provider stops taking our key (rotated in its dashboard).
	app.Cloud.Edge.Payments().Configure(flutterwave.Config{SecretKey: "rotated", WebhookHash: "h"})
	r := boot.JSON("GET", "/api/admin/ledger", nil)
	p, _ := r.Body["provider"].(map[string]any)
	if r.Status != http.StatusOK || r.Body["healthy"] != true || p == nil || p["balance"] != nil || p["drift"] != nil ||
		p["clearing"] != float64(0) || p["error"] != "The payment provider could not be asked for its balance." {
		t.Fatalf("with the provider refusing us: %d %s", r.Status, r.Raw)
	}
}
