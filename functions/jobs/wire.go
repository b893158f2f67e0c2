package jobs

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/functions/wire"
	"zuum/functions/wire/buckets"
	"zuum/shared/chat"
	"zuum/shared/ledger"
	"zuum/shared/licence"
	"zuum/shared/media"
	"zuum/shared/notify"
	"zuum/shared/post"
	"zuum/shared/profile"
	"zuum/shared/purchase"
	"zuum/shared/rights"
	"zuum/shared/schema"
)

// FFmpegEnvVar names the ffmpeg binary the worker runs.
const FFmpegEnvVar = "FFMPEG_PATH"

// FromEnv builds the worker from USERS_TABLE, POSTS_TABLE, CHAT_TABLE, LEDGER_TABLE and
// MEDIA_BUCKET, and FFMPEG_PATH: the ffmpeg binary that makes listening copies ("" runs ffmpeg
// from the PATH; in AWS, the layer's /opt/bin/ffmpeg).
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (wire.Worker, error) {
	v, err := env.Require(schema.Users.EnvVar, schema.Posts.EnvVar, schema.Chat.EnvVar, schema.Ledger.EnvVar, schema.Media.EnvVar)
	if err != nil {
		return nil, err
	}
	db := dynamodb.NewFromConfig(cfg)
	users, posts := v[schema.Users.EnvVar], v[schema.Posts.EnvVar]
	postStore, profiles := post.NewStore(post.Config{DB: db, Table: posts, Users: users}), profile.NewStore(db, users)
	files := media.NewStore(buckets.S3(cfg), v[schema.Media.EnvVar])
	purchases, err := purchase.New(purchase.Config{DB: db, Table: posts})
	if err != nil {
		return nil, err
	}
	w := New(postStore, profiles, notify.NewStore(db, users), files, media.NewCatalog(db, posts), &rights.Eraser{
		Profiles: profiles, Posts: postStore, Chat: chat.NewStore(db, v[schema.Chat.EnvVar]), Files: files,
		Purchases: purchases, Licences: licence.NewStore(db, posts), Ledger: ledger.New(db, v[schema.Ledger.EnvVar]),
	})
	w.ffmpeg = media.FFmpeg{Path: env(FFmpegEnvVar)}
	return w.Handle, nil
}
