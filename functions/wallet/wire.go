package wallet

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/functions/wire"
	"zuum/shared/ledger"
	"zuum/shared/promotion"
	"zuum/shared/schema"
)

// FromEnv builds the route group from its environment: LEDGER_TABLE, USERS_TABLE (sessions,
// transfer recipients and their notifications), and JWT_SECRET_ID for the session checks.
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
	sessions, err := wire.Sessions(ctx, cfg, env)
	if err != nil {
		return nil, err
	}
	profiles, err := wire.Profiles(cfg, env)
	if err != nil {
		return nil, err
	}
	v, err := env.Require(schema.Ledger.EnvVar)
	if err != nil {
		return nil, err
	}
	db := dynamodb.NewFromConfig(cfg)
	l := ledger.New(db, v[schema.Ledger.EnvVar])
	return New(sessions, l, profiles, promotion.NewStore(promotion.Config{DB: db, Ledger: l})), nil
}
