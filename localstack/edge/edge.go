// Package edge is Zuum's embedded AWS edge: one http.Handler that answers the DynamoDB, S3, SES v2,
// Secrets Manager and Lambda APIs the way LocalStack does on 127.0.0.1:4566, without Docker, and
// the payment provider's sandbox under /_flutterwave/ (localstack/flutterwave). `make dev`
// serves it and every Go integration test starts one (see localstack/cloudtest), so functions talk
// to it through the real AWS SDK clients with only AWS_ENDPOINT_URL changed.
//
// Requests are routed like LocalStack: by the SigV4 service name of the credential scope (the
// Authorization header, a presigned URL's X-Amz-Credential, or a browser POST form field);
// unsigned requests fall to S3, and one signed for a service the edge lacks is refused with 501
// UnknownServiceException naming the services it has. API Gateway's @connections management API
// (execute-api) reaches the local WebSocket API's connections (ServeConnections).
//
// S3 refuses what AWS refuses (signatures, expiry, POST policies, anonymous access; see
// guardS3) and answers CORS as the media bucket's rule. Lambda functions are Go functions
// registered with RegisterFunction: the Invoke API runs them, synchronously or queued with
// Lambda's retries, and so do S3 ObjectCreated notifications (NotifyObjectCreated).
package edge

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/johannesboyne/gofakes3"
	bolt "go.etcd.io/bbolt"

	"zuum/localstack/flutterwave"
)

// Options configure an Edge.
type Options struct {
	// DataDir keeps tables, objects, mail and secrets across restarts (make dev points it at a
	// git-ignored folder). Empty means memory only, which is what tests want: fast and isolated.
	DataDir string
	// Logger receives request and persistence logs; nil discards them.
	Logger *slog.Logger

	// Credentials maps each access key the edge accepts to its secret key; S3 requests signed
	// with another key, or with a wrong signature, are refused as AWS refuses them. Nil means
	// {"test": "test"}, the local cloud's credentials.
	Credentials map[string]string
	// Clock is the time presigned URLs and POST policies are checked against; nil means
	// time.Now. Tests move it forward to see them expire.
	Clock func() time.Time

	// RetryDelay is how long a failed asynchronous Lambda invocation waits before its first
	// retry; the second retry waits twice as long (AWS waits about a minute, then two). Zero
	// means 200ms.
	RetryDelay time.Duration
	// FunctionTimeout bounds one run of a local Lambda function. Zero means a minute.
	FunctionTimeout time.Duration
	// AsyncConcurrency is how many asynchronous invocations run at once; the rest wait in
	// order. Zero means 16.
	AsyncConcurrency int
	// WebhookRetryDelay is how long the payment sandbox waits between attempts at a webhook the
	// app did not take (the provider waits 30 minutes). Zero means 2 s.
	WebhookRetryDelay time.Duration
}

// Edge is a running local AWS edge. It is safe for concurrent use.
type Edge struct {
	log         *slog.Logger
	dataDir     string
	credentials map[string]string
	now         func() time.Time
	handler     http.Handler

	dynamo    *dynamo
	s3        http.Handler
	s3backend gofakes3.Backend
	bolt      *bolt.DB
	ses       *mailbox
	secrets   *vault
	lambda    *lambdaService
	notify    notifications
	payments  *flutterwave.Sandbox
	sockets   sockets

	saveMu sync.Mutex // one snapshot writer at a time
	saver  *saver     // nil when memory only

	closeOnce sync.Once
	closeErr  error
}

// New starts an Edge, restoring what DataDir holds from a previous run.
func New(opts Options) (*Edge, error) {
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	e := &Edge{
		log:         logger,
		dataDir:     opts.DataDir,
		credentials: opts.Credentials,
		now:         opts.Clock,
		dynamo:      newDynamo(),
		ses:         newMailbox(),
		secrets:     newVault(),
		lambda:      newLambdaService(logger, opts),
	}
	e.payments = flutterwave.New(flutterwave.Options{
		Clock: opts.Clock, RetryDelay: opts.WebhookRetryDelay, Logger: logger.With("service", "flutterwave"),
	})
	if e.credentials == nil {
		e.credentials = map[string]string{"test": "test"}
	}
	if e.now == nil {
		e.now = time.Now
	}
	if e.dataDir != "" {
		if err := os.MkdirAll(e.dataDir, 0o755); err != nil {
			return nil, fmt.Errorf("edge: create data dir: %w", err)
		}
	}
	backend, db, err := openS3Backend(e.dataDir)
	if err != nil {
		return nil, err
	}
	e.bolt, e.s3backend = db, backend
	e.s3 = e.guardS3(gofakes3.New(keptHeadersBackend{backend}, gofakes3.WithLogger(s3Log{logger})).Server())
	e.handler = e.routes()

	if e.dataDir != "" {
		if err := e.restore(); err != nil {
			return nil, errors.Join(err, e.closeBolt())
		}
		e.saver = startSaver(e.Save, e.log)
		e.dynamo.onChange = e.saver.poke
		e.ses.onChange = e.saver.poke
		e.secrets.onChange = e.saver.poke
		e.payments.OnChange(e.saver.poke)
	}
	return e, nil
}

// Handler is the single endpoint of every emulated service, as LocalStack's port 4566 is.
func (e *Edge) Handler() http.Handler { return e.handler }

// Payments is the payment provider's sandbox: Configure it with the merchant's keys and the
// app's webhook address; its Deliveries list the webhooks sent.
func (e *Edge) Payments() *flutterwave.Sandbox { return e.payments }

// Mail returns every message sent through SES, oldest first, so tests and the dev UI can read
// the codes and links the app mails out.
func (e *Edge) Mail() []Message { return e.ses.list("") }

// Save writes a snapshot of tables, mail and secrets to DataDir (objects live in bbolt and are
// durable already). It is a no-op when the Edge keeps memory only. Mutating calls save on their
// own, debounced; call Save to force it, for example before copying DataDir.
func (e *Edge) Save() error {
	if e.dataDir == "" {
		return nil
	}
	e.saveMu.Lock()
	defer e.saveMu.Unlock()
	return errors.Join(
		e.saveDynamo(e.path(dynamoFile)),
		writeJSONFile(e.path(sesFile), e.ses.snapshot()),
		writeJSONFile(e.path(secretsFile), e.secrets.snapshot()),
		writeJSONFile(e.path(paymentsFile), e.payments.Snapshot()),
	)
}

// RegisterFunction makes fn the local Lambda function name (replacing any earlier one), for the
// Invoke API and for S3 notifications.
func (e *Edge) RegisterFunction(name string, fn func(ctx context.Context, payload []byte) error) {
	e.lambda.register(name, fn)
}

// WaitIdle returns when no asynchronous invocation is queued, running or waiting for a retry
// and no payment webhook is being sent or waiting for a retry, or with an error when ctx ends
// first. Events an invocation queues while it runs count too.
func (e *Edge) WaitIdle(ctx context.Context) error {
	if err := e.payments.WaitIdle(ctx); err != nil {
		return err
	}
	return e.lambda.waitIdle(ctx)
}

// FailedEvents returns the asynchronous invocations that failed every attempt (the dead-letter
// list), oldest first. Each is logged too.
func (e *Edge) FailedEvents() []FailedEvent { return e.lambda.failedEvents() }

// Close stops asynchronous invocations (queued ones and pending retries are dropped, running
// ones cancelled), saves a last snapshot and releases the S3 database. Requests must have
// stopped (close the HTTP server first). Later calls return the first call's result.
func (e *Edge) Close() error {
	e.closeOnce.Do(func() {
		e.lambda.close()
		e.payments.Close()
		if e.saver != nil {
			e.saver.stop()
		}
		e.closeErr = errors.Join(e.Save(), e.closeBolt())
	})
	return e.closeErr
}

func (e *Edge) closeBolt() error {
	if e.bolt == nil {
		return nil
	}
	if err := e.bolt.Close(); err != nil {
		return fmt.Errorf("edge: close s3 database: %w", err)
	}
	return nil
}
