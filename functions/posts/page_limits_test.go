package posts_test

import (
	"fmt"
	"net/http"
	"testing"
)

// Every list that takes a page number refuses one past its last page, or too large for a
// number, with the list's own bounds; and none panics or walks past its end.
func TestLists_APageNumberPastTheEndIsRefusedWithTheListsBounds(t *testing.T) {
	t.Parallel()
	w, ada, bo := startWithTwo(t)
	var audio, video string
	for i := range 3 {
		audio = w.audio(ada, fmt.Sprintf("song %d", i))["id"].(string)
		video = w.video(ada, fmt.Sprintf("clip %d", i), true)["id"].(string)
		bo.JSON("POST", "/api/audio/react", map[string]any{"post_id": audio, "like": true})
	}
	for i := range 3 {
		for _, kind := range []string{"audio", "video"} {
			id := map[string]string{"audio": audio, "video": video}[kind]
			if r := ada.JSON("POST", "/api/"+kind+"/comment/create", map[string]any{"post_id": id, "comment": fmt.Sprint("note ", i)}); r.Status != http.StatusCreated {
				t.Fatalf("comment: %d %s", r.Status, r.Raw)
			}
		}
	}
	if r := bo.JSON("POST", "/api/user/follow", map[string]any{"profileId": ada.ID, "follow": true}); r.Status != http.StatusOK {
		t.Fatalf("follow: %d %s", r.Status, r.Raw)
	}
	// At two a page: three posts, comments or likes take two pages; ada's four notifications
	// (three likes, a follow) two; one follower one; a list of nothing still has page 1.
	lists := []struct {
		name string
		as   user
		path string
		last int
	}{
		{"feed audio", bo, "/api/feed?tab=audio", 2},
		{"feed video", bo, "/api/feed?tab=video", 2},
		{"all audio", bo, "/api/audio", 2},
		{"own audio", ada, "/api/audio/user", 2},
		{"a user's audio", bo, "/api/audio/user/" + ada.ID, 2},
		{"nobody's audio", bo, "/api/audio/user/" + bo.ID, 1},
		{"audio comments", bo, "/api/audio/" + audio + "/comments", 2},
		{"all videos", bo, "/api/video/", 2},
		{"own videos", ada, "/api/video/user", 2},
		{"a user's videos", bo, "/api/video/user/" + ada.ID, 2},
		{"not a user's videos", bo, "/api/video/user/nobody", 1},
		{"video comments", bo, "/api/video/" + video + "/comments", 2},
		{"notifications", ada, "/api/notifications", 2},
		{"followers", bo, "/api/user/" + ada.ID + "/followers", 1},
		{"following", bo, "/api/user/" + bo.ID + "/following", 1},
		{"nobody's followers", bo, "/api/user/" + bo.ID + "/followers", 1},
	}
	for _, l := range lists {
		t.Run(l.name, func(t *testing.T) {
			base := l.path + sep(l.path) + "limit=2&page="
			r := l.as.JSON("GET", base+fmt.Sprint(l.last), nil)
			pg, _ := r.Body["pagination"].(map[string]any)
			if r.Status != http.StatusOK || pg["currentPage"] != float64(l.last) || pg["hasNext"] != false {
				t.Fatalf("the last page: %d %s", r.Status, r.Raw)
			}
			bounds := fmt.Sprintf("page must be between 1 and %d.", l.last)
			for _, page := range []string{fmt.Sprint(l.last + 1), "1000", "9223372036854775807", "99999999999999999999"} {
				refusal(t, "page "+page, l.as.JSON("GET", base+page, nil), http.StatusBadRequest, bounds, nil)
			}
			for _, page := range []string{"0", "-1", "two", "-99999999999999999999"} {
				refusal(t, "page "+page, l.as.JSON("GET", base+page, nil), http.StatusBadRequest, "page must be a positive number.", nil)
			}
		})
	}
	// With a cursor the page number only labels the page: it is not walked to or checked.
	first := bo.JSON("GET", "/api/audio?limit=2", nil)
	next := first.Body["pagination"].(map[string]any)["next"].(string)
	if r := bo.JSON("GET", "/api/audio?limit=2&page=9223372036854775807&cursor="+next, nil); r.Status != http.StatusOK || len(r.Body["posts"].([]any)) != 1 {
		t.Fatalf("a cursor with a page label: %d %s", r.Status, r.Raw)
	}
	refusal(t, "comments of an unknown post", bo.JSON("GET", "/api/audio/0190a0a0-0000-7000-8000-000000000000/comments?page=2", nil),
		http.StatusNotFound, "Audio post not found", nil)
	w.app.NoFailedEvents(t)
}
