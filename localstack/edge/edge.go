// Package edge is Zuum's embedded AWS edge: one http.Handler that answers the DynamoDB, S3, SES v2
// and Secrets Manager APIs the way LocalStack does on 127.0.0.1:4566, without Docker. `make dev`
// serves it and every Go integration test starts one (see localstack/cloudtest), so functions talk
// to it through the real AWS SDK clients with only AWS_ENDPOINT_URL changed.
//
// Requests are routed like LocalStack: by the SigV4 service name of the credential scope (the
// Authorization header, a presigned URL's X-Amz-Credential, or a browser POST form field);
// unsigned or unknown requests fall to S3.
package edge

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"sync"

	"github.com/johannesboyne/gofakes3"
	bolt "go.etcd.io/bbolt"
)

// Options configure an Edge.
type Options struct {
	// DataDir keeps tables, objects, mail and secrets across restarts (make dev points it at a
	// git-ignored folder). Empty means memory only, which is what tests want: fast and isolated.
	DataDir string
	// Logger receives request and persistence logs; nil discards them.
	Logger *slog.Logger
}

// Edge is a running local AWS edge. It is safe for concurrent use.
type Edge struct {
	log     *slog.Logger
	dataDir string
	handler http.Handler

	dynamo  *dynamo
	s3      http.Handler
	bolt    *bolt.DB
	ses     *mailbox
	secrets *vault

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
		log:     logger,
		dataDir: opts.DataDir,
		dynamo:  newDynamo(),
		ses:     newMailbox(),
		secrets: newVault(),
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
	e.bolt = db
	e.s3 = guardS3(gofakes3.New(backend, gofakes3.WithLogger(s3Log{logger})).Server())
	e.handler = e.routes()

	if e.dataDir != "" {
		if err := e.restore(); err != nil {
			return nil, errors.Join(err, e.closeBolt())
		}
		e.saver = startSaver(e.Save, e.log)
		e.dynamo.onChange = e.saver.poke
		e.ses.onChange = e.saver.poke
		e.secrets.onChange = e.saver.poke
	}
	return e, nil
}

// Handler is the single endpoint of every emulated service, as LocalStack's port 4566 is.
func (e *Edge) Handler() http.Handler { return e.handler }

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
		e.saveDynamo(),
		writeJSONFile(e.path(sesFile), e.ses.snapshot()),
		writeJSONFile(e.path(secretsFile), e.secrets.snapshot()),
	)
}

// Close saves a last snapshot and releases the S3 database. Requests must have stopped (close
// the HTTP server first). Later calls return the first call's result.
func (e *Edge) Close() error {
	e.closeOnce.Do(func() {
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
