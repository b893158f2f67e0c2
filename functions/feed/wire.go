package feed

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"

	"zuum/functions/wire"
	"zuum/shared/httpapi"
)

// FromEnv builds the route group from its environment.
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (http.Handler, error) {
	return http.HandlerFunc(httpapi.NotFound), nil
}
