package edge_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"zuum/localstack/cloudtest"
	"zuum/shared/schema"
)

var media = aws.String(schema.Media.Name)

func readObject(t *testing.T, c *s3.Client, key string) string {
	t.Helper()
	out, err := c.GetObject(context.Background(), &s3.GetObjectInput{Bucket: media, Key: aws.String(key)})
	if err != nil {
		t.Fatalf("GetObject %s: %v", key, err)
	}
	defer out.Body.Close()
	body, err := io.ReadAll(out.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(body)
}

func TestObjectsRoundTripThroughTheSDK(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	if _, err := c.S3.PutObject(ctx, &s3.PutObjectInput{
		Bucket: media, Key: aws.String("public/cover.txt"),
		Body: strings.NewReader("cover"), ContentType: aws.String("text/plain"),
	}); err != nil {
		t.Fatal(err)
	}
	if got := readObject(t, c.S3, "public/cover.txt"); got != "cover" {
		t.Errorf("object = %q", got)
	}
	list, err := c.S3.ListObjectsV2(ctx, &s3.ListObjectsV2Input{Bucket: media, Prefix: aws.String(schema.PublicPrefix)})
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Contents) != 1 || aws.ToString(list.Contents[0].Key) != "public/cover.txt" {
		t.Errorf("list = %+v", list.Contents)
	}
}

// Presigned URLs carry their credential in the query; the edge must route them to S3 from it.
func TestPresignedPutAndGetReachS3(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	presign := s3.NewPresignClient(c.S3)
	put, err := presign.PresignPutObject(ctx, &s3.PutObjectInput{Bucket: media, Key: aws.String("tracks/1.mp3")})
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest(put.Method, put.URL, strings.NewReader("audio"))
	if err != nil {
		t.Fatal(err)
	}
	mustSucceed(t, req)

	got, err := presign.PresignGetObject(ctx, &s3.GetObjectInput{Bucket: media, Key: aws.String("tracks/1.mp3")})
	if err != nil {
		t.Fatal(err)
	}
	status, body := get(t, got.Method, got.URL)
	if status != http.StatusOK || body != "audio" {
		t.Errorf("presigned GET = %d %q", status, body)
	}
}

// A browser POST upload carries its credential as a form field.
func TestBrowserPostUploadReachesS3(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	post, err := s3.NewPresignClient(c.S3).PresignPostObject(context.Background(),
		&s3.PutObjectInput{Bucket: media, Key: aws.String("uploads/avatar.png")})
	if err != nil {
		t.Fatal(err)
	}
	req := formRequest(t, post, nil, "avatar.png", []byte("png bytes"))
	// Without success_action_status S3 answers 204 No Content.
	if status := mustSucceed(t, req); status != http.StatusNoContent {
		t.Errorf("POST = %d, want 204", status)
	}
	if got := readObject(t, c.S3, "uploads/avatar.png"); got != "png bytes" {
		t.Errorf("uploaded object = %q", got)
	}
}

// mustSucceed sends req, fails t unless it succeeds, and returns the status.
func mustSucceed(t *testing.T, req *http.Request) int {
	t.Helper()
	resp, body := do(t, req)
	if resp.StatusCode/100 != 2 {
		t.Fatalf("%s %s = %d %s, want success", req.Method, req.URL.Path, resp.StatusCode, body)
	}
	return resp.StatusCode
}

// S3 keeps a PUT's Cache-Control with the object and answers its GETs and HEADs with it (a CDN in
// front caches by it); gofakes3 alone drops it.
func TestPutObjectKeepsCacheControlForGetAndHead(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	const cache = "public, max-age=31536000, immutable"
	if _, err := c.S3.PutObject(ctx, &s3.PutObjectInput{
		Bucket: media, Key: aws.String("media/u1/image/a.w160.jpg"), Body: strings.NewReader("jpeg"),
		ContentType: aws.String("image/jpeg"), CacheControl: aws.String(cache),
	}); err != nil {
		t.Fatal(err)
	}
	get, err := c.S3.GetObject(ctx, &s3.GetObjectInput{Bucket: media, Key: aws.String("media/u1/image/a.w160.jpg")})
	if err != nil {
		t.Fatal(err)
	}
	_ = get.Body.Close()
	head, err := c.S3.HeadObject(ctx, &s3.HeadObjectInput{Bucket: media, Key: aws.String("media/u1/image/a.w160.jpg")})
	if err != nil {
		t.Fatal(err)
	}
	if aws.ToString(get.CacheControl) != cache || aws.ToString(head.CacheControl) != cache || aws.ToString(get.ContentType) != "image/jpeg" {
		t.Errorf("GET Cache-Control %q type %q, HEAD Cache-Control %q", aws.ToString(get.CacheControl), aws.ToString(get.ContentType), aws.ToString(head.CacheControl))
	}
	if len(get.Metadata) != 0 {
		t.Errorf("the header leaked into user metadata: %v", get.Metadata)
	}
}
