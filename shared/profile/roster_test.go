package profile_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/failure"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

// account stores a verified account with the given id, username and email.
func (g *graph) account(id, username, email string) {
	g.t.Helper()
	a := profile.Account{Profile: profile.Profile{
		ID: id, Username: username, Identity: profile.Artist, FirstName: "A", LastName: "B",
		Email: email, Phone: "08031234567", CreatedAt: time.Now(),
	}, Verified: true}
	if err := g.store.Create(context.Background(), a); err != nil {
		g.t.Fatal(err)
	}
}

func usernames(p profile.RosterPage) []string {
	out := make([]string, len(p.Accounts))
	for i, a := range p.Accounts {
		out[i] = a.Username
	}
	return out
}

func same(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestRoster_ListsEveryAccountInUsernameOrderWithItsTotalByCursorAndBySkip(t *testing.T) {
	t.Parallel()
	g := newGraph(t)
	ctx := context.Background()
	for i, n := range []string{"zara_keys", "Ada_sings", "bola", "ada", "Kel.beat"} {
		g.account("u-"+string(rune('a'+i)), n, n+"@example.com")
	}
	want := []string{"ada", "Ada_sings", "bola", "Kel.beat", "zara_keys"}
	var got []string
	cursor := ""
	for range 3 {
		p, err := g.store.Roster(ctx, profile.RosterRequest{Limit: 2, Cursor: cursor})
		if err != nil {
			t.Fatal(err)
		}
		if p.Total != 5 {
			t.Fatalf("total %d", p.Total)
		}
		got = append(got, usernames(p)...)
		if cursor = p.Next; cursor == "" {
			break
		}
	}
	if !same(got, want) || cursor != "" {
		t.Fatalf("walked %v (next %q), want %v", got, cursor, want)
	}
	p, err := g.store.Roster(ctx, profile.RosterRequest{Limit: 2, Skip: 2})
	if err != nil || !same(usernames(p), want[2:4]) || p.Next == "" {
		t.Fatalf("page 2 by skip: %v next %q %v", usernames(p), p.Next, err)
	}
	if _, err := g.store.Roster(ctx, profile.RosterRequest{Limit: 2, Cursor: "%%%"}); !failure.Is(err, failure.Invalid) {
		t.Fatalf("bad cursor: %v", err)
	}
}

func TestRoster_SearchFindsAUsernameOrEmailPrefixInAnyCaseEachAccountOnce(t *testing.T) {
	t.Parallel()
	g := newGraph(t)
	ctx := context.Background()
	g.account("u-1", "Ada_sings", "ada@demo.zuum.ng") // both match "ada": listed once
	g.account("u-2", "tunde", "adaeze.t@example.com") // the email matches
	g.account("u-3", "adamu", "m@example.com")        // the username matches
	g.account("u-4", "kel", "kel@ada.example.com")    // "ada" only inside the email: no
	g.account("u-5", "zada", "zada@example.com")      // "ada" only inside the username: no
	cases := []struct {
		search string
		want   []string
	}{
		{"ada", []string{"Ada_sings", "adamu", "tunde"}},
		{"  ADA ", []string{"Ada_sings", "adamu", "tunde"}},
		{"adaeze", []string{"tunde"}},
		{"ada@demo", []string{"Ada_sings"}},
		{"nobody", nil},
	}
	for _, tc := range cases {
		p, err := g.store.Roster(ctx, profile.RosterRequest{Search: tc.search, Limit: 10})
		if err != nil || !same(usernames(p), tc.want) || p.Total != int64(len(tc.want)) || p.Next != "" {
			t.Errorf("%q: %v total %d next %q %v, want %v", tc.search, usernames(p), p.Total, p.Next, err, tc.want)
		}
		if n, err := g.store.RosterTotal(ctx, tc.search); err != nil || n != int64(len(tc.want)) {
			t.Errorf("%q: RosterTotal %d %v", tc.search, n, err)
		}
	}
	// Pages of a search follow on from their cursor.
	p1, err := g.store.Roster(ctx, profile.RosterRequest{Search: "ada", Limit: 2})
	if err != nil || !same(usernames(p1), []string{"Ada_sings", "adamu"}) || p1.Next == "" {
		t.Fatalf("page 1: %v %q %v", usernames(p1), p1.Next, err)
	}
	p2, err := g.store.Roster(ctx, profile.RosterRequest{Search: "ada", Limit: 2, Cursor: p1.Next})
	if err != nil || !same(usernames(p2), []string{"tunde"}) || p2.Next != "" || p2.Total != 3 {
		t.Fatalf("page 2: %v %q %d %v", usernames(p2), p2.Next, p2.Total, err)
	}
}

func TestRoster_ShowsDeactivatedAccountsWithTheirFlag(t *testing.T) {
	t.Parallel()
	g := newGraph(t)
	ctx := context.Background()
	g.account("u-1", "ada", "ada@example.com")
	if err := g.store.SetDeactivated(ctx, "u-1", true); err != nil {
		t.Fatal(err)
	}
	p, err := g.store.Roster(ctx, profile.RosterRequest{Limit: 10})
	if err != nil || len(p.Accounts) != 1 || !p.Accounts[0].Deactivated || p.Accounts[0].Email != "ada@example.com" {
		t.Fatalf("%+v %v", p, err)
	}
}

func TestEnroll_ListsAnAccountMadeBeforeTheRosterOnceHoweverOftenItRuns(t *testing.T) {
	t.Parallel()
	g := newGraph(t)
	ctx := context.Background()
	g.account("u-1", "ada", "ada@example.com")
	g.account("u-2", "bola", "bola@example.com")
	// u-2 as an account made before the roster existed: none of its roster items, not counted.
	for _, sk := range []string{"u#bola#u-2", "e#bola@example.com#u-2"} {
		if _, err := g.cloud.DynamoDB.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(schema.Users.Name),
			Key: map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: "ROSTER"}, "sk": &types.AttributeValueMemberS{Value: sk}}}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := g.cloud.DynamoDB.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(schema.Users.Name),
		Key:                       map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: "ROSTER"}, "sk": &types.AttributeValueMemberS{Value: "COUNT#0"}},
		UpdateExpression:          aws.String("ADD n :m"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":m": &types.AttributeValueMemberN{Value: "-1"}}}); err != nil {
		t.Fatal(err)
	}
	if p, _ := g.store.Roster(ctx, profile.RosterRequest{Limit: 10}); !same(usernames(p), []string{"ada"}) || p.Total != 1 {
		t.Fatalf("before: %v %d", usernames(p), p.Total)
	}
	for _, id := range []string{"u-2", "u-2", "u-1"} {
		if err := g.store.Reindex(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	p, err := g.store.Roster(ctx, profile.RosterRequest{Search: "bola@", Limit: 10})
	if err != nil || !same(usernames(p), []string{"bola"}) {
		t.Fatalf("by email: %v %v", usernames(p), err)
	}
	if p, _ := g.store.Roster(ctx, profile.RosterRequest{Limit: 10}); !same(usernames(p), []string{"ada", "bola"}) || p.Total != 2 {
		t.Fatalf("after: %v %d", usernames(p), p.Total)
	}
}

func TestDeactivate_ChangesOnceMovesTheSessionEpochAndIsUndoneByReactivating(t *testing.T) {
	t.Parallel()
	g := newGraph(t)
	ctx := context.Background()
	g.account("u-1", "ada", "ada@example.com")
	for i, step := range []struct {
		off, changed bool
		epoch        int64
	}{
		{true, true, 1}, {true, false, 1}, {false, true, 1}, {false, false, 1}, {true, true, 2},
	} {
		changed, err := g.store.Deactivate(ctx, "u-1", step.off)
		if err != nil || changed != step.changed {
			t.Fatalf("step %d: changed %v %v", i, changed, err)
		}
		a, err := g.store.Account(ctx, "u-1")
		if err != nil || a.Deactivated != step.off || a.SessionEpoch != step.epoch {
			t.Fatalf("step %d: deactivated %v epoch %d %v", i, a.Deactivated, a.SessionEpoch, err)
		}
	}
	if _, err := g.store.Deactivate(ctx, "u-404", true); !failure.Is(err, failure.NotFound) {
		t.Fatalf("unknown account: %v", err)
	}
}

func TestRoster_CountsEveryOneOfManyConcurrentSignUps(t *testing.T) {
	t.Parallel()
	g := newGraph(t)
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Go(func() {
			a := profile.Account{Profile: profile.Profile{
				ID: fmt.Sprintf("u-%02d", i), Username: fmt.Sprintf("user_%02d", i), Identity: profile.Artist, FirstName: "A",
				LastName: "B", Email: fmt.Sprintf("user_%02d@example.com", i), Phone: "08031234567", CreatedAt: time.Now(),
			}}
			if err := g.store.Create(context.Background(), a); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	p, err := g.store.Roster(context.Background(), profile.RosterRequest{Limit: 50})
	if err != nil || p.Total != 40 || len(p.Accounts) != 40 || p.Accounts[0].Username != "user_00" || p.Accounts[39].Username != "user_39" {
		t.Fatalf("total %d, %d listed, %v", p.Total, len(p.Accounts), err)
	}
}
