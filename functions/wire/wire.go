// Package wire builds what a route group needs from its environment: AWS clients (once per
// process), the JWT secret from Secrets Manager and the domain services. Every Lambda main and
// the local cloud wire groups through here, so a group runs the same in AWS, under LocalStack
// and in the local cloud; only the environment differs. What only some groups use lives in
// packages of its own, so a group links only the clients it imports: wire/accounts (the account
// service, which mails through SES), wire/queue (the jobs queue, Lambda's invoke) and
// wire/buckets (the S3 client).
package wire

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"

	"zuum/shared/httpapi"
	"zuum/shared/profile"
	"zuum/shared/schema"
	"zuum/shared/session"
)

// Env reads one environment variable (os.Getenv in a Lambda; a map in the local cloud).
type Env func(string) string

// clockKey carries, in the context a FromEnv builds with, the clock its stores read the time from.
type clockKey struct{}

// WithClock returns ctx carrying now: a FromEnv given it builds stores that read the time from
// now. Only tests set one (a clock they move); a Lambda's context carries none.
func WithClock(ctx context.Context, now func() time.Time) context.Context {
	return context.WithValue(ctx, clockKey{}, now)
}

// Clock is the clock ctx carries (WithClock), time.Now when it carries none.
func Clock(ctx context.Context) func() time.Time {
	if now, ok := ctx.Value(clockKey{}).(func() time.Time); ok && now != nil {
		return now
	}
	return time.Now
}

// Require returns the named variables, or an error naming every one that is empty.
func (e Env) Require(names ...string) (map[string]string, error) {
	out, missing := map[string]string{}, []string{}
	for _, n := range names {
		if v := e(n); v != "" {
			out[n] = v
		} else {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("missing environment: %s", strings.Join(missing, ", "))
	}
	return out, nil
}

// Secret reads a secret's string value.
func Secret(ctx context.Context, cfg aws.Config, id string) ([]byte, error) {
	out, err := secretsmanager.NewFromConfig(cfg).GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{SecretId: &id})
	if err != nil {
		return nil, fmt.Errorf("read secret %s: %w", id, err)
	}
	if out.SecretString == nil {
		return nil, fmt.Errorf("secret %s has no string value", id)
	}
	return []byte(*out.SecretString), nil
}

// Media returns how media keys become URLs (MEDIA_URL; empty means same origin).
func Media(env Env) httpapi.Media { return httpapi.Media{BaseURL: env("MEDIA_URL")} }

// Profiles returns the profile store over the Users table (USERS_TABLE).
func Profiles(cfg aws.Config, env Env) (*profile.Store, error) {
	v, err := env.Require(schema.Users.EnvVar)
	if err != nil {
		return nil, err
	}
	return profile.NewStore(dynamodb.NewFromConfig(cfg), v[schema.Users.EnvVar]), nil
}

// SessionStore builds the session store (both audiences) from USERS_TABLE and JWT_SECRET_ID.
func SessionStore(ctx context.Context, cfg aws.Config, env Env) (*session.Store, error) {
	v, err := env.Require(schema.Users.EnvVar, "JWT_SECRET_ID")
	if err != nil {
		return nil, err
	}
	secret, err := Secret(ctx, cfg, v["JWT_SECRET_ID"])
	if err != nil {
		return nil, err
	}
	return session.NewStore(dynamodb.NewFromConfig(cfg), v[schema.Users.EnvVar], secret, nil)
}

// RequireSessions checks that names are set (Require) and builds the user session verifier
// (Sessions): the start of every FromEnv of a group behind user sessions.
func RequireSessions(ctx context.Context, cfg aws.Config, env Env, names ...string) (map[string]string, *session.Users, error) {
	v, err := env.Require(names...)
	if err != nil {
		return nil, nil, err
	}
	sessions, err := Sessions(ctx, cfg, env)
	if err != nil {
		return nil, nil, err
	}
	return v, sessions, nil
}

// Sessions builds the user session verifier from USERS_TABLE and JWT_SECRET_ID only: what a group
// that only checks sessions needs (no mail, no password hashing at cold start).
func Sessions(ctx context.Context, cfg aws.Config, env Env) (*session.Users, error) {
	store, err := SessionStore(ctx, cfg, env)
	if err != nil {
		return nil, err
	}
	return session.NewUsers(store), nil
}
