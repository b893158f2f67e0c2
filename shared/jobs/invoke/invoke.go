// Package invoke is the jobs.Queue over Lambda's asynchronous invoke (see shared/jobs).
package invoke

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/lambda"
	"github.com/aws/aws-sdk-go-v2/service/lambda/types"

	"zuum/shared/jobs"
)

// Queue sends jobs to a function by asynchronous invoke.
type Queue struct {
	client   *lambda.Client
	function string
}

// New returns a queue that invokes function (a name or ARN) asynchronously.
func New(client *lambda.Client, function string) *Queue {
	return &Queue{client: client, function: function}
}

// Send queues j. A nil error means Lambda accepted the event (202).
func (q *Queue) Send(ctx context.Context, j jobs.Job) error {
	payload, err := json.Marshal(j)
	if err != nil {
		return fmt.Errorf("encode job: %w", err)
	}
	out, err := q.client.Invoke(ctx, &lambda.InvokeInput{
		FunctionName:   aws.String(q.function),
		InvocationType: types.InvocationTypeEvent,
		Payload:        payload,
	})
	if err != nil {
		return fmt.Errorf("queue %s job: %w", j.Type, err)
	}
	if out.StatusCode != 202 {
		return fmt.Errorf("queue %s job: status %d", j.Type, out.StatusCode)
	}
	return nil
}
