package post

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
)

// SetListening records that the listening copies of the post's audio (at the bitrates media,
// media.ListeningKey) and of a beat's preview (preview; nil for other kinds) are stored. It
// writes only while the post exists and still plays the audio at key and, for a beat, the
// preview at previewKey; otherwise it returns ErrNotFound, and the caller deletes the copies it
// made. Writing the same bitrates again changes nothing.
func (s *Store) SetListening(ctx context.Context, id, key string, media []int, previewKey string, preview []int) error {
	update, cond := "SET listening = :media", "attribute_exists(pk) AND media = :key"
	values := map[string]types.AttributeValue{":media": numbers(media), ":key": &types.AttributeValueMemberS{Value: key}}
	if previewKey != "" {
		update += ", preview_listening = :preview"
		cond += " AND preview = :previewKey"
		values[":preview"], values[":previewKey"] = numbers(preview), &types.AttributeValueMemberS{Value: previewKey}
	}
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.table, Key: postKey(id), UpdateExpression: aws.String(update),
		ConditionExpression: aws.String(cond), ExpressionAttributeValues: values,
	})
	if dynamo.ConditionFailed(err) {
		return ErrNotFound
	}
	if err != nil {
		return failure.Wrap(err, "record listening copies")
	}
	return nil
}

// numbers is ns as a DynamoDB list of numbers.
func numbers(ns []int) types.AttributeValue {
	l := &types.AttributeValueMemberL{Value: make([]types.AttributeValue, len(ns))}
	for i, n := range ns {
		l.Value[i] = number(n)
	}
	return l
}
