package promotion_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/shared/ledger"
	"zuum/shared/money"
)

// In-app promotion (POST /api/payment/promote), served by the payment Lambda.

func TestPromote_ThirtyDaysTakes21428_57IntoHeldOnceHoweverOftenReplayed(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, nil)
	ada, id := fundedPost(t, a, "ada_p", 25000*money.Naira)
	key := uuid.NewString()
	body := map[string]any{"postId": id, "type": "audio", "timeline": in(30)}
	first := ada.PostKeyed("/api/payment/promote", key, body)
	if first.Status != http.StatusCreated {
		t.Fatalf("promote: %d %s", first.Status, first.Raw)
	}
	var answer struct {
		Data struct {
			Status string
			Price  money.Money
			Days   int
		}
	}
	if err := json.Unmarshal(first.Raw, &answer); err != nil || answer.Data.Status != "pending" || answer.Data.Days != 30 || answer.Data.Price != 2142857 {
		t.Errorf("answer %s, want pending, 30 days, 21428.57", first.Raw)
	}
	for range 3 {
		again := ada.PostKeyed("/api/payment/promote", key, body)
		if again.Status != http.StatusCreated || !bytes.Equal(bytes.TrimSpace(again.Raw), bytes.TrimSpace(first.Raw)) || again.Header.Get("Idempotent-Replayed") != "true" {
			t.Errorf("replay: %d %s, want the first answer %s", again.Status, again.Raw, first.Raw)
		}
	}
	if got := balances(t, a)[ledger.User(ada.ID)]; got != 25000*money.Naira-2142857 {
		t.Errorf("balance %s, want 3571.43", got)
	}
	if got := balances(t, a)[ledger.Held]; got != 2142857 {
		t.Errorf("held %s, want 21428.57", got)
	}
}

func TestPromote_EveryRefusalIsItsMessageAndMovesNothing(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, nil)
	ada, bo := a.SignedIn(t, "ada_r"), a.SignedIn(t, "bo_r")
	a.Fund(t, ada, 15000*money.Naira)
	mine, beat, theirs := audioPost(t, a, ada, "my song", "music"), audioPost(t, a, ada, "my song", "beat"), audioPost(t, a, bo, "my song", "music")
	for _, c := range []struct {
		name   string
		body   map[string]any
		status int
		msg    string
	}{
		{"no post id", map[string]any{"type": "audio", "timeline": in(7)}, 400, "Missing required parameters"},
		{"no type", map[string]any{"postId": mine, "timeline": in(7)}, 400, "Missing required parameters"},
		{"no timeline", map[string]any{"postId": mine, "type": "audio"}, 400, "Missing required parameters"},
		{"bad type", map[string]any{"postId": mine, "type": "song", "timeline": in(7)}, 400, "Invalid type. Must be one of audio, video, beat"},
		{"type not the post's", map[string]any{"postId": mine, "type": "video", "timeline": in(7)}, 400, "Invalid type. This post is an audio"},
		{"a free beat is a beat", map[string]any{"postId": beat, "type": "audio", "timeline": in(7)}, 400, "Invalid type. This post is a beat"},
		{"ten days", map[string]any{"postId": mine, "type": "audio", "timeline": in(10)}, 400, "Invalid timeline. The promotion must end 7, 14 or 30 days from now"},
		{"not a time", map[string]any{"postId": mine, "type": "audio", "timeline": "next week"}, 400, "Invalid timeline. The promotion must end 7, 14 or 30 days from now"},
		{"someone else's post", map[string]any{"postId": theirs, "type": "audio", "timeline": in(7)}, 404, "Post not found"},
		{"no such post", map[string]any{"postId": uuid.NewString(), "type": "audio", "timeline": in(7)}, 404, "Post not found"},
		{"more than the wallet", map[string]any{"postId": mine, "type": "audio", "timeline": in(30)}, 406, "Insufficient funds"},
	} {
		r := ada.PostKeyed("/api/payment/promote", uuid.NewString(), c.body)
		if r.Status != c.status || r.Message() != c.msg {
			t.Errorf("%s: %d %s, want %d %q", c.name, r.Status, r.Raw, c.status, c.msg)
		}
	}
	if got := balances(t, a)[ledger.User(ada.ID)]; got != 15000*money.Naira {
		t.Errorf("balance %s after refusals, want 15000", got)
	}
	if got := balances(t, a)[ledger.Held]; got != 0 {
		t.Errorf("held %s after refusals", got)
	}
	// A day either side of a duration is accepted; a free beat promoted as a beat.
	if r := promote(a, ada, beat, "beat", 14); r.Status != http.StatusCreated {
		t.Errorf("beat for 14 days: %d %s", r.Status, r.Raw)
	}
	r := ada.PostKeyed("/api/payment/promote", uuid.NewString(), map[string]any{"postId": mine, "type": "audio", "timeline": time.Now().Add(6*24*time.Hour + time.Hour).UTC().Format(time.RFC3339)})
	if r.Status != http.StatusCreated || r.Body["data"].(map[string]any)["days"] != float64(7) {
		t.Errorf("six days and an hour: %d %s", r.Status, r.Raw)
	}
}

func TestPromote_ConcurrentPromotionsPayOnlyWhatTheWalletHolds(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, nil)
	ada, id := fundedPost(t, a, "ada_c", 10000*money.Naira)
	var wg sync.WaitGroup
	statuses := make([]int, 6)
	for i := range statuses {
		wg.Go(func() { statuses[i] = promote(a, ada, id, "audio", 7).Status })
	}
	wg.Wait()
	counts := map[int]int{}
	for _, s := range statuses {
		counts[s]++
	}
	if counts[http.StatusCreated] != 2 || counts[http.StatusNotAcceptable] != 4 {
		t.Errorf("statuses %v, want two 201 and four 406", statuses)
	}
	if got := balances(t, a)[ledger.User(ada.ID)]; got != 0 {
		t.Errorf("balance %s, want 0", got)
	}
	if got := balances(t, a)[ledger.Held]; got != 10000*money.Naira {
		t.Errorf("held %s, want 10000", got)
	}
}

// Tries of one promotion at once (a client retrying while its first try still runs): the tries
// that find the post promoted and the wallet spent get the first try's 201, and it is paid once.
func TestPromote_TriesOfOneKeyAtOnceAllGetTheFirstAnswer(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, nil)
	ada, id := fundedPost(t, a, "ada_retries", 2142857)
	key, body := uuid.NewString(), map[string]any{"postId": id, "type": "audio", "timeline": in(30)}
	apptest.OneAnswer(t, apptest.AtOnce(6, func() apptest.Response { return ada.PostKeyed("/api/payment/promote", key, body) }), http.StatusCreated)
	if b := balances(t, a); b[ledger.User(ada.ID)] != 0 || b[ledger.Held] != 2142857 {
		t.Errorf("wallet %s, held %s; want 0 and 21428.57 (paid once)", b[ledger.User(ada.ID)], b[ledger.Held])
	}
}
