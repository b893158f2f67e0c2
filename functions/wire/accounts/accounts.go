// Package accounts builds the account service (sign-up, login, codes and resets by email) from a
// group's environment. It is apart from package wire because it sends mail: only the groups that
// import it link the SES client.
package accounts

import (
	"context"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"

	"zuum/functions/wire"
	"zuum/shared/account"
	"zuum/shared/mail/ses"
	"zuum/shared/post"
	"zuum/shared/profile"
	"zuum/shared/rights"
	"zuum/shared/schema"
)

// Mailer returns the SES sender that sends from the address from.
func Mailer(cfg aws.Config, from string) *ses.Sender { return ses.New(sesv2.NewFromConfig(cfg), from) }

// FromEnv builds the account service and the profile store over the Users table from USERS_TABLE,
// JWT_SECRET_ID, MAIL_FROM, APP_URL and BCRYPT_COST (optional).
// opts adjust the service's configuration (WithReactivation).
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env, opts ...func(*account.Config)) (*account.Service, *profile.Store, error) {
	v, err := env.Require(schema.Users.EnvVar, "JWT_SECRET_ID", "MAIL_FROM", "APP_URL")
	if err != nil {
		return nil, nil, err
	}
	secret, err := wire.Secret(ctx, cfg, v["JWT_SECRET_ID"])
	if err != nil {
		return nil, nil, err
	}
	db := dynamodb.NewFromConfig(cfg)
	profiles := profile.NewStore(db, v[schema.Users.EnvVar])
	cost, _ := strconv.Atoi(env("BCRYPT_COST"))
	c := account.Config{
		DB: db, Profiles: profiles, Secret: secret, AppURL: v["APP_URL"], HashCost: cost,
		Mailer: Mailer(cfg, v["MAIL_FROM"]),
	}
	for _, o := range opts {
		o(&c)
	}
	svc, err := account.New(c)
	if err != nil {
		return nil, nil, err
	}
	return svc, profiles, nil
}

// WithReactivation lets logging in turn back on an account its holder deactivated themselves
// (rights.Switch), which moves the Posts table's timeline sizes: POSTS_TABLE.
func WithReactivation(cfg aws.Config, env wire.Env) func(*account.Config) {
	return func(c *account.Config) {
		sw := rights.Switch{Profiles: c.Profiles, Posts: post.NewStore(post.Config{
			DB: c.DB, Table: env(schema.Posts.EnvVar), Users: c.Profiles.Table(),
		})}
		c.Reactivate = sw.Reactivate
	}
}
