package seed_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/localstack/apptest"
	"zuum/localstack/lambdas"
	"zuum/localstack/seed"
	"zuum/shared/schema"
)

func TestSeed_DemoAdminLogsInApprovedOnceAndOnlyOnce(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	db := dynamodb.NewFromConfig(app.Cloud.Config)
	if seed.DemoAdminEmail != lambdas.DemoAdminEmail {
		t.Fatalf("the demo admin %s is not the local cloud's bootstrap admin %s", seed.DemoAdminEmail, lambdas.DemoAdminEmail)
	}
	twice(t, "admins", 1, func() (int, error) { return seed.Admin(context.Background(), db, schema.Users.Name) })
	c := app.Client(t)
	r := c.JSON("POST", "/api/admin/auth/login", map[string]string{"email": seed.DemoAdminEmail, "username": seed.DemoAdminUsername, "password": seed.Password})
	if r.Status != http.StatusOK {
		t.Fatalf("demo admin login: %d %s", r.Status, r.Raw)
	}
	c.Token, _ = r.Body["token"].(string)
	r = c.JSON("GET", "/api/admin/auth/me", nil)
	if me, _ := r.Body["admin"].(map[string]any); r.Status != http.StatusOK || me["approved"] != true {
		t.Fatalf("demo admin me: %d %s", r.Status, r.Raw)
	}
	// A user's login is not an admin's: the demo admin is no user account.
	if r := c.JSON("POST", "/api/auth/login", map[string]string{"email": seed.DemoAdminEmail, "password": seed.Password}); r.Status != http.StatusUnauthorized {
		t.Fatalf("demo admin at the user login: %d %s", r.Status, r.Raw)
	}
}
