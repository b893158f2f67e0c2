package profile

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
)

// Item layout in the Users table:
//
//	pk=USER#<id>            sk=PROFILE   the profile and its credentials (item below)
//	pk=EMAIL#<email>        sk=GUARD     user_id; makes emails unique
//	pk=USERNAME#<lower>     sk=GUARD     user_id; makes usernames unique, case-insensitively;
//	                                     expires_at once its account is deleted (UsernameHold)
const (
	skProfile = "PROFILE"
	skGuard   = "GUARD"
)

// item is the stored form of an Account.
type item struct {
	PK                 string `dynamodbav:"pk"`
	SK                 string `dynamodbav:"sk"`
	ID                 string `dynamodbav:"id"`
	Username           string `dynamodbav:"username"`
	Identity           string `dynamodbav:"identity"`
	FirstName          string `dynamodbav:"firstname"`
	MiddleName         string `dynamodbav:"middlename"`
	LastName           string `dynamodbav:"lastname"`
	Email              string `dynamodbav:"email"`
	Phone              string `dynamodbav:"phonenumber"`
	Bio                string `dynamodbav:"bio"`
	Image              string `dynamodbav:"image"`
	CoverImage         string `dynamodbav:"cover_image"`
	IsAdmin            bool   `dynamodbav:"is_admin"`
	FollowersCount     int64  `dynamodbav:"followers_count"`
	FollowingCount     int64  `dynamodbav:"following_count"`
	SubscriptionStatus string `dynamodbav:"subscription_status"`
	// SubscriptionExpiresAt ends the paid period (RFC 3339 UTC, whole seconds); written with the
	// status by shared/payment's subscriptions.
	SubscriptionExpiresAt string `dynamodbav:"subscription_expires_at,omitempty"`
	CreatedAt             string `dynamodbav:"created_at"`
	PasswordHash          string `dynamodbav:"password_hash"`
	Verified              bool   `dynamodbav:"verified"`
	Deactivated           bool   `dynamodbav:"deactivated"`
	SessionEpoch          int64  `dynamodbav:"session_epoch"`
	GoogleSubject         string `dynamodbav:"google_sub,omitempty"`
	// SelfDeactivated marks a deactivation the account holder chose (DeactivateSelf).
	SelfDeactivated bool `dynamodbav:"self_deactivated,omitempty"`
	// DeletedAt is set when the holder asked for the account to be deleted (MarkDeleted).
	DeletedAt string `dynamodbav:"deleted_at,omitempty"`
}

type guard struct {
	PK     string `dynamodbav:"pk"`
	SK     string `dynamodbav:"sk"`
	UserID string `dynamodbav:"user_id"`
}

// Store keeps accounts in the Users table.
type Store struct {
	db    *dynamodb.Client
	table string
}

// NewStore returns a store over the named Users table.
func NewStore(db *dynamodb.Client, table string) *Store { return &Store{db: db, table: table} }

// Table is the name of the Users table, for domains that add items to a profile's transaction.
func (s *Store) Table() string { return s.table }

// Key is the primary key of a user's profile item.
func Key(id string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "USER#" + id},
		"sk": &types.AttributeValueMemberS{Value: skProfile},
	}
}

func guardKey(kind, value string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: kind + "#" + value},
		"sk": &types.AttributeValueMemberS{Value: skGuard},
	}
}

func usernameKey(username string) string { return NormalizeEmail(username) }

// Errors Create returns when a guard already exists.
var (
	ErrEmailTaken    = failure.New(failure.Conflict, "Email already exists. Please log in or use a different email.")
	ErrUsernameTaken = &failure.Error{Code: failure.Conflict, Message: "Username is already taken.",
		Fields: []failure.FieldError{{Field: "username", Msg: "Username is already taken."}}}
)

// Create stores a new account together with its email and username guards in one transaction,
// plus any extra items the caller needs written atomically with it (the first one-time code).
func (s *Store) Create(ctx context.Context, a Account, extra ...types.TransactWriteItem) error {
	av, err := attributevalue.MarshalMap(toItem(a))
	if err != nil {
		return failure.Wrap(err, "marshal profile")
	}
	emailGuard, _ := attributevalue.MarshalMap(guard{PK: "EMAIL#" + a.Email, SK: skGuard, UserID: a.ID})
	nameGuard, _ := attributevalue.MarshalMap(guard{PK: "USERNAME#" + usernameKey(a.Username), SK: skGuard, UserID: a.ID})
	notExists := aws.String("attribute_not_exists(pk)")
	nameFree, nameNow := guardFree(time.Now())
	items := []types.TransactWriteItem{
		{Put: &types.Put{TableName: &s.table, Item: av, ConditionExpression: notExists}},
		{Put: &types.Put{TableName: &s.table, Item: emailGuard, ConditionExpression: notExists}},
		{Put: &types.Put{TableName: &s.table, Item: nameGuard, ConditionExpression: nameFree, ExpressionAttributeValues: nameNow}},
	}
	items = append(items, extra...)
	items = append(items, s.enrollItems(a.Profile)...)
	items = append(items, s.indexItems(a.Profile)...) // last, so the guards keep the positions read below
	err = dynamo.Transact(ctx, s.db, items)           // retried when it meets another sign-up's roster count
	if failed, ok := dynamo.CanceledBy(err); ok {
		for _, i := range failed {
			switch i {
			case 1:
				return ErrEmailTaken
			case 2:
				return ErrUsernameTaken
			}
		}
	}
	if err != nil {
		return failure.Wrap(err, "create account")
	}
	return nil
}

// Account returns the account with id.
func (s *Store) Account(ctx context.Context, id string) (Account, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &s.table, Key: Key(id), ConsistentRead: aws.Bool(true)})
	if err != nil {
		return Account{}, failure.Wrap(err, "get account")
	}
	if out.Item == nil {
		return Account{}, ErrNotFound
	}
	return FromItem(out.Item)
}

// AccountByEmail returns the account registered with email.
func (s *Store) AccountByEmail(ctx context.Context, email string) (Account, error) {
	var g guard
	found, err := dynamo.Get(ctx, s.db, s.table, guardKey("EMAIL", NormalizeEmail(email)), &g)
	if err != nil {
		return Account{}, failure.Wrap(err, "get email guard")
	}
	if !found {
		return Account{}, ErrNotFound
	}
	return s.Account(ctx, g.UserID)
}

// FromItem decodes a profile item read by another domain (in a batch with its own items).
func FromItem(av map[string]types.AttributeValue) (Account, error) {
	var it item
	if err := attributevalue.UnmarshalMap(av, &it); err != nil {
		return Account{}, failure.Wrap(err, "decode profile")
	}
	created, _ := time.Parse(time.RFC3339Nano, it.CreatedAt)
	subEnds, _ := time.Parse(time.RFC3339, it.SubscriptionExpiresAt)
	return Account{
		Profile: Profile{
			ID: it.ID, Username: it.Username, Identity: Identity(it.Identity), FirstName: it.FirstName,
			MiddleName: it.MiddleName, LastName: it.LastName, Email: it.Email, Phone: it.Phone, Bio: it.Bio,
			Image: it.Image, CoverImage: it.CoverImage, IsAdmin: it.IsAdmin, FollowersCount: it.FollowersCount,
			FollowingCount: it.FollowingCount, CreatedAt: created,
			SubscriptionStatus:    SubscriptionStatusAt(it.SubscriptionStatus, subEnds, time.Now()),
			SubscriptionExpiresAt: subEnds,
			Followers:             []Summary{}, Following: []Summary{},
		},
		PasswordHash: it.PasswordHash, Verified: it.Verified, Deactivated: it.Deactivated,
		SessionEpoch: it.SessionEpoch, GoogleSubject: it.GoogleSubject,
		SelfDeactivated: it.SelfDeactivated, Deleted: it.DeletedAt != "",
	}, nil
}

func toItem(a Account) item {
	return item{
		PK: "USER#" + a.ID, SK: skProfile, ID: a.ID, Username: a.Username, Identity: string(a.Identity),
		FirstName: a.FirstName, MiddleName: a.MiddleName, LastName: a.LastName, Email: a.Email, Phone: a.Phone,
		Bio: a.Bio, Image: a.Image, CoverImage: a.CoverImage, IsAdmin: a.IsAdmin,
		FollowersCount: a.FollowersCount, FollowingCount: a.FollowingCount,
		SubscriptionStatus: a.SubscriptionStatus, CreatedAt: a.CreatedAt.UTC().Format(time.RFC3339Nano),
		PasswordHash: a.PasswordHash, Verified: a.Verified, Deactivated: a.Deactivated,
		SessionEpoch: a.SessionEpoch, GoogleSubject: a.GoogleSubject,
	}
}

// Update applies c to the profile of id and returns the account as it now stands. A change of
// names moves the profile's search index in the same transaction (see updateNames).
func (s *Store) Update(ctx context.Context, id string, c Changes) (Account, error) {
	if c.Empty() {
		return s.Account(ctx, id)
	}
	if c.FirstName != nil || c.MiddleName != nil || c.LastName != nil {
		return s.updateNames(ctx, id, c)
	}
	expr, names, values := changeExpression(c)
	out, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: Key(id), UpdateExpression: &expr,
		ConditionExpression:       aws.String("attribute_exists(pk)"),
		ExpressionAttributeNames:  names,
		ExpressionAttributeValues: values,
		ReturnValues:              types.ReturnValueAllNew,
	})
	if dynamo.ConditionFailed(err) {
		return Account{}, ErrNotFound
	}
	if err != nil {
		return Account{}, failure.Wrap(err, "update profile")
	}
	return FromItem(out.Attributes)
}

// updateNames applies c, which changes names, together with the search index: the tokens of the
// names read are replaced by those of the new ones in one transaction, which holds only if the
// names are still those read (else it reads again, a few times).
func (s *Store) updateNames(ctx context.Context, id string, c Changes) (Account, error) {
	for range 3 {
		before, err := s.Account(ctx, id)
		if err != nil {
			return Account{}, err
		}
		after := before.Profile
		for _, f := range []struct{ dst, v *string }{{&after.FirstName, c.FirstName}, {&after.MiddleName, c.MiddleName}, {&after.LastName, c.LastName}} {
			if f.v != nil {
				*f.dst = *f.v
			}
		}
		expr, names, values := changeExpression(c)
		names["#of"], names["#om"], names["#ol"] = "firstname", "middlename", "lastname"
		values[":of"] = &types.AttributeValueMemberS{Value: before.FirstName}
		values[":om"] = &types.AttributeValueMemberS{Value: before.MiddleName}
		values[":ol"] = &types.AttributeValueMemberS{Value: before.LastName}
		items := append([]types.TransactWriteItem{{Update: &types.Update{
			TableName: &s.table, Key: Key(id), UpdateExpression: &expr,
			ConditionExpression:       aws.String("attribute_exists(pk) AND #of = :of AND #om = :om AND #ol = :ol"),
			ExpressionAttributeNames:  names,
			ExpressionAttributeValues: values,
		}}}, s.reindexItems(before.Profile, after)...)
		err = dynamo.Transact(ctx, s.db, items)
		if failed, ok := dynamo.CanceledBy(err); ok && len(failed) > 0 {
			continue // renamed or deleted meanwhile: read it again
		}
		if err != nil {
			return Account{}, failure.Wrap(err, "update profile")
		}
		return s.Account(ctx, id)
	}
	return Account{}, ErrChanged
}

// changeExpression is the SET expression of c's fields.
func changeExpression(c Changes) (string, map[string]string, map[string]types.AttributeValue) {
	expr, names, values := "SET", map[string]string{}, map[string]types.AttributeValue{}
	add := func(attr string, v *string) {
		if v == nil {
			return
		}
		n := fmt.Sprintf("#f%d", len(names))
		names[n] = attr
		values[":"+n[1:]] = &types.AttributeValueMemberS{Value: *v}
		if len(names) > 1 {
			expr += ","
		}
		expr += fmt.Sprintf(" %s = :%s", n, n[1:])
	}
	add("firstname", c.FirstName)
	add("middlename", c.MiddleName)
	add("lastname", c.LastName)
	add("phonenumber", c.Phone)
	add("bio", c.Bio)
	add("image", c.Image)
	add("cover_image", c.CoverImage)
	return expr, names, values
}

// MarkVerified is the transaction step that marks id's email verified.
func (s *Store) MarkVerified(id string) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: Key(id),
		UpdateExpression:          aws.String("SET verified = :t"),
		ConditionExpression:       aws.String("attribute_exists(pk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":t": &types.AttributeValueMemberBOOL{Value: true}},
	}}
}

// SetPassword is the transaction step that replaces id's password hash and ends every session
// (by moving the session epoch on). It also marks the email verified: a reset link proves the
// user reads that inbox.
func (s *Store) SetPassword(id, hash string) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: Key(id),
		UpdateExpression:    aws.String("SET password_hash = :h, verified = :t ADD session_epoch :one"),
		ConditionExpression: aws.String("attribute_exists(pk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":h": &types.AttributeValueMemberS{Value: hash}, ":t": &types.AttributeValueMemberBOOL{Value: true},
			":one": &types.AttributeValueMemberN{Value: "1"},
		},
	}}
}

// LinkGoogle records the Google subject of id and marks its email verified, since Google vouched
// for it.
func (s *Store) LinkGoogle(ctx context.Context, id, subject string) error {
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: Key(id),
		UpdateExpression:    aws.String("SET google_sub = :s, verified = :t"),
		ConditionExpression: aws.String("attribute_exists(pk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":s": &types.AttributeValueMemberS{Value: subject}, ":t": &types.AttributeValueMemberBOOL{Value: true},
		},
	})
	if dynamo.ConditionFailed(err) {
		return ErrNotFound
	}
	if err != nil {
		return failure.Wrap(err, "link google account")
	}
	return nil
}

// SetDeactivated turns an account off or on (see Deactivate); turning it to what it is already
// changes nothing.
func (s *Store) SetDeactivated(ctx context.Context, id string, off bool) error {
	_, err := s.Deactivate(ctx, id, off)
	return err
}

// Reactivate turns back on an account its holder deactivated themselves (DeactivateSelf), with
// extra items; an account an admin deactivated stays off (changed false).
func (s *Store) Reactivate(ctx context.Context, id string, extra ...types.TransactWriteItem) (bool, error) {
	cond := "attribute_exists(pk) AND deactivated = :t AND self_deactivated = :t AND attribute_not_exists(deleted_at)"
	update := types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: Key(id), UpdateExpression: aws.String("SET deactivated = :f REMOVE self_deactivated"),
		ConditionExpression: &cond,
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":t": &types.AttributeValueMemberBOOL{Value: true}, ":f": &types.AttributeValueMemberBOOL{Value: false},
		},
	}}
	err := dynamo.Transact(ctx, s.db, append([]types.TransactWriteItem{update}, extra...))
	if failed, ok := dynamo.CanceledBy(err); ok && dynamo.OnlyCanceledBy(failed, 0) {
		return false, nil
	}
	if err != nil {
		return false, failure.Wrap(err, "reactivate")
	}
	return true, nil
}

// Deactivate turns account id off (off true) or back on, with extra items (an audit entry) in the
// same transaction, and reports whether it changed anything: turning an account to what it is
// already writes nothing, extra items included. A deactivated account can neither log in nor use
// a session it holds, and its posts, comments and profile leave every list. Turning it off also
// moves its session epoch on, so turning it on again does not revive the sessions it had.
// An admin's switch (either way) clears the mark of the holder's own deactivation, so only an
// admin turns on what an admin turned off.
func (s *Store) Deactivate(ctx context.Context, id string, off bool, extra ...types.TransactWriteItem) (bool, error) {
	return s.deactivate(ctx, id, off, false, extra)
}

func (s *Store) deactivate(ctx context.Context, id string, off, self bool, extra []types.TransactWriteItem) (bool, error) {
	expr := "SET deactivated = :d"
	values := map[string]types.AttributeValue{":d": &types.AttributeValueMemberBOOL{Value: off}}
	if self {
		expr += ", self_deactivated = :d"
	}
	if off {
		expr += " ADD session_epoch :one"
		values[":one"] = &types.AttributeValueMemberN{Value: "1"}
	}
	if !self {
		expr += " REMOVE self_deactivated"
	}
	// An account never deactivated has no attribute, or false: both count as on.
	cond := "attribute_exists(pk) AND deactivated = :f"
	if off {
		cond = "attribute_exists(pk) AND (attribute_not_exists(deactivated) OR deactivated = :f)"
	}
	values[":f"] = &types.AttributeValueMemberBOOL{Value: !off}
	update := types.TransactWriteItem{Update: &types.Update{
		TableName: &s.table, Key: Key(id), UpdateExpression: &expr, ConditionExpression: &cond,
		ExpressionAttributeValues: values,
	}}
	err := dynamo.Transact(ctx, s.db, append([]types.TransactWriteItem{update}, extra...))
	if failed, ok := dynamo.CanceledBy(err); ok && dynamo.OnlyCanceledBy(failed, 0) {
		a, err := s.Account(ctx, id) // not found, or already as asked
		if err != nil {
			return false, err
		}
		if off && !self && a.Deactivated && a.SelfDeactivated {
			return s.takeOver(ctx, id, extra)
		}
		if a.Deactivated == off {
			return false, nil
		}
		return false, ErrChanged
	}
	if err != nil {
		return false, failure.Wrap(err, "set deactivated")
	}
	return true, nil
}

// takeOver makes an admin's deactivation of an account its holder had deactivated: the account
// stays off but loses the mark that lets logging in turn it back on. Of extra, only the items of
// the Users table (the audit entry) are written: what other tables hold (the timelines' sizes)
// moved when the holder deactivated it.
func (s *Store) takeOver(ctx context.Context, id string, extra []types.TransactWriteItem) (bool, error) {
	items := []types.TransactWriteItem{{Update: &types.Update{
		TableName: &s.table, Key: Key(id), UpdateExpression: aws.String("REMOVE self_deactivated"),
		ConditionExpression:       aws.String("deactivated = :t AND self_deactivated = :t"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":t": &types.AttributeValueMemberBOOL{Value: true}},
	}}}
	for _, it := range extra {
		if (it.Put != nil && *it.Put.TableName == s.table) || (it.Update != nil && *it.Update.TableName == s.table) {
			items = append(items, it)
		}
	}
	err := dynamo.Transact(ctx, s.db, items)
	if failed, ok := dynamo.CanceledBy(err); ok && dynamo.OnlyCanceledBy(failed, 0) {
		return false, ErrChanged
	}
	if err != nil {
		return false, failure.Wrap(err, "take over deactivation")
	}
	return true, nil
}

// UsernameTaken reports whether an account holds username (compared case-insensitively).
func (s *Store) UsernameTaken(ctx context.Context, username string) (bool, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &s.table, Key: guardKey("USERNAME", usernameKey(username)), ConsistentRead: aws.Bool(true)})
	if err != nil {
		return false, failure.Wrap(err, "get username guard")
	}
	if out.Item == nil {
		return false, nil
	}
	until := heldUntil(out.Item)
	return until.IsZero() || time.Now().Before(until), nil
}

// ErrChanged is returned by Reclaim when the account is no longer as it was read: verified by its
// code, or reclaimed by a concurrent sign-in. The caller reads it again and decides afresh.
var ErrChanged = failure.New(failure.Conflict, "The account changed meanwhile.")

// Reclaim hands the unverified account old to the person who has just proved they own its email
// (through Google), as though they had signed up afresh: the username, identity, names, phone,
// bio and pictures of a replace what the sign-up chose, the password is removed, the Google
// subject linked, the email marked verified and the session epoch moved on. Whoever signed up
// with an address that was not theirs keeps nothing: no password, no session, no name. The write
// holds only if the account is still unverified with the password and username read (else
// ErrChanged), and a new username takes its guard in the same transaction (else
// ErrUsernameTaken); extra items are written with it.
func (s *Store) Reclaim(ctx context.Context, old, a Account, extra ...types.TransactWriteItem) error {
	str := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	// Every attribute goes by a placeholder: some of these names are DynamoDB reserved words.
	set := map[string]string{
		"username": a.Username, "identity": string(a.Identity), "firstname": a.FirstName, "middlename": a.MiddleName,
		"lastname": a.LastName, "phonenumber": a.Phone, "bio": "", "image": "", "cover_image": "", "password_hash": "",
		"google_sub": a.GoogleSubject,
	}
	names := map[string]string{"#verified": "verified", "#epoch": "session_epoch", "#oldh": "password_hash", "#oldu": "username"}
	values := map[string]types.AttributeValue{
		":t": &types.AttributeValueMemberBOOL{Value: true}, ":f": &types.AttributeValueMemberBOOL{Value: false},
		":one": &types.AttributeValueMemberN{Value: "1"}, ":oldh": str(old.PasswordHash), ":oldu": str(old.Username),
	}
	expr := "SET #verified = :t"
	for _, attr := range []string{"username", "identity", "firstname", "middlename", "lastname", "phonenumber", "bio", "image", "cover_image", "password_hash", "google_sub"} {
		n := fmt.Sprintf("a%d", len(names))
		names["#"+n], values[":"+n] = attr, str(set[attr])
		expr += fmt.Sprintf(", #%s = :%s", n, n)
	}
	update := types.Update{
		TableName: &s.table, Key: Key(old.ID), UpdateExpression: aws.String(expr + " ADD #epoch :one"),
		ConditionExpression:       aws.String("attribute_exists(pk) AND #verified = :f AND #oldh = :oldh AND #oldu = :oldu"),
		ExpressionAttributeNames:  names,
		ExpressionAttributeValues: values,
	}
	items := []types.TransactWriteItem{{Update: &update}}
	if usernameKey(a.Username) != usernameKey(old.Username) {
		nameFree, nameNow := guardFree(time.Now())
		newGuard, _ := attributevalue.MarshalMap(guard{PK: "USERNAME#" + usernameKey(a.Username), SK: skGuard, UserID: old.ID})
		items = append(items,
			types.TransactWriteItem{Delete: &types.Delete{
				TableName: &s.table, Key: guardKey("USERNAME", usernameKey(old.Username)),
				ConditionExpression:       aws.String("user_id = :id"),
				ExpressionAttributeValues: map[string]types.AttributeValue{":id": str(old.ID)},
			}},
			types.TransactWriteItem{Put: &types.Put{TableName: &s.table, Item: newGuard, ConditionExpression: nameFree, ExpressionAttributeValues: nameNow}},
		)
	}
	items = append(items, extra...)
	items = append(items, s.renameItems(old.Profile, a.Profile)...)
	items = append(items, s.reindexItems(old.Profile, a.Profile)...) // last: the indexes above name their items
	err := dynamo.Transact(ctx, s.db, items)
	if failed, ok := dynamo.CanceledBy(err); ok {
		for _, i := range failed {
			switch i {
			case 0, 1:
				return ErrChanged
			case 2:
				return ErrUsernameTaken
			}
		}
	}
	if err != nil {
		return failure.Wrap(err, "reclaim account")
	}
	return nil
}
