// Package beat is the /api/beat route group: beats for sale. Creating, listing, reading,
// reacting to, commenting on, sharing and deleting beats is the posts route set
// (functions/posts) for the kind beat.
package beat

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"

	"zuum/functions/posts"
	"zuum/functions/wire"
)

// FromEnv builds the route group from its environment (see posts.FromEnv).
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
	return posts.FromEnv(ctx, cfg, env, posts.Beat)
}
