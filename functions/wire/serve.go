package wire

import (
	"context"
	"log/slog"
	"net/http"
	"os"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"
)

// Builder makes a route group's handler from AWS config and environment.
type Builder func(ctx context.Context, cfg aws.Config, env Env) (http.Handler, error)

// Serve is a Lambda main: it builds the group once per process (clients and secrets are reused
// across invocations) and serves API Gateway HTTP API payload v2 events through the standard
// adapter. AWS_ENDPOINT_URL, when set, points every client at LocalStack or the local cloud.
func Serve(name string, build Builder) {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stderr, nil)))
	ctx := context.Background()
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		slog.Error("load aws config", "group", name, "err", err)
		os.Exit(1)
	}
	h, err := build(ctx, cfg, os.Getenv)
	if err != nil {
		slog.Error("wire route group", "group", name, "err", err)
		os.Exit(1)
	}
	lambda.Start(httpadapter.NewV2(h).ProxyWithContext)
}
