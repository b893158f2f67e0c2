package media

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// Examine reads the whole upload at key and judges it: the key must be
// uploads/<userId>/<kind>/<name>, the object at most the kind's size, its bytes an accepted type
// of that kind, and the Content-Type it was stored with the type the bytes are. The Meta it
// returns says ok (with the sniffed type, size and duration) or rejected (with the reason); it
// deletes nothing. It returns ErrNoObject when there is no object, and AWS errors as they are.
//
// The object streams through a temporary file (Lambda's /tmp), never whole into memory.
func (s *Store) Examine(ctx context.Context, key string) (Meta, error) {
	m := Meta{Key: key, CheckedAt: time.Now().UTC()}
	_, kind, ok := ParseKey(key)
	if !ok {
		return m.reject("the key is not uploads/<user>/<kind>/<name> with kind audio, video or image"), nil
	}
	rule := rules[kind]
	out, err := s.s3.GetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: &key})
	if isNoSuchKey(err) {
		return Meta{}, ErrNoObject
	}
	if err != nil {
		return Meta{}, fmt.Errorf("read %s: %w", key, err)
	}
	defer out.Body.Close()
	m.Size = aws.ToInt64(out.ContentLength)
	if m.Size > rule.MaxSize {
		return m.reject(fmt.Sprintf("%d bytes is over the %s limit of %d", m.Size, kind, rule.MaxSize)), nil
	}

	f, err := os.CreateTemp("", "zuum-media-*")
	if err != nil {
		return Meta{}, fmt.Errorf("examine %s: %w", key, err)
	}
	defer func() { f.Close(); os.Remove(f.Name()) }()
	if m.Size, err = io.Copy(f, io.LimitReader(out.Body, rule.MaxSize+1)); err != nil {
		return Meta{}, fmt.Errorf("read %s: %w", key, err)
	}
	if m.Size > rule.MaxSize {
		return m.reject(fmt.Sprintf("more than %d bytes is over the %s limit of %d", rule.MaxSize, kind, rule.MaxSize)), nil
	}
	if m.Size == 0 {
		return m.reject("the object is empty"), nil
	}

	m.ContentType = SniffAt(f, m.Size)
	stored := aws.ToString(out.ContentType)
	switch {
	case m.ContentType == "":
		return m.reject(fmt.Sprintf("the bytes are not a valid %s file", kind)), nil
	case !rule.Accepts(m.ContentType):
		return m.reject(fmt.Sprintf("the bytes are %s, not %s", m.ContentType, kind)), nil
	case !SameFamily(Canonical(stored), m.ContentType):
		return m.reject(fmt.Sprintf("stored as %q but the bytes are %s", stored, m.ContentType)), nil
	}
	m.Duration = Duration(m.ContentType, f, m.Size)
	m.Status = StatusOK
	return m, nil
}

func (m Meta) reject(reason string) Meta {
	m.Status, m.Reason = StatusRejected, reason
	return m
}
