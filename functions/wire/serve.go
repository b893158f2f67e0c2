package wire

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"os"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/aws"

	"zuum/shared/httpapi"
)

// Builder makes a route group's handler from AWS config and environment.
type Builder func(ctx context.Context, cfg aws.Config, env Env) (http.Handler, error)

// Serve is a Lambda main: it builds the group once per process (clients and secrets are reused
// across invocations) and serves API Gateway HTTP API payload v2 events through the standard
// adapter (httpapi.Proxy), behind the guard every group has (Guarded). AWS_ENDPOINT_URL, when set, points every client at LocalStack or the local cloud
// (LambdaConfig).
func Serve(name string, build Builder) {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stderr, nil)))
	ctx := context.Background()
	cfg, err := lambdaConfig()
	if err != nil {
		slog.Error("load aws config", "group", name, "err", err)
		os.Exit(1)
	}
	h, err := build(ctx, cfg, os.Getenv)
	if err != nil {
		slog.Error("wire route group", "group", name, "err", err)
		os.Exit(1)
	}
	lambda.Start(httpapi.Proxy(Guarded(os.Getenv, h)))
}

// Guarded is a route group's handler as every group is served, in AWS and in the local cloud:
// behind httpapi.Guard, whose own origin is APP_URL (malformed paths and queries 400, bodies that
// are not JSON 415, cookie-authenticated writes from another origin 403).
func Guarded(env Env, h http.Handler) http.Handler { return httpapi.NewGuard(env("APP_URL")).Wrap(h) }

// Worker handles one asynchronous event (an S3 notification, a queued job): its raw JSON
// payload. An error makes the invoker retry, so a worker must be safe to run twice.
type Worker func(ctx context.Context, payload []byte) error

// WorkerBuilder makes a worker from AWS config and environment.
type WorkerBuilder func(ctx context.Context, cfg aws.Config, env Env) (Worker, error)

// ServeWorker is the Lambda main of a function invoked by events rather than HTTP.
func ServeWorker(name string, build WorkerBuilder) {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stderr, nil)))
	ctx := context.Background()
	cfg, err := lambdaConfig()
	if err != nil {
		slog.Error("load aws config", "worker", name, "err", err)
		os.Exit(1)
	}
	work, err := build(ctx, cfg, os.Getenv)
	if err != nil {
		slog.Error("wire worker", "worker", name, "err", err)
		os.Exit(1)
	}
	lambda.Start(func(ctx context.Context, payload json.RawMessage) error { return work(ctx, payload) })
}
