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
	"zuum/shared/profile"
	"zuum/shared/schema"
)

// Mailer returns the SES sender that sends from the address from.
func Mailer(cfg aws.Config, from string) *ses.Sender { return ses.New(sesv2.NewFromConfig(cfg), from) }

// FromEnv builds the account service and the profile store over the Users table from USERS_TABLE,
// JWT_SECRET_ID, MAIL_FROM, APP_URL and BCRYPT_COST (optional).
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (*account.Service, *profile.Store, error) {
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
	svc, err := account.New(account.Config{
		DB: db, Profiles: profiles, Secret: secret, AppURL: v["APP_URL"], HashCost: cost,
		Mailer: Mailer(cfg, v["MAIL_FROM"]),
	})
	if err != nil {
		return nil, nil, err
	}
	return svc, profiles, nil
}
