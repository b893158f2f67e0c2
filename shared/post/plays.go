package post

import (
	"context"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
)

// PlayEvery is how often one listener's plays of one post count: a listener who replays a
// track (or a client that reports a play twice) adds one play every ten minutes at most, so
// neither a loop nor a script can pump a post's or a promotion's plays.
const PlayEvery = 10 * time.Minute

const playPrefix = "PLAY#"

// Play counts a play of post id of kind k reported by viewer: the post's plays, and while the
// post is promoted its promotion's plays too, in one transaction with the viewer's play marker.
// It reports whether the play counted: a repeat within PlayEvery of the viewer's last counted
// play does not. A post viewer may not see is ErrNotFound.
func (s *Store) Play(ctx context.Context, k Kind, id, viewer string) (bool, error) {
	p, err := s.find(ctx, k, id, viewer)
	if err != nil {
		return false, err
	}
	now := s.now().UTC()
	items := []types.TransactWriteItem{
		{Put: &types.Put{
			TableName: &s.table,
			Item: map[string]types.AttributeValue{
				"pk": &types.AttributeValueMemberS{Value: postPrefix + p.ID}, "sk": &types.AttributeValueMemberS{Value: playPrefix + viewer},
				"played_at":  &types.AttributeValueMemberS{Value: stamp(now)},
				"expires_at": number(int(now.Add(PlayEvery).Unix())),
			},
			ConditionExpression:       aws.String("attribute_not_exists(pk) OR played_at <= :cutoff"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":cutoff": &types.AttributeValueMemberS{Value: stamp(now.Add(-PlayEvery))}},
		}},
		{Update: &types.Update{
			TableName: &s.table, Key: postKey(p.ID), ConditionExpression: aws.String("attribute_exists(pk)"),
			UpdateExpression:          aws.String("ADD plays :one"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":one": number(1)},
		}},
	}
	if p.Promotion.Active(now) {
		items = append(items, types.TransactWriteItem{Update: &types.Update{
			TableName: &s.table, Key: statsKey(p.Promotion.ID), UpdateExpression: aws.String("ADD plays :one"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":one": number(1)},
		}})
	}
	err = s.transact(ctx, items)
	if failed, ok := dynamo.CanceledBy(err); ok && len(failed) > 0 {
		if slices.Contains(failed, 1) {
			return false, ErrNotFound // deleted meanwhile
		}
		return false, nil // played again too soon
	}
	if err != nil {
		return false, failure.Wrap(err, "count play")
	}
	return true, nil
}
