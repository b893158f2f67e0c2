package admin_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/localstack/apptest"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/schema"
)

func TestLedgerHealth_SumsTheBalancesShowsThePlatformAccountsAndNamesAnUnbalancedMovement(t *testing.T) {
	app := apptest.Start(t, nil)
	boot := app.BootstrapAdmin(t)
	ada := app.SignedIn(t, "ada_sings")

	r := boot.JSON("GET", "/api/admin/ledger", nil)
	accounts, _ := r.Body["accounts"].(map[string]any)
	if r.Status != http.StatusOK || r.Body["sum"] != float64(0) || r.Body["healthy"] != true || len(accounts) != 4 ||
		accounts["platform#held"] != float64(0) || fmt.Sprint(r.Body["unbalanced"]) != "[]" {
		t.Fatalf("empty ledger: %d %s", r.Status, r.Raw)
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
	if _, ok := accounts[string(ledger.User(ada.ID))]; ok || len(accounts) != 4 {
		t.Fatalf("user accounts are not listed: %s", r.Raw)
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
