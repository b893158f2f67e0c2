package main

import (
	"bytes"
	"context"
	"fmt"
	"image/color"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"zuum/localstack/edge"
	"zuum/localstack/seed"
	"zuum/shared/media"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

// socialBench is what the social-core measurements need from run.
type socialBench struct {
	cfg     aws.Config
	edge    *edge.Edge
	call    func(method, path, token string, body any) (int, map[string]any)
	measure func(name string, reps int, do func(i int) int, want int) (result, error)
	workers *counter
	n       int
	// token and id are a signed-in user's, who becomes the creator.
	token, id string
}

type socialResults struct {
	results []result
	notes   string
}

// feedPosts is how many audio posts the feed holds when its pages are measured.
const (
	feedPosts = 300
	deepPage  = 25
	fanOut    = 500
)

// benchSocial measures uploads, posts, the feed's first and a deep page, reactions, comments,
// follows and notifications, and one new post's fan-out to fanOut followers.
func benchSocial(ctx context.Context, b socialBench) (socialResults, error) {
	var out socialResults
	add := func(r result, err error) error {
		if err == nil {
			out.results = append(out.results, r)
		}
		return err
	}
	// The creator's genuine uploads, stored directly (the presigned path is measured on its own),
	// one pair a post: a post consumes the uploads it is made from.
	audioKey := func(i int) string { return media.UserPrefix(b.id, media.Audio) + fmt.Sprintf("bench-%d.wav", i) }
	coverKey := func(i int) string { return media.UserPrefix(b.id, media.Image) + fmt.Sprintf("bench-%d.png", i) }
	s3c := s3.NewFromConfig(b.cfg, func(o *s3.Options) { o.UsePathStyle = true })
	tone, cover := seed.Tone([]float64{440, 494}, 0.5), seed.Cover(red, blue)
	for i := range feedPosts + 1 { // and one for the fan-out post
		for _, o := range []struct {
			key, contentType string
			body             []byte
		}{{audioKey(i), "audio/wav", tone}, {coverKey(i), "image/png", cover}} {
			if _, err := s3c.PutObject(ctx, &s3.PutObjectInput{
				Bucket: aws.String(schema.Media.Name), Key: aws.String(o.key), Body: bytes.NewReader(o.body), ContentType: aws.String(o.contentType),
			}); err != nil {
				return out, err
			}
		}
	}
	if err := b.edge.WaitIdle(ctx); err != nil { // the media function's checks of them
		return out, err
	}
	if err := add(b.measure("POST /api/uploads", b.n, func(int) int {
		s, _ := b.call("POST", "/api/uploads", b.token, map[string]any{"kind": "audio", "content_type": "audio/mpeg", "size": 4 << 20, "filename": "song.mp3"})
		return s
	}, 201)); err != nil {
		return out, err
	}
	var postID string
	if err := add(b.measure("POST /api/audio/create", feedPosts, func(i int) int {
		s, body := b.call("POST", "/api/audio/create", b.token, map[string]any{
			"caption": fmt.Sprintf("Bench track %d", i), "audio_upload": audioKey(i), "cover_photo": coverKey(i),
			"spotify": "https://open.spotify.com/track/bench",
		})
		if p, ok := body["post"].(map[string]any); ok {
			postID, _ = p["id"].(string)
		}
		return s
	}, 201)); err != nil {
		return out, err
	}
	if err := b.edge.WaitIdle(ctx); err != nil {
		return out, err
	}
	if err := add(b.measure("GET /api/feed?tab=audio (first page)", b.n, func(int) int {
		s, _ := b.call("GET", "/api/feed?tab=audio", b.token, nil)
		return s
	}, 200)); err != nil {
		return out, err
	}
	cursor := ""
	for page := 1; page < deepPage; page++ {
		_, body := b.call("GET", "/api/feed?tab=audio&cursor="+cursor, b.token, nil)
		pg, _ := body["pagination"].(map[string]any)
		cursor, _ = pg["next"].(string)
		if cursor == "" {
			return out, fmt.Errorf("feed ended before page %d", deepPage)
		}
	}
	if err := add(b.measure(fmt.Sprintf("GET /api/feed?tab=audio (page %d by cursor)", deepPage), b.n, func(int) int {
		s, _ := b.call("GET", "/api/feed?tab=audio&cursor="+cursor, b.token, nil)
		return s
	}, 200)); err != nil {
		return out, err
	}
	if err := add(b.measure("GET /api/audio/{id}", b.n, func(int) int {
		s, _ := b.call("GET", "/api/audio/"+postID, b.token, nil)
		return s
	}, 200)); err != nil {
		return out, err
	}
	// The listener alternates like and unlike, so every call changes the reaction.
	fan, fanID, err := b.listener(ctx)
	if err != nil {
		return out, err
	}
	if err := add(b.measure("POST /api/audio/react (like, unlike)", b.n, func(i int) int {
		s, _ := b.call("POST", "/api/audio/react", fan, map[string]any{"post_id": postID, "like": i%2 == 0, "unlike": i%2 == 1})
		return s
	}, 200)); err != nil {
		return out, err
	}
	if err := add(b.measure("POST /api/audio/comment/create", b.n, func(i int) int {
		s, _ := b.call("POST", "/api/audio/comment/create", fan, map[string]any{"post_id": postID, "comment": fmt.Sprintf("Comment %d", i)})
		return s
	}, 201)); err != nil {
		return out, err
	}
	if err := add(b.measure("GET /api/audio/{id}/comments", b.n, func(int) int {
		s, _ := b.call("GET", "/api/audio/"+postID+"/comments", fan, nil)
		return s
	}, 200)); err != nil {
		return out, err
	}
	if err := add(b.measure("POST /api/user/follow (follow, unfollow)", b.n, func(i int) int {
		s, _ := b.call("POST", "/api/user/follow", fan, map[string]any{"profileId": b.id, "follow": i%2 == 0})
		return s
	}, 200)); err != nil {
		return out, err
	}
	if err := add(b.measure("GET /api/notifications", b.n, func(int) int {
		s, _ := b.call("GET", "/api/notifications", b.token, nil)
		return s
	}, 200)); err != nil {
		return out, err
	}
	if err := add(b.measure("GET /api/user/profile/{id} (signed in, with follow lists)", b.n, func(int) int {
		s, _ := b.call("GET", "/api/user/profile/"+fanID, b.token, nil)
		return s
	}, 200)); err != nil {
		return out, err
	}
	if err := b.edge.WaitIdle(ctx); err != nil {
		return out, err
	}
	notes, err := b.fanOut(ctx, audioKey(feedPosts))
	if err != nil {
		return out, err
	}
	out.notes = notes
	return out, nil
}

var (
	red  = rgba(233, 69, 96)
	blue = rgba(63, 81, 181)
)

// listener signs up, verifies and logs in a second user through the API.
func (b socialBench) listener(context.Context) (token, id string, err error) {
	return signUp(b.call, b.edge, "listener")
}

// signUp signs up, verifies and logs in username through the API, and returns its token and id.
func signUp(call func(method, path, token string, body any) (int, map[string]any), e *edge.Edge, username string) (token, id string, err error) {
	email := username + "@zuum.test"
	if s, body := call("POST", "/api/auth/signup", "", map[string]string{"firstname": "L", "lastname": "U", "username": username,
		"email": email, "phonenumber": "08031234567", "password": "password123", "identity": "artist"}); s != 201 {
		return "", "", fmt.Errorf("signup %s: %d %v", username, s, body)
	}
	var code string
	for _, m := range e.Mail() {
		if m.Destination.ToAddresses[0] == email {
			code = sixDigits.FindString(m.Body.Text)
		}
	}
	if s, body := call("POST", "/api/auth/verify-email", "", map[string]string{"email": email, "otp": code}); s != 200 {
		return "", "", fmt.Errorf("verify %s: %d %v", username, s, body)
	}
	s, body := call("POST", "/api/auth/login", "", map[string]string{"email": email, "password": "password123"})
	if s != 200 {
		return "", "", fmt.Errorf("login %s: %d %v", username, s, body)
	}
	token, _ = body["token"].(string)
	id, _ = body["profile"].(map[string]any)["id"].(string)
	return token, id, nil
}

// fanOut gives a new creator fanOut followers (written straight to the table: their sign-ups
// are not what is measured), posts once, and reports what the jobs worker spent telling them.
func (b socialBench) fanOut(ctx context.Context, audioKey string) (string, error) {
	profiles := profile.NewStore(dynamodb.NewFromConfig(b.cfg), schema.Users.Name)
	now := time.Now()
	for i := 0; i < fanOut; i++ {
		a := profile.Account{Profile: profile.Profile{
			ID: uuid.NewString(), Username: fmt.Sprintf("follower%d", i), Identity: profile.Artist, FirstName: "F", LastName: "L",
			Email: fmt.Sprintf("follower%d@zuum.test", i), Phone: "08031234567", CreatedAt: now,
		}, PasswordHash: "unused", Verified: true}
		if err := profiles.Create(ctx, a); err != nil {
			return "", err
		}
		if _, err := profiles.Follow(ctx, a.ID, b.id, now); err != nil {
			return "", err
		}
	}
	b.workers.take()
	s, body := b.call("POST", "/api/audio/create", b.token, map[string]any{
		"caption": "Fan-out track", "audio_upload": audioKey, "spotify": "https://open.spotify.com/track/fan",
	})
	if s != 201 {
		return "", fmt.Errorf("fan-out post: %d %v", s, body)
	}
	start := time.Now()
	if err := b.edge.WaitIdle(ctx); err != nil {
		return "", err
	}
	took := time.Since(start)
	if failed := b.edge.FailedEvents(); len(failed) > 0 {
		return "", fmt.Errorf("%d asynchronous invocations failed: %s", len(failed), failed[0].Err)
	}
	calls := b.workers.take()
	var keys []string
	for k, v := range calls {
		keys = append(keys, fmt.Sprintf("%s ×%d", k, v))
	}
	sort.Strings(keys)
	return fmt.Sprintf("\nThe feed holds %d audio posts when its pages are measured (limit 10); page %d is reached by following `next`, and costs the same calls as the first page.\n\n"+
		"Fan-out: one new post by a creator with %d followers. The API call returns once the jobs function is queued (its `lambda:POST` above); the jobs function then wrote every follower's notification in %s, with %s.\n",
		feedPosts, deepPage, fanOut, took.Round(time.Millisecond), strings.Join(keys, ", ")), nil
}

var sixDigits = regexp.MustCompile(`\b\d{6}\b`)

func rgba(r, g, b uint8) color.RGBA { return color.RGBA{R: r, G: g, B: b, A: 255} }
