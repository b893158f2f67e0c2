package edge

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/lambdacontext"
	"github.com/google/uuid"
)

// handlerFunc is a local Lambda function: it receives the invocation's JSON payload. An error
// is a failed run; Lambda retries a failed asynchronous run.
type handlerFunc func(ctx context.Context, payload []byte) error

// FailedEvent is an asynchronous invocation that failed every attempt: what Lambda would send
// to the function's on-failure destination or dead-letter queue.
type FailedEvent struct {
	Function  string
	RequestID string
	Payload   []byte
	Attempts  int
	Err       string // the last attempt's error
	At        time.Time
}

// Lambda's limits and defaults, and the edge's local ones.
const (
	maxSyncPayload  = 6 << 20 // RequestResponse request payload
	maxAsyncPayload = 1 << 20 // Event request payload (raised from 256 KB to 1 MB in 2025)
	asyncAttempts   = 3       // the first run and Lambda's two retries

	defaultRetryDelay      = 200 * time.Millisecond
	defaultFunctionTimeout = time.Minute
	defaultConcurrency     = 16
)

// Invocation types of the Invoke API (X-Amz-Invocation-Type).
const (
	invokeSync   = "RequestResponse"
	invokeAsync  = "Event"
	invokeDryRun = "DryRun"
)

// lambdaService is the Lambda emulator: registered Go functions, invoked synchronously through
// the Invoke API, or asynchronously (Invoke with Event, S3 notifications) through a queue that
// runs a bounded number of events at once and retries failures as Lambda does.
type lambdaService struct {
	log         *slog.Logger
	retryDelay  time.Duration
	timeout     time.Duration
	concurrency int

	ctx    context.Context // cancelled by close: stops running functions
	cancel context.CancelFunc
	wg     sync.WaitGroup // running asynchronous attempts

	mu      sync.Mutex
	funcs   map[string]handlerFunc
	queue   []*asyncEvent // ready to run
	running int
	pending int                         // queued, running or waiting for a retry
	retries map[*time.Timer]*asyncEvent // waiting for a retry
	idle    chan struct{}               // closed while pending is 0
	failed  []FailedEvent
	closed  bool
}

// asyncEvent is one asynchronous invocation across its attempts.
type asyncEvent struct {
	function  string
	region    string
	requestID string
	payload   []byte
	attempts  int
}

func newLambdaService(log *slog.Logger, opts Options) *lambdaService {
	idle := make(chan struct{})
	close(idle)
	ctx, cancel := context.WithCancel(context.Background())
	l := &lambdaService{
		log: log, retryDelay: opts.RetryDelay, timeout: opts.FunctionTimeout, concurrency: opts.AsyncConcurrency,
		ctx: ctx, cancel: cancel,
		funcs: map[string]handlerFunc{}, retries: map[*time.Timer]*asyncEvent{}, idle: idle,
	}
	if l.retryDelay <= 0 {
		l.retryDelay = defaultRetryDelay
	}
	if l.timeout <= 0 {
		l.timeout = defaultFunctionTimeout
	}
	if l.concurrency <= 0 {
		l.concurrency = defaultConcurrency
	}
	return l
}

func (l *lambdaService) register(name string, fn handlerFunc) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.funcs[name] = fn
}

func (l *lambdaService) function(name string) (handlerFunc, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fn, ok := l.funcs[name]
	return fn, ok
}

// ServeHTTP answers the Lambda Invoke API: POST /2015-03-31/functions/{name}/invocations.
func (l *lambdaService) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rest, ok := strings.CutPrefix(r.URL.Path, "/2015-03-31/functions/")
	name, ok2 := strings.CutSuffix(rest, "/invocations")
	if !ok || !ok2 || name == "" || r.Method != http.MethodPost {
		writeRESTError(w, &awsError{http.StatusNotFound, "UnknownOperationException",
			"the local edge implements only Lambda Invoke, not " + r.Method + " " + r.URL.Path})
		return
	}
	l.serveInvoke(w, r, name)
}

func (l *lambdaService) serveInvoke(w http.ResponseWriter, r *http.Request, ref string) {
	region := scopeRegion(r)
	name := functionName(ref)
	requestID := uuid.NewString()
	w.Header().Set("X-Amzn-Requestid", requestID)
	kind := r.Header.Get("X-Amz-Invocation-Type")
	if kind == "" {
		kind = invokeSync
	}
	limit := int64(maxSyncPayload)
	switch kind {
	case invokeSync, invokeDryRun:
	case invokeAsync:
		limit = maxAsyncPayload
	default:
		writeRESTError(w, &awsError{http.StatusBadRequest, "InvalidParameterValueException",
			"1 validation error detected: Value '" + kind + "' at 'invocationType' failed to satisfy constraint: " +
				"Member must satisfy enum value set: [Event, RequestResponse, DryRun]"})
		return
	}
	fn, found := l.function(name)
	if !found {
		writeRESTError(w, &awsError{http.StatusNotFound, "ResourceNotFoundException",
			"Function not found: " + functionARN(region, name)})
		return
	}
	payload, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
	if err != nil {
		writeRESTError(w, &awsError{http.StatusBadRequest, "InvalidRequestContentException", "cannot read request body: " + err.Error()})
		return
	}
	if int64(len(payload)) > limit {
		writeRESTError(w, &awsError{http.StatusRequestEntityTooLarge, "RequestTooLargeException",
			fmt.Sprintf("Request must be smaller than %d bytes for the Invoke operation", limit)})
		return
	}
	if len(bytes.TrimSpace(payload)) == 0 {
		payload = []byte("{}")
	}
	if !json.Valid(payload) {
		writeRESTError(w, &awsError{http.StatusBadRequest, "InvalidRequestContentException",
			"Could not parse request body into json: the payload is not valid JSON"})
		return
	}
	switch kind {
	case invokeDryRun:
		w.WriteHeader(http.StatusNoContent)
	case invokeAsync:
		if err := l.enqueue(name, region, requestID, payload); err != nil {
			writeRESTError(w, &awsError{http.StatusServiceUnavailable, "ServiceException", err.Error()})
			return
		}
		w.WriteHeader(http.StatusAccepted)
	default:
		out, ferr := l.runSync(r.Context(), fn, name, region, requestID, payload)
		w.Header().Set("X-Amz-Executed-Version", "$LATEST")
		w.Header().Set("Content-Type", contentJSON)
		if ferr != nil {
			w.Header().Set("X-Amz-Function-Error", "Unhandled")
		}
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write(out)
	}
}

// runSync runs a RequestResponse invocation: its answer is "null" (the functions return no
// value), or the error payload the Go runtime sends.
func (l *lambdaService) runSync(ctx context.Context, fn handlerFunc, name, region, requestID string, payload []byte) ([]byte, error) {
	err := l.attempt(ctx, fn, name, region, requestID, payload)
	if err == nil {
		return []byte("null"), nil
	}
	out, _ := json.Marshal(map[string]string{"errorMessage": err.Error(), "errorType": errorType(err)})
	return out, err
}

// attempt runs fn once under the function timeout and the Lambda context, turning a panic into
// an error as the runtime would.
func (l *lambdaService) attempt(ctx context.Context, fn handlerFunc, name, region, requestID string, payload []byte) (err error) {
	ctx, cancel := context.WithTimeout(ctx, l.timeout)
	defer cancel()
	ctx = lambdacontext.NewContext(ctx, &lambdacontext.LambdaContext{
		AwsRequestID: requestID, InvokedFunctionArn: functionARN(region, name),
	})
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("function %s panicked: %v", name, p)
		}
	}()
	return fn(ctx, bytes.Clone(payload))
}

// enqueue accepts an asynchronous invocation.
func (l *lambdaService) enqueue(name, region, requestID string, payload []byte) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return errors.New("the local edge is shutting down")
	}
	if l.pending == 0 {
		l.idle = make(chan struct{})
	}
	l.pending++
	l.queue = append(l.queue, &asyncEvent{function: name, region: region, requestID: requestID, payload: bytes.Clone(payload)})
	l.dispatch()
	return nil
}

// dispatch starts queued events while fewer than concurrency run. The caller holds l.mu.
func (l *lambdaService) dispatch() {
	for l.running < l.concurrency && len(l.queue) > 0 && !l.closed {
		ev := l.queue[0]
		l.queue[0] = nil
		l.queue = l.queue[1:]
		l.running++
		l.wg.Add(1)
		go l.run(ev)
	}
}

// run makes one attempt at ev, then schedules its retry, records its failure or finishes it.
func (l *lambdaService) run(ev *asyncEvent) {
	defer l.wg.Done()
	ev.attempts++
	fn, found := l.function(ev.function)
	var err error
	if found {
		err = l.attempt(l.ctx, fn, ev.function, ev.region, ev.requestID, ev.payload)
	} else {
		err = errors.New("Function not found: " + functionARN(ev.region, ev.function))
	}

	l.mu.Lock()
	defer l.mu.Unlock()
	l.running--
	switch {
	case err == nil:
		l.done()
	case l.closed:
		l.log.Warn("lambda: event dropped at shutdown", "function", ev.function, "request_id", ev.requestID, "err", err)
		l.done()
	case ev.attempts < asyncAttempts && found:
		delay := l.retryDelay << (ev.attempts - 1)
		l.log.Warn("lambda: async invocation failed; retrying", "function", ev.function,
			"request_id", ev.requestID, "attempt", ev.attempts, "retry_in", delay, "err", err)
		var t *time.Timer
		t = time.AfterFunc(delay, func() {
			l.mu.Lock() // run held it while t was assigned
			defer l.mu.Unlock()
			l.requeue(t)
		})
		l.retries[t] = ev
	default:
		l.log.Error("lambda: async invocation failed for good", "function", ev.function,
			"request_id", ev.requestID, "attempts", ev.attempts, "err", err)
		l.failed = append(l.failed, FailedEvent{
			Function: ev.function, RequestID: ev.requestID, Payload: ev.payload,
			Attempts: ev.attempts, Err: err.Error(), At: time.Now().UTC(),
		})
		l.done()
	}
	l.dispatch()
}

// requeue puts the event whose retry timer t fired back in the queue. The caller holds l.mu.
func (l *lambdaService) requeue(t *time.Timer) {
	ev, ok := l.retries[t]
	if !ok { // close took it
		return
	}
	delete(l.retries, t)
	l.queue = append(l.queue, ev)
	l.dispatch()
}

// done finishes one pending event. The caller holds l.mu.
func (l *lambdaService) done() {
	l.pending--
	if l.pending == 0 {
		close(l.idle)
	}
}

// waitIdle returns when no asynchronous invocation is queued, running or waiting for a retry.
func (l *lambdaService) waitIdle(ctx context.Context) error {
	l.mu.Lock()
	idle := l.idle
	l.mu.Unlock()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("edge: lambda not idle: %w", ctx.Err())
	}
}

func (l *lambdaService) failedEvents() []FailedEvent {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]FailedEvent, len(l.failed))
	for i, f := range l.failed {
		f.Payload = bytes.Clone(f.Payload)
		out[i] = f
	}
	return out
}

// close refuses new events, drops queued ones and those waiting for a retry, cancels the running
// ones and waits for them to return.
func (l *lambdaService) close() {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return
	}
	l.closed = true
	dropped := len(l.queue)
	for t := range l.retries {
		t.Stop()
		dropped++
	}
	clear(l.retries)
	l.queue = nil
	for range dropped {
		l.done()
	}
	l.mu.Unlock()
	if dropped > 0 {
		l.log.Warn("lambda: events dropped at shutdown", "count", dropped)
	}
	l.cancel()
	l.wg.Wait()
}

// functionName takes the function's name from a name, a partial ARN ("123456789012:function:name")
// or a full ARN, with or without a version or alias qualifier.
func functionName(ref string) string {
	parts := strings.Split(ref, ":")
	for i, p := range parts {
		if p == "function" && i+1 < len(parts) {
			return parts[i+1]
		}
	}
	return parts[0] // "name" or "name:qualifier"
}

func functionARN(region, name string) string {
	return "arn:aws:lambda:" + region + ":" + accountID + ":function:" + name
}

// errorType names an error's type as the Go Lambda runtime does in its error payload.
func errorType(err error) string {
	t := reflect.TypeOf(err)
	if t.Kind() == reflect.Pointer {
		return t.Elem().Name()
	}
	return t.Name()
}
