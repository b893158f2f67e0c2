package edge_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"zuum/localstack/edge"
)

// recorder is a function that keeps the S3 events it receives.
type recorder struct {
	mu     sync.Mutex
	events []events.S3EventRecord
}

func (rec *recorder) fn(ctx context.Context, payload []byte) error {
	var e events.S3Event
	if err := json.Unmarshal(payload, &e); err != nil {
		return err
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	rec.events = append(rec.events, e.Records...)
	return nil
}

// byKey returns the recorded events sorted by key.
func (rec *recorder) byKey() []events.S3EventRecord {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	out := slices.Clone(rec.events)
	slices.SortFunc(out, func(a, b events.S3EventRecord) int {
		return strings.Compare(a.S3.Object.URLDecodedKey, b.S3.Object.URLDecodedKey)
	})
	return out
}

func TestObjectsCreatedUnderThePrefixInvokeTheFunctionWithTheS3Event(t *testing.T) {
	t.Parallel()
	r := startClocked(t)
	rec := &recorder{}
	r.Edge.RegisterFunction("zuum-media", rec.fn)
	r.Edge.NotifyObjectCreated(*media, "uploads/", "zuum-media")
	ctx := context.Background()

	// A browser POST, a refused one, a signed PUT, a presigned PUT, a copy, a multipart upload,
	// and writes outside the prefix.
	post := presignUpload(t, r.S3, "uploads/u1/audio/my track.mp3", "audio/mpeg", 100)
	if got := fetchS3(t, uploadRequest(t, post, [][2]string{{"Content-Type", "audio/mpeg"}}, []byte("ID3 tune"))); got.status != http.StatusNoContent {
		t.Fatalf("POST = %d %s", got.status, got.body)
	}
	refused := presignUpload(t, r.S3, "uploads/u1/audio/refused.mp3", "audio/mpeg", 2)
	if got := fetchS3(t, uploadRequest(t, refused, [][2]string{{"Content-Type", "audio/mpeg"}}, []byte("too long"))); got.status != http.StatusBadRequest {
		t.Fatalf("oversized POST = %d %s", got.status, got.body)
	}
	for _, key := range []string{"uploads/u1/image/p.png", "public/cover.png"} {
		if _, err := r.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: media, Key: aws.String(key), Body: strings.NewReader("png")}); err != nil {
			t.Fatal(err)
		}
	}
	put, err := s3.NewPresignClient(r.S3).PresignPutObject(ctx, &s3.PutObjectInput{Bucket: media, Key: aws.String("uploads/u1/audio/q.mp3")})
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPut, put.URL, strings.NewReader("ID3"))
	if got := fetchS3(t, req); got.status != http.StatusOK {
		t.Fatalf("presigned PUT = %d %s", got.status, got.body)
	}
	if _, err := r.S3.CopyObject(ctx, &s3.CopyObjectInput{Bucket: media, Key: aws.String("uploads/u1/copy.png"),
		CopySource: aws.String(*media + "/public/cover.png")}); err != nil {
		t.Fatal(err)
	}
	multipartUpload(t, r.S3, "uploads/u1/video/v.mp4")
	waitIdle(t, r.Edge)

	got := rec.byKey()
	want := []struct{ key, name string }{
		{"uploads/u1/audio/my track.mp3", "ObjectCreated:Post"},
		{"uploads/u1/audio/q.mp3", "ObjectCreated:Put"},
		{"uploads/u1/copy.png", "ObjectCreated:Copy"},
		{"uploads/u1/image/p.png", "ObjectCreated:Put"},
		{"uploads/u1/video/v.mp4", "ObjectCreated:CompleteMultipartUpload"},
	}
	if len(got) != len(want) {
		for _, e := range got {
			t.Logf("event %s %s", e.EventName, e.S3.Object.Key)
		}
		t.Fatalf("%d events, want %d", len(got), len(want))
	}
	for i, w := range want {
		if got[i].S3.Object.URLDecodedKey != w.key || got[i].EventName != w.name {
			t.Errorf("event %d = %s %s, want %s %s", i, got[i].EventName, got[i].S3.Object.URLDecodedKey, w.name, w.key)
		}
	}
	e := got[0]
	if e.EventVersion != "2.1" || e.EventSource != "aws:s3" || e.AWSRegion != "us-east-1" ||
		e.S3.Bucket.Name != *media || e.S3.Bucket.Arn != "arn:aws:s3:::"+*media || e.S3.SchemaVersion != "1.0" {
		t.Errorf("event = %+v", e)
	}
	if e.S3.Object.Key != "uploads/u1/audio/my+track.mp3" {
		t.Errorf("key = %q, want it URL-encoded as S3 sends it", e.S3.Object.Key)
	}
	if e.S3.Object.Size != int64(len("ID3 tune")) || e.S3.Object.ETag != md5Hex("ID3 tune") {
		t.Errorf("size %d, eTag %q", e.S3.Object.Size, e.S3.Object.ETag)
	}
	if age := time.Since(e.EventTime); e.EventTime.IsZero() || age < 0 || age > time.Hour {
		t.Errorf("eventTime = %v", e.EventTime)
	}
	if v := got[4].S3.Object.Size; v != 5<<20+4 {
		t.Errorf("multipart object size = %d", v)
	}
}

func TestFailingNotificationIsRetriedThenDeadLettered(t *testing.T) {
	t.Parallel()
	r := startClocked(t)
	var mu sync.Mutex
	attempts := 0
	r.Edge.RegisterFunction("zuum-media", func(context.Context, []byte) error {
		mu.Lock()
		defer mu.Unlock()
		attempts++
		return errors.New("cannot sniff")
	})
	r.Edge.NotifyObjectCreated(*media, "uploads/", "zuum-media")
	r.Edge.NotifyObjectCreated(*media, "uploads/u1/", "zuum-missing")
	if _, err := r.S3.PutObject(context.Background(), &s3.PutObjectInput{Bucket: media, Key: aws.String("uploads/u1/x.mp3"), Body: strings.NewReader("x")}); err != nil {
		t.Fatal(err)
	}
	waitIdle(t, r.Edge)
	mu.Lock()
	defer mu.Unlock()
	if attempts != 3 {
		t.Errorf("attempts = %d, want 3", attempts)
	}
	failed := r.Edge.FailedEvents()
	slices.SortFunc(failed, func(a, b edge.FailedEvent) int { return strings.Compare(a.Function, b.Function) })
	if len(failed) != 2 {
		t.Fatalf("FailedEvents = %+v, want the media event and the one for a missing function", failed)
	}
	if f := failed[0]; f.Function != "zuum-media" || f.Attempts != 3 || f.Err != "cannot sniff" {
		t.Errorf("failed = %+v", f)
	}
	var e events.S3Event
	if err := json.Unmarshal(failed[0].Payload, &e); err != nil || e.Records[0].S3.Object.Key != "uploads/u1/x.mp3" {
		t.Errorf("dead-lettered payload = %s (%v)", failed[0].Payload, err)
	}
	if f := failed[1]; f.Function != "zuum-missing" || !strings.HasPrefix(f.Err, "Function not found") {
		t.Errorf("missing function = %+v", f)
	}
}
