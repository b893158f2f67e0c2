// Package notify keeps each user's notifications in the Users table, newest first:
//
//	pk=USER#<recipient>  sk=NOTE#<id>       one notification (id is a UUIDv7, so keys sort by time)
//	pk=USER#<recipient>  sk=NOTES_READ      read_through: the id up to which "read all" read them
//	pk=USER#<recipient>  sk=NOTIFIED#<day>#<kind>#<actor>#<post>
//	                                        note_id, expires_at: actor told recipient this today
//
// Likes, comments and follows put their notification in the same transaction as the reaction,
// comment or follow edge (Put, or Once for likes and follows); a new post reaches followers
// through the jobs function (FanOut). A like or a follow can be undone and done again at will, so
// it notifies once per actor, target and day in Lagos (Once): the NOTIFIED marker, put on
// condition that it is absent, lets only the day's first through.
// A notification is read when its own read flag is set (one tapped) or its id is at or below the
// watermark (read all), so marking thousands read is one small write.
package notify

import (
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"zuum/shared/money"
)

// Kind is what happened.
type Kind string

// Notification kinds.
const (
	Follow    Kind = "FOLLOW"
	PostAudio Kind = "POST_AUDIO"
	PostVideo Kind = "POST_VIDEO"
	Like      Kind = "LIKE"
	Comment   Kind = "COMMENT"
	// Transfer tells a user that money was sent to their wallet; it is put in the transfer's
	// own ledger transaction (Items), so it exists exactly when the money moved.
	Transfer Kind = "TRANSFER"
	// ReleaseStatus tells an artist where their release stands (submitted, in review, approved,
	// rejected with the reason, delivered); it is put in the transaction that changes the
	// status. Its PostID is the release's id.
	ReleaseStatus Kind = "RELEASE_STATUS"
	// Deposit tells a user that a bank transfer was credited to their wallet, with the amount;
	// it is put in the credit's own ledger transaction, so a replayed webhook cannot repeat it.
	Deposit Kind = "DEPOSIT"
)

// Notification tells Recipient that Actor did something.
type Notification struct {
	ID         string    `dynamodbav:"id"`
	Recipient  string    `dynamodbav:"recipient"`
	Kind       Kind      `dynamodbav:"type"`
	ActorID    string    `dynamodbav:"action_user_id"`
	ActorName  string    `dynamodbav:"name"`
	ActorImage string    `dynamodbav:"action_user_image"` // a stored key, made a URL when read
	PostID     string    `dynamodbav:"post_id,omitempty"`
	PostType   string    `dynamodbav:"post_type,omitempty"` // audio, video, beat
	Message    string    `dynamodbav:"message"`
	CreatedAt  time.Time `dynamodbav:"created_at"`
	Read       bool      `dynamodbav:"read"`
}

// NewID returns a time-ordered notification id.
func NewID() string { return uuid.Must(uuid.NewV7()).String() }

// Key is the primary key of recipient's notification id.
func Key(recipient, id string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "USER#" + recipient},
		"sk": &types.AttributeValueMemberS{Value: "NOTE#" + id},
	}
}

// Put is the transaction item that stores n in table (the Users table). n.ID is set when empty.
func Put(table string, n Notification) (types.TransactWriteItem, error) {
	if n.ID == "" {
		n.ID = NewID()
	}
	av, err := item(n)
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	return types.TransactWriteItem{Put: &types.Put{TableName: &table, Item: av}}, nil
}

// Items returns the transaction items that give n to its recipient: through Once for the kinds
// an actor can toggle (a like, a follow), so undoing and redoing tells nobody twice a day, and as
// one Put for the rest (a comment is news every time).
func Items(table string, n Notification) ([]types.TransactWriteItem, error) {
	if n.Kind == Like || n.Kind == Follow {
		return Once(table, n)
	}
	item, err := Put(table, n)
	if err != nil {
		return nil, err
	}
	return []types.TransactWriteItem{item}, nil
}

// Lagos is the zone a notification day is counted in: West Africa Time, UTC+1 all year (Nigeria
// keeps no daylight saving), so a fixed zone needs no time zone database in the Lambda runtime.
var Lagos = time.FixedZone("Africa/Lagos", 60*60)

// Day is the calendar day of t in Lagos, as "2006-01-02".
func Day(t time.Time) string { return t.In(Lagos).Format(time.DateOnly) }

// Once returns the transaction items that give n to its recipient unless n's actor already told
// the recipient the same (n's kind about n's post) earlier the same day in Lagos: first a marker
// keyed by recipient, day, kind, actor and post, put on condition that it is absent, then n
// itself (n.ID is set when empty). A transaction that only the marker's condition cancels
// (dynamo.OnlyCanceledBy) found the day's notification already given: run it again without these
// items. A repeat thus leaves the day's first notification as it is, read or unread, where it is in the
// list; the next day the same act notifies again. The marker expires (TTL) a day after its day.
func Once(table string, n Notification) ([]types.TransactWriteItem, error) {
	if n.ID == "" {
		n.ID = NewID()
	}
	day := Day(n.CreatedAt)
	start, err := time.ParseInLocation(time.DateOnly, day, Lagos)
	if err != nil {
		return nil, fmt.Errorf("notification day: %w", err)
	}
	marker := map[string]types.AttributeValue{
		"pk":         &types.AttributeValueMemberS{Value: "USER#" + n.Recipient},
		"sk":         &types.AttributeValueMemberS{Value: onceSK(day, n)},
		"note_id":    &types.AttributeValueMemberS{Value: n.ID},
		"expires_at": &types.AttributeValueMemberN{Value: strconv.FormatInt(start.AddDate(0, 0, 2).Unix(), 10)},
	}
	note, err := Put(table, n)
	if err != nil {
		return nil, err
	}
	guard := types.TransactWriteItem{Put: &types.Put{
		TableName: &table, Item: marker, ConditionExpression: aws.String("attribute_not_exists(pk)"),
	}}
	return []types.TransactWriteItem{guard, note}, nil
}

// onceSK is the sort key of the marker that n's actor told n's recipient about n's kind and post
// on day.
func onceSK(day string, n Notification) string {
	return onceMarker + day + "#" + string(n.Kind) + "#" + n.ActorID + "#" + n.PostID
}

// onceMarker begins the markers' sort keys; it does not begin with NOTE#, so markers are never
// listed or counted as notifications.
const onceMarker = "NOTIFIED#"

// item is the stored form of n, keyed under its recipient.
func item(n Notification) (map[string]types.AttributeValue, error) {
	av, err := attributevalue.MarshalMap(n)
	if err != nil {
		return nil, fmt.Errorf("marshal notification: %w", err)
	}
	for k, v := range Key(n.Recipient, n.ID) {
		av[k] = v
	}
	return av, nil
}

// Messages, one per kind. Actor is the acting user's username.
func LikeMessage(actor string) string   { return actor + " liked your post." }
func FollowMessage(actor string) string { return actor + " started following you." }
func CommentMessage(actor, text string) string {
	const max = 80
	if r := []rune(text); len(r) > max {
		text = string(r[:max]) + "…"
	}
	return actor + " commented: " + text
}

// TransferMessage tells a recipient who sent them how much, with the sender's note when there is
// one: "ada_sings sent you ₦5,000.00: for the session".
func TransferMessage(actor string, amount money.Money, note string) string {
	msg := actor + " sent you " + amount.String()
	if note != "" {
		return msg + ": " + note
	}
	return msg + "."
}

func PostMessage(actor string, kind Kind, caption string) string {
	what := "track"
	if kind == PostVideo {
		what = "video"
	}
	return actor + " posted a new " + what + ": " + caption
}

// DepositMessage tells a user their deposit reached their wallet: "₦5,000.00 was paid into your
// wallet."
func DepositMessage(amount money.Money) string {
	return amount.String() + " was paid into your wallet."
}
