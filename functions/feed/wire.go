package feed

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"

	"zuum/functions/posts"
	"zuum/functions/wire"
)

// FromEnv builds the route group from its environment (see posts.Wire): USERS_TABLE,
// POSTS_TABLE, MEDIA_BUCKET, JWT_SECRET_ID, MAIL_FROM, APP_URL and MEDIA_URL, and
// MEDIA_SIGNING_SECRET_ID with MEDIA_SIGNING_KEY_ID for signed media URLs (buckets.MediaStore).
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
	d, err := posts.Wire(ctx, cfg, env)
	if err != nil {
		return nil, err
	}
	return New(d), nil
}
