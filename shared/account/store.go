package account

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/credential"
	"zuum/shared/dynamo"
	"zuum/shared/failure"
)

// Item layout in the Users table, beside the profile's own items:
//
//	pk=USER#<id>          sk=OTP               code_hash, tries, sent_at, expires_at: the email code
//	pk=USER#<id>          sk=STEPUP            the same, and action_hash: a step-up code
//	pk=USER#<id>          sk=RESET             code_hash, sent_at, expires_at: the password-reset token
//	pk=RESET#<hash>       sk=TOKEN             user_id, expires_at: finds the account of a reset token
//	pk=LIMIT#<scope>#<k>  sk=<window start>    n, expires_at: a rate-limit window
//
// Codes and limit windows are shared/credential's items; expires_at is the table's TTL attribute
// and code always checks expiry itself. Sessions are shared/session's (pk=USER#<id>,
// sk=SESSION#<jti>).
const (
	skOTP   = "OTP"
	skReset = "RESET"
)

// codeKey is the key of the user's code of kind sk.
func codeKey(userID, sk string) credential.Key { return credential.Key{PK: "USER#" + userID, SK: sk} }

// store holds the account domain's own items.
type store struct {
	db    *dynamodb.Client
	table string
	cred  credential.Store
}

// deleteCodes is the transaction steps that delete the account's pending codes (email code and
// reset token), used when the account changes hands.
func (s *store) deleteCodes(userID string) []types.TransactWriteItem {
	return []types.TransactWriteItem{s.cred.Delete(codeKey(userID, skOTP)), s.cred.Delete(codeKey(userID, skReset))}
}

type resetTokenItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	UserID    string `dynamodbav:"user_id"`
	ExpiresAt int64  `dynamodbav:"expires_at"`
}

func resetTokenKey(hash string) credential.Key {
	return credential.Key{PK: "RESET#" + hash, SK: "TOKEN"}
}

// putResetToken stores a new reset token of the user (replacing the one before) and the item
// that finds the user by the token's hash, in one transaction that fails with
// credential.ErrCooldown when a token was sent within ResendCooldown.
func (s *store) putResetToken(ctx context.Context, userID, hash string, now time.Time) error {
	code := s.cred.PutCode(credential.NewCodeItem(codeKey(userID, skReset), hash, now, ResetTTL), now, ResendCooldown)
	owner, _ := attributevalue.MarshalMap(resetTokenItem{PK: "RESET#" + hash, SK: "TOKEN", UserID: userID, ExpiresAt: now.Add(ResetTTL).Unix()})
	err := dynamo.Transact(ctx, s.db, []types.TransactWriteItem{{Put: &code}, {Put: &types.Put{TableName: &s.table, Item: owner}}})
	if failed, ok := dynamo.CanceledBy(err); ok && len(failed) > 0 {
		return credential.ErrCooldown
	}
	if err != nil {
		return failure.Wrap(err, "store reset token")
	}
	return nil
}

// resetTokenOwner returns the user a reset token was mailed to; ok is false for a token never
// issued (or used, or past its time).
func (s *store) resetTokenOwner(ctx context.Context, hash string) (userID string, ok bool, err error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &s.table, Key: resetTokenKey(hash).AV(), ConsistentRead: aws.Bool(true)})
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
