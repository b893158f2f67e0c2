package media

import (
	"context"
	"errors"
	"fmt"
	"mime"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"zuum/shared/schema"
)

// GetTTL is how long a presigned S3 GET in an API answer stays valid (uploads, and media of a
// store without a Signer). It is kept short because in AWS a presigned URL also dies with the
// Lambda role's temporary credentials that signed it; clients refetch lists, which signs afresh.
const GetTTL = time.Hour

// Store signs uploads to the media bucket, examines, claims, signs GETs for and deletes its objects.
type Store struct {
	s3      *s3.Client
	presign *s3.PresignClient
	bucket  string
	signer  *Signer
}

// NewStore returns a store over bucket.
func NewStore(client *s3.Client, bucket string) *Store {
	return &Store{s3: client, presign: s3.NewPresignClient(client), bucket: bucket}
}

// WithSigner returns a copy of the store whose URL answers schema.FinalPrefix keys with
// CloudFront signed URLs on the site's origin made by signer.
func (s *Store) WithSigner(signer *Signer) *Store {
	c := *s
	c.signer = signer
	return &c
}

// Signatures is how many RSA signatures the store's Signer has made (0 without one).
func (s *Store) Signatures() int64 {
	if s.signer == nil {
		return 0
	}
	return s.signer.Signatures()
}

// ErrNoObject is returned by Examine and Claim for a key with no object behind it.
var ErrNoObject = errors.New("media: no such object")

// URL is the address a browser loads key from: public/ media through the CDN path; a post's
// media/ files, with a Signer, through the CDN path signed for the CDN (see Signer.URL: the same
// URL for a whole SignedWindow); anything else (uploads, and media/ without a Signer) by an S3 GET
// presigned for GetTTL.
func (s *Store) URL(ctx context.Context, key string) string {
	if key == "" {
		return ""
	}
	if strings.HasPrefix(key, schema.PublicPrefix) {
		return "/" + key
	}
	if s.signer != nil && strings.HasPrefix(key, schema.FinalPrefix) {
		u, err := s.signer.URL(key)
		if err != nil {
			return ""
		}
		return u
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

// DownloadTTL is how long a buyer's download link of a beat stays valid.
const DownloadTTL = 5 * time.Minute

// DownloadURL signs a GET of key valid for ttl that a browser saves as filename.
func (s *Store) DownloadURL(ctx context.Context, key, filename string, ttl time.Duration) (string, error) {
	req, err := s.presign.PresignGetObject(ctx, &s3.GetObjectInput{
		Bucket: &s.bucket, Key: &key,
		ResponseContentDisposition: aws.String(mime.FormatMediaType("attachment", map[string]string{"filename": filename})),
	}, s3.WithPresignExpires(ttl))
	if err != nil {
		return "", fmt.Errorf("sign download of %s: %w", key, err)
	}
	return req.URL, nil
}
