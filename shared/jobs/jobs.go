// Package jobs hands work that must not hold up a request (telling followers about a new post,
// tidying up after a deleted one) to the jobs function, by Lambda's asynchronous invoke: the call
// returns once Lambda has queued the event, and Lambda retries a failed run (twice in AWS, then
// the event goes to the function's failure destination). The local cloud's edge serves the same
// Invoke API with the same retry behaviour, so the path is identical everywhere.
//
// Jobs must be idempotent: a retried job runs again from the start.
package jobs

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/lambda"
	"github.com/aws/aws-sdk-go-v2/service/lambda/types"
)

// Type names a kind of job.
type Type string

// Job types.
const (
	// PostCreated tells the author's followers about a new post (one notification each).
	PostCreated Type = "post_created"
	// PostDeleted removes a deleted post's comments, reactions, shares and media.
	PostDeleted Type = "post_deleted"
)

// Job is one unit of asynchronous work. Fields beyond Type depend on it.
type Job struct {
	Type     Type   `json:"type"`
	PostID   string `json:"post_id,omitempty"`
	PostKind string `json:"post_kind,omitempty"` // audio, video, beat
	AuthorID string `json:"author_id,omitempty"`
	// Media are the object keys a PostDeleted job removes.
	Media []string `json:"media,omitempty"`
}

// Queue sends jobs.
type Queue interface {
	Send(ctx context.Context, j Job) error
}

// Lambda sends jobs to a function by asynchronous invoke.
type Lambda struct {
	client   *lambda.Client
	function string
}

// NewLambda returns a queue that invokes function (a name or ARN) asynchronously.
func NewLambda(client *lambda.Client, function string) *Lambda {
	return &Lambda{client: client, function: function}
}

// Send queues j. A nil error means Lambda accepted the event (202).
func (q *Lambda) Send(ctx context.Context, j Job) error {
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
