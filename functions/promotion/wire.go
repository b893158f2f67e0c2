package promotion

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/functions/wire"
	"zuum/shared/ledger"
	"zuum/shared/media"
	"zuum/shared/post"
	"zuum/shared/promotion"
	"zuum/shared/schema"
)

// FromEnv builds the route group from its environment: USERS_TABLE and JWT_SECRET_ID (sessions),
// LEDGER_TABLE (promotions and their payments) and POSTS_TABLE (the checked uploads a mass
// promotion names, and what in-app promotions earned).
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
	v, sessions, err := wire.RequireSessions(ctx, cfg, env, schema.Ledger.EnvVar, schema.Posts.EnvVar, schema.Users.EnvVar)
	if err != nil {
		return nil, err
	}
	db := dynamodb.NewFromConfig(cfg)
	l := ledger.New(db, v[schema.Ledger.EnvVar])
	posts := post.NewStore(post.Config{DB: db, Table: v[schema.Posts.EnvVar], Users: v[schema.Users.EnvVar]})
	store := promotion.NewStore(promotion.Config{
		DB: db, Ledger: l, Posts: posts, Promoter: posts, Files: media.NewCatalog(db, v[schema.Posts.EnvVar]),
	})
	return New(sessions, store, l), nil
}
