// Command transcode backfills listening copies (see jobs.Backfill): it gives every audio post
// and beat made before them, or whose job gave up, its data-saver and normal copies. It may run
// beside traffic and again after an interruption (it does only what is left). Run it with the
// stack's names, credentials for its account and an ffmpeg (Debian's, or FFMPEG_PATH):
//
//	USERS_TABLE=... POSTS_TABLE=... MEDIA_BUCKET=... go run ./functions/jobs/transcode
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/functions/jobs"
	"zuum/functions/wire"
	"zuum/functions/wire/buckets"
	"zuum/shared/media"
	"zuum/shared/post"
	"zuum/shared/schema"
)

func main() {
	ctx := context.Background()
	v, err := wire.Env(os.Getenv).Require(schema.Users.EnvVar, schema.Posts.EnvVar, schema.Media.EnvVar)
	if err == nil {
		var cfg, cerr = config.LoadDefaultConfig(ctx)
		if err = cerr; err == nil {
			db := dynamodb.NewFromConfig(cfg)
			posts := post.NewStore(post.Config{DB: db, Table: v[schema.Posts.EnvVar], Users: v[schema.Users.EnvVar]})
			files := media.NewStore(buckets.S3(cfg), v[schema.Media.EnvVar])
			var done jobs.Backfilled
			done, err = jobs.Backfill(ctx, db, v[schema.Posts.EnvVar], posts, files, media.FFmpeg{Path: os.Getenv(jobs.FFmpegEnvVar)})
			fmt.Printf("transcode: %d posts given listening copies, %d failed (run again to retry them)\n", done.Made, done.Failed)
			if err == nil && done.Failed > 0 {
				err = fmt.Errorf("%d posts failed", done.Failed)
			}
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "transcode:", err)
		os.Exit(1)
	}
}
