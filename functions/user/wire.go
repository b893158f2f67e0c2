package user

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/functions/wire"
	"zuum/functions/wire/buckets"
	"zuum/shared/chat"
	"zuum/shared/schema"
)

// FromEnv builds the route group from its environment: USERS_TABLE, CHAT_TABLE, MEDIA_BUCKET,
// JWT_SECRET_ID (sessions) and MEDIA_URL.
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
	v, err := env.Require(schema.Media.EnvVar, schema.Chat.EnvVar)
	if err != nil {
		return nil, err
	}
	sessions, err := wire.Sessions(ctx, cfg, env)
	if err != nil {
		return nil, err
	}
	profiles, err := wire.Profiles(cfg, env)
	if err != nil {
		return nil, err
	}
	rooms := chat.NewStore(dynamodb.NewFromConfig(cfg), v[schema.Chat.EnvVar])
	return New(sessions, profiles, NewPictures(buckets.S3(cfg), v[schema.Media.EnvVar]), rooms, wire.Media(env)), nil
}
