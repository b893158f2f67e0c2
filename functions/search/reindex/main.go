// Command reindex backfills the search index of an existing deployment: it indexes every
// profile and every public post made before search existed (see search.Backfill). Run it once
// after deploying search, with the stack's table names and credentials for its account:
//
//	USERS_TABLE=... POSTS_TABLE=... go run ./functions/search/reindex
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/functions/search"
	"zuum/functions/wire"
	"zuum/shared/post"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

func main() {
	ctx := context.Background()
	v, err := wire.Env(os.Getenv).Require(schema.Users.EnvVar, schema.Posts.EnvVar)
	if err == nil {
		var cfg, cerr = config.LoadDefaultConfig(ctx)
		if err = cerr; err == nil {
			db := dynamodb.NewFromConfig(cfg)
			users, posts := v[schema.Users.EnvVar], v[schema.Posts.EnvVar]
			var np, nq int
			np, nq, err = search.Backfill(ctx, db, profile.NewStore(db, users),
				post.NewStore(post.Config{DB: db, Table: posts, Users: users}), users, posts)
			fmt.Printf("reindex: %d profiles, %d posts indexed\n", np, nq)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "reindex:", err)
		os.Exit(1)
	}
}
