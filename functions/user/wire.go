package user

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"

	"zuum/functions/wire"
	"zuum/shared/schema"
)

// FromEnv builds the route group from its environment: USERS_TABLE, MEDIA_BUCKET, JWT_SECRET_ID,
// MAIL_FROM, APP_URL and MEDIA_URL.
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
	v, err := env.Require(schema.Media.EnvVar)
	if err != nil {
		return nil, err
	}
	accounts, profiles, err := wire.Accounts(ctx, cfg, env)
	if err != nil {
		return nil, err
	}
	return New(accounts, profiles, NewPictures(wire.S3(cfg), v[schema.Media.EnvVar]), wire.Media(env)), nil
}
