package account

import (
	"context"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
	"zuum/shared/profile"
)

// Item layout in the Users table, beside the profile's own items:
//
//	pk=USER#<id>          sk=OTP               code_hash, tries, sent_at, expires_at: the email code
//	pk=USER#<id>          sk=RESET             code_hash, sent_at, expires_at: the password-reset token
//	pk=USER#<id>          sk=SESSION#<jti>     expires_at: a live session (logout deletes it)
//	pk=LIMIT#<scope>#<k>  sk=<window start>    n, expires_at: a rate-limit window
//
// expires_at is the table's TTL attribute; code always checks expiry itself.

type codeItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	Hash      string `dynamodbav:"code_hash"`
	Tries     int    `dynamodbav:"tries"`
	SentAt    int64  `dynamodbav:"sent_at"`
	ExpiresAt int64  `dynamodbav:"expires_at"`
}

type sessionItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	CreatedAt int64  `dynamodbav:"created_at"`
	ExpiresAt int64  `dynamodbav:"expires_at"`
}

func userKey(id, sk string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "USER#" + id},
		"sk": &types.AttributeValueMemberS{Value: sk},
	}
}

const (
	skOTP     = "OTP"
	skReset   = "RESET"
	skSession = "SESSION#"
)

func num(n int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(n, 10)}
}

// store holds the account domain's own items.
type store struct {
	db    *dynamodb.Client
	table string
}

// putCode is the write of a fresh one-time code (sk OTP or RESET). With a cooldown it only
// succeeds when no code was sent within it, which is how resends are rate limited atomically.
func (s *store) putCode(userID, sk, hash string, now time.Time, ttl, cooldown time.Duration) types.Put {
	av, _ := attributevalue.MarshalMap(codeItem{
		PK: "USER#" + userID, SK: sk, Hash: hash, SentAt: now.Unix(), ExpiresAt: now.Add(ttl).Unix(),
	})
	p := types.Put{TableName: &s.table, Item: av}
	if cooldown > 0 {
		p.ConditionExpression = aws.String("attribute_not_exists(pk) OR sent_at <= :cutoff")
		p.ExpressionAttributeValues = map[string]types.AttributeValue{":cutoff": num(now.Add(-cooldown).Unix())}
	}
	return p
}

// errCooldown is returned when a code was sent too recently.
var errCooldown = failure.New(failure.RateLimited, "Please wait a minute before requesting another code.")

func (s *store) sendCode(ctx context.Context, p types.Put) error {
	_, err := s.db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: p.TableName, Item: p.Item, ConditionExpression: p.ConditionExpression,
		ExpressionAttributeValues: p.ExpressionAttributeValues,
	})
	if dynamo.ConditionFailed(err) {
		return errCooldown
	}
	if err != nil {
		return failure.Wrap(err, "store code")
	}
	return nil
}

// clearCooldown lets a code be resent at once: used when its email could not be sent.
func (s *store) clearCooldown(ctx context.Context, userID, sk string) error {
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: userKey(userID, sk),
		UpdateExpression:          aws.String("SET sent_at = :zero"),
		ConditionExpression:       aws.String("attribute_exists(pk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":zero": num(0)},
	})
	if err != nil && !dynamo.ConditionFailed(err) {
		return failure.Wrap(err, "clear code cooldown")
	}
	return nil
}

func (s *store) code(ctx context.Context, userID, sk string) (codeItem, bool, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &s.table, Key: userKey(userID, sk), ConsistentRead: aws.Bool(true)})
	if err != nil {
		return codeItem{}, false, failure.Wrap(err, "get code")
	}
	if out.Item == nil {
		return codeItem{}, false, nil
	}
	var c codeItem
	if err := attributevalue.UnmarshalMap(out.Item, &c); err != nil {
		return codeItem{}, false, failure.Wrap(err, "decode code")
	}
	return c, true, nil
}

// countWrongTry adds one wrong try to the code, unless it has already used them all up.
func (s *store) countWrongTry(ctx context.Context, userID, sk string, max int) error {
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: userKey(userID, sk),
		UpdateExpression:          aws.String("ADD tries :one"),
		ConditionExpression:       aws.String("attribute_exists(pk) AND tries < :max"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1), ":max": num(int64(max))},
	})
	if err != nil && !dynamo.ConditionFailed(err) {
		return failure.Wrap(err, "count wrong try")
	}
	return nil
}

// consumeCode is the transaction step that deletes a code only if it is still the one checked
// and has tries left, so a code works once even under concurrent attempts.
func (s *store) consumeCode(userID, sk, hash string, maxTries int) types.TransactWriteItem {
	return types.TransactWriteItem{Delete: &types.Delete{
		TableName: &s.table, Key: userKey(userID, sk),
		ConditionExpression:       aws.String("code_hash = :h AND tries < :max"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":h": &types.AttributeValueMemberS{Value: hash}, ":max": num(int64(maxTries))},
	}}
}

func (s *store) transact(ctx context.Context, items ...types.TransactWriteItem) error {
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
	return err
}

func (s *store) putSession(ctx context.Context, userID, sessionID string, now, exp time.Time) error {
	av, _ := attributevalue.MarshalMap(sessionItem{PK: "USER#" + userID, SK: skSession + sessionID, CreatedAt: now.Unix(), ExpiresAt: exp.Unix()})
	if _, err := s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: &s.table, Item: av}); err != nil {
		return failure.Wrap(err, "store session")
	}
	return nil
}

func (s *store) deleteSession(ctx context.Context, userID, sessionID string) error {
	if _, err := s.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: &s.table, Key: userKey(userID, skSession+sessionID)}); err != nil {
		return failure.Wrap(err, "delete session")
	}
	return nil
}

// sessionWithAccount reads a session and its account in one round trip.
func (s *store) sessionWithAccount(ctx context.Context, userID, sessionID string) (*sessionItem, *profile.Account, error) {
	out, err := s.db.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{
		s.table: {Keys: []map[string]types.AttributeValue{profile.Key(userID), userKey(userID, skSession+sessionID)}, ConsistentRead: aws.Bool(true)},
	}})
	if err != nil {
		return nil, nil, failure.Wrap(err, "read session")
	}
	if len(out.UnprocessedKeys) > 0 {
		return nil, nil, failure.Wrap(nil, "read session: unprocessed keys")
	}
	var sess *sessionItem
	var acct *profile.Account
	for _, av := range out.Responses[s.table] {
		sk, _ := av["sk"].(*types.AttributeValueMemberS)
		if sk == nil {
			continue
		}
		if sk.Value == skSession+sessionID {
			var it sessionItem
			if err := attributevalue.UnmarshalMap(av, &it); err != nil {
				return nil, nil, failure.Wrap(err, "decode session")
			}
			sess = &it
			continue
		}
		a, err := profile.FromItem(av)
		if err != nil {
			return nil, nil, err
		}
		acct = &a
	}
	return sess, acct, nil
}

// limiter counts events in fixed windows, one item per key and window, by atomic ADD.
type limiter struct {
	store
	scope  string
	max    int64
	window time.Duration
}

func (l limiter) key(k string, now time.Time) map[string]types.AttributeValue {
	start := now.Truncate(l.window).Unix()
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "LIMIT#" + l.scope + "#" + k},
		"sk": &types.AttributeValueMemberS{Value: strconv.FormatInt(start, 10)},
	}
}

// counts reads the current window's count for each limiter's key in one round trip.
func counts(ctx context.Context, st store, now time.Time, checks ...limitCheck) ([]int64, error) {
	keys := make([]map[string]types.AttributeValue, len(checks))
	for i, c := range checks {
		keys[i] = c.lim.key(c.key, now)
	}
	out, err := st.db.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{
		st.table: {Keys: keys, ConsistentRead: aws.Bool(true)},
	}})
	if err != nil {
		return nil, failure.Wrap(err, "read rate limits")
	}
	if len(out.UnprocessedKeys) > 0 {
		return nil, failure.Wrap(nil, "read rate limits: unprocessed keys")
	}
	n := make([]int64, len(checks))
	for _, item := range out.Responses[st.table] {
		pk, _ := item["pk"].(*types.AttributeValueMemberS)
		v, _ := item["n"].(*types.AttributeValueMemberN)
		if pk == nil || v == nil {
			continue
		}
		for i, k := range keys {
			if k["pk"].(*types.AttributeValueMemberS).Value == pk.Value {
				n[i], _ = strconv.ParseInt(v.Value, 10, 64)
			}
		}
	}
	return n, nil
}

// limitCheck pairs a limiter with the key it counts.
type limitCheck struct {
	lim limiter
	key string
}

// hit counts one event for k.
func (l limiter) hit(ctx context.Context, k string, now time.Time) error {
	_, err := l.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &l.table, Key: l.key(k, now),
		UpdateExpression:          aws.String("ADD n :one SET expires_at = :exp"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1), ":exp": num(now.Truncate(l.window).Add(2 * l.window).Unix())},
	})
	if err != nil {
		return failure.Wrap(err, "count rate limit")
	}
	return nil
}

// reset forgets k's events in the current window.
func (l limiter) reset(ctx context.Context, k string, now time.Time) error {
	if _, err := l.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: &l.table, Key: l.key(k, now)}); err != nil {
		return failure.Wrap(err, "reset rate limit")
	}
	return nil
}
