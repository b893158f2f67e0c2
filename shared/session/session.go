// Package session is how a signed-in caller stays signed in: session tokens (JWTs whose `aud`
// claim names their audience, User or Admin), the session items behind them, and checking a
// token against both. A verifier of one audience refuses the other's tokens, so a user token
// never opens an admin route and an admin token never acts as a user. It needs only the Users
// table and the signing secret: no mail, no password hashing.
package session

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/failure"
)

// Audience is whom a session token is for.
type Audience string

// The audiences: a user of the app, or an admin of the admin area.
const (
	User  Audience = "user"
	Admin Audience = "admin"
)

// TTL is how long a session lasts.
const TTL = 7 * 24 * time.Hour

// ErrSession is the answer to a token that opens nothing: invalid, expired, of the other
// audience, ended, or of an account that can no longer be signed into.
var ErrSession = failure.New(failure.Unauthorized, "Unauthorized: Invalid or missing token")

// Item layout in the Users table, under the principal's own partition:
//
//	pk=USER#<id>   sk=SESSION#<jti>   created_at, expires_at: a live user session (logout deletes it)
//	pk=ADMIN#<id>  sk=SESSION#<jti>   created_at, expires_at: a live admin session
//
// expires_at is the table's TTL attribute; Check always compares it with the clock itself.
type sessionItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	CreatedAt int64  `dynamodbav:"created_at"`
	ExpiresAt int64  `dynamodbav:"expires_at"`
}

const skSession = "SESSION#"

// partition is the pk prefix of an audience's principals.
func partition(aud Audience) string {
	if aud == Admin {
		return "ADMIN#"
	}
	return "USER#"
}

func key(aud Audience, subject, sessionID string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: partition(aud) + subject},
		"sk": &types.AttributeValueMemberS{Value: skSession + sessionID},
	}
}

// Store opens, checks and ends sessions of both audiences.
type Store struct {
	db     *dynamodb.Client
	table  string
	tokens *Tokens
	now    func() time.Time
}

// NewStore returns a Store over the Users table; secret (at least 32 bytes) signs the tokens and
// now is the clock (nil means time.Now).
func NewStore(db *dynamodb.Client, table string, secret []byte, now func() time.Time) (*Store, error) {
	tokens, err := NewTokens(secret)
	if err != nil {
		return nil, err
	}
	if now == nil {
		now = time.Now
	}
	return &Store{db: db, table: table, tokens: tokens, now: now}, nil
}

// Issued is a new session: its token and when it ends.
type Issued struct {
	Token     string
	ID        string
	ExpiresAt time.Time
}

// Open stores a new session of subject for aud and signs its token. epoch is the subject's
// session epoch: moving it on ends every session signed with the old one.
func (s *Store) Open(ctx context.Context, aud Audience, subject string, epoch int64) (Issued, error) {
	now := s.now()
	exp := now.Add(TTL)
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return Issued{}, failure.Wrap(err, "make session id")
	}
	sid := base64.RawURLEncoding.EncodeToString(b)
	k := key(aud, subject, sid)
	av, _ := attributevalue.MarshalMap(sessionItem{CreatedAt: now.Unix(), ExpiresAt: exp.Unix()})
	av["pk"], av["sk"] = k["pk"], k["sk"]
	if _, err := s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: &s.table, Item: av}); err != nil {
		return Issued{}, failure.Wrap(err, "store session")
	}
	tok, err := s.tokens.Sign(aud, subject, sid, epoch, now, exp)
	if err != nil {
		return Issued{}, failure.Wrap(err, "sign token")
	}
	return Issued{Token: tok, ID: sid, ExpiresAt: exp}, nil
}

// End ends the session of token if it is one of aud's. A token that opens nothing has nothing to
// end and is not an error: ending always leaves the caller signed out.
func (s *Store) End(ctx context.Context, aud Audience, token string) error {
	c, err := s.tokens.Parse(aud, token, s.now())
	if err != nil {
		return nil
	}
	if _, err := s.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: &s.table, Key: key(aud, c.Subject, c.ID)}); err != nil {
		return failure.Wrap(err, "delete session")
	}
	return nil
}

// Checked is a token that is aud's, signed by us and unexpired, whose session item is live: its
// claims and the principal's own item (read in the same round trip), which the audience's
// verifier decodes and judges (deactivated, epoch moved on).
type Checked struct {
	Subject   string
	SessionID string
	Epoch     int64
	Principal map[string]types.AttributeValue
}

// Check reads the session of token and the item at principal(subject) in one round trip. It is
// ErrSession for a token that is not aud's or not valid, a session that ended or expired, and a
// principal item that does not exist.
func (s *Store) Check(ctx context.Context, aud Audience, token string, principal func(subject string) map[string]types.AttributeValue) (Checked, error) {
	c, err := s.tokens.Parse(aud, token, s.now())
	if err != nil {
		return Checked{}, ErrSession
	}
	return s.CheckID(ctx, aud, c.Subject, c.ID, c.Epoch, principal)
}

// CheckID is Check of a session known by its subject, id and epoch rather than its token: what a
// connection that authenticated once (the chat socket) judges each of its frames by, so that the
// session ending (logout, a password reset) ends the connection's rights with it.
func (s *Store) CheckID(ctx context.Context, aud Audience, subject, sessionID string, epoch int64, principal func(subject string) map[string]types.AttributeValue) (Checked, error) {
	now := s.now()
	if subject == "" || sessionID == "" {
		return Checked{}, ErrSession
	}
	c := Checked{Subject: subject, SessionID: sessionID, Epoch: epoch}
	sk := key(aud, subject, sessionID)
	pk := principal(subject)
	out, err := s.db.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{
		s.table: {Keys: []map[string]types.AttributeValue{pk, sk}, ConsistentRead: aws.Bool(true)},
	}})
	if err != nil {
		return Checked{}, failure.Wrap(err, "read session")
	}
	if len(out.UnprocessedKeys) > 0 {
		return Checked{}, failure.Wrap(nil, "read session: unprocessed keys")
	}
	var sess *sessionItem
	var owner map[string]types.AttributeValue
	for _, av := range out.Responses[s.table] {
		switch {
		case same(av, sk):
			var it sessionItem
			if err := attributevalue.UnmarshalMap(av, &it); err != nil {
				return Checked{}, failure.Wrap(err, "decode session")
			}
			sess = &it
		case same(av, pk):
			owner = av
		}
	}
	if sess == nil || owner == nil || now.Unix() >= sess.ExpiresAt {
		return Checked{}, ErrSession
	}
	c.Principal = owner
	return c, nil
}

// same tells whether item has the key k.
func same(item, k map[string]types.AttributeValue) bool {
	for _, name := range []string{"pk", "sk"} {
		a, _ := item[name].(*types.AttributeValueMemberS)
		b, _ := k[name].(*types.AttributeValueMemberS)
		if a == nil || b == nil || a.Value != b.Value {
			return false
		}
	}
	return true
}
