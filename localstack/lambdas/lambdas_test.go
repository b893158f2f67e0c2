package lambdas_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/lambda"
	"github.com/aws/aws-sdk-go-v2/service/lambda/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"zuum/functions/wire"
	"zuum/localstack/cloudtest"
	"zuum/localstack/lambdas"
	"zuum/shared/schema"
)

// calls records what each worker received.
type calls struct {
	mu  sync.Mutex
	got map[string][]string
}

func (c *calls) worker(name string) wire.Worker {
	return func(ctx context.Context, payload []byte) error {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.got[name] = append(c.got[name], string(payload))
		return nil
	}
}

// Attach deploys the workers as AWS has them: the jobs function reachable by Lambda's
// asynchronous invoke, the media function invoked by uploads (and nothing else) in the bucket.
func TestAttachWiresJobsAndUploadNotifications(t *testing.T) {
	c := cloudtest.Start(t)
	ctx := context.Background()
	rec := &calls{got: map[string][]string{}}
	lambdas.Attach(c.Edge, lambdas.Wired{Workers: map[string]wire.Worker{
		lambdas.MediaFunction: rec.worker(lambdas.MediaFunction),
		lambdas.JobsFunction:  rec.worker(lambdas.JobsFunction),
	}})

	out, err := lambda.NewFromConfig(c.Config).Invoke(ctx, &lambda.InvokeInput{
		FunctionName: aws.String(lambdas.JobsFunction), InvocationType: types.InvocationTypeEvent,
		Payload: []byte(`{"type":"post_created"}`),
	})
	if err != nil || out.StatusCode != 202 {
		t.Fatalf("Invoke jobs = %v, %v", out, err)
	}
	for _, key := range []string{schema.UploadsPrefix + "u1/audio/a.mp3", schema.PublicPrefix + "cover.png"} {
		if _, err := c.S3.PutObject(ctx, &s3.PutObjectInput{
			Bucket: aws.String(schema.Media.Name), Key: aws.String(key), Body: strings.NewReader("ID3"),
		}); err != nil {
			t.Fatal(err)
		}
	}
	wait, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := c.Edge.WaitIdle(wait); err != nil {
		t.Fatal(err)
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if jobs := rec.got[lambdas.JobsFunction]; len(jobs) != 1 || jobs[0] != `{"type":"post_created"}` {
		t.Errorf("jobs worker got %v", jobs)
	}
	media := rec.got[lambdas.MediaFunction]
	if len(media) != 1 || !strings.Contains(media[0], `"key":"uploads/u1/audio/a.mp3"`) || !strings.Contains(media[0], `"ObjectCreated:Put"`) {
		t.Errorf("media worker got %v, want one event for the upload", media)
	}
	if f := c.Edge.FailedEvents(); len(f) != 0 {
		t.Errorf("FailedEvents = %+v", f)
	}
}
