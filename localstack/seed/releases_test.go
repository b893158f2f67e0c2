package seed_test

import (
	"context"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/localstack/apptest"
	"zuum/localstack/seed"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

func TestSeed_SubmitsTheDemoReleaseOnceIntoTheAdminsQueue(t *testing.T) {
	app := apptest.Start(t, nil)
	ctx := context.Background()
	if _, err := seed.Apply(ctx, profile.NewStore(dynamodb.NewFromConfig(app.Cloud.Config), schema.Users.Name)); err != nil {
		t.Fatal(err)
	}
	for run, want := range []int{1, 0} {
		if n, err := seed.Releases(ctx, app.Server.URL, app.Server.Client(), accounts(t, app), app.Cloud.Edge.WaitIdle); err != nil || n != want {
			t.Fatalf("run %d: %d releases (%v), want %d", run+1, n, err, want)
		}
	}
	app.NoFailedEvents(t)
	r := app.SignedInAdmin(t, "ops_ada").JSON("GET", "/api/admin/releases", nil)
	if !strings.Contains(string(r.Raw), `"title":"Enugu Rain"`) || !strings.Contains(string(r.Raw), `"total":1`) {
		t.Errorf("the admins' queue: %d %s", r.Status, r.Raw)
	}
}
