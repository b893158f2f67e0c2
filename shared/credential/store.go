package credential

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
)

// Key is an item's key in the table: the principal names its codes' keys (USER#<id>/OTP,
// ADMIN#<id>/OTP, …); limit windows are keyed by Event.Item.
type Key struct{ PK, SK string }

// AV is k as the table's key attributes.
func (k Key) AV() map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": Str(k.PK), "sk": Str(k.SK)}
}

// Str is a string attribute.
func Str(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }

// Num is a number attribute.
func Num(n int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(n, 10)}
}

// ErrCooldown is the answer to a code asked for again within its cooldown.
var ErrCooldown = failure.New(failure.RateLimited, "Please wait a minute before requesting another code.")

// Store keeps codes and limit windows in a table (the Users table).
type Store struct {
	DB    *dynamodb.Client
	Table string
}

// PutCode is the write of a fresh code (replacing the one before). With a cooldown it holds only
// when no code was sent within it (MayResend), which is how resends are rate limited atomically.
func (s Store) PutCode(c Code, now time.Time, cooldown time.Duration) types.Put {
	av, _ := attributevalue.MarshalMap(c)
	p := types.Put{TableName: aws.String(s.Table), Item: av}
	if cooldown > 0 {
		p.ConditionExpression = aws.String("attribute_not_exists(pk) OR sent_at <= :cutoff")
		p.ExpressionAttributeValues = map[string]types.AttributeValue{":cutoff": Num(ResendCutoff(now, cooldown))}
	}
	return p
}

// Send writes p (a PutCode) alone: ErrCooldown when a code was sent within the cooldown.
func (s Store) Send(ctx context.Context, p types.Put) error {
	_, err := s.DB.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: p.TableName, Item: p.Item, ConditionExpression: p.ConditionExpression,
		ExpressionAttributeValues: p.ExpressionAttributeValues,
	})
	if dynamo.ConditionFailed(err) {
		return ErrCooldown
	}
	if err != nil {
		return failure.Wrap(err, "store code")
	}
	return nil
}

// ClearCooldown lets the code of key be resent at once: used when its email could not be sent.
func (s Store) ClearCooldown(ctx context.Context, key Key) error {
	_, err := s.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(s.Table), Key: key.AV(),
		UpdateExpression:          aws.String("SET sent_at = :zero"),
		ConditionExpression:       aws.String("attribute_exists(pk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":zero": Num(0)},
	})
	if err != nil && !dynamo.ConditionFailed(err) {
		return failure.Wrap(err, "clear code cooldown")
	}
	return nil
}

// Code reads the code of key, with the item's other attributes; ok is false when there is none.
func (s Store) Code(ctx context.Context, key Key) (c Code, item map[string]types.AttributeValue, ok bool, err error) {
	out, err := s.DB.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(s.Table), Key: key.AV(), ConsistentRead: aws.Bool(true)})
	if err != nil {
		return Code{}, nil, false, failure.Wrap(err, "get code")
	}
	if out.Item == nil {
		return Code{}, nil, false, nil
	}
	if err := attributevalue.UnmarshalMap(out.Item, &c); err != nil {
		return Code{}, nil, false, failure.Wrap(err, "decode code")
	}
	return c, out.Item, true, nil
}

// Try counts one try of the code of key (Code.Count, as one conditional write, so concurrent tries
// never compare more than max guesses against one code) and then checks hash against it
// (Code.Check). It returns nil for the right code, else ErrNoCode, ErrNoTries, ErrExpired, ErrWrong
// or a storage error.
func (s Store) Try(ctx context.Context, key Key, max int, now time.Time, hash string) error {
	out, err := s.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(s.Table), Key: key.AV(),
		UpdateExpression:          aws.String("ADD tries :one"),
		ConditionExpression:       aws.String("attribute_exists(pk) AND tries < :max"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":one": Num(1), ":max": Num(int64(max))},
		ReturnValues:              types.ReturnValueAllNew,
	})
	if dynamo.ConditionFailed(err) {
		if _, _, ok, err := s.Code(ctx, key); err != nil {
			return err
		} else if ok {
			return ErrNoTries
		}
		return ErrNoCode
	}
	if err != nil {
		return failure.Wrap(err, "count code try")
	}
	var c Code
	if err := attributevalue.UnmarshalMap(out.Attributes, &c); err != nil {
		return failure.Wrap(err, "decode code")
	}
	return c.Check(now, hash)
}

// Consume is the transaction step that deletes the code of key only if it is still the one
// checked (not replaced by a resend meanwhile), so a code works once under concurrent attempts.
func (s Store) Consume(key Key, hash string) types.TransactWriteItem {
	return types.TransactWriteItem{Delete: &types.Delete{
		TableName: aws.String(s.Table), Key: key.AV(),
		ConditionExpression:       aws.String("code_hash = :h"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":h": Str(hash)},
	}}
}

// Delete is the transaction step that deletes the item of key, whatever it holds.
func (s Store) Delete(key Key) types.TransactWriteItem {
	return types.TransactWriteItem{Delete: &types.Delete{TableName: aws.String(s.Table), Key: key.AV()}}
}

// count is the conditional increment of e's window (Limit.Allows, as one write).
func (s Store) count(e Event, now time.Time) *dynamodb.UpdateItemInput {
	return &dynamodb.UpdateItemInput{
		TableName: aws.String(s.Table), Key: e.Item(now).AV(),
		UpdateExpression:    aws.String("ADD n :one SET expires_at = :exp"),
		ConditionExpression: aws.String("attribute_not_exists(n) OR n < :max"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":one": Num(1), ":max": Num(e.Max), ":exp": Num(e.ExpiresAt(now)),
		},
	}
}

// Take counts one event of each of events before the work they limit is done. Each count is one
// conditional update that holds only while its window is below the limit, so however many
// requests race, no more than Max of them are ever counted; reading the count first and adding
// to it afterwards would let every request of a burst read the same low number. When a window is
// full, the events already counted by this call are given back and that limit's Err returned.
// Single-item updates, rather than one transaction over all of them, never fail on contention:
// a burst against one key is exactly when transactions would collide.
func (s Store) Take(ctx context.Context, now time.Time, events ...Event) error {
	for i, e := range events {
		_, err := s.DB.UpdateItem(ctx, s.count(e, now))
		if err == nil {
			continue
		}
		for _, done := range events[:i] {
			if gerr := s.GiveBack(ctx, done, now); gerr != nil {
				return gerr
			}
		}
		if dynamo.ConditionFailed(err) {
			return e.Err
		}
		return failure.Wrap(err, "count rate limit")
	}
	return nil
}

// GiveBack uncounts one event of e taken in the same window, for an attempt that turned out not
// to be what the limit counts (a login with the right password is not a failed login).
func (s Store) GiveBack(ctx context.Context, e Event, now time.Time) error {
	_, err := s.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(s.Table), Key: e.Item(now).AV(),
		UpdateExpression:          aws.String("ADD n :minus"),
		ConditionExpression:       aws.String("n > :zero"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":minus": Num(-1), ":zero": Num(0)},
	})
	if err != nil && !dynamo.ConditionFailed(err) {
		return failure.Wrap(err, "uncount rate limit")
	}
	return nil
}

// Forget deletes e's current window: every event of its key is forgotten.
func (s Store) Forget(ctx context.Context, e Event, now time.Time) error {
	if _, err := s.DB.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(s.Table), Key: e.Item(now).AV()}); err != nil {
		return failure.Wrap(err, "reset rate limit")
	}
	return nil
}

// Issue makes a fresh code for id, stores its hash (h) under key to live ttl, replacing the code
// before only when that one was sent at least cooldown ago (else ErrCooldown), and returns the
// code to mail.
func (s Store) Issue(ctx context.Context, h Hasher, key Key, id string, now time.Time, ttl, cooldown time.Duration) (string, error) {
	code, err := NewCode()
	if err != nil {
		return "", failure.Wrap(err, "make code")
	}
	if err := s.Send(ctx, s.PutCode(NewCodeItem(key, h.Hash(id, code), now, ttl), now, cooldown)); err != nil {
		return "", err
	}
	return code, nil
}
