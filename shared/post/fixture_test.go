package post_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"zuum/localstack/cloudtest"
	"zuum/shared/jobs"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/post"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

// Small valid files of each kind, and one that is nothing.
var (
	wavBytes = mediatest.WAV(0.25)
	mp4Bytes = mediatest.MP4("isom", 2, 0, false)
	pngBytes = mediatest.PNG()
	txtBytes = []byte("just some text, not media at all")
)

// storedAs is the Content-Type an upload of each kind is stored with (its upload form pins one).
var storedAs = map[media.Kind]string{media.Audio: "audio/wav", media.Video: "video/mp4", media.Image: "image/png"}

// recorder is a jobs.Queue that keeps what it is sent, or refuses everything while fail is set.
type recorder struct {
	mu   sync.Mutex
	jobs []jobs.Job
	fail bool
}

func (q *recorder) Send(_ context.Context, j jobs.Job) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.fail {
		return errors.New("queue unavailable")
	}
	q.jobs = append(q.jobs, j)
	return nil
}

func (q *recorder) sent() []jobs.Job {
	q.mu.Lock()
	defer q.mu.Unlock()
	return append([]jobs.Job(nil), q.jobs...)
}

// clock is a settable store clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// counter counts the DynamoDB calls made through its client, by operation.
type counter struct {
	base  http.RoundTripper
	calls sync.Map // operation -> *atomic.Int64
}

func (c *counter) RoundTrip(r *http.Request) (*http.Response, error) {
	if op, ok := strings.CutPrefix(r.Header.Get("X-Amz-Target"), "DynamoDB_20120810."); ok {
		n, _ := c.calls.LoadOrStore(op, new(atomic.Int64))
		n.(*atomic.Int64).Add(1)
	}
	return c.base.RoundTrip(r)
}

// take returns the calls counted since the last take, by operation, and their sum.
func (c *counter) take() (map[string]int64, int64) {
	out, sum := map[string]int64{}, int64(0)
	c.calls.Range(func(k, v any) bool {
		if n := v.(*atomic.Int64).Swap(0); n > 0 {
			out[k.(string)] = n
			sum += n
		}
		return true
	})
	return out, sum
}

type fixture struct {
	t        *testing.T
	ctx      context.Context
	cloud    *cloudtest.Cloud
	store    *post.Store
	profiles *profile.Store
	queue    *recorder
	clock    *clock
	calls    *counter
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	c := cloudtest.Start(t)
	cfg := c.Config.Copy()
	calls := &counter{base: http.DefaultTransport}
	cfg.HTTPClient = &http.Client{Transport: calls}
	db := dynamodb.NewFromConfig(cfg)
	f := &fixture{
		t: t, ctx: context.Background(), cloud: c, queue: &recorder{}, calls: calls,
		clock:    &clock{t: time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)},
		profiles: profile.NewStore(c.DynamoDB, schema.Users.Name),
	}
	f.store = post.NewStore(post.Config{
		DB: db, Table: schema.Posts.Name, Users: schema.Users.Name,
		Files: media.NewStore(c.S3, schema.Media.Name), Jobs: f.queue, Now: f.clock.Now,
	})
	return f
}

// user creates a verified account and returns its profile.
func (f *fixture) user(name string) profile.Profile {
	f.t.Helper()
	a := profile.Account{Profile: profile.Profile{
		ID: uuid.NewString(), Username: name, Identity: profile.Artist, FirstName: "Ada", LastName: "Eze",
		Email: name + "@example.com", Phone: "08031234567", Image: "public/profiles/" + name + ".png",
		CreatedAt: time.Now().UTC(),
	}, Verified: true}
	if err := f.profiles.Create(f.ctx, a); err != nil {
		f.t.Fatalf("create %s: %v", name, err)
	}
	return a.Profile
}

// users makes n users named prefix00, prefix01, ….
func (f *fixture) users(prefix string, n int) []profile.Profile {
	f.t.Helper()
	us := make([]profile.Profile, n)
	for i := range us {
		us[i] = f.user(fmt.Sprintf("%s%02d", prefix, i))
	}
	return us
}

// withSong is a fixture with two users, ada and bo, and ada's audio post "Enugu Nights".
func withSong(t *testing.T) (*fixture, profile.Profile, profile.Profile, post.Post) {
	t.Helper()
	f := newFixture(t)
	ada, bo := f.user("ada"), f.user("bo")
	return f, ada, bo, f.audio(ada, "Enugu Nights")
}

// upload puts body in the bucket as one of owner's uploads of kind and returns its key.
func (f *fixture) upload(owner string, kind media.Kind, body []byte) string {
	f.t.Helper()
	key := media.UserPrefix(owner, kind) + uuid.NewString()
	if _, err := f.cloud.S3.PutObject(f.ctx, &s3.PutObjectInput{
		Bucket: aws.String(schema.Media.Name), Key: aws.String(key), Body: bytes.NewReader(body),
		ContentType: aws.String(storedAs[kind]),
	}); err != nil {
		f.t.Fatal(err)
	}
	return key
}

func headInput(key string) *s3.HeadObjectInput {
	return &s3.HeadObjectInput{Bucket: aws.String(schema.Media.Name), Key: aws.String(key)}
}

// audio publishes an audio post by owner.
func (f *fixture) audio(owner profile.Profile, caption string) post.Post {
	f.t.Helper()
	p, err := f.store.Create(f.ctx, post.Draft{
		Kind: post.Audio, OwnerID: owner.ID, Caption: caption, Media: f.upload(owner.ID, media.Audio, wavBytes),
		Links: post.Links{Spotify: "https://open.spotify.com/track/x"},
	})
	if err != nil {
		f.t.Fatalf("create audio %q: %v", caption, err)
	}
	return p
}

// video publishes a video by owner.
func (f *fixture) video(owner profile.Profile, caption string, public bool) post.Post {
	f.t.Helper()
	p, err := f.store.Create(f.ctx, post.Draft{
		Kind: post.Video, OwnerID: owner.ID, Caption: caption, Public: public,
		Media: f.upload(owner.ID, media.Video, mp4Bytes),
	})
	if err != nil {
		f.t.Fatalf("create video %q: %v", caption, err)
	}
	return p
}

// page reads a page of tl as viewer.
func (f *fixture) page(tl post.Timeline, viewer string, req post.PageRequest) post.Page {
	f.t.Helper()
	p, err := f.store.Page(f.ctx, tl, viewer, req)
	if err != nil {
		f.t.Fatalf("page %s %+v: %v", tl.Name, req, err)
	}
	return p
}

// captions lists the captions of a page.
func captions(p post.Page) []string {
	out := []string{}
	for _, e := range p.Entries {
		out = append(out, e.Post.Caption)
	}
	return out
}

// notes counts recipient's notifications of kind.
func (f *fixture) notes(recipient, kind string) int {
	f.t.Helper()
	out, err := f.cloud.DynamoDB.Query(f.ctx, &dynamodb.QueryInput{
		TableName:                aws.String(schema.Users.Name),
		KeyConditionExpression:   aws.String("pk = :pk AND begins_with(sk, :n)"),
		FilterExpression:         aws.String("#t = :k"),
		ExpressionAttributeNames: map[string]string{"#t": "type"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: "USER#" + recipient},
			":n":  &types.AttributeValueMemberS{Value: "NOTE#"},
			":k":  &types.AttributeValueMemberS{Value: kind},
		},
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return len(out.Items)
}

// partition counts the items left under pk in the Posts table.
func (f *fixture) partition(pk string) int {
	f.t.Helper()
	out, err := f.cloud.DynamoDB.Query(f.ctx, &dynamodb.QueryInput{
		TableName:              aws.String(schema.Posts.Name),
		KeyConditionExpression: aws.String("pk = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: pk},
		},
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return len(out.Items)
}
