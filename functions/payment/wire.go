package payment

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/functions/promotion"
	"zuum/functions/wire"
	"zuum/functions/wire/accounts"
	"zuum/shared/ledger"
	"zuum/shared/payment"
	"zuum/shared/schema"
)

// FromEnv builds the route group from its environment: USERS_TABLE, JWT_SECRET_ID, MAIL_FROM,
// APP_URL (for the session checks), LEDGER_TABLE, FLUTTERWAVE_BASE_URL (the provider's v3 API)
// and FLUTTERWAVE_SECRET_ID (the Secrets Manager secret {"secret_key","webhook_hash"}, read once
// per cold start). In-app promotion reads the promoted post from POSTS_TABLE. Subscriptions write the Users table (USERS_TABLE) and send the browser back to
// APP_URL/subscribe after the provider's payment page.
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
	sessions, _, err := accounts.FromEnv(ctx, cfg, env)
	if err != nil {
		return nil, err
	}
	p, err := wire.Provider(ctx, cfg, env)
	if err != nil {
		return nil, err
	}
	db, l, provider := p.DB, p.Ledger, p.Provider
	h := New(sessions, payment.NewDeposits(provider, db, l, env(schema.Users.EnvVar)), l, p.WebhookHash)
	// The provider sends the browser back to the subscribe page after its payment page.
	subs := payment.NewSubscriptions(provider, db, env(schema.Users.EnvVar), l, strings.TrimRight(env("APP_URL"), "/")+"/subscribe")
	h.mountSubscriptions(sessions, subs, l)
	wd, err := withdrawalsFromEnv(provider, sessions, db, l, env)
	if err != nil {
		return nil, err
	}
	return promotion.InAppRoutes(h.Withdrawals(sessions, wd, l), sessions, db, l, env)
}

// withdrawalsFromEnv builds the withdrawals; FLUTTERWAVE_TRANSFER_TIMEOUT (a Go duration,
// optional) bounds the provider's transfer call.
func withdrawalsFromEnv(p *payment.Flutterwave, stepUp payment.StepUp, db *dynamodb.Client, l *ledger.Store, env wire.Env) (*payment.Withdrawals, error) {
	wd := payment.NewWithdrawals(p, payment.NewBankList(p), stepUp, db, l, env(schema.Users.EnvVar))
	if s := env("FLUTTERWAVE_TRANSFER_TIMEOUT"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("FLUTTERWAVE_TRANSFER_TIMEOUT %q is not a positive duration", s)
		}
		wd.TransferTimeout = d
	}
	return wd, nil
}
