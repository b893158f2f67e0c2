package edge

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3bolt"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	bolt "go.etcd.io/bbolt"
)

const s3File = "s3.bolt"

// openS3Backend picks gofakes3's storage: a bbolt file under dataDir, so objects survive a
// restart, or memory. The caller owns the returned DB (nil for memory) and must close it.
func openS3Backend(dataDir string) (gofakes3.Backend, *bolt.DB, error) {
	if dataDir == "" {
		return s3mem.New(), nil, nil
	}
	// bbolt locks its file; a second edge on the same DataDir fails here instead of waiting.
	db, err := bolt.Open(filepath.Join(dataDir, s3File), 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		return nil, nil, fmt.Errorf("edge: open s3 database: %w", err)
	}
	return &boltBackend{Backend: s3bolt.New(db)}, db, nil
}

// boltBackend makes gofakes3's bbolt backend safe under concurrent requests. s3bolt decodes an
// object with bson, whose byte slices (the contents and the MD5) point into bbolt's memory map,
// and it hands them out after the read transaction has ended. A write that grows the file remaps
// it, and a later write may reuse those pages: a GET then serves another object's bytes, and a
// CopyObject, which formats the source's hash after writing the copy, faults on the unmapped page
// (SIGSEGV, which kills the process). So reads copy what they return while holding mu shared,
// and every write holds mu alone: no remap or page reuse can happen between a read's transaction
// and its copy.
type boltBackend struct {
	gofakes3.Backend
	mu sync.RWMutex
}

func (b *boltBackend) GetObject(bucket, key string, rng *gofakes3.ObjectRangeRequest) (*gofakes3.Object, error) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	obj, err := b.Backend.GetObject(bucket, key, rng)
	if err != nil {
		return nil, err
	}
	defer obj.Contents.Close()
	body, err := io.ReadAll(obj.Contents)
	if err != nil {
		return nil, fmt.Errorf("edge: read s3 object %s/%s: %w", bucket, key, err)
	}
	obj.Contents = io.NopCloser(bytes.NewReader(body))
	obj.Hash = bytes.Clone(obj.Hash)
	return obj, nil
}

func (b *boltBackend) HeadObject(bucket, key string) (*gofakes3.Object, error) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	obj, err := b.Backend.HeadObject(bucket, key)
	if err != nil {
		return nil, err
	}
	obj.Hash = bytes.Clone(obj.Hash)
	return obj, nil
}

// PutObject reads the body before taking the lock, so a slow upload holds up no one.
func (b *boltBackend) PutObject(bucket, key string, meta map[string]string, input io.Reader, size int64, cond *gofakes3.PutConditions) (gofakes3.PutObjectResult, error) {
	body, err := gofakes3.ReadAll(input, size)
	if err != nil {
		return gofakes3.PutObjectResult{}, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.Backend.PutObject(bucket, key, meta, bytes.NewReader(body), size, cond)
}

// CopyObject runs gofakes3's helper against this backend (not s3bolt's own CopyObject, which
// reads the source's hash after its own write), so the read and the write take the lock above.
func (b *boltBackend) CopyObject(srcBucket, srcKey, dstBucket, dstKey string, meta map[string]string) (gofakes3.CopyObjectResult, error) {
	return gofakes3.CopyObject(b, srcBucket, srcKey, dstBucket, dstKey, meta)
}

func (b *boltBackend) DeleteObject(bucket, key string) (gofakes3.ObjectDeleteResult, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.Backend.DeleteObject(bucket, key)
}

func (b *boltBackend) DeleteMulti(bucket string, keys ...string) (gofakes3.MultiDeleteResult, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.Backend.DeleteMulti(bucket, keys...)
}

func (b *boltBackend) CreateBucket(name string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.Backend.CreateBucket(name)
}

func (b *boltBackend) DeleteBucket(name string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.Backend.DeleteBucket(name)
}

func (b *boltBackend) ForceDeleteBucket(name string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.Backend.ForceDeleteBucket(name)
}

// guardS3 puts in front of gofakes3 (which checks no signature, expiry or POST policy) what S3
// does before and after it stores anything:
//   - CORS as the bucket's rule (preflights answered without a signature);
//   - authentication: presigned URLs (signature and expiry), Authorization headers (access
//     key, signature, and the body against its signed hash), browser POST forms (signature and
//     every policy condition, the file's size checked while it streams); anonymous requests
//     are refused, as the bucket is private;
//   - ObjectCreated notifications, queued before the response is sent, so a client that has
//     its answer can wait for them (WaitIdle).
func (e *Edge) guardS3(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodOptions {
			servePreflight(w, r)
			return
		}
		cw := withCORS(w, r)
		trip := &tripwire{}
		var err *s3Error
		switch {
		case isPresigned(r):
			err = e.verifyPresigned(r)
		case r.Header.Get("Authorization") != "":
			err = e.verifyAuthorization(r, trip)
		case isBrowserPost(r):
			e.serveBrowserPost(cw, r, next)
			return
		default:
			err = accessDenied("Access Denied")
		}
		if err != nil {
			writeS3Error(cw, r, err)
			return
		}
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			next.ServeHTTP(cw, r)
			return
		}
		keepHeaders(r)
		// Writes are answered from a buffer (their answers are small), so a body that fails its
		// hash can still be refused, and notifications queue before the client hears back.
		rec := newBufferedResponse()
		next.ServeHTTP(rec, r)
		if trip.err != nil {
			writeS3Error(cw, r, trip.err)
			return
		}
		if name := createdEvent(r, rec); name != "" {
			bucket, key := splitBucketKey(r.URL.Path)
			cred, _ := parseCredential(requestCredential(r))
			e.objectCreated(r, rec, cred, bucket, key, name)
		}
		copyResponse(cw, rec)
	})
}

// isPresigned reports whether r carries SigV4 query authentication (a presigned URL).
func isPresigned(r *http.Request) bool {
	q := r.URL.Query()
	return q.Has("X-Amz-Algorithm") || q.Has("X-Amz-Credential") || q.Has("X-Amz-Signature")
}

// requestCredential is the credential a signed request names, in its header or query.
func requestCredential(r *http.Request) string {
	if c := credentialFromAuthorization(r.Header.Get("Authorization")); c != "" {
		return c
	}
	return r.URL.Query().Get("X-Amz-Credential")
}

// splitBucketKey splits a path-style S3 path into bucket and key.
func splitBucketKey(path string) (bucket, key string) {
	bucket, key, _ = strings.Cut(strings.TrimPrefix(path, "/"), "/")
	return bucket, key
}

// copyResponse sends a buffered response.
func copyResponse(w http.ResponseWriter, rec *bufferedResponse) {
	h := w.Header()
	for name, values := range rec.header {
		h[name] = values
	}
	w.WriteHeader(rec.code())
	_, _ = w.Write(rec.body.Bytes())
}

// s3Log adapts gofakes3's logger to slog.
type s3Log struct{ log *slog.Logger }

func (l s3Log) Print(level gofakes3.LogLevel, v ...any) {
	msg := fmt.Sprint(v...)
	switch level {
	case gofakes3.LogErr:
		l.log.Error("s3: " + msg)
	case gofakes3.LogWarn:
		l.log.Warn("s3: " + msg)
	default:
		l.log.Debug("s3: " + msg)
	}
}
