package distribution

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/functions/wire"
	"zuum/functions/wire/buckets"
	"zuum/shared/ledger"
	"zuum/shared/release"
	"zuum/shared/schema"
)

// FromEnv builds the route group from its environment: POSTS_TABLE (releases), LEDGER_TABLE
// (package payments), USERS_TABLE (sessions, notifications), MEDIA_BUCKET (the release's
// files; with MEDIA_SIGNING_SECRET_ID, MEDIA_SIGNING_KEY_ID and APP_URL their URLs are signed for
// the CDN: buckets.MediaStore) and JWT_SECRET_ID for the session checks.
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
	v, sessions, err := wire.RequireSessions(ctx, cfg, env, schema.Posts.EnvVar, schema.Ledger.EnvVar, schema.Users.EnvVar, schema.Media.EnvVar)
	if err != nil {
		return nil, err
	}
	db := dynamodb.NewFromConfig(cfg)
	l := ledger.New(db, v[schema.Ledger.EnvVar])
	files, err := buckets.MediaStore(ctx, cfg, env, v[schema.Media.EnvVar])
	if err != nil {
		return nil, err
	}
	return New(sessions, release.NewStore(db, v[schema.Posts.EnvVar], v[schema.Users.EnvVar], l, files), l, files), nil
}
