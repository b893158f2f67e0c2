package chat

import (
	"context"
	"slices"
	"strconv"
	"strings"
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
	skConns    = "CONNS"
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
	SessionID string `dynamodbav:"session_id"`
	Epoch     int64  `dynamodbav:"epoch"`
	ExpiresAt int64  `dynamodbav:"expires_at"`
}

// Owner is whose a connection is: the user, and the session (its id and the account's session
// epoch) the connection was opened with, which every frame is judged by again.
type Owner struct {
	UserID    string
	SessionID string
	Epoch     int64
}

func userConnsKey(user string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": s(userPrefix + user), "sk": s(skConns)}
}

// connAttrPrefix starts the attribute of a user's connections item that names one connection.
const connAttrPrefix = "c:"

func connAttr(conn string) string { return connAttrPrefix + conn }

func connKey(conn string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": s(connPrefix + conn), "sk": s(skConn)}
}

// Add records that conn is o's, until ConnectionTTL from now, and drops the expired connections
// the user's item still lists.
func (c *Connections) Add(ctx context.Context, conn string, o Owner) error {
	user := o.UserID
	if err := c.prune(ctx, user); err != nil {
		return err
	}
	exp := c.now().Add(ConnectionTTL).Unix()
	av, err := attributevalue.MarshalMap(connItem{PK: connPrefix + conn, SK: skConn, ConnID: conn, UserID: user,
		SessionID: o.SessionID, Epoch: o.Epoch, ExpiresAt: exp})
	if err != nil {
		return failure.Wrap(err, "encode connection")
	}
	expires := &types.AttributeValueMemberN{Value: strconv.FormatInt(exp, 10)}
	err = dynamo.Transact(ctx, c.db, []types.TransactWriteItem{
		{Put: &types.Put{TableName: &c.table, Item: av}},
		// The user's item lives as long as its newest connection (TTL tidies it up after).
		{Update: &types.Update{
			TableName: &c.table, Key: userConnsKey(user),
			UpdateExpression:          aws.String("SET #c = :exp, expires_at = :exp"),
			ExpressionAttributeNames:  map[string]string{"#c": connAttr(conn)},
			ExpressionAttributeValues: map[string]types.AttributeValue{":exp": expires},
		}},
	})
	if err != nil {
		return failure.Wrap(err, "store connection")
	}
	return nil
}

// Owner returns whose conn is; ErrNotConnected when it is unknown or expired.
func (c *Connections) Owner(ctx context.Context, conn string) (Owner, error) {
	var it connItem
	found, err := dynamo.Get(ctx, c.db, c.table, connKey(conn), &it)
	if err != nil {
		return Owner{}, failure.Wrap(err, "read connection")
	}
	if !found || it.ExpiresAt <= c.now().Unix() {
		return Owner{}, ErrNotConnected
	}
	return Owner{UserID: it.UserID, SessionID: it.SessionID, Epoch: it.Epoch}, nil
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
	var it connItem
	if _, err := dynamo.Get(ctx, c.db, c.table, connKey(conn), &it); err != nil {
		return "", failure.Wrap(err, "read connection")
	}
	return it.UserID, nil
}

// RemoveOf forgets user's connection conn, when the user is known (a post that found it gone):
// its attribute of the user's item and its own item, together.
func (c *Connections) RemoveOf(ctx context.Context, user, conn string) error {
	err := dynamo.Transact(ctx, c.db, []types.TransactWriteItem{
		{Update: &types.Update{
			TableName: &c.table, Key: userConnsKey(user),
			UpdateExpression:         aws.String("REMOVE #c"),
			ConditionExpression:      aws.String("attribute_exists(#c)"),
			ExpressionAttributeNames: map[string]string{"#c": connAttr(conn)},
		}},
		{Delete: &types.Delete{TableName: &c.table, Key: connKey(conn)}},
	})
	if failed, canceled := dynamo.CanceledBy(err); canceled && slices.Equal(failed, []int{0}) {
		// Not listed (already pruned): the connection's own item is all there is to remove.
		_, err = c.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: &c.table, Key: connKey(conn)})
	}
	if err != nil {
		return failure.Wrap(err, "remove connection")
	}
	return nil
}

// prune removes from user's item the connections that have expired.
func (c *Connections) prune(ctx context.Context, user string) error {
	all, err := c.all(ctx, user)
	if err != nil {
		return err
	}
	now := c.now().Unix()
	names, remove := map[string]string{}, []string{}
	for id, exp := range all {
		if exp <= now {
			p := "#c" + strconv.Itoa(len(remove))
			names[p] = connAttr(id)
			remove = append(remove, p)
		}
	}
	if len(remove) == 0 {
		return nil
	}
	_, err = c.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &c.table, Key: userConnsKey(user),
		UpdateExpression: aws.String("REMOVE " + strings.Join(remove, ", ")), ExpressionAttributeNames: names,
	})
	if err != nil {
		return failure.Wrap(err, "prune connections")
	}
	return nil
}

// Of returns the ids of user's open connections (expired ones left out): one item read, however
// many tabs the user has open.
func (c *Connections) Of(ctx context.Context, user string) ([]string, error) {
	all, err := c.all(ctx, user)
	if err != nil {
		return nil, err
	}
	now := c.now().Unix()
	var ids []string
	for id, exp := range all {
		if exp > now {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids, nil
}

// all reads user's connections and their expiry (epoch seconds).
func (c *Connections) all(ctx context.Context, user string) (map[string]int64, error) {
	out, err := c.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &c.table, Key: userConnsKey(user), ConsistentRead: aws.Bool(true)})
	if err != nil {
		return nil, failure.Wrap(err, "read connections")
	}
	conns := map[string]int64{}
	for name, v := range out.Item {
		id, ok := strings.CutPrefix(name, connAttrPrefix)
		n, isNumber := v.(*types.AttributeValueMemberN)
		if !ok || !isNumber {
			continue
		}
		exp, err := strconv.ParseInt(n.Value, 10, 64)
		if err != nil {
			return nil, failure.Wrap(err, "decode connection expiry")
		}
		conns[id] = exp
	}
	return conns, nil
}
