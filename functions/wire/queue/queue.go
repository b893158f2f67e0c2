// Package queue builds the jobs queue (shared/jobs/invoke) from a group's environment. It is
// apart from package wire because it invokes Lambda: only the groups that queue jobs link the
// Lambda client.
package queue

import (
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/lambda"

	"zuum/functions/wire"
	"zuum/shared/jobs"
	"zuum/shared/jobs/invoke"
)

// Jobs returns the queue to the jobs worker that JOBS_FUNCTION names.
func Jobs(cfg aws.Config, env wire.Env) (jobs.Queue, error) {
	v, err := env.Require("JOBS_FUNCTION")
	if err != nil {
		return nil, err
	}
	return invoke.New(lambda.NewFromConfig(cfg), v["JOBS_FUNCTION"]), nil
}
