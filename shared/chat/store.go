package chat

import (
	"context"
	"slices"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
)

const (
	userPrefix = "USER#"
	roomPrefix = "ROOM#"
	msgPrefix  = "MSG#"
	timeLayout = "2006-01-02T15:04:05.000Z07:00"
)

// Store keeps rooms and messages in the Chat table.
type Store struct {
	db    *dynamodb.Client
	table string
	now   func() time.Time
}

// NewStore returns a store over the Chat table.
func NewStore(db *dynamodb.Client, table string) *Store {
	return &Store{db: db, table: table, now: time.Now}
}

// WithClock makes st read the time (messages' times, the rate limit's windows) from now instead
// of time.Now, and returns it: tests pass a clock they move.
func (st *Store) WithClock(now func() time.Time) *Store {
	st.now = now
	return st
}

func s(v string) *types.AttributeValueMemberS { return &types.AttributeValueMemberS{Value: v} }

func memberKey(user, room string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": s(userPrefix + user), "sk": s(roomPrefix + room)}
}

// memberItem is a user's membership of a room.
type memberItem struct {
	PK          string `dynamodbav:"pk"`
	SK          string `dynamodbav:"sk"`
	RoomID      string `dynamodbav:"room_id"`
	OtherID     string `dynamodbav:"other_id"`
	Received    int64  `dynamodbav:"received"`
	Read        int64  `dynamodbav:"read"`
	LastID      string `dynamodbav:"last_id,omitempty"`
	LastMessage string `dynamodbav:"last_message,omitempty"`
	LastAt      string `dynamodbav:"last_at,omitempty"`
	OpenedAt    string `dynamodbav:"opened_at"`
	// Waiting marks the membership of the one who did not open the room: it stays out of their
	// rooms list until the room's first message (or until they open it themselves).
	Waiting bool `dynamodbav:"waiting,omitempty"`
}

func (m memberItem) room() Room {
	r := Room{ID: m.RoomID, OtherID: m.OtherID, LastMessage: m.LastMessage, Unread: max(m.Received-m.Read, 0)}
	r.LastAt, _ = time.Parse(time.RFC3339Nano, m.LastAt)
	r.OpenedAt, _ = time.Parse(time.RFC3339Nano, m.OpenedAt)
	return r
}

// messageItem is a stored message.
type messageItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	ID        string `dynamodbav:"id"`
	RoomID    string `dynamodbav:"room_id"`
	SenderID  string `dynamodbav:"sender_id"`
	Content   string `dynamodbav:"content"`
	CreatedAt string `dynamodbav:"created_at"`
	ClientID  string `dynamodbav:"client_id,omitempty"`
}

func (m messageItem) message() Message {
	at, _ := time.Parse(time.RFC3339Nano, m.CreatedAt)
	return Message{ID: m.ID, RoomID: m.RoomID, SenderID: m.SenderID, Content: m.Content, CreatedAt: at, ClientID: m.ClientID}
}

// Open makes the room of a (who opens it) and b if it does not exist yet, with a membership for
// each, and returns its id. b's membership waits: the room is not in b's list until its first
// message, so tapping Message puts no empty conversation in the other person's list. Who may
// open it is the caller's rule (the rooms route checks profiles and follows); opening an existing
// room only ends the opener's own wait.
func (st *Store) Open(ctx context.Context, a, b string) (string, error) {
	id := RoomID(a, b)
	now := st.now().UTC().Format(timeLayout)
	var items []types.TransactWriteItem
	for i, pair := range [][2]string{{a, b}, {b, a}} {
		av, err := attributevalue.MarshalMap(memberItem{
			PK: userPrefix + pair[0], SK: roomPrefix + id, RoomID: id, OtherID: pair[1], OpenedAt: now, Waiting: i == 1,
		})
		if err != nil {
			return "", failure.Wrap(err, "encode room")
		}
		items = append(items, types.TransactWriteItem{Put: &types.Put{
			TableName: &st.table, Item: av, ConditionExpression: aws.String("attribute_not_exists(pk)"),
		}})
	}
	err := dynamo.Transact(ctx, st.db, items)
	if failed, canceled := dynamo.CanceledBy(err); canceled && len(failed) > 0 {
		// Both memberships are written together: one there means the room is. The opener's
		// own membership stops waiting.
		_, err := st.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName: &st.table, Key: memberKey(a, id), UpdateExpression: aws.String("REMOVE waiting"),
			ConditionExpression: aws.String("attribute_exists(pk)"),
		})
		if err != nil && !dynamo.ConditionFailed(err) {
			return "", failure.Wrap(err, "open room")
		}
		return id, nil
	}
	if err != nil {
		return "", failure.Wrap(err, "open room")
	}
	return id, nil
}

// member reads user's membership of room; ErrRoomNotFound when user is not a member (or the
// room does not exist: the two look alike on purpose).
func (st *Store) member(ctx context.Context, user, room string) (memberItem, error) {
	if !ValidID(room) {
		return memberItem{}, ErrRoomNotFound
	}
	var m memberItem
	found, err := dynamo.Get(ctx, st.db, st.table, memberKey(user, room), &m)
	if err != nil {
		return memberItem{}, failure.Wrap(err, "read room")
	}
	if !found {
		return memberItem{}, ErrRoomNotFound
	}
	return m, nil
}

// Send stores a message from sender to receiver in room and returns it. sender must be a member
// of room (ErrRoomNotFound) and receiver its other member (ErrNotReceiver); content is checked
// with Content. The message, the receiver's unread count and both members' last message move in
// one transaction; a last message never moves back to an older one.
func (st *Store) Send(ctx context.Context, sender, room, receiver, content, clientID string) (Message, error) {
	if room == "" || receiver == "" {
		return Message{}, ErrMissingData
	}
	if len(clientID) > MaxClientIDLength {
		return Message{}, ErrClientID
	}
	content, err := Content(content)
	if err != nil {
		return Message{}, err
	}
	m, err := st.member(ctx, sender, room)
	if err != nil {
		return Message{}, err
	}
	if m.OtherID != receiver {
		return Message{}, ErrNotReceiver
	}
	if err := st.count(ctx, sender, room); err != nil {
		return Message{}, err
	}
	id, err := uuid.NewV7()
	if err != nil {
		return Message{}, failure.Wrap(err, "message id")
	}
	msg := Message{ID: id.String(), RoomID: room, SenderID: sender, Content: content, CreatedAt: st.now().UTC(), ClientID: clientID}
	at := msg.CreatedAt.Format(timeLayout)
	av, err := attributevalue.MarshalMap(messageItem{
		PK: roomPrefix + room, SK: msgPrefix + msg.ID, ID: msg.ID, RoomID: room, SenderID: sender,
		Content: content, CreatedAt: at, ClientID: clientID,
	})
	if err != nil {
		return Message{}, failure.Wrap(err, "encode message")
	}
	put := types.TransactWriteItem{Put: &types.Put{TableName: &st.table, Item: av, ConditionExpression: aws.String("attribute_not_exists(pk)")}}
	// One transaction: the message, the receiver's unread count and both members' last message,
	// which moves only forward. Should a newer message of the room have got there first (two
	// sends in the same instant), the message and the count are written without it.
	err = dynamo.Transact(ctx, st.db, []types.TransactWriteItem{put, st.lastUpdate(receiver, msg, true), st.lastUpdate(sender, msg, false)})
	if failed, canceled := dynamo.CanceledBy(err); canceled && len(failed) > 0 && !slices.Contains(failed, 0) {
		err = dynamo.Transact(ctx, st.db, []types.TransactWriteItem{put, {Update: &types.Update{
			TableName: &st.table, Key: memberKey(receiver, room),
			UpdateExpression:          aws.String("ADD received :one"),
			ConditionExpression:       aws.String("attribute_exists(pk)"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":one": &types.AttributeValueMemberN{Value: "1"}},
		}}})
	}
	if err != nil {
		return Message{}, failure.Wrap(err, "store message")
	}
	return msg, nil
}

// count counts a message of sender to room in the current RateWindow, or refuses it (*TooFast)
// when RateLimit are counted there already: one conditional write.
func (st *Store) count(ctx context.Context, sender, room string) error {
	now := st.now()
	start := now.Truncate(RateWindow)
	end := start.Add(RateWindow)
	_, err := st.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &st.table,
		Key: map[string]types.AttributeValue{
			"pk": s(userPrefix + sender), "sk": s("RATE#" + room + "#" + strconv.FormatInt(start.Unix(), 10)),
		},
		UpdateExpression:    aws.String("ADD n :one SET expires_at = :exp"),
		ConditionExpression: aws.String("attribute_not_exists(n) OR n < :max"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":one": &types.AttributeValueMemberN{Value: "1"},
			":max": &types.AttributeValueMemberN{Value: strconv.Itoa(RateLimit)},
			":exp": &types.AttributeValueMemberN{Value: strconv.FormatInt(end.Add(time.Minute).Unix(), 10)},
		},
	})
	if dynamo.ConditionFailed(err) {
		return &TooFast{RetryAfter: end.Sub(now)}
	}
	if err != nil {
		return failure.Wrap(err, "count message")
	}
	return nil
}

// lastUpdate makes msg user's last message of its room unless a newer one is there already, and
// counts it as unread when user is its receiver.
func (st *Store) lastUpdate(user string, msg Message, received bool) types.TransactWriteItem {
	u := &types.Update{
		TableName: &st.table, Key: memberKey(user, msg.RoomID),
		UpdateExpression:    aws.String("SET last_id = :id, last_message = :c, last_at = :at"),
		ConditionExpression: aws.String("attribute_exists(pk) AND (attribute_not_exists(last_id) OR last_id < :id)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":id": s(msg.ID), ":c": s(msg.Content), ":at": s(msg.CreatedAt.Format(timeLayout)),
		},
	}
	if received {
		*u.UpdateExpression += " ADD received :one"
		u.ExpressionAttributeValues[":one"] = &types.AttributeValueMemberN{Value: "1"}
	}
	return types.TransactWriteItem{Update: u}
}

// Recent returns up to PageSize of room's messages in time order: the newest, or the newest
// older than the message before when it is given. user must be a member (ErrRoomNotFound).
func (st *Store) Recent(ctx context.Context, user, room, before string) ([]Message, error) {
	if before != "" && !ValidID(before) {
		return nil, ErrBadBefore
	}
	if _, err := st.member(ctx, user, room); err != nil {
		return nil, err
	}
	in := &dynamodb.QueryInput{
		TableName:              &st.table,
		KeyConditionExpression: aws.String("pk = :pk AND begins_with(sk, :m)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": s(roomPrefix + room), ":m": s(msgPrefix),
		},
		ScanIndexForward: aws.Bool(false), Limit: aws.Int32(PageSize), ConsistentRead: aws.Bool(true),
	}
	if before != "" {
		// A room's partition holds only its messages, so everything below MSG#<before> is older.
		in.KeyConditionExpression = aws.String("pk = :pk AND sk < :b")
		in.ExpressionAttributeValues = map[string]types.AttributeValue{":pk": s(roomPrefix + room), ":b": s(msgPrefix + before)}
	}
	out, err := st.db.Query(ctx, in)
	if err != nil {
		return nil, failure.Wrap(err, "read messages")
	}
	var items []messageItem
	if err := attributevalue.UnmarshalListOfMaps(out.Items, &items); err != nil {
		return nil, failure.Wrap(err, "decode messages")
	}
	msgs := make([]Message, 0, len(items))
	for i := len(items) - 1; i >= 0; i-- {
		msgs = append(msgs, items[i].message())
	}
	return msgs, nil
}

// MarkRead moves user's read mark of room to the newest message: everything the other member
// has sent so far reads as read. A message that arrives while it runs stays unread, since the
// read count only moves up to the count it read, never past it.
func (st *Store) MarkRead(ctx context.Context, user, room string) error {
	m, err := st.member(ctx, user, room)
	if err != nil {
		return err
	}
	if m.Read >= m.Received {
		return nil
	}
	_, err = st.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &st.table, Key: memberKey(user, room),
		UpdateExpression:         aws.String("SET #read = :n"),
		ConditionExpression:      aws.String("attribute_exists(pk) AND (attribute_not_exists(#read) OR #read < :n)"),
		ExpressionAttributeNames: map[string]string{"#read": "read"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":n": &types.AttributeValueMemberN{Value: strconv.FormatInt(m.Received, 10)},
		},
	})
	if err != nil && !dynamo.ConditionFailed(err) {
		return failure.Wrap(err, "mark read")
	}
	return nil
}

// Rooms returns every room of user, newest activity first: one query (paged through by
// DynamoDB's 1 MB pages), however many rooms.
func (st *Store) Rooms(ctx context.Context, user string) ([]Room, error) {
	in := &dynamodb.QueryInput{
		TableName:              &st.table,
		KeyConditionExpression: aws.String("pk = :pk AND begins_with(sk, :r)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": s(userPrefix + user), ":r": s(roomPrefix),
		},
		ConsistentRead: aws.Bool(true),
	}
	var rooms []Room
	p := dynamodb.NewQueryPaginator(st.db, in)
	for p.HasMorePages() {
		out, err := p.NextPage(ctx)
		if err != nil {
			return nil, failure.Wrap(err, "read rooms")
		}
		var items []memberItem
		if err := attributevalue.UnmarshalListOfMaps(out.Items, &items); err != nil {
			return nil, failure.Wrap(err, "decode rooms")
		}
		for _, it := range items {
			if it.Waiting && it.LastID == "" {
				continue // opened by the other member, nothing said yet
			}
			rooms = append(rooms, it.room())
		}
	}
	slices.SortStableFunc(rooms, func(a, b Room) int { return b.Activity().Compare(a.Activity()) })
	return rooms, nil
}
