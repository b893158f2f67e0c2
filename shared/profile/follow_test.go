package profile_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/localstack/cloudtest"
	"zuum/shared/failure"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

type graph struct {
	t     *testing.T
	cloud *cloudtest.Cloud
	store *profile.Store
}

func newGraph(t *testing.T) *graph {
	c := cloudtest.Start(t)
	return &graph{t: t, cloud: c, store: profile.NewStore(c.DynamoDB, schema.Users.Name)}
}

// user stores an account named name with the given id.
func (g *graph) user(id, name string) string {
	g.t.Helper()
	a := profile.Account{Profile: profile.Profile{
		ID: id, Username: name, Identity: profile.Artist, FirstName: "A", LastName: "B",
		Email: name + "@example.com", Phone: "08031234567", Image: "public/profiles/" + id + "/me.png",
		CreatedAt: time.Now(),
	}, Verified: true}
	if err := g.store.Create(context.Background(), a); err != nil {
		g.t.Fatal(err)
	}
	return id
}

func (g *graph) counts(id string) (followers, following int64) {
	g.t.Helper()
	a, err := g.store.Account(context.Background(), id)
	if err != nil {
		g.t.Fatal(err)
	}
	return a.FollowersCount, a.FollowingCount
}

// edges counts the items of id's partition whose sort key starts with prefix.
func (g *graph) edges(id, prefix string) int {
	g.t.Helper()
	out, err := g.cloud.DynamoDB.Query(context.Background(), &dynamodb.QueryInput{
		TableName: aws.String(schema.Users.Name), KeyConditionExpression: aws.String("pk = :pk AND begins_with(sk, :p)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: "USER#" + id}, ":p": &types.AttributeValueMemberS{Value: prefix},
		},
	})
	if err != nil {
		g.t.Fatal(err)
	}
	return len(out.Items)
}

func TestFollow_MovesBothEdgesAndCountersOnceAndARepeatChangesNothing(t *testing.T) {
	t.Parallel()
	g := newGraph(t)
	ctx := context.Background()
	ada, bola := g.user("u-ada", "ada"), g.user("u-bola", "bola")
	for _, step := range []struct {
		name string
		do   func() (bool, error)
		n    int64 // followers of bola, followings of ada, and each one's edges after the step
	}{
		{"follow", func() (bool, error) { return g.store.Follow(ctx, ada, bola, time.Now()) }, 1},
		{"unfollow", func() (bool, error) { return g.store.Unfollow(ctx, ada, bola) }, 0},
	} {
		for i, want := range []bool{true, false} {
			changed, err := step.do()
			if err != nil || changed != want {
				t.Fatalf("%s #%d: %v %v", step.name, i+1, changed, err)
			}
		}
		if f, _ := g.counts(bola); f != step.n {
			t.Fatalf("after %s bola has %d followers", step.name, f)
		}
		if _, f := g.counts(ada); f != step.n {
			t.Fatalf("after %s ada follows %d", step.name, f)
		}
		if int64(g.edges(ada, "FOLLOWING#")) != step.n || int64(g.edges(bola, "FOLLOWER#")) != step.n {
			t.Fatalf("after %s: edges %d and %d", step.name, g.edges(ada, "FOLLOWING#"), g.edges(bola, "FOLLOWER#"))
		}
		if ok, err := g.store.IsFollowing(ctx, ada, bola); ok != (step.n == 1) || err != nil {
			t.Fatalf("after %s is following: %v %v", step.name, ok, err)
		}
		if ok, _ := g.store.IsFollowing(ctx, bola, ada); ok {
			t.Fatal("the edge is one-way")
		}
	}
}

func TestFollow_RefusesSelfUnknownAndDeactivatedProfiles(t *testing.T) {
	t.Parallel()
	g := newGraph(t)
	ctx := context.Background()
	ada, gone := g.user("u-ada", "ada"), g.user("u-gone", "gone")
	if err := g.store.SetDeactivated(ctx, gone, true); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		target string
		code   failure.Code
		msg    string
	}{
		{"self", ada, failure.NotAcceptable, "You cannot follow yourself."},
		{"unknown", "u-nobody", failure.NotFound, "Profile ID does not exist."},
		{"deactivated", gone, failure.NotFound, "Profile ID does not exist."},
	}
	for _, tc := range cases {
		_, err := g.store.Follow(ctx, ada, tc.target, time.Now())
		if fe, ok := err.(*failure.Error); !ok || fe.Code != tc.code || fe.Message != tc.msg {
			t.Errorf("follow %s: %v", tc.name, err)
		}
		if tc.name != "deactivated" {
			if _, err := g.store.Unfollow(ctx, ada, tc.target); !failure.Is(err, tc.code) {
				t.Errorf("unfollow %s: %v", tc.name, err)
			}
		}
	}
	if _, following := g.counts(ada); following != 0 || g.edges(ada, "FOLLOWING#") != 0 {
		t.Fatal("a refused follow changed something")
	}
	if g.edges("u-nobody", "") != 0 {
		t.Fatal("following an unknown id created items under it")
	}
}

func TestUnfollow_ADeactivatedProfileCanStillBeUnfollowed(t *testing.T) {
	t.Parallel()
	g := newGraph(t)
	ctx := context.Background()
	ada, bola := g.user("u-ada", "ada"), g.user("u-bola", "bola")
	if _, err := g.store.Follow(ctx, ada, bola, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := g.store.SetDeactivated(ctx, bola, true); err != nil {
		t.Fatal(err)
	}
	if changed, err := g.store.Unfollow(ctx, ada, bola); !changed || err != nil {
		t.Fatalf("%v %v", changed, err)
	}
	if _, err := g.store.Unfollow(ctx, ada, bola); !failure.Is(err, failure.NotFound) {
		t.Fatalf("repeat on a deactivated profile: %v", err)
	}
}

func TestFollow_WritesTheExtraItemsInTheSameTransaction(t *testing.T) {
	t.Parallel()
	g := newGraph(t)
	ctx := context.Background()
	ada, bola := g.user("u-ada", "ada"), g.user("u-bola", "bola")
	extra := types.TransactWriteItem{Put: &types.Put{TableName: aws.String(schema.Users.Name), Item: map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "USER#" + bola}, "sk": &types.AttributeValueMemberS{Value: "NOTE#x"},
	}}}
	if _, err := g.store.Follow(ctx, ada, bola, time.Now(), extra); err != nil {
		t.Fatal(err)
	}
	if g.edges(bola, "NOTE#") != 1 {
		t.Fatal("the extra item was not written")
	}
	if _, err := g.store.Follow(ctx, ada, "u-nobody", time.Now(), extra); err == nil || g.edges("u-nobody", "") != 0 {
		t.Fatalf("a refused follow wrote its extra items: %v", err)
	}
}

func TestFollowList_PagesInUserIDOrderByCursorOrBySkipping(t *testing.T) {
	t.Parallel()
	g := newGraph(t)
	ctx := context.Background()
	star := g.user("u-star", "star")
	var ids []string
	for i := 22; i >= 0; i-- { // followed in reverse id order: lists still sort by id
		id := g.user(fmt.Sprintf("u-fan%02d", i), fmt.Sprintf("fan%02d", i))
		if _, err := g.store.Follow(ctx, id, star, time.Now()); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var got []string
	cursor, pages := "", 0
	for {
		p, err := g.store.FollowList(ctx, star, profile.Followers, 10, cursor, 0)
		if err != nil {
			t.Fatal(err)
		}
		pages++
		byCursor := p
		bySkip, err := g.store.FollowList(ctx, star, profile.Followers, 10, "", (pages-1)*10)
		if err != nil || !slices.Equal(names(bySkip.Users), names(byCursor.Users)) {
			t.Fatalf("page %d by skipping %v differs from by cursor %v (%v)", pages, names(bySkip.Users), names(byCursor.Users), err)
		}
		for _, u := range p.Users {
			got = append(got, u.ID)
			if u.Image != "public/profiles/"+u.ID+"/me.png" || u.Username == "" {
				t.Fatalf("summary %+v", u)
			}
		}
		if cursor = p.Next; cursor == "" {
			break
		}
	}
	if pages != 3 || !slices.Equal(got, ids) {
		t.Fatalf("%d pages: %v", pages, got)
	}
	if p, err := g.store.FollowList(ctx, star, profile.Followers, 10, "", 30); err != nil || len(p.Users) != 0 || p.Next != "" {
		t.Fatalf("past the end: %+v %v", p, err)
	}
	// A full last page promises no next page.
	if p, _ := g.store.FollowList(ctx, ids[0], profile.Following, 1, "", 0); len(p.Users) != 1 || p.Next != "" {
		t.Fatalf("one of one: %+v", p)
	}
	// A cursor of another list (or user) is refused, not followed.
	first, _ := g.store.FollowList(ctx, star, profile.Followers, 10, "", 0)
	for _, l := range []struct {
		id   string
		list profile.List
	}{{star, profile.Following}, {ids[0], profile.Followers}} {
		if _, err := g.store.FollowList(ctx, l.id, l.list, 10, first.Next, 0); !failure.Is(err, failure.Invalid) {
			t.Fatalf("foreign cursor: %v", err)
		}
	}
	if _, err := g.store.FollowList(ctx, star, profile.Followers, 10, "not a cursor!", 0); !failure.Is(err, failure.Invalid) {
		t.Fatalf("garbage cursor: %v", err)
	}
}

func names(in []profile.Summary) []string {
	out := []string{}
	for _, s := range in {
		out = append(out, s.Username)
	}
	return out
}

func TestWithFollows_CarriesTheFirstTenOfEachListAndWhetherTheViewerFollows(t *testing.T) {
	t.Parallel()
	g := newGraph(t)
	ctx := context.Background()
	star, viewer := g.user("u-star", "star"), g.user("u-viewer", "viewer")
	for i := range 12 {
		id := g.user(fmt.Sprintf("u-f%02d", i), fmt.Sprintf("f%02d", i))
		if _, err := g.store.Follow(ctx, id, star, time.Now()); err != nil {
			t.Fatal(err)
		}
		if i < 3 {
			if _, err := g.store.Follow(ctx, star, id, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := g.store.SetDeactivated(ctx, "u-f00", true); err != nil {
		t.Fatal(err)
	}
	a, _ := g.store.Account(ctx, star)
	follows, err := g.store.WithFollows(ctx, &a.Profile, viewer)
	if err != nil || follows {
		t.Fatalf("viewer follows: %v %v", follows, err)
	}
	// f00 is deactivated: it no longer shows, though it still counts until it unfollows.
	want := []string{"f01", "f02", "f03", "f04", "f05", "f06", "f07", "f08", "f09"}
	if got := names(a.Followers); !slices.Equal(got, want) || a.FollowersCount != 12 {
		t.Fatalf("followers %v (%d)", got, a.FollowersCount)
	}
	if got := names(a.Following); !slices.Equal(got, []string{"f01", "f02"}) {
		t.Fatalf("following %v", got)
	}
	if _, err := g.store.Follow(ctx, viewer, star, time.Now()); err != nil {
		t.Fatal(err)
	}
	if follows, _ := g.store.WithFollows(ctx, &a.Profile, viewer); !follows {
		t.Fatal("viewer follows star now")
	}
	if follows, _ := g.store.WithFollows(ctx, &a.Profile, star); follows {
		t.Fatal("a profile does not follow itself")
	}
}

func TestEachFollowers_VisitsEveryFollowerOnceInBatches(t *testing.T) {
	t.Parallel()
	g := newGraph(t)
	ctx := context.Background()
	star := g.user("u-star", "star")
	want := map[string]bool{}
	for i := range 7 {
		id := g.user(fmt.Sprintf("u-f%d", i), fmt.Sprintf("f%d", i))
		want[id] = true
		if _, err := g.store.Follow(ctx, id, star, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	seen, batches := map[string]int{}, []int{}
	err := g.store.EachFollowers(ctx, star, 3, func(ids []string) error {
		batches = append(batches, len(ids))
		for _, id := range ids {
			seen[id]++
		}
		return nil
	})
	if err != nil || len(seen) != len(want) || !slices.Equal(batches, []int{3, 3, 1}) {
		t.Fatalf("%v %v %v", seen, batches, err)
	}
	for id, n := range seen {
		if !want[id] || n != 1 {
			t.Fatalf("%s seen %d times", id, n)
		}
	}
	stop := fmt.Errorf("stop")
	if err := g.store.EachFollowers(ctx, star, 3, func([]string) error { return stop }); err != stop {
		t.Fatalf("fn's error: %v", err)
	}
}
