package account

import (
	"context"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
)

// Rate limits of the account flows: at most Max events per key in each fixed window.
const (
	LoginWindow       = 15 * time.Minute
	LoginFailsAccount = 5  // failed logins per account (email) per LoginWindow
	LoginFailsIP      = 30 // failed logins per address per LoginWindow

	VerifyWindow       = 24 * time.Hour
	VerifyTriesAccount = 15 // codes tried per account (email) per VerifyWindow, across resends

	SignupWindow = time.Hour
	SignupsIP    = 10 // sign-ups per address per SignupWindow

	ForgotWindow   = time.Hour
	ForgotsIP      = 5 // reset links asked for per address per ForgotWindow
	ForgotsAccount = 3 // reset links asked for per account (email) per ForgotWindow

	UsernameCheckWindow = time.Minute
	UsernameChecksIP    = 60 // username checks per address per UsernameCheckWindow
)

// Messages of the limits (429).
var (
	ErrTooManyLogins         = failure.New(failure.RateLimited, "Too many failed login attempts. Please try again later.")
	ErrTooManyCodes          = failure.New(failure.RateLimited, "Too many wrong codes today. Please try again tomorrow.")
	ErrTooManySignups        = failure.New(failure.RateLimited, "Too many sign-ups from this network. Please try again in an hour.")
	ErrTooManyResetsIP       = failure.New(failure.RateLimited, "Too many password reset requests from this network. Please try again in an hour.")
	ErrTooManyResetsAccount  = failure.New(failure.RateLimited, "Too many password reset requests for this email. Please try again in an hour.")
	ErrTooManyUsernameChecks = failure.New(failure.RateLimited, "Too many username checks. Please wait a minute and try again.")
)

// limit is one rule: at most max events per key in each fixed window of its scope, else err.
type limit struct {
	scope  string
	max    int64
	window time.Duration
	err    error
}

var (
	loginPerAccount  = limit{"login-account", LoginFailsAccount, LoginWindow, ErrTooManyLogins}
	loginPerIP       = limit{"login-ip", LoginFailsIP, LoginWindow, ErrTooManyLogins}
	verifyPerAccount = limit{"verify-email", VerifyTriesAccount, VerifyWindow, ErrTooManyCodes}
	signupPerIP      = limit{"signup-ip", SignupsIP, SignupWindow, ErrTooManySignups}
	forgotPerIP      = limit{"forgot-ip", ForgotsIP, ForgotWindow, ErrTooManyResetsIP}
	forgotPerAccount = limit{"forgot-account", ForgotsAccount, ForgotWindow, ErrTooManyResetsAccount}
	checksPerIP      = limit{"check-username-ip", UsernameChecksIP, UsernameCheckWindow, ErrTooManyUsernameChecks}
)

// event is one event of a limit, counted against key (an email or an address).
type event struct {
	limit
	key string
}

func (l limit) of(key string) event { return event{l, key} }

// itemKey is the window's item: pk=LIMIT#<scope>#<key>, sk=<window start>.
func (e event) itemKey(now time.Time) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "LIMIT#" + e.scope + "#" + e.key},
		"sk": &types.AttributeValueMemberS{Value: strconv.FormatInt(now.Truncate(e.window).Unix(), 10)},
	}
}

// count is the conditional increment of e's window.
func (s *store) count(e event, now time.Time) dynamodb.UpdateItemInput {
	return dynamodb.UpdateItemInput{
		TableName: &s.table, Key: e.itemKey(now),
		UpdateExpression:    aws.String("ADD n :one SET expires_at = :exp"),
		ConditionExpression: aws.String("attribute_not_exists(n) OR n < :max"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":one": num(1), ":max": num(e.max), ":exp": num(now.Truncate(e.window).Add(2 * e.window).Unix()),
		},
	}
}

// take counts one event of each of events before the work they limit is done. Each count is one
// conditional update that holds only while its window is below the limit, so however many
// requests race, no more than max of them are ever counted; reading the count first and adding
// to it afterwards would let every request of a burst read the same low number. When a window is
// full, the events already counted by this call are given back and that limit's error returned.
// Single-item updates, rather than one transaction over all of them, never fail on contention:
// a burst against one key is exactly when transactions would collide.
func (s *store) take(ctx context.Context, now time.Time, events ...event) error {
	for i, e := range events {
		u := s.count(e, now)
		_, err := s.db.UpdateItem(ctx, &u)
		if err == nil {
			continue
		}
		for _, done := range events[:i] {
			if gerr := s.giveBack(ctx, done, now); gerr != nil {
				return gerr
			}
		}
		if dynamo.ConditionFailed(err) {
			return e.err
		}
		return failure.Wrap(err, "count rate limit")
	}
	return nil
}

// giveBack uncounts one event of e taken in the same window, for an attempt that turned out not
// to be what the limit counts (a login with the right password is not a failed login).
func (s *store) giveBack(ctx context.Context, e event, now time.Time) error {
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: e.itemKey(now),
		UpdateExpression:          aws.String("ADD n :minus"),
		ConditionExpression:       aws.String("n > :zero"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":minus": num(-1), ":zero": num(0)},
	})
	if err != nil && !dynamo.ConditionFailed(err) {
		return failure.Wrap(err, "uncount rate limit")
	}
	return nil
}

// forget deletes e's current window: every event of its key is forgotten.
func (s *store) forget(ctx context.Context, e event, now time.Time) error {
	if _, err := s.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: &s.table, Key: e.itemKey(now)}); err != nil {
		return failure.Wrap(err, "reset rate limit")
	}
	return nil
}
