// Package media is the media function. S3 invokes it (asynchronously, with retries) for every
// object created under uploads/; it parses the object's bytes (media.ExamineFile, as post
// creation does) and records what they are in the media catalog. An object whose bytes are not
// a valid file of an accepted type of the kind its key names (uploads/<userId>/<kind>/…), or
// not the type it was stored as, is recorded as rejected and deleted. It leaves every other
// prefix alone: media/ holds the copies posts use, checked when the post was made.
package media

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/aws/aws-lambda-go/events"

	"zuum/shared/media"
	"zuum/shared/schema"
)

// Worker checks uploads.
type Worker struct {
	store   *media.Store
	catalog *media.Catalog
	bucket  string
}

// New returns a worker over the media bucket's store and the catalog.
func New(store *media.Store, catalog *media.Catalog, bucket string) *Worker {
	return &Worker{store: store, catalog: catalog, bucket: bucket}
}

// Handle processes one S3 event. It is idempotent: a retried event checks the same objects
// again and records the same outcome, and an object already gone (deleted by an earlier run, or
// by its owner) is nothing to do. AWS errors are returned, so Lambda retries the event.
func (w *Worker) Handle(ctx context.Context, payload []byte) error {
	var e events.S3Event
	if err := json.Unmarshal(payload, &e); err != nil {
		return fmt.Errorf("media: not an S3 event: %w", err)
	}
	var errs []error
	for _, rec := range e.Records {
		key := rec.S3.Object.URLDecodedKey
		if !strings.HasPrefix(rec.EventName, "ObjectCreated:") || rec.S3.Bucket.Name != w.bucket ||
			!strings.HasPrefix(key, schema.UploadsPrefix) {
			continue
		}
		if err := w.check(ctx, key); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// check examines key, records the outcome and deletes a rejected object. The record is written
// before the delete, so a run that fails between the two leaves the reason behind and its retry
// finishes the delete.
func (w *Worker) check(ctx context.Context, key string) error {
	m, err := w.store.Examine(ctx, key)
	if errors.Is(err, media.ErrNoObject) {
		slog.InfoContext(ctx, "media: object gone, nothing to check", "key", key)
		return nil
	}
	if err != nil {
		return err
	}
	if err := w.catalog.Record(ctx, m); err != nil {
		return err
	}
	if m.OK() {
		slog.InfoContext(ctx, "media: upload ok", "key", key, "type", m.ContentType, "size", m.Size, "duration", m.Duration)
		return nil
	}
	slog.WarnContext(ctx, "media: upload rejected", "key", key, "reason", m.Reason)
	return w.store.Delete(ctx, key)
}
