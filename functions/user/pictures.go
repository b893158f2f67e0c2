package user

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"zuum/shared/failure"
	"zuum/shared/media"
	"zuum/shared/schema"
)

// MaxPictureBytes is the spec's limit: pictures must be under 5 MB.
const MaxPictureBytes = 5 << 20

// picture is an uploaded image, decoded and re-encoded (media.Reencode): what is stored is the
// pixels, never the uploaded file with its EXIF (GPS included) or whatever else it carried.
type picture = media.Picture

const msgPictureType = "Please select a valid image file (JPEG, PNG)"

// readPicture reads the form file field, if present: under 5 MB, and a JPEG or PNG that
// decodes completely, which it returns re-encoded.
func readPicture(r *http.Request, field, tooBigMsg string) (*picture, error) {
	f, _, err := r.FormFile(field)
	if err == http.ErrMissingFile {
		return nil, nil
	}
	if err != nil {
		return nil, failure.Fields("Validation errors occurred", failure.FieldError{Field: field, Msg: msgPictureType})
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxPictureBytes+1))
	if err != nil {
		return nil, failure.Wrap(err, "read picture")
	}
	if len(data) >= MaxPictureBytes {
		return nil, failure.Fields("Validation errors occurred", failure.FieldError{Field: field, Msg: tooBigMsg})
	}
	pic, err := media.Reencode(data)
	if errors.Is(err, media.ErrNotPicture) {
		return nil, failure.Fields("Validation errors occurred", failure.FieldError{Field: field, Msg: msgPictureType})
	}
	if err != nil {
		return nil, failure.Wrap(err, "re-encode picture")
	}
	return &pic, nil
}

// Pictures stores profile pictures in the media bucket under the public prefix, which the CDN
// serves.
type Pictures struct {
	s3     *s3.Client
	bucket string
}

// NewPictures returns a picture store over bucket.
func NewPictures(client *s3.Client, bucket string) *Pictures {
	return &Pictures{s3: client, bucket: bucket}
}

// Put stores p under the user's prefix with a fresh name and returns its key. Fresh names mean
// a CDN never serves a stale picture after a change.
func (ps *Pictures) Put(ctx context.Context, userID string, p picture) (string, error) {
	key := schema.PublicPrefix + "profiles/" + userID + "/" + uuid.NewString() + p.Ext
	_, err := ps.s3.PutObject(ctx, &s3.PutObjectInput{
		Bucket: &ps.bucket, Key: &key, Body: bytes.NewReader(p.Data),
		ContentType: aws.String(p.ContentType), ContentLength: aws.Int64(int64(len(p.Data))),
		CacheControl: aws.String("public, max-age=31536000, immutable"),
	})
	if err != nil {
		return "", failure.Wrap(err, "store picture")
	}
	return key, nil
}

// DeleteAll removes pictures no profile points at any more. Failing to delete leaves an orphan,
// never a broken profile, so it is logged rather than returned.
func (ps *Pictures) DeleteAll(ctx context.Context, keys []string) {
	for _, k := range keys {
		if _, err := ps.s3.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: &ps.bucket, Key: aws.String(k)}); err != nil {
			slog.WarnContext(ctx, "delete replaced picture", "key", k, "err", err)
		}
	}
}
