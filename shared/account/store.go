package account

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
)

// Item layout in the Users table, beside the profile's own items:
//
//	pk=USER#<id>          sk=OTP               code_hash, tries, sent_at, expires_at: the email code
//	pk=USER#<id>          sk=RESET             code_hash, sent_at, expires_at: the password-reset token
//	pk=RESET#<hash>       sk=TOKEN             user_id, expires_at: finds the account of a reset token
//	pk=LIMIT#<scope>#<k>  sk=<window start>    n, expires_at: a rate-limit window
//
// expires_at is the table's TTL attribute; code always checks expiry itself. Sessions are
// shared/session's (pk=USER#<id>, sk=SESSION#<jti>).

type codeItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	Hash      string `dynamodbav:"code_hash"`
	Tries     int    `dynamodbav:"tries"`
	SentAt    int64  `dynamodbav:"sent_at"`
	ExpiresAt int64  `dynamodbav:"expires_at"`
}

func userKey(id, sk string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "USER#" + id},
		"sk": &types.AttributeValueMemberS{Value: sk},
	}
}

const (
	skOTP   = "OTP"
	skReset = "RESET"
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

// Errors of tryCode.
var (
	errNoCode  = errors.New("no code")
	errNoTries = errors.New("no tries left")
)

// tryCode counts one try of the code before it is compared, and returns the code. The count is
// conditional on tries being left, so concurrent tries never compare more than max guesses
// against one code; a code without tries left is errNoTries, no code at all errNoCode.
func (s *store) tryCode(ctx context.Context, userID, sk string, max int) (codeItem, error) {
	out, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: userKey(userID, sk),
		UpdateExpression:          aws.String("ADD tries :one"),
		ConditionExpression:       aws.String("attribute_exists(pk) AND tries < :max"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1), ":max": num(int64(max))},
		ReturnValues:              types.ReturnValueAllNew,
	})
	if dynamo.ConditionFailed(err) {
		if _, ok, err := s.code(ctx, userID, sk); err != nil {
			return codeItem{}, err
		} else if ok {
			return codeItem{}, errNoTries
		}
		return codeItem{}, errNoCode
	}
	if err != nil {
		return codeItem{}, failure.Wrap(err, "count code try")
	}
	var c codeItem
	if err := attributevalue.UnmarshalMap(out.Attributes, &c); err != nil {
		return codeItem{}, failure.Wrap(err, "decode code")
	}
	return c, nil
}

// consumeCode is the transaction step that deletes a code only if it is still the one checked
// (not replaced by a resend meanwhile), so a code works once even under concurrent attempts.
func (s *store) consumeCode(userID, sk, hash string) types.TransactWriteItem {
	return types.TransactWriteItem{Delete: &types.Delete{
		TableName: &s.table, Key: userKey(userID, sk),
		ConditionExpression:       aws.String("code_hash = :h"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":h": &types.AttributeValueMemberS{Value: hash}},
	}}
}

// deleteCodes is the transaction steps that delete the account's pending codes (email code and
// reset token), used when the account changes hands.
func (s *store) deleteCodes(userID string) []types.TransactWriteItem {
	var out []types.TransactWriteItem
	for _, sk := range []string{skOTP, skReset} {
		out = append(out, types.TransactWriteItem{Delete: &types.Delete{TableName: &s.table, Key: userKey(userID, sk)}})
	}
	return out
}

type resetTokenItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	UserID    string `dynamodbav:"user_id"`
	ExpiresAt int64  `dynamodbav:"expires_at"`
}

func resetTokenKey(hash string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "RESET#" + hash},
		"sk": &types.AttributeValueMemberS{Value: "TOKEN"},
	}
}

// putResetToken stores a new reset token of the user (replacing the one before) and the item
// that finds the user by the token's hash, in one transaction that fails with errCooldown when a
// token was sent within ResendCooldown.
func (s *store) putResetToken(ctx context.Context, userID, hash string, now time.Time) error {
	code := s.putCode(userID, skReset, hash, now, ResetTTL, ResendCooldown)
	owner, _ := attributevalue.MarshalMap(resetTokenItem{PK: "RESET#" + hash, SK: "TOKEN", UserID: userID, ExpiresAt: now.Add(ResetTTL).Unix()})
	err := dynamo.Transact(ctx, s.db, []types.TransactWriteItem{{Put: &code}, {Put: &types.Put{TableName: &s.table, Item: owner}}})
	if failed, ok := dynamo.CanceledBy(err); ok && len(failed) > 0 {
		return errCooldown
	}
	if err != nil {
		return failure.Wrap(err, "store reset token")
	}
	return nil
}

// resetTokenOwner returns the user a reset token was mailed to; ok is false for a token never
// issued (or used, or past its time).
func (s *store) resetTokenOwner(ctx context.Context, hash string) (userID string, ok bool, err error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &s.table, Key: resetTokenKey(hash), ConsistentRead: aws.Bool(true)})
	if err != nil {
		return "", false, failure.Wrap(err, "get reset token")
	}
	var it resetTokenItem
	if out.Item == nil {
		return "", false, nil
	}
	if err := attributevalue.UnmarshalMap(out.Item, &it); err != nil {
		return "", false, failure.Wrap(err, "decode reset token")
	}
	return it.UserID, it.UserID != "", nil
}

// deleteResetToken is the transaction step that removes a used token's lookup item.
func (s *store) deleteResetToken(hash string) types.TransactWriteItem {
	return types.TransactWriteItem{Delete: &types.Delete{TableName: &s.table, Key: resetTokenKey(hash)}}
}
