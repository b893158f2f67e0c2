package media

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"

	"zuum/shared/schema"
)

// GetTTL is how long a signed media URL in an API answer stays valid.
const GetTTL = 6 * time.Hour

// Store reads, signs and deletes uploads in the media bucket.
type Store struct {
	s3      *s3.Client
	presign *s3.PresignClient
	bucket  string
}

// NewStore returns a store over bucket.
func NewStore(client *s3.Client, bucket string) *Store {
	return &Store{s3: client, presign: s3.NewPresignClient(client), bucket: bucket}
}

// Info is what Check learned about an upload.
type Info struct {
	Key         string
	ContentType string // sniffed from the bytes
	Size        int64
}

// ErrNoObject is returned by Check for a key with no object behind it.
var ErrNoObject = errors.New("media: no such object")

// Check reads the first bytes of key and sniffs them. It returns ErrNoObject when the object
// does not exist; the caller decides whether the sniffed type fits.
func (s *Store) Check(ctx context.Context, key string) (Info, error) {
	out, err := s.s3.GetObject(ctx, &s3.GetObjectInput{
		Bucket: &s.bucket, Key: &key, Range: aws.String(fmt.Sprintf("bytes=0-%d", SniffLen-1)),
	})
	var nsk *s3types.NoSuchKey
	if errors.As(err, &nsk) {
		return Info{}, ErrNoObject
	}
	if err != nil {
		return Info{}, fmt.Errorf("read %s: %w", key, err)
	}
	defer out.Body.Close()
	head, err := io.ReadAll(io.LimitReader(out.Body, SniffLen))
	if err != nil {
		return Info{}, fmt.Errorf("read %s: %w", key, err)
	}
	info := Info{Key: key, ContentType: Sniff(head), Size: int64(len(head))}
	if out.ContentRange != nil {
		var a, b, total int64
		if _, err := fmt.Sscanf(*out.ContentRange, "bytes %d-%d/%d", &a, &b, &total); err == nil {
			info.Size = total
		}
	}
	return info, nil
}

// URL is the address a browser loads key from: public/ media through the CDN path, uploads by
// a GET presigned for GetTTL.
func (s *Store) URL(ctx context.Context, key string) string {
	if key == "" {
		return ""
	}
	if len(key) >= len(schema.PublicPrefix) && key[:len(schema.PublicPrefix)] == schema.PublicPrefix {
		return "/" + key
	}
	req, err := s.presign.PresignGetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: &key},
		s3.WithPresignExpires(GetTTL))
	if err != nil {
		return ""
	}
	return req.URL
}

// Delete removes keys; missing objects are not an error (S3 deletes are idempotent).
func (s *Store) Delete(ctx context.Context, keys ...string) error {
	for _, k := range keys {
		if k == "" {
			continue
		}
		if _, err := s.s3.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: &s.bucket, Key: aws.String(k)}); err != nil {
			return fmt.Errorf("delete %s: %w", k, err)
		}
	}
	return nil
}
