package notify_test

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
	"zuum/shared/notify"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

type world struct {
	t        *testing.T
	cloud    *cloudtest.Cloud
	profiles *profile.Store
	notes    *notify.Store
}

func newWorld(t *testing.T) *world {
	c := cloudtest.Start(t)
	return &world{t: t, cloud: c, profiles: profile.NewStore(c.DynamoDB, schema.Users.Name), notes: notify.NewStore(c.DynamoDB, schema.Users.Name)}
}

func (w *world) user(id string) string {
	w.t.Helper()
	err := w.profiles.Create(context.Background(), profile.Account{Profile: profile.Profile{
		ID: id, Username: "name-" + id, Email: id + "@example.com", Image: "public/profiles/" + id + "/a.png", CreatedAt: time.Now(),
	}})
	if err != nil {
		w.t.Fatal(err)
	}
	return id
}

// put stores a notification for recipient from actor, the way likes and comments do.
func (w *world) put(recipient, actor string) string {
	w.t.Helper()
	n := notify.Notification{ID: notify.NewID(), Recipient: recipient, Kind: notify.Like, ActorID: actor,
		ActorName: "old-name", ActorImage: "public/old.png", Message: notify.LikeMessage(actor), CreatedAt: time.Now()}
	item, err := notify.Put(schema.Users.Name, n)
	if err != nil {
		w.t.Fatal(err)
	}
	if _, err := w.cloud.DynamoDB.TransactWriteItems(context.Background(), &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{item}}); err != nil {
		w.t.Fatal(err)
	}
	return n.ID
}

func (w *world) all(recipient string) []notify.Notification {
	w.t.Helper()
	p, err := w.notes.List(context.Background(), recipient, 50, "", 0)
	if err != nil {
		w.t.Fatal(err)
	}
	return p.Notes
}

func TestFanOut_EachOf60FollowersGetsExactlyOneNotificationEvenWhenRunTwice(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	author := w.user("author")
	var fans []string
	for i := range 60 {
		id := w.user(fmt.Sprintf("fan%02d", i))
		if _, err := w.profiles.Follow(ctx, id, author, time.Now()); err != nil {
			t.Fatal(err)
		}
		fans = append(fans, id)
	}
	loner := w.user("loner") // follows nobody: gets nothing
	post := notify.NewID()
	n := notify.Notification{ID: post, Kind: notify.PostAudio, ActorID: author, ActorName: "name-author",
		PostID: post, PostType: "audio", Message: notify.PostMessage("name-author", notify.PostAudio, "New jam")}
	for run := range 2 {
		if err := w.notes.FanOut(ctx, author, n); err != nil {
			t.Fatalf("run %d: %v", run+1, err)
		}
	}
	for _, fan := range fans {
		got := w.all(fan)
		if len(got) != 1 || got[0].ID != post || got[0].PostID != post || got[0].Kind != notify.PostAudio ||
			got[0].Recipient != fan || got[0].Read || got[0].CreatedAt.IsZero() {
			t.Fatalf("%s has %+v", fan, got)
		}
	}
	if got := w.all(loner); len(got) != 0 {
		t.Fatalf("a non-follower got %v", got)
	}
	if got := w.all(author); len(got) != 0 {
		t.Fatalf("the author notified themselves: %v", got)
	}
	if err := w.notes.FanOut(ctx, author, notify.Notification{Kind: notify.PostAudio}); err == nil {
		t.Fatal("a fan-out without an id would duplicate on retry")
	}
}

func TestList_NewestFirstInPagesWithTheTotalAndFreshActors(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	me, actor := w.user("me"), w.user("actor")
	var ids []string
	for range 23 {
		ids = append(ids, w.put(me, actor))
	}
	slices.Reverse(ids)
	var got []string
	cursor := ""
	for page := 1; ; page++ {
		p, err := w.notes.List(ctx, me, 10, cursor, 0)
		if err != nil || p.Total != 23 {
			t.Fatalf("page %d: total %d %v", page, p.Total, err)
		}
		skipped, err := w.notes.List(ctx, me, 10, "", (page-1)*10)
		if err != nil || len(skipped.Notes) != len(p.Notes) || (len(p.Notes) > 0 && skipped.Notes[0].ID != p.Notes[0].ID) {
			t.Fatalf("page %d by skipping differs: %v", page, err)
		}
		for _, n := range p.Notes {
			got = append(got, n.ID)
			if n.ActorName != "name-actor" || n.ActorImage != "public/profiles/actor/a.png" {
				t.Fatalf("actor not read fresh: %+v", n)
			}
		}
		if cursor = p.Next; cursor == "" {
			break
		}
	}
	if !slices.Equal(got, ids) {
		t.Fatalf("not newest first:\n%v\n%v", got, ids)
	}
	if _, err := w.notes.List(ctx, "actor", 10, func() string { p, _ := w.notes.List(ctx, me, 10, "", 0); return p.Next }(), 0); !failure.Is(err, failure.Invalid) {
		t.Fatalf("another user's cursor: %v", err)
	}
	if _, err := w.notes.List(ctx, me, 10, "%%%", 0); !failure.Is(err, failure.Invalid) {
		t.Fatalf("garbage cursor: %v", err)
	}
}

func TestMarkRead_OneAtATimeAndAllAtOnceByWatermark(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	me, other := w.user("me"), w.user("other")
	first, second := w.put(me, other), w.put(me, other)
	if err := w.notes.MarkRead(ctx, me, first); err != nil {
		t.Fatal(err)
	}
	read := func() map[string]bool {
		out := map[string]bool{}
		for _, n := range w.all(me) {
			out[n.ID] = n.Read
		}
		return out
	}
	if r := read(); !r[first] || r[second] {
		t.Fatalf("after marking one: %v", r)
	}
	for _, id := range []string{"", "nope", w.put(other, me)} {
		if err := w.notes.MarkRead(ctx, me, id); !failure.Is(err, failure.NotFound) {
			t.Fatalf("marking %q: %v", id, err)
		}
	}
	if err := w.notes.MarkAllRead(ctx, me); err != nil {
		t.Fatal(err)
	}
	third := w.put(me, other)
	if r := read(); !r[first] || !r[second] || r[third] {
		t.Fatalf("after read-all and one more: %v", r)
	}
	if n := w.all(other); n[0].Read {
		t.Fatal("read-all reached another user")
	}
	if err := w.notes.MarkAllRead(ctx, "nobody"); err != nil {
		t.Fatalf("read-all with nothing to read: %v", err)
	}
	if err := w.notes.MarkAllRead(ctx, me); err != nil {
		t.Fatal(err)
	}
	if r := read(); !r[third] {
		t.Fatalf("second read-all: %v", r)
	}
}

func TestList_AFollowNotificationArrivesWithTheFollow(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	me, fan := w.user("me"), w.user("fan")
	note, _ := notify.Put(schema.Users.Name, notify.Notification{Recipient: me, Kind: notify.Follow, ActorID: fan,
		Message: notify.FollowMessage("name-fan"), CreatedAt: time.Now()})
	if _, err := w.profiles.Follow(ctx, fan, me, time.Now(), note); err != nil {
		t.Fatal(err)
	}
	got := w.all(me)
	if len(got) != 1 || got[0].Kind != notify.Follow || got[0].Message != "name-fan started following you." || got[0].ActorName != "name-fan" {
		t.Fatalf("%+v", got)
	}
	n, _ := w.cloud.DynamoDB.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(schema.Users.Name), Key: notify.Key(me, got[0].ID)})
	if n.Item == nil {
		t.Fatal("stored under another key")
	}
}
