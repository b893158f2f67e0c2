package wire

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/shared/ledger"
	"zuum/shared/payment"
	"zuum/shared/schema"
)

// Payments is what every function that moves money through the provider is built from.
type Payments struct {
	DB       *dynamodb.Client
	Ledger   *ledger.Store
	Provider *payment.Flutterwave
	// WebhookHash is the secret the provider's webhooks carry.
	WebhookHash string
}

// Provider builds the ledger over LEDGER_TABLE and the provider's client from
// FLUTTERWAVE_BASE_URL (its v3 API) and FLUTTERWAVE_SECRET_ID (the Secrets Manager secret
// {"secret_key","webhook_hash"}, read once per cold start).
func Provider(ctx context.Context, cfg aws.Config, env Env) (Payments, error) {
	v, err := env.Require(schema.Ledger.EnvVar, "FLUTTERWAVE_BASE_URL", "FLUTTERWAVE_SECRET_ID")
	if err != nil {
		return Payments{}, err
	}
	secret, err := Secret(ctx, cfg, v["FLUTTERWAVE_SECRET_ID"])
	if err != nil {
		return Payments{}, err
	}
	keys, err := payment.ParseKeys(secret)
	if err != nil {
		return Payments{}, err
	}
	db := dynamodb.NewFromConfig(cfg)
	return Payments{
		DB:          db,
		Ledger:      ledger.New(db, v[schema.Ledger.EnvVar]),
		Provider:    payment.NewFlutterwave(v["FLUTTERWAVE_BASE_URL"], keys.SecretKey, nil),
		WebhookHash: keys.WebhookHash,
	}, nil
}
