package admin_test

import (
	"context"
	"testing"

	"zuum/localstack/apptest"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/schema"
)

// The promotions queue's tests live with its routes (functions/promotion); these helpers stay
// for the withdrawals queue's tests.

// sound checks the ledger balances and returns its platform and user balances.
func sound(t *testing.T, app *apptest.App) map[ledger.Account]money.Money {
	t.Helper()
	au, err := ledger.New(app.Cloud.DynamoDB, schema.Ledger.Name).Audit(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if au.Sum != 0 || len(au.Negative) > 0 || len(au.Unbalanced) > 0 || len(au.Drifted) > 0 {
		t.Fatalf("ledger unsound: sum %d, negative %v, unbalanced %v, drifted %v", au.Sum, au.Negative, au.Unbalanced, au.Drifted)
	}
	return au.Balances
}

// promotionAudits counts the audit log's entries of action.
func promotionAudits(t *testing.T, boot apptest.Admin, action string) int {
	t.Helper()
	r := boot.JSON("GET", "/api/admin/audit", nil)
	n := 0
	entries, _ := r.Body["entries"].([]any)
	for _, e := range entries {
		if e.(map[string]any)["action"] == action {
			n++
		}
	}
	return n
}
