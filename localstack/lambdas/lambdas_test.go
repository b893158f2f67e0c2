package lambdas_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/lambda"
	"github.com/aws/aws-sdk-go-v2/service/lambda/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"zuum/functions/wire"
	"zuum/localstack/apptest"
	"zuum/localstack/cloudtest"
	"zuum/localstack/lambdas"
	"zuum/shared/media"
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
	t.Parallel()
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

// The local cloud builds exactly the groups the CDK stack deploys: every row of
// schema.RouteGroups has a builder, and every builder a row.
func TestGroups_EachRouteGroupHasABuilderAndEachBuilderARouteGroup(t *testing.T) {
	t.Parallel()
	listed := map[string]bool{}
	for _, g := range schema.RouteGroups {
		listed[g.Name] = true
		if _, ok := lambdas.Groups[g.Name]; !ok {
			t.Errorf("route group %s has no builder in lambdas.Groups", g.Name)
		}
	}
	for name := range lambdas.Groups {
		if !listed[name] {
			t.Errorf("builder %s has no row in schema.RouteGroups", name)
		}
	}
}

// Build routes every prefix of every group to a group's handler, and nothing else.
func TestBuild_RoutesEachPrefixOfTheSharedListToItsGroup(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	for _, g := range schema.RouteGroups {
		// An unauthenticated call below each prefix reaches the group's own handler, which
		// answers in JSON with the API's texts, not the gateway's bare "Not Found".
		for _, prefix := range g.Prefixes() {
			r := app.Client(t).JSON("GET", prefix+"/no-such-route", nil)
			if r.Message() == "" || r.Message() == "Not Found" {
				t.Errorf("%s (%s): %d %s, want the group's own answer", prefix, g.Name, r.Status, r.Raw)
			}
		}
	}
	r := app.Client(t).JSON("GET", "/api/no-such-group/x", nil)
	if r.Status != http.StatusNotFound || r.Message() != "Not Found" {
		t.Errorf("unknown prefix: %d %s", r.Status, r.Raw)
	}
}

// The local cloud's media signing key is made once and kept in its Secrets Manager, so a restart
// keeps the key the CDN stand-in trusts and the URLs already handed out; the secret holds what
// the groups read (MEDIA_SIGNING_SECRET_ID), a PEM private key whose public half is returned.
func TestMediaSigning_MakesTheKeyOnceAndKeepsIt(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	first, err := lambdas.MediaSigning(ctx, c.Config)
	if err != nil {
		t.Fatal(err)
	}
	again, err := lambdas.MediaSigning(ctx, c.Config)
	if err != nil || !first.Equal(again) {
		t.Fatalf("a second start: %v, same key %v", err, first.Equal(again))
	}
	secret, err := wire.Secret(ctx, c.Config, lambdas.MediaSigningSecretName)
	if err != nil {
		t.Fatal(err)
	}
	key, err := media.ParsePrivateKey(secret)
	if err != nil || !key.PublicKey.Equal(first) {
		t.Fatalf("the secret's key: %v, its public half is the one returned: %v", err, err == nil && key.PublicKey.Equal(first))
	}
	if env := lambdas.Env("http://127.0.0.1:8080"); env["MEDIA_SIGNING_SECRET_ID"] != lambdas.MediaSigningSecretName ||
		env["MEDIA_SIGNING_KEY_ID"] != lambdas.MediaSigningKeyID {
		t.Errorf("the groups' environment names %q and %q", env["MEDIA_SIGNING_SECRET_ID"], env["MEDIA_SIGNING_KEY_ID"])
	}
}
