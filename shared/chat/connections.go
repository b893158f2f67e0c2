package chat

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
)

// ConnectionTTL is how long a connection item lives. API Gateway closes every WebSocket after two
// hours, so an older item is one whose $disconnect never came; it is skipped as closed.
const ConnectionTTL = 2*time.Hour + 5*time.Minute

const (
	connPrefix = "CONN#"
	skConn     = "CONN"
)

// Connections keeps the chat socket's open connections in the Connections table.
type Connections struct {
	db    *dynamodb.Client
	table string
	now   func() time.Time
}

// NewConnections returns the connection store over the Connections table.
func NewConnections(db *dynamodb.Client, table string) *Connections {
	return &Connections{db: db, table: table, now: time.Now}
}

type connItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	ConnID    string `dynamodbav:"conn_id"`
	UserID    string `dynamodbav:"user_id"`
	ExpiresAt int64  `dynamodbav:"expires_at"`
}

func userConnKey(user, conn string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": s(userPrefix + user), "sk": s(connPrefix + conn)}
}

func connKey(conn string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": s(connPrefix + conn), "sk": s(skConn)}
}

// Add records that conn is user's, until ConnectionTTL from now.
func (c *Connections) Add(ctx context.Context, conn, user string) error {
	exp := c.now().Add(ConnectionTTL).Unix()
	var items []types.TransactWriteItem
	for _, it := range []connItem{
		{PK: userPrefix + user, SK: connPrefix + conn, ConnID: conn, UserID: user, ExpiresAt: exp},
		{PK: connPrefix + conn, SK: skConn, ConnID: conn, UserID: user, ExpiresAt: exp},
	} {
		av, err := attributevalue.MarshalMap(it)
		if err != nil {
			return failure.Wrap(err, "encode connection")
		}
		items = append(items, types.TransactWriteItem{Put: &types.Put{TableName: &c.table, Item: av}})
	}
	if err := dynamo.Transact(ctx, c.db, items); err != nil {
		return failure.Wrap(err, "store connection")
	}
	return nil
}

// User returns the user conn belongs to; ErrNotConnected when it is unknown or expired.
func (c *Connections) User(ctx context.Context, conn string) (string, error) {
	out, err := c.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &c.table, Key: connKey(conn), ConsistentRead: aws.Bool(true)})
	if err != nil {
		return "", failure.Wrap(err, "read connection")
	}
	var it connItem
	if out.Item == nil {
		return "", ErrNotConnected
	}
	if err := attributevalue.UnmarshalMap(out.Item, &it); err != nil {
		return "", failure.Wrap(err, "decode connection")
	}
	if it.ExpiresAt <= c.now().Unix() {
		return "", ErrNotConnected
	}
	return it.UserID, nil
}

// Remove forgets conn (both of its items); removing an unknown one is not an error.
func (c *Connections) Remove(ctx context.Context, conn string) error {
	user, err := c.owner(ctx, conn)
	if err != nil || user == "" {
		return err
	}
	return c.RemoveOf(ctx, user, conn)
}

// owner is the user of conn's item, expired or not; "" when there is none.
func (c *Connections) owner(ctx context.Context, conn string) (string, error) {
	out, err := c.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &c.table, Key: connKey(conn), ConsistentRead: aws.Bool(true)})
	if err != nil {
		return "", failure.Wrap(err, "read connection")
	}
	var it connItem
	if out.Item != nil {
		if err := attributevalue.UnmarshalMap(out.Item, &it); err != nil {
			return "", failure.Wrap(err, "decode connection")
		}
	}
	return it.UserID, nil
}

// RemoveOf forgets user's connection conn, when the user is known (a post that found it gone).
func (c *Connections) RemoveOf(ctx context.Context, user, conn string) error {
	err := dynamo.Transact(ctx, c.db, []types.TransactWriteItem{
		{Delete: &types.Delete{TableName: &c.table, Key: userConnKey(user, conn)}},
		{Delete: &types.Delete{TableName: &c.table, Key: connKey(conn)}},
	})
	if err != nil {
		return failure.Wrap(err, "remove connection")
	}
	return nil
}

// Of returns the ids of user's open connections (expired items left out).
func (c *Connections) Of(ctx context.Context, user string) ([]string, error) {
	p := dynamodb.NewQueryPaginator(c.db, &dynamodb.QueryInput{
		TableName:              &c.table,
		KeyConditionExpression: aws.String("pk = :pk AND begins_with(sk, :c)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": s(userPrefix + user), ":c": s(connPrefix),
		},
		ConsistentRead: aws.Bool(true),
	})
	now := c.now().Unix()
	var ids []string
	for p.HasMorePages() {
		out, err := p.NextPage(ctx)
		if err != nil {
			return nil, failure.Wrap(err, "read connections")
		}
		var items []connItem
		if err := attributevalue.UnmarshalListOfMaps(out.Items, &items); err != nil {
			return nil, failure.Wrap(err, "decode connections")
		}
		for _, it := range items {
			if it.ExpiresAt > now {
				ids = append(ids, it.ConnID)
			}
		}
	}
	return ids, nil
}

// Count is how many connection items user has, expired ones included (for tests and checks).
func (c *Connections) Count(ctx context.Context, user string) (int, error) {
	out, err := c.db.Query(ctx, &dynamodb.QueryInput{
		TableName:              &c.table,
		KeyConditionExpression: aws.String("pk = :pk AND begins_with(sk, :c)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": s(userPrefix + user), ":c": s(connPrefix),
		},
		Select: types.SelectCount, ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return 0, failure.Wrap(err, "count connections")
	}
	return int(out.Count), nil
}
