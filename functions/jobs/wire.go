package jobs

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/functions/wire"
	"zuum/functions/wire/buckets"
	"zuum/shared/media"
	"zuum/shared/notify"
	"zuum/shared/post"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

// FromEnv builds the worker from USERS_TABLE, POSTS_TABLE and MEDIA_BUCKET.
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (wire.Worker, error) {
	v, err := env.Require(schema.Users.EnvVar, schema.Posts.EnvVar, schema.Media.EnvVar)
	if err != nil {
		return nil, err
	}
	db := dynamodb.NewFromConfig(cfg)
	users, posts := v[schema.Users.EnvVar], v[schema.Posts.EnvVar]
	w := New(
		post.NewStore(post.Config{DB: db, Table: posts, Users: users}),
		profile.NewStore(db, users),
		notify.NewStore(db, users),
		media.NewStore(buckets.S3(cfg), v[schema.Media.EnvVar]),
		media.NewCatalog(db, posts),
	)
	return w.Handle, nil
}
