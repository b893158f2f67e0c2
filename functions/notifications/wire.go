package notifications

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/functions/wire"
	"zuum/shared/notify"
	"zuum/shared/schema"
)

// FromEnv builds the route group from its environment: USERS_TABLE, JWT_SECRET_ID (for the
// session checks) and MEDIA_URL.
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
	sessions, err := wire.Sessions(ctx, cfg, env)
	if err != nil {
		return nil, err
	}
	notes := notify.NewStore(dynamodb.NewFromConfig(cfg), env(schema.Users.EnvVar))
	return New(sessions, notes, wire.Media(env)), nil
}
