package seed

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/shared/admin"
)

// The demo admin: its email is on the local cloud's bootstrap list (ADMIN_BOOTSTRAP_EMAILS,
// lambdas.DemoAdminEmail), so it is approved; its password is Password.
const (
	DemoAdminEmail    = "admin@demo.zuum.ng"
	DemoAdminUsername = "zuum_ops"
)

// Admin creates the demo admin, verified and approved by the bootstrap list, unless it exists;
// it reports how many it created.
func Admin(ctx context.Context, db *dynamodb.Client, usersTable string) (int, error) {
	created, err := admin.SeedBootstrap(ctx, db, usersTable, DemoAdminUsername, DemoAdminEmail, Password)
	if err != nil || !created {
		return 0, err
	}
	return 1, nil
}
