// Package cloudtest gives a Go test its own local AWS: an in-memory edge on an httptest server
// with Zuum's tables and buckets provisioned, and real SDK clients pointed at it. Integration
// tests call Start per test; it takes milliseconds, and no state leaks between tests.
//
// Import it from _test files only.
package cloudtest

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"

	"zuum/localstack/edge"
	"zuum/localstack/provision"
	"zuum/shared/schema"
)

// Region is the region every Cloud's clients sign for, LocalStack's default.
const Region = "us-east-1"

// RetryDelay is how long a failed asynchronous Lambda invocation (or a payment webhook the app
// did not take) waits before its retry in a test's cloud: short, so a test that waits for a failing event to reach the dead-letter list
// (FailedEvents) waits milliseconds, not the default's fraction of a second.
const RetryDelay = 5 * time.Millisecond

// Cloud is one test's local AWS.
type Cloud struct {
	// URL is the edge's endpoint, what AWS_ENDPOINT_URL would hold.
	URL string
	// Edge is the running edge: its Mail, its Lambda functions (RegisterFunction, WaitIdle,
	// FailedEvents) and S3 notifications (NotifyObjectCreated).
	Edge *edge.Edge
	// Config points any SDK client (Lambda's too) at URL: region us-east-1, static credentials "test"/"test",
	// BaseEndpoint URL. Handlers under test build their clients from it, exactly as in Lambda.
	Config aws.Config

	// DynamoDB, S3, SES and Secrets are clients built from Config, for arranging and checking
	// state around the code under test. S3 uses path-style addressing, as local clouds require.
	DynamoDB *dynamodb.Client
	S3       *s3.Client
	SES      *sesv2.Client
	Secrets  *secretsmanager.Client
}

// Start runs a fresh edge with schema.Tables and schema.Buckets provisioned; t's cleanup stops
// it. It fails t if anything goes wrong.
func Start(t testing.TB) *Cloud {
	t.Helper()
	e, err := edge.New(edge.Options{Logger: slog.New(slog.DiscardHandler), RetryDelay: RetryDelay, WebhookRetryDelay: RetryDelay})
	if err != nil {
		t.Fatalf("cloudtest: start edge: %v", err)
	}
	srv := httptest.NewServer(e.Handler())
	t.Cleanup(func() {
		srv.Close()
		if err := e.Close(); err != nil {
			t.Errorf("cloudtest: close edge: %v", err)
		}
	})
	cfg := Config(srv.URL)
	if err := provision.Apply(context.Background(), cfg, schema.Tables, schema.Buckets); err != nil {
		t.Fatalf("cloudtest: provision: %v", err)
	}
	return &Cloud{
		URL:      srv.URL,
		Edge:     e,
		Config:   cfg,
		DynamoDB: dynamodb.NewFromConfig(cfg),
		S3:       s3.NewFromConfig(cfg, func(o *s3.Options) { o.UsePathStyle = true }),
		SES:      sesv2.NewFromConfig(cfg),
		Secrets:  secretsmanager.NewFromConfig(cfg),
	}
}

// Config is an SDK configuration for the local cloud at url. It is built by hand, not loaded,
// so nothing from the developer's environment (profiles, real credentials, AWS_REGION) can reach
// a test or send it to real AWS.
func Config(url string) aws.Config {
	return aws.Config{
		Region:       Region,
		Credentials:  credentials.NewStaticCredentialsProvider("test", "test", ""),
		BaseEndpoint: aws.String(url),
	}
}

// Mail returns every message sent through SES so far, oldest first.
func (c *Cloud) Mail() []edge.Message { return c.Edge.Mail() }

// MailTo returns the messages addressed to addr (To, Cc or Bcc; case-insensitive), oldest
// first: what that user's inbox would hold.
func (c *Cloud) MailTo(addr string) []edge.Message {
	var out []edge.Message
	for _, m := range c.Edge.Mail() {
		if m.To(addr) {
			out = append(out, m)
		}
	}
	return out
}
