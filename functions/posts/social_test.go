package posts_test

import (
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"
)

func TestReact_LikesOnceAndAnswersTheContract(t *testing.T) {
	t.Parallel()
	w, ada, bo := startWithTwo(t)
	id := w.audio(ada, "Enugu Nights")["id"].(string)
	const bad = "Validation error: Please check your input"
	for name, body := range map[string]any{
		"no post_id":          map[string]any{"like": true},
		"neither":             map[string]any{"post_id": id},
		"both":                map[string]any{"post_id": id, "like": true, "unlike": true},
		"a numeric post_id":   map[string]any{"post_id": 7, "like": true},
		"a textual like flag": map[string]any{"post_id": id, "like": "yes"},
	} {
		refusal(t, name, bo.JSON("POST", "/api/audio/react", body), http.StatusBadRequest, bad, nil)
	}
	refusal(t, "unknown post", bo.JSON("POST", "/api/audio/react", map[string]any{"post_id": "0190a0a0-0000-7000-8000-000000000000", "like": true}), http.StatusNotFound, "Post not found", nil)
	refusal(t, "a video via audio", bo.JSON("POST", "/api/video/react", map[string]any{"post_id": id, "like": true}), http.StatusNotFound, "Video post not found", nil)

	steps := []struct {
		body      map[string]any
		reactions float64
		liked     bool
		message   string
	}{
		{map[string]any{"post_id": id, "like": true, "unlike": false}, 1, true, "Post liked."},
		{map[string]any{"post_id": id, "like": true}, 1, true, "No changes made."},
		{map[string]any{"post_id": id, "like": false, "unlike": true}, 0, false, "Post unliked."},
		{map[string]any{"post_id": id, "like": false}, 0, false, "No changes made."},
		{map[string]any{"post_id": id, "like": true}, 1, true, "Post liked."},
	}
	for i, s := range steps {
		r := bo.JSON("POST", "/api/audio/react", s.body)
		if r.Status != http.StatusOK || r.Body["reactions"] != s.reactions || r.Body["isLiked"] != s.liked || r.Message() != s.message {
			t.Errorf("step %d: %d %s", i, r.Status, r.Raw)
		}
	}
	for _, v := range []struct {
		u     user
		liked bool
	}{{bo, true}, {ada, false}} {
		p := v.u.JSON("GET", "/api/audio/"+id, nil).Body["post"].(map[string]any)
		if p["isLiked"] != v.liked || p["is_liked"] != v.liked || p["reactions"] != 1.0 {
			t.Errorf("%s sees isLiked=%v reactions=%v", v.u.Name, p["isLiked"], p["reactions"])
		}
	}
}

func TestReact_ThirtyConcurrentLikersCountExactly(t *testing.T) {
	t.Parallel()
	w := start(t)
	ada := w.user("ada_e")
	id := w.audio(ada, "Enugu Nights")["id"].(string)
	fans := make([]user, 30)
	for i := range fans {
		fans[i] = w.user(fmt.Sprintf("fan_%02d", i))
	}
	react := func(us []user, like bool) {
		var wg sync.WaitGroup
		for _, u := range us {
			wg.Go(func() {
				if r := u.JSON("POST", "/api/audio/react", map[string]any{"post_id": id, "like": like}); r.Status != http.StatusOK {
					t.Errorf("%s: %d %s", u.Name, r.Status, r.Raw)
				}
			})
		}
		wg.Wait()
	}
	reactions := func() float64 {
		return ada.JSON("GET", "/api/audio/"+id, nil).Body["post"].(map[string]any)["reactions"].(float64)
	}
	react(fans, true)
	if n := reactions(); n != 30 {
		t.Fatalf("30 likes counted %v", n)
	}
	react(fans, true)
	if n := reactions(); n != 30 {
		t.Fatalf("30 repeated likes counted %v", n)
	}
	react(fans[:15], false)
	if n := reactions(); n != 15 {
		t.Fatalf("15 unlikes left %v", n)
	}
}

func TestComment_CreateListAndRefusals(t *testing.T) {
	t.Parallel()
	w, ada, bo := startWithTwo(t)
	id := w.audio(ada, "Enugu Nights")["id"].(string)
	post := func(body any) (int, map[string]any, string) {
		r := bo.JSON("POST", "/api/audio/comment/create", body)
		return r.Status, r.Body, string(r.Raw)
	}
	refusal(t, "blank", bo.JSON("POST", "/api/audio/comment/create", map[string]any{"post_id": id, "comment": "   "}),
		http.StatusBadRequest, "Comment cannot be empty.", map[string]string{"comment": "Comment cannot be empty."})
	refusal(t, "too long", bo.JSON("POST", "/api/audio/comment/create", map[string]any{"post_id": id, "comment": strings.Repeat("x", 1001)}),
		http.StatusBadRequest, "Comment must be at most 1000 characters", map[string]string{"comment": "Comment must be at most 1000 characters"})
	refusal(t, "no post_id", bo.JSON("POST", "/api/audio/comment/create", map[string]any{"comment": "hi"}),
		http.StatusBadRequest, "Validation error: Please check your input", nil)
	refusal(t, "unknown post", bo.JSON("POST", "/api/audio/comment/create", map[string]any{"post_id": "0190a0a0-0000-7000-8000-000000000000", "comment": "hi"}),
		http.StatusNotFound, "Post not found", nil)

	status, body, raw := post(map[string]any{"post_id": id, "comment": "  first!  "})
	if status != http.StatusCreated {
		t.Fatalf("comment: %d %s", status, raw)
	}
	c := body["comment"].(map[string]any)
	want := map[string]any{"post_id": id, "profile_id": bo.ID, "username": "bola", "comment": "first!", "likes": 0.0, "isLiked": false, "profile_picture": ""}
	for k, v := range want {
		if c[k] != v {
			t.Errorf("comment.%s = %#v, want %#v", k, c[k], v)
		}
		if k != "comment" && body[k] != v {
			t.Errorf("top-level %s = %#v, want %#v", k, body[k], v)
		}
	}
	if body["id"] != c["id"] || c["id"] == "" || c["created_at"] == "" {
		t.Errorf("ids: %v %v", body["id"], c["id"])
	}
	for i := range 4 {
		if s, _, raw := post(map[string]any{"post_id": id, "comment": fmt.Sprintf("comment %d", i)}); s != http.StatusCreated {
			t.Fatalf("comment %d: %d %s", i, s, raw)
		}
	}
	var got []string
	path := "/api/audio/" + id + "/comments?limit=2"
	for page := 1; ; page++ {
		r := ada.JSON("GET", path, nil)
		if r.Status != http.StatusOK {
			t.Fatalf("%s: %d %s", path, r.Status, r.Raw)
		}
		pg := r.Body["pagination"].(map[string]any)
		if pg["total"] != 5.0 || pg["totalPages"] != 3.0 || pg["currentPage"] != float64(page) || pg["hasPrev"] != (page > 1) {
			t.Errorf("page %d: %v", page, pg)
		}
		for _, c := range r.Body["comments"].([]any) {
			got = append(got, c.(map[string]any)["comment"].(string))
		}
		next, _ := pg["next"].(string)
		if next == "" {
			break
		}
		path = "/api/audio/" + id + "/comments?limit=2&cursor=" + next
	}
	if want := []string{"comment 3", "comment 2", "comment 1", "comment 0", "first!"}; !reflect.DeepEqual(got, want) {
		t.Errorf("comments %v, want %v", got, want)
	}
	if n := ada.JSON("GET", "/api/audio/"+id, nil).Body["post"].(map[string]any)["comments"]; n != 5.0 {
		t.Errorf("the post counts %v comments", n)
	}
	refusal(t, "bad cursor", ada.JSON("GET", "/api/audio/"+id+"/comments?cursor=xyz", nil), http.StatusBadRequest, "Invalid cursor.", nil)
	refusal(t, "bad limit", ada.JSON("GET", "/api/audio/"+id+"/comments?limit=500", nil), http.StatusBadRequest, "limit must be between 1 and 50.", nil)
	refusal(t, "another list", ada.JSON("GET", "/api/audio/"+id+"/likes", nil), http.StatusNotFound, "Route not found.", nil)
}

func TestShare_HandsOutALinkThatLeadsToThePost(t *testing.T) {
	t.Parallel()
	w, ada, bo := startWithTwo(t)
	song := w.audio(ada, "Enugu Nights")["id"].(string)
	clip := w.video(ada, "Studio", true)["id"].(string)
	r := bo.JSON("POST", "/api/audio/share", map[string]any{"post_id": song})
	if r.Status != http.StatusCreated || r.Body["shares"] != 1.0 {
		t.Fatalf("share: %d %s", r.Status, r.Raw)
	}
	shareID := r.Body["shareId"].(string)
	if want := w.app.Env["APP_URL"] + "/shared-audio/" + shareID; r.Body["url"] != want {
		t.Errorf("url %v, want %s", r.Body["url"], want)
	}
	g := bo.JSON("GET", "/api/audio/shared/"+shareID, nil)
	if g.Status != http.StatusOK || g.Body["post"].(map[string]any)["id"] != song || g.Body["post"].(map[string]any)["shares"] != 1.0 {
		t.Errorf("shared: %d %s", g.Status, g.Raw)
	}
	refusal(t, "unknown share", bo.JSON("GET", "/api/audio/shared/0190a0a0-0000-7000-8000-000000000000", nil), http.StatusNotFound, "Shared audio not found", nil)
	refusal(t, "share an unknown post", bo.JSON("POST", "/api/audio/share", map[string]any{"post_id": clip}), http.StatusNotFound, "Audio post not found", nil)
	refusal(t, "share without a post", bo.JSON("POST", "/api/audio/share", map[string]any{}), http.StatusBadRequest, "Validation error: Please check your input", nil)
	v := bo.JSON("POST", "/api/video/share", map[string]any{"post_id": clip})
	if want := w.app.Env["APP_URL"] + "/video/" + clip; v.Status != http.StatusCreated || v.Body["url"] != want {
		t.Errorf("video share: %d %s, want url %s", v.Status, v.Raw, want)
	}
	sv := bo.JSON("GET", "/api/video/shared/"+v.Body["shareId"].(string), nil)
	if sv.Status != http.StatusOK || sv.Body["post"].(map[string]any)["id"] != clip || sv.Body["post"].(map[string]any)["shares"] != 1.0 {
		t.Errorf("shared video: %d %s", sv.Status, sv.Raw)
	}
	refusal(t, "unknown shared video", bo.JSON("GET", "/api/video/shared/0190a0a0-0000-7000-8000-000000000000", nil), http.StatusNotFound, "Shared video not found", nil)
}
