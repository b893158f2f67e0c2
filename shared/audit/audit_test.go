package audit_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/localstack/cloudtest"
	"zuum/shared/audit"
	"zuum/shared/failure"
	"zuum/shared/schema"
)

func store(t *testing.T) *audit.Store {
	t.Helper()
	return audit.New(dynamodb.NewFromConfig(cloudtest.Start(t).Config), schema.Users.Name)
}

func TestRecord_RefusesAnEntryWithoutActionAdminOrTarget(t *testing.T) {
	t.Parallel()
	s := store(t)
	ctx := context.Background()
	for name, e := range map[string]audit.Entry{
		"no action": {AdminID: "a", TargetType: "user", TargetID: "u"},
		"no admin":  {Action: "user.deactivate", TargetType: "user", TargetID: "u"},
		"no target": {Action: "user.deactivate", AdminID: "a"},
	} {
		if err := s.Record(ctx, e); err == nil {
			t.Errorf("%s: recorded", name)
		}
	}
	if n, err := s.Count(ctx); err != nil || n != 0 {
		t.Fatalf("count = %d, %v", n, err)
	}
}

func TestList_GivesBackWhatWasRecordedNewestFirst(t *testing.T) {
	t.Parallel()
	s := store(t)
	ctx := context.Background()
	page, err := s.List(ctx, 10, "", 0)
	if err != nil || len(page.Entries) != 0 || page.Total != 0 || page.Next != "" {
		t.Fatalf("empty log: %+v, %v", page, err)
	}
	for _, id := range []string{"u1", "u2"} {
		if err := s.Record(ctx, audit.Entry{AdminID: "a1", AdminUsername: "ops", Action: "user.deactivate", TargetType: "user",
			TargetID: id, Before: map[string]any{"deactivated": false}, After: map[string]any{"deactivated": true}}); err != nil {
			t.Fatal(err)
		}
	}
	page, err = s.List(ctx, 1, "", 0)
	if err != nil || len(page.Entries) != 1 || page.Total != 2 || page.Next == "" {
		t.Fatalf("first page: %+v, %v", page, err)
	}
	e := page.Entries[0]
	before, _ := json.Marshal(e.Before)
	after, _ := json.Marshal(e.After)
	if e.TargetID != "u2" || e.AdminUsername != "ops" || string(before) != `{"deactivated":false}` || string(after) != `{"deactivated":true}` || e.At.IsZero() {
		t.Fatalf("newest entry: %+v %s %s", e, before, after)
	}
	page, err = s.List(ctx, 1, page.Next, 0)
	if err != nil || len(page.Entries) != 1 || page.Entries[0].TargetID != "u1" || page.Next != "" {
		t.Fatalf("second page: %+v, %v", page, err)
	}
	if _, err := s.List(ctx, 1, "eyJwayI6IlVTRVIjMSIsInNrIjoiUFJPRklMRSJ9", 0); !failure.Is(err, failure.Invalid) {
		t.Fatalf("another list's cursor: %v", err)
	}
}
