// Package beat is the /api/beat route group: beats for sale and their purchase. Creating,
// listing, reading, reacting to, commenting on, sharing and deleting beats is the posts route
// set (functions/posts) for the kind beat; buying a licence, the buyer's library, downloads and
// the sale terms are this package's own routes.
package beat

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/functions/posts"
	"zuum/functions/wire"
	"zuum/functions/wire/queue"
	"zuum/shared/ledger"
	"zuum/shared/licence"
	"zuum/shared/purchase"
	"zuum/shared/schema"
)

// FromEnv builds the route group from its environment: what posts.WireWriter and queue.Jobs read,
// and LEDGER_TABLE. Zuum's share of each sale is terms.BeatCommissionPercent, like every figure.
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
	v, err := env.Require(schema.Ledger.EnvVar, schema.Posts.EnvVar, schema.Users.EnvVar)
	if err != nil {
		return nil, err
	}
	q, err := queue.Jobs(cfg, env)
	if err != nil {
		return nil, err
	}
	d, err := posts.WireWriter(ctx, cfg, env, q)
	if err != nil {
		return nil, err
	}
	db := dynamodb.NewFromConfig(cfg)
	l := ledger.New(db, v[schema.Ledger.EnvVar])
	buys, err := purchase.New(purchase.Config{
		DB: db, Table: v[schema.Posts.EnvVar], Users: v[schema.Users.EnvVar], Posts: d.Posts, Ledger: l,
		Licences: licence.NewStore(db, v[schema.Posts.EnvVar]),
	})
	if err != nil {
		return nil, err
	}
	return New(d, buys, l, licence.NewStore(db, v[schema.Posts.EnvVar])), nil
}
