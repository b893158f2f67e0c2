// Package wire builds what a route group needs from its environment: AWS clients (once per
// process), the JWT secret from Secrets Manager and the domain services. Every Lambda main and
// the local cloud wire groups through here, so a group runs the same in AWS, under LocalStack
// and in the local cloud; only the environment differs.
package wire

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"

	"zuum/shared/account"
	"zuum/shared/httpapi"
	"zuum/shared/mail"
	"zuum/shared/profile"
	"zuum/shared/schema"
	"zuum/shared/session"
)

// Env reads one environment variable (os.Getenv in a Lambda; a map in the local cloud).
type Env func(string) string

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

// S3 returns an S3 client; with a custom endpoint (the local cloud, LocalStack) it addresses
// buckets by path, since those endpoints have no per-bucket host names.
func S3(cfg aws.Config) *s3.Client {
	return s3.NewFromConfig(cfg, func(o *s3.Options) {
		o.UsePathStyle = cfg.BaseEndpoint != nil || o.BaseEndpoint != nil
	})
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

// Accounts builds the account service and the profile store over the Users table.
func Accounts(ctx context.Context, cfg aws.Config, env Env) (*account.Service, *profile.Store, error) {
	v, err := env.Require(schema.Users.EnvVar, "JWT_SECRET_ID", "MAIL_FROM", "APP_URL")
	if err != nil {
		return nil, nil, err
	}
	secret, err := Secret(ctx, cfg, v["JWT_SECRET_ID"])
	if err != nil {
		return nil, nil, err
	}
	db := dynamodb.NewFromConfig(cfg)
	profiles := profile.NewStore(db, v[schema.Users.EnvVar])
	cost, _ := strconv.Atoi(env("BCRYPT_COST"))
	svc, err := account.New(account.Config{
		DB: db, Profiles: profiles, Secret: secret, AppURL: v["APP_URL"], HashCost: cost,
		Mailer: mail.NewSES(sesv2.NewFromConfig(cfg), v["MAIL_FROM"]),
	})
	if err != nil {
		return nil, nil, err
	}
	return svc, profiles, nil
}

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

// Sessions builds the user session verifier from USERS_TABLE and JWT_SECRET_ID only: what a group
// that only checks sessions needs (no mail, no password hashing at cold start).
func Sessions(ctx context.Context, cfg aws.Config, env Env) (*session.Users, error) {
	store, err := SessionStore(ctx, cfg, env)
	if err != nil {
		return nil, err
	}
	return session.NewUsers(store), nil
}
