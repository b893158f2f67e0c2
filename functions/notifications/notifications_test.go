package notifications_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"zuum/localstack/apptest"
	"zuum/shared/notify"
	"zuum/shared/schema"
)

func notes(t *testing.T, r apptest.Response) []map[string]any {
	t.Helper()
	if r.Status != http.StatusOK {
		t.Fatalf("list: %d %s", r.Status, r.Raw)
	}
	var out []map[string]any
	list, _ := r.Body["notifications"].([]any)
	for _, n := range list {
		out = append(out, n.(map[string]any))
	}
	return out
}

// setPicture gives m a profile picture and returns its URL.
func setPicture(t *testing.T, app *apptest.App, m apptest.User) string {
	t.Helper()
	var pic bytes.Buffer
	_ = png.Encode(&pic, image.NewRGBA(image.Rect(0, 0, 8, 8)))
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	fw, _ := w.CreateFormFile("image", "me.png")
	_, _ = fw.Write(pic.Bytes())
	_ = w.Close()
	req, _ := http.NewRequest("PUT", app.URL("/api/user/profile"), &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	r := m.Do(req)
	if r.Status != 200 {
		t.Fatalf("set picture: %d %s", r.Status, r.Raw)
	}
	return r.Body["image"].(string)
}

func TestNotifications_NeedASession(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	anon := app.Client(t)
	for _, call := range []struct{ method, path string }{
		{"GET", "/api/notifications"}, {"POST", "/api/notifications/x/read"}, {"POST", "/api/notifications/read-all"},
	} {
		if r := anon.JSON(call.method, call.path, nil); r.Status != 401 || r.Message() != "Unauthorized: Invalid or missing token" {
			t.Errorf("%s %s: %d %s", call.method, call.path, r.Status, r.Raw)
		}
	}
	if r := anon.JSON("DELETE", "/api/notifications", nil); r.Status != 404 || r.Message() != "Route not found." {
		t.Errorf("unknown route: %d %s", r.Status, r.Raw)
	}
}

func TestNotifications_AFollowArrivesWithTheActorsCurrentPictureAndIsReadOnce(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada, bola := app.SignedIn(t, "ada"), app.SignedIn(t, "bola")
	if r := bola.JSON("POST", "/api/user/follow", map[string]any{"profileId": ada.ID, "follow": true}); r.Status != 200 {
		t.Fatal(r.Message())
	}
	picture := setPicture(t, app, bola) // after the follow: the list shows the picture bola has now
	r := ada.JSON("GET", "/api/notifications", nil)
	list := notes(t, r)
	if len(list) != 1 || r.Body["unread"] != 1.0 {
		t.Fatalf("%s", r.Raw)
	}
	n := list[0]
	want := map[string]any{
		"type": "FOLLOW", "name": "bola", "message": "bola started following you.", "read": false,
		"post_id": "", "post_type": "", "action_user_id": bola.ID, "action_user_image": picture,
	}
	for k, v := range want {
		if n[k] != v {
			t.Fatalf("%s = %v, want %v: %v", k, n[k], v, n)
		}
	}
	if ts, err := time.Parse(time.RFC3339, n["timestamp"].(string)); err != nil || time.Since(ts) > time.Hour {
		t.Fatalf("timestamp %v", n["timestamp"])
	}
	if !strings.HasPrefix(picture, "/public/profiles/") {
		t.Fatalf("picture URL %q", picture)
	}
	id := n["id"].(string)
	if r := bola.JSON("POST", "/api/notifications/"+id+"/read", nil); r.Status != 404 || r.Message() != "Notification not found" {
		t.Fatalf("someone else's notification: %d %s", r.Status, r.Raw)
	}
	if r := ada.JSON("POST", "/api/notifications/nope/read", nil); r.Status != 404 || r.Message() != "Notification not found" {
		t.Fatalf("unknown: %d %s", r.Status, r.Raw)
	}
	for range 2 {
		if r := ada.JSON("POST", "/api/notifications/"+id+"/read", nil); r.Status != 200 || r.Message() != "Notification marked as read." {
			t.Fatalf("read: %d %s", r.Status, r.Raw)
		}
	}
	r = ada.JSON("GET", "/api/notifications/", nil)
	if list := notes(t, r); list[0]["read"] != true || r.Body["unread"] != 0.0 {
		t.Fatalf("after read: %s", r.Raw)
	}
}

func TestNotifications_PageNewestFirstAndReadAllCoversEverythingSoFar(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	me, fan := app.SignedIn(t, "mei"), app.SignedIn(t, "fan")
	store := notify.NewStore(app.Cloud.DynamoDB, schema.Users.Name)
	if r := fan.JSON("POST", "/api/user/follow", map[string]any{"profileId": me.ID, "follow": true}); r.Status != 200 {
		t.Fatal(r.Message())
	}
	// me follows fan, and fan posts 24 times: each post reaches me through the fan-out.
	if r := me.JSON("POST", "/api/user/follow", map[string]any{"profileId": fan.ID, "follow": true}); r.Status != 200 {
		t.Fatal(r.Message())
	}
	var posts []string
	for i := range 24 {
		post := notify.NewID()
		posts = append(posts, post)
		err := store.FanOut(context.Background(), fan.ID, notify.Notification{
			ID: post, Kind: notify.PostVideo, ActorID: fan.ID, ActorName: "fan", PostID: post, PostType: "video",
			Message: notify.PostMessage("fan", notify.PostVideo, fmt.Sprintf("clip %d", i)),
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	var seen []map[string]any
	next, page := "", 1
	for {
		path := "/api/notifications?limit=10"
		if next != "" {
			path += fmt.Sprintf("&cursor=%s&page=%d", next, page)
		}
		r := me.JSON("GET", path, nil)
		list := notes(t, r)
		pg := r.Body["pagination"].(map[string]any)
		if pg["total"] != 25.0 || pg["totalPages"] != 3.0 || pg["currentPage"] != float64(page) || r.Body["unread"] != float64(len(list)) {
			t.Fatalf("page %d: %s", page, r.Raw)
		}
		seen = append(seen, list...)
		n, _ := pg["next"].(string)
		if n == "" {
			break
		}
		next, page = n, page+1
	}
	if len(seen) != 25 || seen[0]["post_id"] != posts[23] || seen[23]["post_id"] != posts[0] || seen[24]["type"] != "FOLLOW" {
		t.Fatalf("order: first %v, last %v", seen[0], seen[24])
	}
	if seen[0]["post_type"] != "video" || seen[0]["type"] != "POST_VIDEO" || seen[0]["message"] != "fan posted a new video: clip 23" {
		t.Fatalf("post notification %v", seen[0])
	}
	if r := me.JSON("GET", "/api/notifications?limit=10&page=3", nil); len(notes(t, r)) != 5 || notes(t, r)[4]["type"] != "FOLLOW" {
		t.Fatalf("page 3 by walking: %s", r.Raw)
	}
	if r := me.JSON("POST", "/api/notifications/read-all", nil); r.Status != 200 || r.Message() != "All notifications marked as read." {
		t.Fatalf("read-all: %d %s", r.Status, r.Raw)
	}
	later := notify.NewID()
	if err := store.FanOut(context.Background(), fan.ID, notify.Notification{ID: later, Kind: notify.PostAudio, ActorID: fan.ID,
		PostID: later, PostType: "audio", Message: "new"}); err != nil {
		t.Fatal(err)
	}
	r := me.JSON("GET", "/api/notifications?limit=50", nil)
	list := notes(t, r)
	if len(list) != 26 || r.Body["unread"] != 1.0 || list[0]["post_id"] != later || list[0]["read"] != false {
		t.Fatalf("after read-all and one more: unread %v, first %v", r.Body["unread"], list[0])
	}
	for _, n := range list[1:] {
		if n["read"] != true {
			t.Fatalf("not read by read-all: %v", n)
		}
	}
	if r := fan.JSON("GET", "/api/notifications", nil); r.Body["unread"] != 1.0 {
		t.Fatalf("read-all reached another user: %s", r.Raw)
	}
	for path, msg := range map[string]string{
		"/api/notifications?limit=0":        "limit must be between 1 and 50.",
		"/api/notifications?cursor=garbage": "Invalid cursor.",
	} {
		if r := me.JSON("GET", path, nil); r.Status != 400 || r.Message() != msg {
			t.Errorf("%s: %d %s", path, r.Status, r.Raw)
		}
	}
}

// The samples in events/notifications are what `make invoke` replays.
func TestEvents_NotificationSamplesThroughTheLambdaAdapter(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	for file, status := range map[string]int{
		"events/notifications/list-no-session.json":    401,
		"events/notifications/read-all-bad-token.json": 401,
	} {
		app.ReplayAnswers(t, "notifications", file, status, apptest.NoSession)
	}
}
