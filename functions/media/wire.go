package media

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/functions/wire"
	"zuum/functions/wire/buckets"
	"zuum/shared/media"
	"zuum/shared/schema"
)

// FromEnv builds the worker from its environment: MEDIA_BUCKET and POSTS_TABLE (the catalog).
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (wire.Worker, error) {
	v, err := env.Require(schema.Media.EnvVar, schema.Posts.EnvVar)
	if err != nil {
		return nil, err
	}
	bucket := v[schema.Media.EnvVar]
	w := New(media.NewStore(buckets.S3(cfg), bucket), media.NewCatalog(dynamodb.NewFromConfig(cfg), v[schema.Posts.EnvVar]), bucket)
	return w.Handle, nil
}
