package uploads

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"

	"zuum/functions/wire"
	"zuum/functions/wire/buckets"
	"zuum/shared/media"
	"zuum/shared/schema"
)

// FromEnv builds the route group from its environment: MEDIA_BUCKET, and USERS_TABLE,
// JWT_SECRET_ID for sessions.
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
	v, sessions, err := wire.RequireSessions(ctx, cfg, env, schema.Media.EnvVar)
	if err != nil {
		return nil, err
	}
	return New(sessions, media.NewStore(buckets.S3(cfg), v[schema.Media.EnvVar])), nil
}
