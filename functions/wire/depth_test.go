package wire_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/functions/feed"
	"zuum/functions/notifications"
	"zuum/functions/user"
	"zuum/functions/wire"
	"zuum/localstack/apptest"
	"zuum/localstack/roundtrip"
	"zuum/shared/post"
	"zuum/shared/schema"
)

// calls is an aws.HTTPClient that records when each DynamoDB call starts and ends. Every call is
// held for latency before it goes out, as a network round trip would hold it, so that calls made
// at once overlap however the scheduler runs them, and calls made one after the other do not.
type calls struct {
	next    aws.HTTPClient
	latency time.Duration
	mu      sync.Mutex
	spans   []span
}

type span struct {
	op string
	roundtrip.Span
}

func (c *calls) Do(r *http.Request) (*http.Response, error) {
	target := r.Header.Get("X-Amz-Target")
	if !strings.HasPrefix(target, "DynamoDB_") {
		return c.next.Do(r)
	}
	start := time.Now()
	select { // the simulated network's latency, which is what makes overlapping calls visible
	case <-time.After(c.latency):
	case <-r.Context().Done():
		return nil, r.Context().Err()
	}
	res, err := c.next.Do(r)
	c.mu.Lock()
	c.spans = append(c.spans, span{op: target[strings.IndexByte(target, '.')+1:], Span: roundtrip.Span{Start: start, End: time.Now()}})
	c.mu.Unlock()
	return res, err
}

// take returns the calls recorded since the last take and forgets them.
func (c *calls) take() []span {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.spans
	c.spans = nil
	return out
}

func TestReads_WaitForAtMostTwoStoreRoundTripsInSequence(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ctx := context.Background()
	ada, bola := app.SignedIn(t, "ada"), app.SignedIn(t, "bola")
	for _, u := range []apptest.User{ada, bola} {
		other := ada.ID
		if u.ID == ada.ID {
			other = bola.ID
		}
		if r := u.JSON("POST", "/api/user/follow", map[string]any{"profileId": other, "follow": true}); r.Status != http.StatusOK {
			t.Fatalf("follow: %d %v", r.Status, r.Body)
		}
	}
	posts := post.NewStore(post.Config{DB: dynamodb.NewFromConfig(app.Cloud.Config), Table: schema.Posts.Name, Users: schema.Users.Name})
	for i := range 12 {
		if _, err := posts.Publish(ctx, post.Post{Kind: post.Audio, OwnerID: ada.ID, Caption: fmt.Sprintf("track %d", i), Type: "music",
			Public: true, Media: "media/" + ada.ID + "/audio/t.wav"}, "ada"); err != nil {
			t.Fatal(err)
		}
	}

	rec := &calls{next: app.Cloud.Config.HTTPClient, latency: 15 * time.Millisecond}
	if rec.next == nil {
		rec.next = http.DefaultClient
	}
	cfg := app.Cloud.Config.Copy()
	cfg.HTTPClient = rec
	env := wire.Env(func(k string) string { return app.Env[k] })
	handlers := map[string]http.Handler{}
	for name, build := range map[string]wire.Builder{"feed": feed.FromEnv, "user": user.FromEnv, "notifications": notifications.FromEnv} {
		h, err := build(ctx, cfg, env)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		handlers[name] = h
	}
	// get reads path as bola and holds it to two round trips in sequence; writes, when set, are
	// store calls the read also makes after it has read everything (a promotion's impression
	// count), held apart: to two round trips of reads, then that one write.
	var writes bool
	get := func(group, path string) map[string]any {
		t.Helper()
		rec.take()
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("Authorization", "Bearer "+bola.Token)
		res := httptest.NewRecorder()
		handlers[group].ServeHTTP(res, req)
		if res.Code != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, res.Code, res.Body)
		}
		spans := rec.take()
		var (
			ops   []string
			times []roundtrip.Span
		)
		for _, s := range spans {
			ops = append(ops, s.op)
			if writes && s.op == "UpdateItem" {
				continue
			}
			times = append(times, s.Span)
		}
		if writes && (len(ops) != len(times)+1 || roundtrip.Depth(times) > 2) {
			t.Errorf("GET %s: calls %v, want reads in at most 2 round trips and one write", path, ops)
		}
		if d := roundtrip.Depth(times); d > 2 {
			t.Errorf("GET %s waited for %d store round trips in sequence (%v), want at most 2", path, d, ops)
		} else {
			t.Logf("GET %s: %d round trips in sequence, calls %v", path, d, ops)
		}
		var body map[string]any
		if err := json.Unmarshal(res.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		return body
	}

	first := get("feed", "/api/feed?tab=audio&limit=5")
	if n := len(first["posts"].([]any)); n != 5 {
		t.Fatalf("first page holds %d posts, want 5", n)
	}
	next, _ := first["pagination"].(map[string]any)["next"].(string)
	if next == "" {
		t.Fatal("first page has no next cursor")
	}
	second := get("feed", "/api/feed?tab=audio&limit=5&cursor="+url.QueryEscape(next))
	if n := len(second["posts"].([]any)); n != 5 {
		t.Fatalf("cursor page holds %d posts, want 5", n)
	}
	if own := get("user", "/api/user/profile"); len(own["followers_list"].([]any)) != 1 || own["followers_count"] != 1.0 {
		t.Errorf("own profile: followers %v, count %v, want ada", own["followers_list"], own["followers_count"])
	}
	if theirs := get("user", "/api/user/profile/"+ada.ID); theirs["is_following"] != true {
		t.Errorf("ada's profile: is_following = %v, want true", theirs["is_following"])
	}
	if notes := get("notifications", "/api/notifications"); len(notes["notifications"].([]any)) == 0 {
		t.Error("bola has no notification of ada's follow")
	}

	// A promoted post in the feed: its window names the owner, so it is read with the page's posts.
	promoted, err := posts.Publish(ctx, post.Post{Kind: post.Audio, OwnerID: ada.ID, Caption: "promoted track", Type: "music",
		Public: true, Media: "media/" + ada.ID + "/audio/p.wav"}, "ada")
	if err != nil {
		t.Fatal(err)
	}
	items, err := posts.PromoteItems(promoted.ID, ada.ID, "prom-depth", time.Now().Add(-time.Minute), time.Now().Add(time.Hour))
	if err == nil {
		_, err = app.Cloud.DynamoDB.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
	}
	if err != nil {
		t.Fatal(err)
	}
	writes = true
	withPromotion := get("feed", "/api/feed?tab=audio&limit=5&cursor="+url.QueryEscape(next))
	writes = false
	found := false
	for _, p := range withPromotion["posts"].([]any) {
		found = found || p.(map[string]any)["is_promoted"] == true
	}
	if !found {
		t.Errorf("the second page shows no promoted post: %v", withPromotion["posts"])
	}

	// A token whose session has ended still claims bola: the reads start, but nothing they read
	// is answered.
	if r := bola.JSON("POST", "/api/auth/logout", nil); r.Status != http.StatusOK {
		t.Fatalf("logout: %d %v", r.Status, r.Body)
	}
	for group, path := range map[string]string{"feed": "/api/feed?tab=audio", "user": "/api/user/profile", "notifications": "/api/notifications"} {
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("Authorization", "Bearer "+bola.Token)
		res := httptest.NewRecorder()
		handlers[group].ServeHTTP(res, req)
		if res.Code != http.StatusUnauthorized || strings.Contains(res.Body.String(), "track") || strings.Contains(res.Body.String(), "ada") {
			t.Errorf("GET %s after logout: %d %s", path, res.Code, res.Body)
		}
	}
	// Someone else's profile answers an ended session as it answers no session: without is_following.
	req := httptest.NewRequest("GET", "/api/user/profile/"+ada.ID, nil)
	req.Header.Set("Authorization", "Bearer "+bola.Token)
	res := httptest.NewRecorder()
	handlers["user"].ServeHTTP(res, req)
	if res.Code != http.StatusOK || strings.Contains(res.Body.String(), "is_following") {
		t.Errorf("ada's profile after bola's logout: %d %s", res.Code, res.Body)
	}
}
