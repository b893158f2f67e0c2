// Package audio is the /api/audio route group: the posts route set (functions/posts) for audio
// posts.
package audio

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"

	"zuum/functions/posts"
	"zuum/functions/wire"
)

// FromEnv builds the route group from its environment (see posts.FromEnv).
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
	return posts.FromEnv(ctx, cfg, env, posts.Audio)
}
