package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"zuum/localstack/seed"
	"zuum/shared/media"
	"zuum/shared/schema"
)

// The store under stress: stressClients clients like, unlike and comment on a few posts, all
// at once through the API, while the posts' owners delete them and post again. Afterwards no
// call may have answered 500, every post's counters must equal its items and nothing may be
// left of a deleted post. It runs on a fresh edge of its own.
const (
	stressClients   = 20
	stressOwners    = 4 // the first clients own the posts
	stressPostsEach = 2 // live posts per owner at any time
	stressHeading   = "\n## Store under stress\n"
)

// stressOps are the calls the clients make, in the order the results list them.
var stressOps = []string{
	"POST /api/audio/react (like)", "POST /api/audio/react (unlike)", "POST /api/audio/comment/create",
	"DELETE /api/audio/{id}", "POST /api/audio/create (after a delete)",
}

// expected are the answers each call may give: a post deleted meanwhile is not found.
var expected = map[string][]int{
	stressOps[0]: {200, 404}, stressOps[1]: {200, 404}, stressOps[2]: {201, 404}, stressOps[3]: {200}, stressOps[4]: {201},
}

// tally records every call's latency and answer.
type tally struct {
	mu      sync.Mutex
	lat     map[string][]time.Duration
	answers map[string]map[int]int
}

func (t *tally) add(op string, status int, took time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.lat[op] = append(t.lat[op], took)
	if t.answers[op] == nil {
		t.answers[op] = map[int]int{}
	}
	t.answers[op][status]++
}

// livePosts is which posts exist, by owner.
type livePosts struct {
	mu      sync.Mutex
	byOwner map[int][]string
}

func (l *livePosts) add(owner int, id string) {
	l.mu.Lock()
	l.byOwner[owner] = append(l.byOwner[owner], id)
	l.mu.Unlock()
}

func (l *livePosts) pick(rng *rand.Rand) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var all []string
	for o := range stressOwners {
		all = append(all, l.byOwner[o]...)
	}
	return all[rng.IntN(len(all))]
}

// take removes one of owner's posts and returns it.
func (l *livePosts) take(owner int, rng *rand.Rand) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	mine := l.byOwner[owner]
	i := rng.IntN(len(mine))
	id := mine[i]
	l.byOwner[owner] = append(mine[:i:i], mine[i+1:]...)
	return id
}

// stress runs the store stress for d and returns its Markdown section. The section is written
// even when a check fails, and the error says which.
func stress(ctx context.Context, d time.Duration) (string, error) {
	c, err := newCloud(ctx)
	if err != nil {
		return "", err
	}
	defer c.close()
	tokens, ids := make([]string, stressClients), make([]string, stressClients)
	for i := range stressClients {
		if tokens[i], ids[i], err = signUp(c.call, c.edge, fmt.Sprintf("stress%02d", i)); err != nil {
			return "", err
		}
	}
	s3c := s3.NewFromConfig(c.cfg, func(o *s3.Options) { o.UsePathStyle = true })
	tone := seed.Tone([]float64{440}, 0.1)
	// post uploads a fresh track for owner (a deleted post's media is deleted with it) and posts it.
	post := func(owner int) (string, int, error) {
		key := media.UserPrefix(ids[owner], media.Audio) + uuid.NewString() + ".wav"
		if _, err := s3c.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(schema.Media.Name), Key: aws.String(key),
			Body: bytes.NewReader(tone), ContentType: aws.String("audio/wav")}); err != nil {
			return "", 0, err
		}
		s, body := c.call("POST", "/api/audio/create", tokens[owner], map[string]any{
			"caption": "Stress track", "audio_upload": key, "spotify": "https://open.spotify.com/track/stress"})
		p, _ := body["post"].(map[string]any)
		id, _ := p["id"].(string)
		return id, s, nil
	}
	live := &livePosts{byOwner: map[int][]string{}}
	for o := range stressOwners {
		for range stressPostsEach {
			id, s, err := post(o)
			if err != nil || s != 201 {
				return "", fmt.Errorf("stress: first posts: %d %v", s, err)
			}
			live.add(o, id)
		}
	}
	if err := c.edge.WaitIdle(ctx); err != nil {
		return "", err
	}

	t := &tally{lat: map[string][]time.Duration{}, answers: map[string]map[int]int{}}
	timed := func(op string, do func() int) int {
		start := time.Now()
		s := do()
		t.add(op, s, time.Since(start))
		return s
	}
	start := time.Now()
	deadline := start.Add(d)
	var wg sync.WaitGroup
	var setupErrs []error
	var errMu sync.Mutex
	for i := range stressClients {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			for time.Now().Before(deadline) {
				switch r := rng.IntN(100); {
				case i < stressOwners && r < 4:
					gone := live.take(i, rng)
					timed(stressOps[3], func() int { s, _ := c.call("DELETE", "/api/audio/"+gone, tokens[i], nil); return s })
					var id string
					var err error
					timed(stressOps[4], func() int {
						var s int
						id, s, err = post(i)
						return s
					})
					if err != nil || id == "" {
						errMu.Lock()
						setupErrs = append(setupErrs, fmt.Errorf("repost: %v", err))
						errMu.Unlock()
						return
					}
					live.add(i, id)
				case r < 40:
					id := live.pick(rng)
					timed(stressOps[0], func() int {
						s, _ := c.call("POST", "/api/audio/react", tokens[i], map[string]any{"post_id": id, "like": true})
						return s
					})
				case r < 70:
					id := live.pick(rng)
					timed(stressOps[1], func() int {
						s, _ := c.call("POST", "/api/audio/react", tokens[i], map[string]any{"post_id": id, "unlike": true})
						return s
					})
				default:
					id := live.pick(rng)
					timed(stressOps[2], func() int {
						s, _ := c.call("POST", "/api/audio/comment/create", tokens[i], map[string]any{"post_id": id, "comment": "Stress comment"})
						return s
					})
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	if err := c.edge.WaitIdle(ctx); err != nil { // the deleted posts' purges
		return "", err
	}
	failures := append([]error{}, setupErrs...)
	if failed := c.edge.FailedEvents(); len(failed) > 0 {
		failures = append(failures, fmt.Errorf("%d asynchronous invocations failed: %s", len(failed), failed[0].Err))
	}
	check, err := checkCounters(ctx, dynamodb.NewFromConfig(c.cfg))
	if err != nil {
		return "", err
	}
	failures = append(failures, check.errs...)
	dir, err := os.MkdirTemp("", "zuum-bench-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	if err := c.edge.SaveTablesTo(dir); err != nil {
		failures = append(failures, fmt.Errorf("snapshot: %w", err))
	}
	section, five, unexpected := t.section(d, elapsed, check)
	if five > 0 {
		failures = append(failures, fmt.Errorf("%d calls answered 500", five))
	}
	if unexpected > 0 {
		failures = append(failures, fmt.Errorf("%d calls answered something else than expected", unexpected))
	}
	return section, errors.Join(failures...)
}

// counterCheck is what checkCounters found.
type counterCheck struct {
	posts, reactions, comments, deleted int
	errs                                []error
}

// checkCounters reads the whole Posts table and checks that every post's reactions and comments
// equal its reaction and comment items, and that no item is left of a deleted post.
func checkCounters(ctx context.Context, db *dynamodb.Client) (counterCheck, error) {
	var out counterCheck
	kinds := map[string]map[string]int{}
	posts := map[string]map[string]types.AttributeValue{}
	p := dynamodb.NewScanPaginator(db, &dynamodb.ScanInput{TableName: aws.String(schema.Posts.Name), ConsistentRead: aws.Bool(true)})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return out, err
		}
		for _, it := range page.Items {
			pk, sk := stringOf(it[schema.PK]), stringOf(it[schema.SK])
			if !strings.HasPrefix(pk, "POST#") {
				continue
			}
			if kinds[pk] == nil {
				kinds[pk] = map[string]int{}
			}
			kind, _, _ := strings.Cut(sk, "#")
			kinds[pk][kind]++
			if sk == "POST" {
				posts[pk] = it
			}
		}
	}
	for _, pk := range slices.Sorted(maps.Keys(kinds)) {
		counted, post := kinds[pk], posts[pk]
		if post == nil {
			out.deleted++
			out.errs = append(out.errs, fmt.Errorf("%s is deleted, but %v of its items are left", pk, counted))
			continue
		}
		out.posts++
		out.reactions += counted["REACT"]
		out.comments += counted["COMMENT"]
		for counter, kind := range map[string]string{"reactions": "REACT", "comments": "COMMENT"} {
			if got := numberOf(post[counter]); got != fmt.Sprint(counted[kind]) {
				out.errs = append(out.errs, fmt.Errorf("%s: %s = %s, but %d %s items", pk, counter, got, counted[kind], kind))
			}
		}
	}
	return out, nil
}

// section writes the results as Markdown and returns the count of 500s and of other
// unexpected answers.
func (t *tally) section(d, elapsed time.Duration, check counterCheck) (string, int, int) {
	var b strings.Builder
	b.WriteString(stressHeading)
	fmt.Fprintf(&b, "\nWritten by `make bench` on %s. %d clients on a fresh edge for %s, all at once through the API: every client likes (40%%), unlikes (30%%) and comments (30%%) on the %d live posts of %d owners, and each owner now and then (4%% of its calls) deletes one of its posts and posts another. A like or comment on a post deleted meanwhile answers 404.\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 MST"), stressClients, d, stressOwners*stressPostsEach, stressOwners)
	b.WriteString("| API call | calls | p50 | p99 | max | answers |\n|---|---:|---:|---:|---:|---|\n")
	var all []time.Duration
	five, unexpected := 0, 0
	for _, op := range stressOps {
		lat := t.lat[op]
		all = append(all, lat...)
		var answers []string
		for _, s := range slices.Sorted(maps.Keys(t.answers[op])) {
			answers = append(answers, fmt.Sprintf("%d ×%d", s, t.answers[op][s]))
			switch {
			case s >= 500:
				five += t.answers[op][s]
			case !slices.Contains(expected[op], s):
				unexpected += t.answers[op][s]
			}
		}
		b.WriteString(row(op, lat, strings.Join(answers, ", ")))
	}
	b.WriteString(row("all", all, fmt.Sprintf("500 ×%d", five)))
	fmt.Fprintf(&b, "\n%d calls in %s: %.0f calls/s. Answers of 500: %d; other unexpected answers: %d. Afterwards the counters were checked against the items: %d posts, whose reactions and comments equal their %d reaction and %d comment items; %d deleted posts with items left; %d mismatches. A snapshot of the tables saved.\n",
		len(all), elapsed.Round(10*time.Millisecond), float64(len(all))/elapsed.Seconds(), five, unexpected,
		check.posts, check.reactions, check.comments, check.deleted, len(check.errs))
	return b.String(), five, unexpected
}

func row(name string, lat []time.Duration, answers string) string {
	if len(lat) == 0 {
		return fmt.Sprintf("| %s | 0 | | | | |\n", name)
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	r := func(d time.Duration) time.Duration { return d.Round(10 * time.Microsecond) }
	return fmt.Sprintf("| %s | %d | %s | %s | %s | %s |\n", name, len(lat), r(lat[len(lat)/2]), r(lat[len(lat)*99/100]), r(lat[len(lat)-1]), answers)
}

// runStressOnly runs the store stress alone and replaces its section of out (keeping the rest).
func runStressOnly(out string, d time.Duration) error {
	section, err := stress(context.Background(), d)
	fmt.Print(section)
	if out == "" || section == "" {
		return err
	}
	old, rerr := os.ReadFile(out)
	if rerr != nil && !os.IsNotExist(rerr) {
		return errors.Join(err, rerr)
	}
	kept, _, _ := strings.Cut(string(old), stressHeading)
	return errors.Join(err, os.WriteFile(out, []byte(kept+section+keptSections(out)), 0o644))
}

func stringOf(v types.AttributeValue) string {
	if s, ok := v.(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}

func numberOf(v types.AttributeValue) string {
	if n, ok := v.(*types.AttributeValueMemberN); ok {
		return n.Value
	}
	return "0"
}
