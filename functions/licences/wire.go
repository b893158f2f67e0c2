package licences

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/functions/wire"
	"zuum/shared/licence"
	"zuum/shared/schema"
)

// FromEnv builds the route group from its environment: POSTS_TABLE, where licences are kept.
// It needs no session secret: verifying a licence is public.
func FromEnv(_ context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
	v, err := env.Require(schema.Posts.EnvVar)
	if err != nil {
		return nil, err
	}
	return New(licence.NewStore(dynamodb.NewFromConfig(cfg), v[schema.Posts.EnvVar])), nil
}
