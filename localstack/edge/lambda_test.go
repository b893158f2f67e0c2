package edge_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/lambdacontext"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/lambda"
	"github.com/aws/aws-sdk-go-v2/service/lambda/types"

	"zuum/localstack/cloudtest"
	"zuum/localstack/edge"
)

func lambdaClient(c *cloudtest.Cloud) *lambda.Client { return lambda.NewFromConfig(c.Config) }

func invoke(t *testing.T, c *lambda.Client, name string, kind types.InvocationType, payload string) *lambda.InvokeOutput {
	t.Helper()
	out, err := c.Invoke(context.Background(), &lambda.InvokeInput{
		FunctionName: aws.String(name), InvocationType: kind, Payload: []byte(payload),
	})
	if err != nil {
		t.Fatalf("Invoke %s %s: %v", name, kind, err)
	}
	return out
}

func waitIdle(t *testing.T, e *edge.Edge) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := e.WaitIdle(ctx); err != nil {
		t.Fatal(err)
	}
}

// An Event invoke answers 202 before the function has run; WaitIdle returns once it has.
func TestEventInvokeAnswers202AtOnceAndRunsTheFunctionLater(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	release := make(chan struct{})
	var got atomic.Value
	c.Edge.RegisterFunction("zuum-jobs", func(ctx context.Context, payload []byte) error {
		<-release
		got.Store(string(payload))
		return nil
	})
	out := invoke(t, lambdaClient(c), "zuum-jobs", types.InvocationTypeEvent, `{"type":"post_created"}`)
	if out.StatusCode != 202 {
		t.Fatalf("StatusCode = %d, want 202", out.StatusCode)
	}
	if got.Load() != nil {
		t.Fatal("the function ran before the invoke returned")
	}
	busy, cancel := context.WithCancel(context.Background())
	cancel()
	if err := c.Edge.WaitIdle(busy); err == nil {
		t.Error("WaitIdle returned nil while the function was still running")
	}
	close(release)
	waitIdle(t, c.Edge)
	if got.Load() != `{"type":"post_created"}` {
		t.Errorf("payload = %v", got.Load())
	}
	if f := c.Edge.FailedEvents(); len(f) != 0 {
		t.Errorf("FailedEvents = %+v", f)
	}
}

// Lambda runs a failing asynchronous event three times, then keeps it as failed.
func TestFailingEventIsRetriedTwiceThenDeadLettered(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	var attempts atomic.Int32
	ids := make(chan string, 3)
	c.Edge.RegisterFunction("flaky", func(ctx context.Context, payload []byte) error {
		attempts.Add(1)
		lc, _ := lambdacontext.FromContext(ctx)
		ids <- lc.AwsRequestID
		return errors.New("table unavailable")
	})
	invoke(t, lambdaClient(c), "flaky", types.InvocationTypeEvent, `{"n":1}`)
	waitIdle(t, c.Edge)
	if n := attempts.Load(); n != 3 {
		t.Errorf("attempts = %d, want 3", n)
	}
	first := <-ids
	if second, third := <-ids, <-ids; second != first || third != first || first == "" {
		t.Errorf("request ids %q %q %q, want one id across retries", first, second, third)
	}
	failed := c.Edge.FailedEvents()
	if len(failed) != 1 {
		t.Fatalf("FailedEvents = %+v, want one", failed)
	}
	f := failed[0]
	if f.Function != "flaky" || f.Attempts != 3 || f.Err != "table unavailable" || string(f.Payload) != `{"n":1}` || f.RequestID != first {
		t.Errorf("failed event = %+v", f)
	}
}

func TestEventThatSucceedsOnARetryIsNotDeadLettered(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	var attempts atomic.Int32
	c.Edge.RegisterFunction("flaky", func(ctx context.Context, payload []byte) error {
		if attempts.Add(1) < 3 {
			panic("nil map")
		}
		return nil
	})
	invoke(t, lambdaClient(c), "flaky", types.InvocationTypeEvent, `{}`)
	waitIdle(t, c.Edge)
	if n := attempts.Load(); n != 3 {
		t.Errorf("attempts = %d, want 3 (two panics, one success)", n)
	}
	if f := c.Edge.FailedEvents(); len(f) != 0 {
		t.Errorf("FailedEvents = %+v, want none", f)
	}
}

// Work queued by a running function keeps the edge busy: WaitIdle waits for the whole chain.
func TestWaitIdleWaitsForEventsQueuedByFunctions(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	client := lambdaClient(c)
	var mu sync.Mutex
	var order []string
	c.Edge.RegisterFunction("first", func(ctx context.Context, payload []byte) error {
		_, err := client.Invoke(ctx, &lambda.InvokeInput{
			FunctionName: aws.String("second"), InvocationType: types.InvocationTypeEvent, Payload: payload,
		})
		mu.Lock()
		order = append(order, "first")
		mu.Unlock()
		return err
	})
	c.Edge.RegisterFunction("second", func(ctx context.Context, payload []byte) error {
		mu.Lock()
		order = append(order, "second")
		mu.Unlock()
		return nil
	})
	invoke(t, client, "first", types.InvocationTypeEvent, `{}`)
	waitIdle(t, c.Edge)
	mu.Lock()
	defer mu.Unlock()
	if len(order) != 2 {
		t.Errorf("ran %v, want first and second", order)
	}
}

func TestRequestResponseAnswersThePayloadOrTheFunctionError(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	var seen atomic.Value
	c.Edge.RegisterFunction("zuum-media", func(ctx context.Context, payload []byte) error {
		lc, ok := lambdacontext.FromContext(ctx)
		if !ok {
			return errors.New("no lambda context")
		}
		seen.Store(lc.InvokedFunctionArn)
		if strings.Contains(string(payload), "bad") {
			return errors.New("not an mp3")
		}
		return nil
	})
	client := lambdaClient(c)

	out := invoke(t, client, "zuum-media", types.InvocationTypeRequestResponse, `{"ok":true}`)
	if out.StatusCode != 200 || out.FunctionError != nil || string(out.Payload) != "null" {
		t.Errorf("success = %d %v %q, want 200, no error, null", out.StatusCode, out.FunctionError, out.Payload)
	}
	if arn := seen.Load(); arn != "arn:aws:lambda:us-east-1:000000000000:function:zuum-media" {
		t.Errorf("InvokedFunctionArn = %v", arn)
	}

	out = invoke(t, client, "arn:aws:lambda:us-east-1:000000000000:function:zuum-media", "", `{"bad":true}`)
	if out.StatusCode != 200 || aws.ToString(out.FunctionError) != "Unhandled" {
		t.Fatalf("function error = %d %v, want 200 Unhandled", out.StatusCode, out.FunctionError)
	}
	var e struct{ ErrorMessage, ErrorType string }
	if err := json.Unmarshal(out.Payload, &e); err != nil || e.ErrorMessage != "not an mp3" || e.ErrorType != "errorString" {
		t.Errorf("error payload = %s (%v)", out.Payload, err)
	}
	if f := c.Edge.FailedEvents(); len(f) != 0 {
		t.Errorf("a synchronous error reached FailedEvents: %+v", f)
	}
}

func TestDryRunChecksWithoutRunning(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	var ran atomic.Bool
	c.Edge.RegisterFunction("zuum-jobs", func(context.Context, []byte) error { ran.Store(true); return nil })
	out := invoke(t, lambdaClient(c), "zuum-jobs", types.InvocationTypeDryRun, `{}`)
	waitIdle(t, c.Edge)
	if out.StatusCode != 204 || ran.Load() {
		t.Errorf("DryRun = %d, ran %v; want 204 without running", out.StatusCode, ran.Load())
	}
}

func TestInvokeRefusesWhatLambdaRefuses(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	c.Edge.RegisterFunction("zuum-jobs", func(context.Context, []byte) error { return nil })
	client := lambdaClient(c)
	for _, kind := range []types.InvocationType{types.InvocationTypeEvent, types.InvocationTypeRequestResponse} {
		_, err := client.Invoke(context.Background(), &lambda.InvokeInput{
			FunctionName: aws.String("zuum-nothing"), InvocationType: kind, Payload: []byte(`{}`),
		})
		var missing *types.ResourceNotFoundException
		if !errors.As(err, &missing) {
			t.Errorf("%s to an unknown function: %v, want ResourceNotFoundException", kind, err)
		} else if want := "Function not found: arn:aws:lambda:us-east-1:000000000000:function:zuum-nothing"; missing.ErrorMessage() != want {
			t.Errorf("message = %q, want %q", missing.ErrorMessage(), want)
		}
	}
	_, err := client.Invoke(context.Background(), &lambda.InvokeInput{
		FunctionName: aws.String("zuum-jobs"), InvocationType: types.InvocationTypeEvent, Payload: []byte(`{not json`),
	})
	var invalid *types.InvalidRequestContentException
	if !errors.As(err, &invalid) {
		t.Errorf("invalid JSON: %v, want InvalidRequestContentException", err)
	}
	_, err = client.Invoke(context.Background(), &lambda.InvokeInput{
		FunctionName: aws.String("zuum-jobs"), InvocationType: types.InvocationTypeEvent,
		Payload: []byte(`"` + strings.Repeat("x", 1<<20) + `"`),
	})
	var tooLarge *types.RequestTooLargeException
	if !errors.As(err, &tooLarge) {
		t.Errorf("oversized event: %v, want RequestTooLargeException", err)
	}
}

// Closing the edge drops events waiting for a retry instead of waiting for them.
func TestCloseDropsPendingRetries(t *testing.T) {
	t.Parallel()
	e, err := edge.New(edge.Options{RetryDelay: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	ran := make(chan struct{}, 1)
	e.RegisterFunction("flaky", func(context.Context, []byte) error { ran <- struct{}{}; return errors.New("down") })
	r := startServer(t, e)
	invoke(t, lambda.NewFromConfig(cloudtest.Config(r)), "flaky", types.InvocationTypeEvent, `{}`)
	<-ran
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	waitIdle(t, e)
	if f := e.FailedEvents(); len(f) != 0 {
		t.Errorf("FailedEvents = %+v: dropped events are not failures", f)
	}
}

// startServer serves e on a test server until the test ends and returns its URL.
func startServer(t *testing.T, e *edge.Edge) string {
	t.Helper()
	srv := httptest.NewServer(e.Handler())
	t.Cleanup(srv.Close)
	return srv.URL
}
