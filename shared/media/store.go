package media

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"zuum/shared/schema"
)

// GetTTL is how long a signed media URL in an API answer stays valid. It is kept short because in
// AWS a presigned URL also dies with the Lambda role's temporary credentials that signed it;
// clients refetch lists, which signs afresh.
const GetTTL = time.Hour

// Store signs uploads to the media bucket, examines, claims, signs GETs for and deletes its objects.
type Store struct {
	s3      *s3.Client
	presign *s3.PresignClient
	bucket  string
}

// NewStore returns a store over bucket.
func NewStore(client *s3.Client, bucket string) *Store {
	return &Store{s3: client, presign: s3.NewPresignClient(client), bucket: bucket}
}

// ErrNoObject is returned by Examine and Claim for a key with no object behind it.
var ErrNoObject = errors.New("media: no such object")

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
