package media

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"

	"zuum/functions/wire"
)

// FromEnv builds the worker from its environment.
func FromEnv(ctx context.Context, cfg aws.Config, env wire.Env) (wire.Worker, error) {
	return func(ctx context.Context, payload []byte) error { return nil }, nil
}
