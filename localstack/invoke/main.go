// Command invoke replays a sample API Gateway event (events/<group>/*.json) through a route
// group's Lambda handler, wired exactly as in AWS but against the running local cloud, and prints
// the Lambda's response: `make invoke FN=auth EVENT=events/auth/signup.json`. FN=chat replays a
// WebSocket event (events/chat/*.json) through the chat socket's function.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"zuum/functions/wire"
	"zuum/localstack/gateway"
	"zuum/localstack/lambdas"
	"zuum/shared/schema"
)

func main() {
	fn := flag.String("fn", "", "route group: "+fmt.Sprint(keys()))
	path := flag.String("event", "", "event JSON file")
	flag.Parse()
	if err := run(*fn, *path); err != nil {
		fmt.Fprintln(os.Stderr, "invoke:", err)
		os.Exit(1)
	}
}

func run(fn, path string) error {
	build, ok := lambdas.Groups[fn]
	_, socket := lambdas.Sockets[fn]
	if !ok && !socket {
		return fmt.Errorf("unknown group %q (have %v)", fn, keys())
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	endpoint := os.Getenv("AWS_ENDPOINT_URL")
	if endpoint == "" {
		endpoint = "http://127.0.0.1:4566"
	}
	cfg := aws.Config{Region: "us-east-1", BaseEndpoint: aws.String(endpoint),
		Credentials: credentials.NewStaticCredentialsProvider("test", "test", "")}
	// The environment the local cloud gives its functions; the process environment overrides it.
	env := lambdas.Env("http://127.0.0.1:8080")
	ctx := context.Background()
	getenv := func(k string) string {
		if v := os.Getenv(k); v != "" {
			return v
		}
		if k == schema.ChatSocket.CallbackEnvVar {
			return endpoint + "/" + schema.ChatSocket.Stage
		}
		return env[k]
	}
	if socket {
		return invokeSocket(ctx, fn, path, raw, cfg, getenv)
	}
	var e events.APIGatewayV2HTTPRequest
	if err := json.Unmarshal(raw, &e); err != nil {
		return fmt.Errorf("%s is not an HTTP API v2 event: %w", path, err)
	}
	h, err := build(ctx, cfg, getenv)
	if err != nil {
		return fmt.Errorf("wire %s (is make dev running?): %w", fn, err)
	}
	res, err := gateway.FromHandler(wire.Guarded(getenv, h))(ctx, e) // as its Lambda main serves it
	if err != nil {
		return err
	}
	out := json.NewEncoder(os.Stdout)
	out.SetIndent("", "  ")
	return out.Encode(res)
}

// invokeSocket replays a WebSocket event through the socket function fn.
func invokeSocket(ctx context.Context, fn, path string, raw []byte, cfg aws.Config, env func(string) string) error {
	var e events.APIGatewayWebsocketProxyRequest
	if err := json.Unmarshal(raw, &e); err != nil || e.RequestContext.RouteKey == "" {
		return fmt.Errorf("%s is not a WebSocket event: %v", path, err)
	}
	handle, err := lambdas.Sockets[fn](ctx, cfg, env)
	if err != nil {
		return fmt.Errorf("wire %s (is make dev running?): %w", fn, err)
	}
	res, err := handle(ctx, e)
	if err != nil {
		return err
	}
	out := json.NewEncoder(os.Stdout)
	out.SetIndent("", "  ")
	return out.Encode(res)
}

func keys() []string {
	var k []string
	for name := range lambdas.Groups {
		k = append(k, name)
	}
	for name := range lambdas.Sockets {
		k = append(k, name)
	}
	return k
}
