package seed_test

import (
	"strings"
	"testing"

	"zuum/localstack/seed"
)

func TestSeed_SubmitsTheDemoReleaseOnceIntoTheAdminsQueue(t *testing.T) {
	app, _ := seeded(t)
	twice(t, "releases", 1, step(t, app, seed.Releases))
	r := app.SignedInAdmin(t, "ops_ada").JSON("GET", "/api/admin/releases", nil)
	if !strings.Contains(string(r.Raw), `"title":"Enugu Rain"`) || !strings.Contains(string(r.Raw), `"total":1`) {
		t.Errorf("the admins' queue: %d %s", r.Status, r.Raw)
	}
}
