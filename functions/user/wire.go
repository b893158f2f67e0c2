package user

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/functions/wire"
	"zuum/functions/wire/accounts"
	"zuum/functions/wire/buckets"
	"zuum/functions/wire/queue"
	"zuum/shared/chat"
	"zuum/shared/ledger"
	"zuum/shared/licence"
	"zuum/shared/notify"
	"zuum/shared/post"
	"zuum/shared/purchase"
	"zuum/shared/rights"
	"zuum/shared/schema"
)

// FromEnv builds the route group from its environment: USERS_TABLE, CHAT_TABLE, POSTS_TABLE and
// LEDGER_TABLE (the data export, deactivation, the wallet check of a deletion), MEDIA_BUCKET,
// JWT_SECRET_ID (sessions), MAIL_FROM and APP_URL (the code confirming a deletion), JOBS_FUNCTION
// (the erasure) and MEDIA_URL.
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
	v, err := env.Require(schema.Media.EnvVar, schema.Chat.EnvVar, schema.Posts.EnvVar, schema.Ledger.EnvVar)
	if err != nil {
		return nil, err
	}
	svc, profiles, err := accounts.FromEnv(ctx, cfg, env)
	if err != nil {
		return nil, err
	}
	q, err := queue.Jobs(cfg, env)
	if err != nil {
		return nil, err
	}
	files, err := buckets.MediaStore(ctx, cfg, env, v[schema.Media.EnvVar])
	if err != nil {
		return nil, err
	}
	db := dynamodb.NewFromConfig(cfg)
	posts := post.NewStore(post.Config{DB: db, Table: v[schema.Posts.EnvVar], Users: profiles.Table()})
	rooms := chat.NewStore(db, v[schema.Chat.EnvVar])
	purchases, err := purchase.New(purchase.Config{DB: db, Table: v[schema.Posts.EnvVar]})
	if err != nil {
		return nil, err
	}
	r := Rights{
		Accounts: svc, Posts: posts, Purchases: purchases, Licences: licence.NewStore(db, v[schema.Posts.EnvVar]),
		Ledger: ledger.New(db, v[schema.Ledger.EnvVar]), Notes: notify.NewStore(db, profiles.Table()), Files: files, Jobs: q,
		Eraser: &rights.Eraser{Profiles: profiles, Posts: posts, Chat: rooms, Files: files},
		Switch: rights.Switch{Profiles: profiles, Posts: posts},
	}
	return New(svc.Sessions(), profiles, NewPictures(buckets.S3(cfg), v[schema.Media.EnvVar]), rooms, wire.Media(env), r), nil
}
