package user_test

import (
	"net/http"
	"testing"

	"zuum/localstack/apptest"
)

// followNotes is how many notifications m has, and their total.
func followNotes(t *testing.T, m apptest.User) (int, float64) {
	t.Helper()
	r := m.JSON("GET", "/api/notifications?limit=50", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("notifications: %d %s", r.Status, r.Raw)
	}
	list, _ := r.Body["notifications"].([]any)
	total, _ := r.Body["pagination"].(map[string]any)["total"].(float64)
	return len(list), total
}

func TestFollow_TogglingAFollowNotifiesOnceADay(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada, bola := app.SignedIn(t, "ada"), app.SignedIn(t, "bola")
	for i := range 22 { // 11 follows and 11 unfollows, each one a change
		if r := follow(ada, bola.ID, i%2 == 0); r.Status != http.StatusOK || r.Body["changed"] != true {
			t.Fatalf("step %d: %d %s", i, r.Status, r.Raw)
		}
	}
	if n, total := followNotes(t, bola); n != 1 || total != 1 {
		t.Fatalf("bola has %d notifications (total %v) after eleven follows by ada today, want 1", n, total)
	}
	// Both ways at once: the toggles race, the notification stays one and the count exact.
	var fans []apptest.User
	for range 20 {
		fans = append(fans, ada)
	}
	for _, on := range []bool{true, false, true} {
		for i, got := range concurrently(t, app, fans, bola.ID, on) {
			if got[:3] != "200" {
				t.Fatalf("follow=%v, call %d: %s", on, i, got)
			}
		}
	}
	if p := app.Client(t).JSON("GET", "/api/user/profile/"+bola.ID, nil); count(p, "followers_count") != 1 || followerEdges(t, app, bola.ID) != 1 {
		t.Fatalf("followers_count %d, %d edges", count(p, "followers_count"), followerEdges(t, app, bola.ID))
	}
	if n, _ := followNotes(t, bola); n != 1 {
		t.Fatalf("bola has %d notifications after concurrent re-follows, want 1", n)
	}
	// Another follower is another notification.
	cyra := app.SignedIn(t, "cyra")
	follow(cyra, bola.ID, true)
	if n, _ := followNotes(t, bola); n != 2 {
		t.Fatalf("a second follower: %d notifications", n)
	}
}
