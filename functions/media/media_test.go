package media_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"net/url"
	"os"
	"testing"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"

	"zuum/functions/media"
	"zuum/functions/wire"
	"zuum/localstack/cloudtest"
	files "zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/schema"
)

// env is what the CDK stack and the local cloud give the function.
var env = map[string]string{schema.Media.EnvVar: schema.Media.Name, schema.Posts.EnvVar: schema.Posts.Name}

// fixture is a fresh cloud (with no notifications: the tests invoke the worker themselves),
// the worker built as its Lambda main builds it, and what the tests check with.
type fixture struct {
	cloud   *cloudtest.Cloud
	work    wire.Worker
	catalog *files.Catalog
}

func start(t *testing.T) fixture {
	t.Helper()
	c := cloudtest.Start(t)
	work, err := media.FromEnv(context.Background(), c.Config, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	return fixture{c, work, files.NewCatalog(c.DynamoDB, schema.Posts.Name)}
}

func (f fixture) put(t *testing.T, key, contentType string, body []byte) {
	t.Helper()
	if _, err := f.cloud.S3.PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(schema.Media.Name), Key: &key, ContentType: &contentType, Body: bytes.NewReader(body),
	}); err != nil {
		t.Fatal(err)
	}
}

func (f fixture) exists(t *testing.T, key string) bool {
	t.Helper()
	_, err := f.cloud.S3.HeadObject(context.Background(), &s3.HeadObjectInput{Bucket: aws.String(schema.Media.Name), Key: &key})
	var missing *s3types.NotFound
	if err != nil && !errors.As(err, &missing) {
		t.Fatal(err)
	}
	return err == nil
}

func (f fixture) meta(t *testing.T, key string) (files.Meta, bool) {
	t.Helper()
	m, found, err := f.catalog.Get(context.Background(), key)
	if err != nil {
		t.Fatal(err)
	}
	return m, found
}

// event is the S3 notification AWS sends for keys created in bucket: keys URL-encoded, spaces
// as '+'.
func event(bucket, name string, keys ...string) []byte {
	var e events.S3Event
	for _, k := range keys {
		var r events.S3EventRecord
		r.EventSource, r.EventName = "aws:s3", name
		r.S3.Bucket.Name = bucket
		r.S3.Object.Key = url.QueryEscape(k)
		e.Records = append(e.Records, r)
	}
	raw, _ := json.Marshal(e)
	return raw
}

func created(keys ...string) []byte { return event(schema.Media.Name, "ObjectCreated:Post", keys...) }

func TestWorker_GenuineAudioIsRecordedOKWithItsDuration(t *testing.T) {
	t.Parallel()
	f := start(t)
	wav, mp3 := "uploads/u1/audio/take one.wav", "uploads/u1/audio/b.mp3"
	f.put(t, wav, "audio/wav", mediatest.WAV(1.25))
	f.put(t, mp3, "audio/mpeg", mediatest.ID3(200, mediatest.MP3Xing(383)))
	if err := f.work(context.Background(), created(wav, mp3)); err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]float64{wav: 1.25, mp3: 383 * mediatest.MP3FrameSeconds} {
		m, found := f.meta(t, key)
		if !found || !m.OK() || math.Abs(m.Duration-want) > 1e-6 || m.Size == 0 {
			t.Errorf("%s: %+v (found %v), want ok with %.3f s", key, m, found, want)
		}
		if !f.exists(t, key) {
			t.Errorf("%s: a genuine upload must stay", key)
		}
	}
}

func TestWorker_TextUnderAudioIsDeletedAndRecordedRejected(t *testing.T) {
	t.Parallel()
	f := start(t)
	key := "uploads/u1/audio/song.mp3"
	f.put(t, key, "audio/mpeg", []byte("<!DOCTYPE html><html>not a song</html>"))
	for range 2 { // a retried event finds the object gone and keeps the verdict
		if err := f.work(context.Background(), created(key)); err != nil {
			t.Fatal(err)
		}
		if f.exists(t, key) {
			t.Fatal("the object must be deleted")
		}
		if m, found := f.meta(t, key); !found || m.Status != files.StatusRejected || m.Reason != "the bytes are not a valid audio file" {
			t.Fatalf("catalog: %+v (found %v)", m, found)
		}
	}
}

func TestWorker_BytesOfAnotherKindOrTypeAreRejected(t *testing.T) {
	t.Parallel()
	f := start(t)
	cases := map[string]struct {
		storedAs string
		body     []byte
		reason   string
	}{
		"uploads/u1/audio/cover.mp3": {"audio/mpeg", mediatest.PNG(), "the bytes are image/png, not audio"},
		"uploads/u1/video/song.mp4":  {"video/mp4", mediatest.WAV(1), "the bytes are audio/wav, not video"},
		"uploads/u1/audio/song.mp3":  {"audio/mpeg", mediatest.FLAC(1), `stored as "audio/mpeg" but the bytes are audio/flac`},
		// Signatures alone are not media: a WAV header over text, a PNG header over a script.
		"uploads/u1/audio/words.wav": {"audio/wav", mediatest.Attacks["wav header then text"], "the bytes are not a valid audio/wav file: no fmt chunk"},
		"uploads/u1/image/page.png":  {"image/png", mediatest.Attacks["png header then script"], "the bytes are not a valid image/png file: its header does not decode: unexpected EOF"},
	}
	var keys []string
	for k, c := range cases {
		f.put(t, k, c.storedAs, c.body)
		keys = append(keys, k)
	}
	if err := f.work(context.Background(), created(keys...)); err != nil {
		t.Fatal(err)
	}
	for k, c := range cases {
		if m, found := f.meta(t, k); !found || m.Status != files.StatusRejected || m.Reason != c.reason || f.exists(t, k) {
			t.Errorf("%s: %+v (found %v)", k, m, found)
		}
	}
}

func TestWorker_AMissingObjectIsNothingToDo(t *testing.T) {
	t.Parallel()
	f := start(t)
	key := "uploads/u1/audio/gone.wav"
	if err := f.work(context.Background(), created(key)); err != nil {
		t.Fatalf("missing object: %v", err)
	}
	if _, found := f.meta(t, key); found {
		t.Error("nothing must be recorded for a missing object")
	}
}

func TestWorker_IgnoresOtherPrefixesBucketsAndEvents(t *testing.T) {
	t.Parallel()
	f := start(t)
	text := []byte("not media")
	f.put(t, "public/profiles/u1/a.png", "image/png", text)
	f.put(t, "media/u1/audio/a.mp3", "audio/mpeg", text) // a post's file, checked when the post was made
	f.put(t, "uploads/u1/audio/a.mp3", "audio/mpeg", text)
	for _, payload := range [][]byte{
		created("public/profiles/u1/a.png"),
		created("media/u1/audio/a.mp3"),
		event("another-bucket", "ObjectCreated:Put", "uploads/u1/audio/a.mp3"),
		event(schema.Media.Name, "ObjectRemoved:Delete", "uploads/u1/audio/a.mp3"),
		[]byte(`{"Service":"Amazon S3","Event":"s3:TestEvent","Bucket":"zuum-media"}`),
	} {
		if err := f.work(context.Background(), payload); err != nil {
			t.Fatalf("%s: %v", payload, err)
		}
	}
	if !f.exists(t, "public/profiles/u1/a.png") || !f.exists(t, "media/u1/audio/a.mp3") || !f.exists(t, "uploads/u1/audio/a.mp3") {
		t.Error("objects the events do not concern must stay")
	}
	if _, found := f.meta(t, "uploads/u1/audio/a.mp3"); found {
		t.Error("nothing must be recorded")
	}
}

func TestWorker_ReturnsErrorsSoLambdaRetries(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	work, err := media.FromEnv(context.Background(), c.Config, func(k string) string {
		if k == schema.Media.EnvVar {
			return "no-such-bucket"
		}
		return env[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := work(context.Background(), event("no-such-bucket", "ObjectCreated:Put", "uploads/u1/audio/a.wav")); err == nil {
		t.Error("an S3 error must be returned")
	}
	if err := work(context.Background(), []byte("not json")); err == nil {
		t.Error("a payload that is no S3 event must be an error")
	}
}

func TestFromEnv_NamesWhatIsMissing(t *testing.T) {
	t.Parallel()
	_, err := media.FromEnv(context.Background(), aws.Config{}, func(string) string { return "" })
	if err == nil || err.Error() != "missing environment: MEDIA_BUCKET, POSTS_TABLE" {
		t.Fatalf("err = %v", err)
	}
}

// The sample in events/media is what S3 sends when a browser's upload lands; replayed through
// the worker it must check the object its URL-encoded key names.
func TestEvents_ObjectCreatedSampleThroughTheWorker(t *testing.T) {
	t.Parallel()
	f := start(t)
	raw, err := os.ReadFile("../../events/media/object-created.json")
	if err != nil {
		t.Fatal(err)
	}
	key := "uploads/00000000-0000-0000-0000-000000000000/audio/first single(2).wav"
	f.put(t, key, "audio/wav", mediatest.WAV(1))
	if err := f.work(context.Background(), raw); err != nil {
		t.Fatal(err)
	}
	if m, found := f.meta(t, key); !found || !m.OK() || m.Size != 16044 || m.Duration != 1 || m.ContentType != "audio/wav" {
		t.Fatalf("catalog: %+v (found %v)", m, found)
	}
}
