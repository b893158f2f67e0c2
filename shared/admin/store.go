package admin

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/credential"
	"zuum/shared/failure"
)

// Item layout in the Users table (admins are their own principal: no profile, no user item):
//
//	pk=ADMIN#<id>                sk=ADMIN    id, username, email, password_hash, verified, status,
//	                                         session_epoch, created_at, decided_by, decided_at, reason;
//	                                         gsi1pk=ADMINS#<status> gsi1sk=<id> (the queues; none until
//	                                         the email is verified)
//	pk=ADMINEMAIL#<email>        sk=ADMINEMAIL  admin_id: one admin per email
//	pk=ADMINNAME#<lower name>    sk=ADMINNAME   admin_id: one admin per username
//	pk=ADMIN#<id>                sk=OTP      code_hash, tries, sent_at, expires_at: the email code
//	pk=ADMIN#<id>                sk=SESSION#<jti>   the admin's sessions (shared/session)
//	pk=LIMIT#admin-<scope>#<k>   sk=<window start>  n, expires_at: a rate-limit window
//
// The code and the limit windows are shared/credential's items, as users' are.
// Ids are UUIDv7s, so a queue read by gsi1sk is in sign-up order.
type item struct {
	PK           string `dynamodbav:"pk"`
	SK           string `dynamodbav:"sk"`
	ID           string `dynamodbav:"id"`
	Username     string `dynamodbav:"username"`
	Email        string `dynamodbav:"email"`
	PasswordHash string `dynamodbav:"password_hash"`
	Verified     bool   `dynamodbav:"verified"`
	Status       string `dynamodbav:"status"`
	SessionEpoch int64  `dynamodbav:"session_epoch"`
	CreatedAt    string `dynamodbav:"created_at"`
	DecidedBy    string `dynamodbav:"decided_by,omitempty"`
	DecidedAt    string `dynamodbav:"decided_at,omitempty"`
	Reason       string `dynamodbav:"reason,omitempty"`
	GSI1PK       string `dynamodbav:"gsi1pk,omitempty"`
	GSI1SK       string `dynamodbav:"gsi1sk,omitempty"`
}

const (
	skAdmin = "ADMIN"
	skOTP   = "OTP"
	queuePK = "ADMINS#"
)

func str(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }

func num(n int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(n, 10)}
}

// Key is the key of the admin item of id.
func Key(id string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": str("ADMIN#" + id), "sk": str(skAdmin)}
}

func otpKey(id string) credential.Key { return credential.Key{PK: "ADMIN#" + id, SK: skOTP} }

func emailKey(email string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": str("ADMINEMAIL#" + email), "sk": str("ADMINEMAIL")}
}

func nameKey(username string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": str("ADMINNAME#" + strings.ToLower(username)), "sk": str("ADMINNAME")}
}

func fromItem(av map[string]types.AttributeValue) (Admin, error) {
	var it item
	if err := attributevalue.UnmarshalMap(av, &it); err != nil {
		return Admin{}, failure.Wrap(err, "decode admin")
	}
	created, _ := time.Parse(time.RFC3339Nano, it.CreatedAt)
	decided, _ := time.Parse(time.RFC3339Nano, it.DecidedAt)
	return Admin{
		ID: it.ID, Username: it.Username, Email: it.Email, PasswordHash: it.PasswordHash, Verified: it.Verified,
		Status: Status(it.Status), SessionEpoch: it.SessionEpoch, CreatedAt: created, DecidedBy: it.DecidedBy,
		DecidedAt: decided, Reason: it.Reason,
	}, nil
}

type store struct {
	db    *dynamodb.Client
	table string
	cred  credential.Store
}

func newStore(db *dynamodb.Client, table string) store {
	return store{db: db, table: table, cred: credential.Store{DB: db, Table: table}}
}

func (st *store) get(ctx context.Context, key map[string]types.AttributeValue) (map[string]types.AttributeValue, error) {
	out, err := st.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &st.table, Key: key, ConsistentRead: aws.Bool(true)})
	if err != nil {
		return nil, failure.Wrap(err, "read admin item")
	}
	return out.Item, nil
}

// byID reads the admin of id; ErrNotFound when there is none.
func (st *store) byID(ctx context.Context, id string) (Admin, error) {
	av, err := st.get(ctx, Key(id))
	if err != nil {
		return Admin{}, err
	}
	if av == nil {
		return Admin{}, ErrNotFound
	}
	return fromItem(av)
}

// byEmail reads the admin of email; ErrNotFound when there is none.
func (st *store) byEmail(ctx context.Context, email string) (Admin, error) {
	av, err := st.get(ctx, emailKey(email))
	if err != nil {
		return Admin{}, err
	}
	id, _ := av["admin_id"].(*types.AttributeValueMemberS)
	if id == nil {
		return Admin{}, ErrNotFound
	}
	return st.byID(ctx, id.Value)
}
