package chat

import (
	"context"
	"errors"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"zuum/localstack/cloudtest"
	"zuum/shared/failure"
	"zuum/shared/schema"
)

func stores(t *testing.T) (*Store, *Connections, *dynamodb.Client) {
	t.Helper()
	c := cloudtest.Start(t)
	return NewStore(c.DynamoDB, schema.Chat.Name), NewConnections(c.DynamoDB, schema.Connections.Name), c.DynamoDB
}

func TestRoomID_IsThePairsWhicheverOrderAndNoOtherPairs(t *testing.T) {
	t.Parallel()
	a, b, c := uuid.NewString(), uuid.NewString(), uuid.NewString()
	if RoomID(a, b) != RoomID(b, a) {
		t.Fatal("order changes the room")
	}
	if RoomID(a, b) == RoomID(a, c) || !ValidID(RoomID(a, b)) {
		t.Fatalf("rooms %s %s", RoomID(a, b), RoomID(a, c))
	}
}

func TestContent_CleansAndCountsCharactersAReaderSees(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in, want string
		err      error
	}{
		{"  hello\r\nthere \u200b", "hello\nthere", nil},
		{" \t\u200b\u2060 ", "", ErrMissingData},
		{string(make([]rune, 0)), "", ErrMissingData},
	}
	long := ""
	for range MaxContentLength {
		long += "ọ̀"
	}
	cases = append(cases, struct {
		in, want string
		err      error
	}{long, long, nil}, struct {
		in, want string
		err      error
	}{long + "a", "", ErrTooLong})
	for _, c := range cases {
		got, err := Content(c.in)
		if got != c.want || !errors.Is(err, c.err) {
			t.Errorf("Content(%.20q) = %.20q, %v; want %.20q, %v", c.in, got, err, c.want, c.err)
		}
	}
}

func TestSend_KeepsANewerLastMessageButStillCountsTheUnread(t *testing.T) {
	t.Parallel()
	st, _, db := stores(t)
	ctx := context.Background()
	a, b := uuid.NewString(), uuid.NewString()
	room, err := st.Open(ctx, a, b)
	if err != nil {
		t.Fatal(err)
	}
	// A newer message of the room got to both memberships first.
	newer := "ffffffff-ffff-7fff-bfff-ffffffffffff"
	for _, user := range []string{a, b} {
		if _, err := db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName: &st.table, Key: memberKey(user, room),
			UpdateExpression:          str("SET last_id = :id, last_message = :c"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":id": s(newer), ":c": s("the newer one")},
		}); err != nil {
			t.Fatal(err)
		}
	}
	msg, err := st.Send(ctx, a, room, b, "the older one", "c-1")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := st.Recent(ctx, b, room, ""); err != nil || len(got) != 1 || got[0].ID != msg.ID {
		t.Fatalf("stored: %+v %v", got, err)
	}
	rooms, err := st.Rooms(ctx, b)
	if err != nil || len(rooms) != 1 || rooms[0].LastMessage != "the newer one" || rooms[0].Unread != 1 {
		t.Fatalf("b's room: %+v %v", rooms, err)
	}
}

func TestMarkRead_LeavesAMessageThatComesAfterItUnread(t *testing.T) {
	t.Parallel()
	st, _, _ := stores(t)
	ctx := context.Background()
	a, b := uuid.NewString(), uuid.NewString()
	room, _ := st.Open(ctx, a, b)
	for _, text := range []string{"one", "two"} {
		if _, err := st.Send(ctx, a, room, b, text, ""); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := st.Send(ctx, b, room, a, "reply", ""); err != nil {
		t.Fatal(err)
	}
	if err := st.MarkRead(ctx, b, room); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Send(ctx, a, room, b, "three", ""); err != nil {
		t.Fatal(err)
	}
	br, _ := st.Rooms(ctx, b)
	ar, _ := st.Rooms(ctx, a)
	if br[0].Unread != 1 || ar[0].Unread != 1 || br[0].LastMessage != "three" {
		t.Fatalf("b %+v, a %+v", br[0], ar[0])
	}
	if err := st.MarkRead(ctx, uuid.NewString(), room); !failure.Is(err, failure.NotFound) {
		t.Fatalf("a stranger marked the room read: %v", err)
	}
}

func TestConnections_AnExpiredOneIsNeitherOpenNorItsUsers(t *testing.T) {
	t.Parallel()
	_, conns, _ := stores(t)
	ctx := context.Background()
	user := expiredConnection(t, conns)
	if err := conns.Add(ctx, "new=", Owner{UserID: user}); err != nil {
		t.Fatal(err)
	}
	if ids, err := conns.Of(ctx, user); err != nil || len(ids) != 1 || ids[0] != "new=" {
		t.Fatalf("open: %v %v", ids, err)
	}
	if _, err := conns.Owner(ctx, "old="); !errors.Is(err, ErrNotConnected) {
		t.Fatalf("expired connection's user: %v", err)
	}
	if err := conns.Remove(ctx, "new="); err != nil {
		t.Fatal(err)
	}
	if ids, err := conns.Of(ctx, user); err != nil || len(ids) != 0 {
		t.Fatalf("open after removing: %v %v", ids, err)
	}
	if _, err := conns.Owner(ctx, "new="); !errors.Is(err, ErrNotConnected) {
		t.Fatalf("removed connection's user: %v", err)
	}
}

// A removed connection and an expired one leave the user's item: no attribute stays behind.
func TestConnections_RemovedAndExpiredOnesLeaveTheUsersItem(t *testing.T) {
	t.Parallel()
	_, conns, _ := stores(t)
	ctx := context.Background()
	user := expiredConnection(t, conns)
	for _, conn := range []string{"first=", "second="} {
		if err := conns.Add(ctx, conn, Owner{UserID: user}); err != nil {
			t.Fatal(err)
		}
	}
	if all, err := conns.all(ctx, user); err != nil || !slices.Equal(slices.Sorted(maps.Keys(all)), []string{"first=", "second="}) {
		t.Fatalf("listed after adding (the expired one pruned): %v %v", all, err)
	}
	if err := conns.Remove(ctx, "first="); err != nil {
		t.Fatal(err)
	}
	if err := conns.RemoveOf(ctx, user, "second="); err != nil {
		t.Fatal(err)
	}
	if all, err := conns.all(ctx, user); err != nil || len(all) != 0 {
		t.Fatalf("listed after removing both: %v %v", all, err)
	}
}

// expiredConnection adds a connection "old=" of a new user, made longer ago than ConnectionTTL,
// and returns the user.
func expiredConnection(t *testing.T, conns *Connections) string {
	t.Helper()
	user := uuid.NewString()
	conns.now = func() time.Time { return time.Now().Add(-ConnectionTTL - time.Minute) }
	if err := conns.Add(context.Background(), "old=", Owner{UserID: user}); err != nil {
		t.Fatal(err)
	}
	conns.now = time.Now
	return user
}

func str(s string) *string { return &s }

func TestOpen_TheRoomReachesTheOtherMembersListWithItsFirstMessage(t *testing.T) {
	t.Parallel()
	st, _, _ := stores(t)
	ctx := context.Background()
	a, b := uuid.NewString(), uuid.NewString()
	room, err := st.Open(ctx, a, b)
	if err != nil {
		t.Fatal(err)
	}
	if ar, err := st.Rooms(ctx, a); err != nil || len(ar) != 1 || ar[0].ID != room {
		t.Fatalf("the opener's list: %+v %v", ar, err)
	}
	if br, err := st.Rooms(ctx, b); err != nil || len(br) != 0 {
		t.Fatalf("the other member's list before any message: %+v %v, want it empty", br, err)
	}
	if _, err := st.Send(ctx, a, room, b, "hello", ""); err != nil {
		t.Fatal(err)
	}
	if br, err := st.Rooms(ctx, b); err != nil || len(br) != 1 || br[0].LastMessage != "hello" || br[0].Unread != 1 {
		t.Fatalf("the other member's list after the first message: %+v %v", br, err)
	}
	// The other member opening the room themselves lists it at once, too.
	c := uuid.NewString()
	room2, _ := st.Open(ctx, a, c)
	if again, err := st.Open(ctx, c, a); err != nil || again != room2 {
		t.Fatalf("c opens the same room: %q %v", again, err)
	}
	if cr, err := st.Rooms(ctx, c); err != nil || len(cr) != 1 || cr[0].ID != room2 {
		t.Fatalf("c's list after opening it: %+v %v", cr, err)
	}
}
