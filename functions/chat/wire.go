package chat

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/functions/wire"
	"zuum/shared/chat"
	"zuum/shared/schema"
)

// FromEnv builds the chat function from its environment: CHAT_TABLE, CONNECTIONS_TABLE,
// CHAT_CALLBACK_URL (the @connections endpoint: the WebSocket API's own endpoint and stage), and
// what sessions need (USERS_TABLE, JWT_SECRET_ID; every frame reads its session and account there)
// and APP_URL, the only origin an upgrade may come from.
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (wire.Socket, error) {
	v, sessions, err := wire.RequireSessions(ctx, cfg, env, schema.Chat.EnvVar, schema.Connections.EnvVar, schema.ChatSocket.CallbackEnvVar, schema.Users.EnvVar, "APP_URL")
	if err != nil {
		return nil, err
	}
	db := dynamodb.NewFromConfig(cfg)
	callback := v[schema.ChatSocket.CallbackEnvVar]
	api := apigatewaymanagementapi.NewFromConfig(cfg, func(o *apigatewaymanagementapi.Options) {
		o.BaseEndpoint = aws.String(callback)
	})
	h := New(sessions, chat.NewStore(db, v[schema.Chat.EnvVar]).WithClock(wire.Clock(ctx)),
		chat.NewConnections(db, v[schema.Connections.EnvVar]), chat.NewPusher(api), v["APP_URL"])
	return h.Handle, nil
}
