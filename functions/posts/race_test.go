package posts_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/localstack/cloudtest"
	"zuum/localstack/edge"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/schema"
)

// Two identical likes at once: the second one's transaction is cancelled (its conditional put
// of the reaction fails). The local DynamoDB's rollback of that cancellation used to strip the
// type from every empty list and map of the table (a video without tags holds one), after
// which every list answered 500 and snapshots stopped saving.
func TestReact_ConcurrentIdenticalLikesLeaveListsAndSnapshotsWorking(t *testing.T) {
	w, ada, bo := startWithTwo(t)
	id := w.audio(ada, "Enugu Nights")["id"].(string)
	video := w.video(ada, "Lagos at dusk", true)["id"].(string)
	for round := range 5 {
		for _, like := range []bool{true, false} {
			var wg sync.WaitGroup
			for range 3 {
				wg.Go(func() {
					if r := bo.JSON("POST", "/api/audio/react", map[string]any{"post_id": id, "like": like}); r.Status != http.StatusOK {
						t.Errorf("round %d, like=%v: %d %s", round, like, r.Status, r.Raw)
					}
				})
			}
			wg.Wait()
		}
	}
	for _, path := range []string{"/api/audio", "/api/audio/user/" + ada.ID, "/api/audio/" + id, "/api/audio/" + id + "/comments",
		"/api/video", "/api/video/" + video} {
		if r := bo.JSON("GET", path, nil); r.Status != http.StatusOK {
			t.Errorf("GET %s after the likes: %d %s", path, r.Status, r.Raw)
		}
	}
	if err := w.app.Cloud.Edge.SaveTablesTo(t.TempDir()); err != nil {
		t.Errorf("snapshot after the likes: %v", err)
	}
}

// The store under load: clients like, unlike and comment on a few posts while their owners
// delete them and post again. No call may answer 500; afterwards every post's counters equal
// its items, nothing is left of deleted posts, lists work, and a snapshot saves and restores
// the same tables.
func TestStore_LikesCommentsAndDeletesRacingKeepCountersExact(t *testing.T) {
	const clients, opsEach, postsEach = 8, 100, 2
	w := start(t)
	owners := []user{w.user("owner_a"), w.user("owner_b")}
	fans := make([]user, clients)
	for i := range fans {
		fans[i] = w.user(fmt.Sprintf("fan_%02d", i))
	}
	// A video without tags holds an empty list, which the old rollback stripped of its type.
	w.video(owners[0], "Lagos at dusk", true)
	live := newPostSet()
	for _, o := range owners {
		for range postsEach {
			live.add(w.audio(o, "track")["id"].(string))
		}
	}

	var calls, failures atomic.Int64
	// done counts the fans' finished calls; each owner waits on it for its turn (no polling).
	var (
		doneMu sync.Mutex
		doneAt = sync.NewCond(&doneMu)
		done   int64
	)
	call := func(u user, method, path string, body any, ok ...int) {
		calls.Add(1)
		r := u.JSON(method, path, body)
		if !slices.Contains(ok, r.Status) {
			failures.Add(1)
			t.Errorf("%s %s %s: %d %s", u.Name, method, path, r.Status, r.Raw)
		}
	}
	var wg sync.WaitGroup
	for i, u := range fans {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(i), 1))
			for range opsEach {
				id := live.pick(rng)
				switch n := rng.IntN(10); {
				case n < 4:
					call(u, "POST", "/api/audio/react", map[string]any{"post_id": id, "like": true}, 200, 404)
				case n < 7:
					call(u, "POST", "/api/audio/react", map[string]any{"post_id": id, "like": false}, 200, 404)
				default:
					call(u, "POST", "/api/audio/comment/create", map[string]any{"post_id": id, "comment": "nice"}, 201, 404)
				}
				doneMu.Lock()
				done++
				doneAt.Broadcast()
				doneMu.Unlock()
			}
		})
	}
	// Each owner deletes one of its posts and posts another at even steps of the fans' work.
	const deletes = 6
	for i, o := range owners {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(100+i), 2))
			for k := 1; k <= deletes; k++ {
				doneMu.Lock()
				for done < int64(k*clients*opsEach/(deletes+1)) {
					doneAt.Wait()
				}
				doneMu.Unlock()
				mine := live.ownedBy(w, o)
				if len(mine) == 0 {
					continue
				}
				gone := mine[rng.IntN(len(mine))]
				call(o, "DELETE", "/api/audio/"+gone, nil, 200)
				live.remove(gone)
				r := o.JSON("POST", "/api/audio/create", map[string]any{
					"caption": "track", "audio_upload": w.upload(o.ID, media.Audio, mediatest.WAV(1)), "spotify": "https://open.spotify.com/track/x",
				})
				if r.Status != http.StatusCreated {
					t.Errorf("%s: create: %d %s", o.Name, r.Status, r.Raw)
					continue
				}
				live.add(r.Body["post"].(map[string]any)["id"].(string))
			}
		})
	}
	wg.Wait()
	w.app.NoFailedEvents(t) // the deleted posts' purges
	t.Logf("%d calls, %d unexpected answers", calls.Load(), failures.Load())

	db := w.app.Cloud.DynamoDB
	items := scanAll(t, db, schema.Posts.Name)
	counted := map[string]map[string]int{} // post pk → kind of item → count
	posts := map[string]map[string]types.AttributeValue{}
	for _, it := range items {
		pk, sk := str(it[schema.PK]), str(it[schema.SK])
		if !strings.HasPrefix(pk, "POST#") {
			continue
		}
		if counted[pk] == nil {
			counted[pk] = map[string]int{}
		}
		kind, _, _ := strings.Cut(sk, "#")
		counted[pk][kind]++
		if sk == "POST" {
			posts[pk] = it
		}
	}
	for pk, kinds := range counted {
		p := posts[pk]
		if p == nil {
			t.Errorf("%s is deleted but %v of its items are left", pk, kinds)
			continue
		}
		for counter, kind := range map[string]string{"reactions": "REACT", "comments": "COMMENT"} {
			if got, want := num(p[counter]), kinds[kind]; got != want {
				t.Errorf("%s: %s = %d, but %d %s items", pk, counter, got, want, kind)
			}
		}
	}
	if len(posts) != len(owners)*postsEach+1 {
		t.Errorf("%d posts left, want %d", len(posts), len(owners)*postsEach+1)
	}

	paths := []string{"/api/audio", "/api/video", "/api/audio/user/" + owners[0].ID, "/api/audio/user/" + owners[1].ID}
	for pk, p := range posts {
		paths = append(paths, "/api/"+str(p["kind"])+"/"+strings.TrimPrefix(pk, "POST#")+"/comments")
	}
	for _, path := range paths {
		if r := fans[0].JSON("GET", path, nil); r.Status != http.StatusOK {
			t.Errorf("GET %s: %d %s", path, r.Status, r.Raw)
		}
	}

	dir := t.TempDir()
	if err := w.app.Cloud.Edge.SaveTablesTo(dir); err != nil {
		t.Fatalf("snapshot: %v", err)
	}
	restored, err := edge.New(edge.Options{DataDir: dir})
	if err != nil {
		t.Fatalf("restore: %v", err)
	}
	srv := httptest.NewServer(restored.Handler())
	defer func() {
		srv.Close()
		if err := restored.Close(); err != nil {
			t.Error(err)
		}
	}()
	again := dynamodb.NewFromConfig(cloudtest.Config(srv.URL))
	for _, table := range schema.Tables {
		before, after := canonical(t, scanAll(t, db, table.Name)), canonical(t, scanAll(t, again, table.Name))
		if !reflect.DeepEqual(before, after) {
			t.Errorf("%s: the restored snapshot holds %d items, the store %d, or they differ", table.Name, len(after), len(before))
		}
	}
}

// postSet is the ids of the posts that exist, shared by the test's clients.
type postSet struct {
	mu  sync.Mutex
	ids []string
}

func newPostSet() *postSet { return &postSet{} }

func (s *postSet) add(id string) { s.mu.Lock(); s.ids = append(s.ids, id); s.mu.Unlock() }

func (s *postSet) remove(id string) {
	s.mu.Lock()
	s.ids = slices.DeleteFunc(s.ids, func(x string) bool { return x == id })
	s.mu.Unlock()
}

func (s *postSet) pick(rng *rand.Rand) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ids[rng.IntN(len(s.ids))]
}

// ownedBy lists the ids of the live posts that o's own list shows.
func (s *postSet) ownedBy(w *world, o user) []string {
	r := o.JSON("GET", "/api/audio/user", nil)
	if r.Status != http.StatusOK {
		w.t.Errorf("GET /api/audio/user: %d %s", r.Status, r.Raw)
		return nil
	}
	var ids []string
	list, _ := r.Body["posts"].([]any)
	for _, p := range list {
		ids = append(ids, p.(map[string]any)["id"].(string))
	}
	return ids
}

func scanAll(t *testing.T, db *dynamodb.Client, table string) []map[string]types.AttributeValue {
	t.Helper()
	var out []map[string]types.AttributeValue
	p := dynamodb.NewScanPaginator(db, &dynamodb.ScanInput{TableName: aws.String(table), ConsistentRead: aws.Bool(true)})
	for p.HasMorePages() {
		page, err := p.NextPage(context.Background())
		if err != nil {
			t.Fatalf("scan %s: %v", table, err)
		}
		out = append(out, page.Items...)
	}
	return out
}

// canonical turns items into sorted texts of their typed values, to compare two tables.
func canonical(t *testing.T, items []map[string]types.AttributeValue) []string {
	t.Helper()
	out := make([]string, len(items))
	for i, it := range items {
		raw, err := json.Marshal(typed(&types.AttributeValueMemberM{Value: it}))
		if err != nil {
			t.Fatal(err)
		}
		out[i] = string(raw)
	}
	slices.Sort(out)
	return out
}

// typed is an attribute value as DynamoDB JSON ({"S": "x"}), which encoding/json cannot write
// from the SDK's types.
func typed(v types.AttributeValue) any {
	switch v := v.(type) {
	case *types.AttributeValueMemberS:
		return map[string]any{"S": v.Value}
	case *types.AttributeValueMemberN:
		return map[string]any{"N": v.Value}
	case *types.AttributeValueMemberBOOL:
		return map[string]any{"BOOL": v.Value}
	case *types.AttributeValueMemberNULL:
		return map[string]any{"NULL": v.Value}
	case *types.AttributeValueMemberB:
		return map[string]any{"B": v.Value}
	case *types.AttributeValueMemberSS:
		return map[string]any{"SS": v.Value}
	case *types.AttributeValueMemberNS:
		return map[string]any{"NS": v.Value}
	case *types.AttributeValueMemberBS:
		return map[string]any{"BS": v.Value}
	case *types.AttributeValueMemberL:
		list := make([]any, len(v.Value))
		for i, e := range v.Value {
			list[i] = typed(e)
		}
		return map[string]any{"L": list}
	case *types.AttributeValueMemberM:
		m := make(map[string]any, len(v.Value))
		for k, e := range v.Value {
			m[k] = typed(e)
		}
		return map[string]any{"M": m}
	}
	return fmt.Sprintf("unknown %T", v)
}

func str(v types.AttributeValue) string {
	s, _ := v.(*types.AttributeValueMemberS)
	if s == nil {
		return ""
	}
	return s.Value
}

func num(v types.AttributeValue) int {
	n, _ := v.(*types.AttributeValueMemberN)
	if n == nil {
		return 0
	}
	i, _ := strconv.Atoi(n.Value)
	return i
}
