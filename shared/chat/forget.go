package chat

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/failure"
)

// History returns every message of every room of user, oldest first within a room: what the
// user's data export lists.
func (st *Store) History(ctx context.Context, user string) (map[string][]Message, error) {
	rooms, err := st.Rooms(ctx, user)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]Message, len(rooms))
	for _, r := range rooms {
		items, err := st.messages(ctx, r.ID)
		if err != nil {
			return nil, err
		}
		msgs := make([]Message, 0, len(items))
		for _, it := range items {
			msgs = append(msgs, it.message())
		}
		out[r.ID] = msgs
	}
	return out, nil
}

// messages reads all of room's messages, oldest first.
func (st *Store) messages(ctx context.Context, room string) ([]messageItem, error) {
	in := &dynamodb.QueryInput{
		TableName:              &st.table,
		KeyConditionExpression: aws.String("pk = :pk AND begins_with(sk, :m)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": s(roomPrefix + room), ":m": s(msgPrefix),
		},
		ConsistentRead: aws.Bool(true),
	}
	var all []messageItem
	p := dynamodb.NewQueryPaginator(st.db, in)
	for p.HasMorePages() {
		out, err := p.NextPage(ctx)
		if err != nil {
			return nil, failure.Wrap(err, "read messages")
		}
		var items []messageItem
		if err := attributevalue.UnmarshalListOfMaps(out.Items, &items); err != nil {
			return nil, failure.Wrap(err, "decode messages")
		}
		all = append(all, items...)
	}
	return all, nil
}

// Forget removes user from chat, as deleting their account does: every message they sent and
// their membership of every room. The other member keeps the room and their own messages.
// Each item goes by itself, and a room's membership last, so a run stopped midway is finished
// by running it again.
func (st *Store) Forget(ctx context.Context, user string) error {
	rooms, err := st.Rooms(ctx, user)
	if err != nil {
		return err
	}
	for _, r := range rooms {
		items, err := st.messages(ctx, r.ID)
		if err != nil {
			return err
		}
		for _, m := range items {
			if m.SenderID != user {
				continue
			}
			if _, err := st.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: &st.table, Key: map[string]types.AttributeValue{
				"pk": s(m.PK), "sk": s(m.SK),
			}}); err != nil {
				return failure.Wrap(err, "delete message")
			}
		}
		if _, err := st.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: &st.table, Key: memberKey(user, r.ID)}); err != nil {
			return failure.Wrap(err, "delete membership")
		}
	}
	return nil
}
