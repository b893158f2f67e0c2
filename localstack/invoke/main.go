// Command invoke replays a sample API Gateway event (events/<group>/*.json) through a route
// group's Lambda handler, wired exactly as in AWS but against the running local cloud, and prints
// the Lambda's response: `make invoke FN=auth EVENT=events/auth/signup.json`.
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

	"zuum/functions/auth"
	"zuum/functions/user"
	"zuum/functions/wire"
	"zuum/localstack/gateway"
	"zuum/shared/schema"
)

var groups = map[string]wire.Builder{"auth": auth.FromEnv, "user": user.FromEnv}

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
	build, ok := groups[fn]
	if !ok {
		return fmt.Errorf("unknown group %q (have %v)", fn, keys())
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var e events.APIGatewayV2HTTPRequest
	if err := json.Unmarshal(raw, &e); err != nil {
		return fmt.Errorf("%s is not an HTTP API v2 event: %w", path, err)
	}
	endpoint := os.Getenv("AWS_ENDPOINT_URL")
	if endpoint == "" {
		endpoint = "http://127.0.0.1:4566"
	}
	cfg := aws.Config{Region: "us-east-1", BaseEndpoint: aws.String(endpoint),
		Credentials: credentials.NewStaticCredentialsProvider("test", "test", "")}
	// The same names the local cloud gives its functions (localstack/main.go).
	env := map[string]string{
		schema.Users.EnvVar: schema.Users.Name, schema.Media.EnvVar: schema.Media.Name,
		"JWT_SECRET_ID": "zuum/jwt-signing-secret", "MAIL_FROM": "Zuum <no-reply@zuum.ng>",
		"APP_URL": "http://127.0.0.1:8080",
	}
	ctx := context.Background()
	h, err := build(ctx, cfg, func(k string) string {
		if v := os.Getenv(k); v != "" {
			return v
		}
		return env[k]
	})
	if err != nil {
		return fmt.Errorf("wire %s (is make dev running?): %w", fn, err)
	}
	res, err := gateway.FromHandler(h)(ctx, e)
	if err != nil {
		return err
	}
	out := json.NewEncoder(os.Stdout)
	out.SetIndent("", "  ")
	return out.Encode(res)
}

func keys() []string {
	var k []string
	for name := range groups {
		k = append(k, name)
	}
	return k
}
