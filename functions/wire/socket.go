package wire

import (
	"context"
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/aws"
)

// Socket is a WebSocket API's function as API Gateway invokes it: CONNECT, DISCONNECT and
// MESSAGE events of one connection each. The HTTP adapter does not handle these events, so a
// socket's main starts it directly.
type Socket func(ctx context.Context, e events.APIGatewayWebsocketProxyRequest) (events.APIGatewayProxyResponse, error)

// SocketBuilder makes a socket function from AWS config and environment.
type SocketBuilder func(ctx context.Context, cfg aws.Config, env Env) (Socket, error)

// ServeSocket is the Lambda main of a WebSocket API's function: built once per process, then
// started on API Gateway's WebSocket events.
func ServeSocket(name string, build SocketBuilder) {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stderr, nil)))
	ctx := context.Background()
	cfg, err := lambdaConfig()
	if err != nil {
		slog.Error("load aws config", "socket", name, "err", err)
		os.Exit(1)
	}
	fn, err := build(ctx, cfg, os.Getenv)
	if err != nil {
		slog.Error("wire socket", "socket", name, "err", err)
		os.Exit(1)
	}
	lambda.Start(fn)
}
