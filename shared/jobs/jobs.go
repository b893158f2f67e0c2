// Package jobs hands work that must not hold up a request (telling followers about a new post,
// tidying up after a deleted one) to the jobs function, by Lambda's asynchronous invoke: the call
// returns once Lambda has queued the event, and Lambda retries a failed run (twice in AWS, then
// the event goes to the function's failure destination). The local cloud's edge serves the same
// Invoke API with the same retry behaviour, so the path is identical everywhere.
//
// Jobs must be idempotent: a retried job runs again from the start. The queue over Lambda's
// invoke is shared/jobs/invoke, a package of its own so that only the functions that queue jobs
// link the Lambda client.
package jobs

import "context"

// Type names a kind of job.
type Type string

// Job types.
const (
	// PostCreated tells the author's followers about a new post (one notification each).
	PostCreated Type = "post_created"
	// PostDeleted removes a deleted post's comments, reactions, shares and media.
	PostDeleted Type = "post_deleted"
	// UserDeleted erases an account its holder asked to delete (shared/rights), AuthorID being
	// the account.
	UserDeleted Type = "user_deleted"
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
