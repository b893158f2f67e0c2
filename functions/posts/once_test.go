package posts_test

import (
	"net/http"
	"sync"
	"testing"
)

// likeNotes counts u's LIKE notifications.
func likeNotes(t *testing.T, u user) int {
	t.Helper()
	r := u.JSON("GET", "/api/notifications?limit=50", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("notifications: %d %s", r.Status, r.Raw)
	}
	n := 0
	list, _ := r.Body["notifications"].([]any)
	for _, e := range list {
		if e.(map[string]any)["type"] == "LIKE" {
			n++
		}
	}
	return n
}

func TestReact_TogglingALikeNotifiesTheOwnerOnceADay(t *testing.T) {
	t.Parallel()
	w, ada, bo := startWithTwo(t)
	for _, kind := range []string{"audio", "video"} {
		var id string
		if kind == "audio" {
			id = w.audio(ada, "Enugu Nights")["id"].(string)
		} else {
			id = w.video(ada, "Lagos at dusk", true)["id"].(string)
		}
		before := likeNotes(t, ada)
		for i, like := range []bool{true, false, true, false, true} {
			r := bo.JSON("POST", "/api/"+kind+"/react", map[string]any{"post_id": id, "like": like})
			if r.Status != http.StatusOK || r.Body["isLiked"] != like {
				t.Fatalf("%s step %d: %d %s", kind, i, r.Status, r.Raw)
			}
		}
		// The same fan's likes and unlikes, all at once.
		var wg sync.WaitGroup
		for i := range 20 {
			wg.Go(func() {
				if r := bo.JSON("POST", "/api/"+kind+"/react", map[string]any{"post_id": id, "like": i%2 == 0}); r.Status != http.StatusOK {
					t.Errorf("concurrent toggle: %d %s", r.Status, r.Raw)
				}
			})
		}
		wg.Wait()
		p := bo.JSON("GET", "/api/"+kind+"/"+id, nil).Body["post"].(map[string]any)
		if want := map[bool]float64{true: 1, false: 0}[p["isLiked"].(bool)]; p["reactions"] != want {
			t.Fatalf("%s: reactions %v while isLiked %v", kind, p["reactions"], p["isLiked"])
		}
		if n := likeNotes(t, ada) - before; n != 1 {
			t.Fatalf("%s: ada got %d LIKE notifications from one fan today, want 1", kind, n)
		}
	}
}
