package edge_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"

	"zuum/localstack/cloudtest"
	"zuum/localstack/edge"
	"zuum/localstack/provision"
	"zuum/shared/schema"
)

// running is an edge on a test server with SDK clients, for tests that restart the edge on
// the same DataDir (cloudtest.Start is memory only).
type running struct {
	t        testing.TB
	URL      string
	Edge     *edge.Edge
	srv      *httptest.Server
	Config   aws.Config
	DynamoDB *dynamodb.Client
	S3       *s3.Client
	SES      *sesv2.Client
	Secrets  *secretsmanager.Client
}

func startEdge(t testing.TB, dir string) *running {
	t.Helper()
	return startEdgeWith(t, edge.Options{DataDir: dir})
}

// startEdgeWith starts an edge with opts, provisioned, with SDK clients.
func startEdgeWith(t testing.TB, opts edge.Options) *running {
	t.Helper()
	e, err := edge.New(opts)
	if err != nil {
		t.Fatalf("edge.New: %v", err)
	}
	srv := httptest.NewServer(e.Handler())
	cfg := cloudtest.Config(srv.URL)
	r := &running{
		t: t, URL: srv.URL, Edge: e, srv: srv, Config: cfg,
		DynamoDB: dynamodb.NewFromConfig(cfg),
		S3:       s3.NewFromConfig(cfg, func(o *s3.Options) { o.UsePathStyle = true }),
		SES:      sesv2.NewFromConfig(cfg),
		Secrets:  secretsmanager.NewFromConfig(cfg),
	}
	t.Cleanup(r.stop)
	if err := provision.Apply(context.Background(), cfg, schema.Tables, schema.Buckets); err != nil {
		t.Fatalf("provision: %v", err)
	}
	return r
}

// stop shuts the server then the edge; calling it twice is harmless.
func (r *running) stop() {
	r.srv.Close()
	if err := r.Edge.Close(); err != nil {
		r.t.Errorf("edge.Close: %v", err)
	}
}

// get fetches an edge URL path and returns status and body.
func get(t *testing.T, method, url string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, body := do(t, req)
	return resp.StatusCode, string(body)
}

// do sends req and returns its response with the body read whole.
func do(t *testing.T, req *http.Request) (*http.Response, []byte) {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}
