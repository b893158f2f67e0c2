// Package notify keeps each user's notifications in the Users table, newest first:
//
//	pk=USER#<recipient>  sk=NOTE#<id>       one notification (id is a UUIDv7, so keys sort by time)
//	pk=USER#<recipient>  sk=NOTES_READ      read_through: the id up to which "read all" read them
//
// Likes, comments and follows put their notification in the same transaction as the reaction,
// comment or follow edge (Put); a new post reaches followers through the jobs function (FanOut).
// A notification is read when its own read flag is set (one tapped) or its id is at or below the
// watermark (read all), so marking thousands read is one small write.
package notify

import (
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"
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
func PostMessage(actor string, kind Kind, caption string) string {
	what := "track"
	if kind == PostVideo {
		what = "video"
	}
	return actor + " posted a new " + what + ": " + caption
}
