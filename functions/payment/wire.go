package payment

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/functions/wire"
	"zuum/shared/ledger"
	"zuum/shared/payment"
	"zuum/shared/schema"
)

// FromEnv builds the route group from its environment: USERS_TABLE, JWT_SECRET_ID, MAIL_FROM,
// APP_URL (for the session checks), LEDGER_TABLE, FLUTTERWAVE_BASE_URL (the provider's v3 API)
// and FLUTTERWAVE_SECRET_ID (the Secrets Manager secret {"secret_key","webhook_hash"}, read once
// per cold start).
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
	sessions, _, err := wire.Accounts(ctx, cfg, env)
	if err != nil {
		return nil, err
	}
	v, err := env.Require(schema.Ledger.EnvVar, "FLUTTERWAVE_BASE_URL", "FLUTTERWAVE_SECRET_ID")
	if err != nil {
		return nil, err
	}
	secret, err := wire.Secret(ctx, cfg, v["FLUTTERWAVE_SECRET_ID"])
	if err != nil {
		return nil, err
	}
	keys, err := payment.ParseKeys(secret)
	if err != nil {
		return nil, err
	}
	db := dynamodb.NewFromConfig(cfg)
	l := ledger.New(db, v[schema.Ledger.EnvVar])
	provider := payment.NewFlutterwave(v["FLUTTERWAVE_BASE_URL"], keys.SecretKey, nil)
	return New(sessions, payment.NewDeposits(provider, db, l), keys.WebhookHash), nil
}
