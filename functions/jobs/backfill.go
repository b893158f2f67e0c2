package jobs

import (
	"context"
	"log/slog"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/failure"
	"zuum/shared/media"
	"zuum/shared/post"
)

// Backfilled is what a Backfill run did: the posts it gave listening copies and those whose
// audio could not be transcoded (logged; a later run tries them again).
type Backfilled struct{ Made, Failed int }

// Backfill gives listening copies to the audio posts and beats of the Posts table (table) made
// before they existed, or whose job gave up: it scans for posts without them and makes each
// post's as post_created does (listening), one post at a time. It is idempotent and resumable:
// a post that has its copies is not scanned again, so a run stopped midway, or run twice, only
// does what is left. A post that fails is counted and skipped; only a failed scan stops it.
func Backfill(ctx context.Context, db *dynamodb.Client, table string, posts *post.Store, files *media.Store, ffmpeg media.FFmpeg) (Backfilled, error) {
	w := &Worker{posts: posts, files: files, ffmpeg: ffmpeg}
	var done Backfilled
	in := &dynamodb.ScanInput{
		TableName:                &table,
		FilterExpression:         aws.String("sk = :post AND #kind IN (:audio, :beat) AND attribute_not_exists(listening)"),
		ProjectionExpression:     aws.String("id"),
		ExpressionAttributeNames: map[string]string{"#kind": "kind"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":post": &types.AttributeValueMemberS{Value: "POST"}, ":audio": &types.AttributeValueMemberS{Value: string(post.Audio)},
			":beat": &types.AttributeValueMemberS{Value: string(post.Beat)},
		},
	}
	for {
		out, err := db.Scan(ctx, in)
		if err != nil {
			return done, failure.Wrap(err, "scan posts without listening copies")
		}
		for _, it := range out.Items {
			id, _ := it["id"].(*types.AttributeValueMemberS)
			if id == nil {
				continue
			}
			p, err := posts.Get(ctx, id.Value)
			if err == nil {
				err = w.listening(ctx, p)
			}
			switch {
			case failure.Is(err, failure.NotFound):
			case err != nil:
				slog.WarnContext(ctx, "backfill: no listening copies", "post", id.Value, "err", err)
				done.Failed++
			default:
				done.Made++
			}
		}
		if len(out.LastEvaluatedKey) == 0 {
			return done, nil
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
}
