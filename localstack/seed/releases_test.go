package seed_test

import (
	"context"
	"strings"
	"testing"

	"zuum/localstack/seed"
)

func TestSeed_SubmitsTheDemoReleaseOnceIntoTheAdminsQueue(t *testing.T) {
	app, _ := seeded(t)
	twice(t, "releases", 1, func() (int, error) {
		defer app.NoFailedEvents(t)
		return seed.Releases(context.Background(), app.Server.URL, app.Server.Client(), accounts(t, app), app.Cloud.Edge.WaitIdle)
	})
	r := app.SignedInAdmin(t, "ops_ada").JSON("GET", "/api/admin/releases", nil)
	if !strings.Contains(string(r.Raw), `"title":"Enugu Rain"`) || !strings.Contains(string(r.Raw), `"total":1`) {
		t.Errorf("the admins' queue: %d %s", r.Status, r.Raw)
	}
}
