// Package audio is the /api/audio route group: the posts route set (functions/posts) for audio
// posts.
package audio

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"

	"zuum/functions/posts"
	"zuum/functions/wire"
	"zuum/functions/wire/queue"
)

// FromEnv builds the route group from its environment (see posts.WireWriter and queue.Jobs).
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
	q, err := queue.Jobs(cfg, env)
	if err != nil {
		return nil, err
	}
	return posts.FromEnv(ctx, cfg, env, posts.Audio, q)
}
