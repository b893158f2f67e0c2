package apptest

import (
	"bytes"
	"context"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"zuum/shared/media"
	"zuum/shared/schema"
)

// Upload puts body in the media bucket as one of owner's uploads of kind, declared as
// contentType, as the browser's presigned POST would (which sets off the media function), and
// returns its key.
func (a *App) Upload(t testing.TB, owner string, kind media.Kind, contentType string, body []byte) string {
	t.Helper()
	key := media.UserPrefix(owner, kind) + uuid.NewString()
	if _, err := a.Cloud.S3.PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(schema.Media.Name), Key: aws.String(key), Body: bytes.NewReader(body), ContentType: aws.String(contentType),
	}); err != nil {
		t.Fatal(err)
	}
	return key
}
