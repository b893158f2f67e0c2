package search

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/post"
	"zuum/shared/profile"
)

// Backfill indexes what was made before search existed: every profile (profile.Store.Reindex)
// and every public post without its words (post.Store.Reindex), found by scanning the Users and
// Posts tables. Each step is its own idempotent transaction, so it may run beside traffic and be
// run again after an interruption. It returns how many profiles and posts it indexed.
func Backfill(ctx context.Context, db *dynamodb.Client, profiles *profile.Store, posts *post.Store, usersTable, postsTable string) (int, int, error) {
	var nProfiles, nPosts int
	err := scan(ctx, db, usersTable, "PROFILE", func(id string) error {
		if err := profiles.Reindex(ctx, id); err != nil && err != profile.ErrChanged && err != profile.ErrNotFound {
			return err
		}
		nProfiles++
		return nil
	})
	if err != nil {
		return nProfiles, nPosts, err
	}
	err = scan(ctx, db, postsTable, "POST", func(id string) error {
		wrote, err := posts.Reindex(ctx, id)
		if wrote {
			nPosts++
		}
		return err
	})
	return nProfiles, nPosts, err
}

// scan calls fn with the id of every item of table whose sort key is sk.
func scan(ctx context.Context, db *dynamodb.Client, table, sk string, fn func(id string) error) error {
	in := &dynamodb.ScanInput{
		TableName: &table, FilterExpression: aws.String("sk = :sk"), ProjectionExpression: aws.String("id"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":sk": &types.AttributeValueMemberS{Value: sk}},
	}
	for {
		out, err := db.Scan(ctx, in)
		if err != nil {
			return err
		}
		for _, it := range out.Items {
			if id, ok := it["id"].(*types.AttributeValueMemberS); ok {
				if err := fn(id.Value); err != nil {
					return err
				}
			}
		}
		if len(out.LastEvaluatedKey) == 0 {
			return nil
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
}
