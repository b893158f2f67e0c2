package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"

	"zuum/localstack/seed"
	"zuum/shared/media"
	"zuum/shared/post"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

// searchPosts is how many posts the search run indexes; searchArtists how many accounts own them.
const (
	searchPosts   = 10_000
	searchArtists = 50
)

const searchHeading = "\n## Search\n"

// captionWords are what the bench's captions are made of: Nigerian places and Yoruba, Igbo and
// Hausa words, with their marks, and common English ones.
var captionWords = strings.Fields("Lagos Ìbàdàn Enugu Kano Abuja Ọ̀ṣun Àdúnní owambe jollof danfo gbedu ìfẹ́ owó " +
	"ụtọ nwanne ƙauna zuciya harmattan groove love street night city dance body money praise " +
	"vibes wahala shayo gidi mama papa sunshine rain fire water gold")

// benchSearch measures GET /api/search over searchPosts indexed posts in a cloud of its own (the
// embedded DynamoDB walks a table's keys on every query, so the other runs must not share it).
// One account is made through the API, which signs up, verifies and logs in as a user would,
// and one audio post through the API, whose checked file every other post shares; the artists
// and the remaining posts are written through the stores' own code (profile.Store.Create,
// post.Store.Publish), which write the same items and token items in the same transactions as
// the API's create paths, without 10,000 uploads and API calls.
func benchSearch(ctx context.Context, n int) (string, error) {
	c, err := newCloud(ctx)
	if err != nil {
		return "", err
	}
	defer c.close()
	email := "searcher@zuum.test"
	if s, b := c.call("POST", "/api/auth/signup", "", map[string]string{"firstname": "Bench", "lastname": "Searcher", "username": "searcher",
		"email": email, "phonenumber": "08031234567", "password": "password123", "identity": "artist"}); s != 201 {
		return "", fmt.Errorf("search bench: signup %d %v", s, b)
	}
	code := ""
	for _, m := range c.edge.Mail() {
		code = regexp.MustCompile(`\d{6}`).FindString(m.Body.Text)
	}
	if s, b := c.call("POST", "/api/auth/verify-email", "", map[string]string{"email": email, "otp": code}); s != 200 {
		return "", fmt.Errorf("search bench: verify %d %v", s, b)
	}
	s, body := c.call("POST", "/api/auth/login", "", map[string]string{"email": email, "password": "password123"})
	token, _ := body["token"].(string)
	me, _ := body["profile"].(map[string]any)["id"].(string)
	if s != 200 || token == "" {
		return "", fmt.Errorf("search bench: login %d %v", s, body)
	}
	key := media.UserPrefix(me, media.Audio) + "search-bench.wav"
	s3c := s3.NewFromConfig(c.cfg, func(o *s3.Options) { o.UsePathStyle = true })
	if _, err := s3c.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(schema.Media.Name), Key: aws.String(key),
		Body: bytes.NewReader(seed.Tone([]float64{440}, 1)), ContentType: aws.String("audio/wav")}); err != nil {
		return "", err
	}
	if err := c.edge.WaitIdle(ctx); err != nil {
		return "", err
	}
	s, body = c.call("POST", "/api/audio/create", token, map[string]any{"caption": "Lagos groove", "audio_upload": key})
	if s != 201 {
		return "", fmt.Errorf("search bench: create %d %v", s, body)
	}
	first := body["post"].(map[string]any)["id"].(string)

	db := dynamodb.NewFromConfig(c.cfg)
	profiles := profile.NewStore(db, schema.Users.Name)
	posts := post.NewStore(post.Config{DB: db, Table: schema.Posts.Name, Users: schema.Users.Name})
	template, err := posts.Get(ctx, first)
	if err != nil {
		return "", err
	}
	rnd := rand.New(rand.NewPCG(15, 2026))
	pick := func() string { return captionWords[rnd.IntN(len(captionWords))] }
	artists := make([]profile.Profile, searchArtists)
	for i := range artists {
		artists[i] = profile.Profile{ID: uuid.NewString(), Username: fmt.Sprintf("artist_%02d", i), Identity: profile.Artist,
			FirstName: pick(), LastName: pick(), Email: fmt.Sprintf("artist%d@zuum.test", i), CreatedAt: time.Now().UTC()}
		if err := profiles.Create(ctx, profile.Account{Profile: artists[i], Verified: true}); err != nil {
			return "", err
		}
	}
	// Captions and owners are drawn first, so the posts are the same whatever order the
	// writers take them in; four writers keep the edge busy between one's calls.
	type job struct {
		caption string
		artist  profile.Profile
	}
	jobs := make(chan job)
	go func() {
		defer close(jobs)
		for i := 1; i < searchPosts; i++ {
			a := artists[rnd.IntN(len(artists))]
			jobs <- job{fmt.Sprintf("%s %s %s %d", pick(), pick(), pick(), i), a}
		}
	}()
	start := time.Now()
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		failed  error
		written int
	)
	for range 4 {
		wg.Go(func() {
			for j := range jobs {
				p := template
				p.ID, p.CreatedAt, p.OwnerID, p.Caption = "", time.Time{}, j.artist.ID, j.caption
				_, err := posts.Publish(ctx, p, j.artist.Username)
				mu.Lock()
				if err != nil && failed == nil {
					failed = err
				}
				if written++; written%1000 == 0 {
					fmt.Fprintf(os.Stderr, "search bench: %d posts indexed (%s)\n", written, time.Since(start).Round(time.Second))
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if failed != nil {
		return "", failed
	}
	indexing := time.Since(start)

	queries := []struct{ name, q, typ string }{
		{"one common word (≈1 post in 12)", "lagos", ""},
		{"one word, written with marks", "Ọ̀ṣun", ""},
		{"a prefix", "harm", ""},
		{"two words", "lagos groove", ""},
		{"tracks only", "gbedu", "tracks"},
		{"people (an artist's name)", "artist_07", "people"},
		{"a word nothing has", "zzzqx", ""},
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%sWritten by `make bench` (`go run ./localstack/bench -search-only -out localstack/bench/RESULTS.md` runs it alone). "+
		"%d posts by %d artists are indexed: one made through the API, the rest written through the stores' own code "+
		"(profile.Store.Create, post.Store.Publish: the same post, timeline and token items, in the same transactions, as "+
		"the API's create paths) in %s, so the run does not make 10,000 uploads and API calls. Each query below is asked %d times "+
		"through the gateway with a session, first page, limit 10. A query reads the token partition of its longest word in "+
		"the Users table and the Posts table at once (people and posts), then one BatchGetItem for the posts, the viewer's "+
		"likes and the profiles; the session check is one more BatchGetItem. The embedded DynamoDB walks every key of a table "+
		"on each query (about %d items in the Posts table here), which is most of the p50; in DynamoDB a query reads one partition.\n\n",
		searchHeading, searchPosts, searchArtists, indexing.Round(time.Second), n, tableSize(ctx, db))
	b.WriteString("| query | results (people, posts) | p50 | p95 | AWS calls per query (all) | store calls besides the session check |\n|---|---|---:|---:|---|---:|\n")
	for _, q := range queries {
		path := "/api/search?q=" + url.QueryEscape(q.q)
		if q.typ != "" {
			path += "&type=" + q.typ
		}
		c.api.take()
		lat := make([]time.Duration, 0, n)
		var people, found int
		for range n {
			t0 := time.Now()
			s, body := c.call("GET", path, token, nil)
			lat = append(lat, time.Since(t0))
			if s != 200 {
				return "", fmt.Errorf("search bench: %s: %d %v", path, s, body)
			}
			pp, _ := body["people"].([]any)
			ps, _ := body["posts"].([]any)
			people, found = len(pp), len(ps)
		}
		calls := c.api.take()
		var keys []string
		total := 0
		for k, v := range calls {
			keys = append(keys, fmt.Sprintf("%s ×%.1f", k, float64(v)/float64(n)))
			total += v
		}
		sort.Strings(keys)
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		fmt.Fprintf(&b, "| %s: `%s` | %d, %d | %s | %s | %s | %.1f |\n", q.name, strings.TrimPrefix(path, "/api/search?"), people, found,
			lat[n/2].Round(10*time.Microsecond), lat[n*95/100].Round(10*time.Microsecond), strings.Join(keys, ", "), float64(total)/float64(n)-1)
	}
	b.WriteString("\nGoal: at most 3 store calls per query besides the session check.\n")
	return b.String(), nil
}

// tableSize counts the Posts table's items.
func tableSize(ctx context.Context, db *dynamodb.Client) int {
	n := 0
	in := &dynamodb.ScanInput{TableName: aws.String(schema.Posts.Name), Select: "COUNT"}
	for {
		out, err := db.Scan(ctx, in)
		if err != nil {
			return -1
		}
		n += int(out.Count)
		if len(out.LastEvaluatedKey) == 0 {
			return n
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
}

// runSearchOnly runs the search run alone and puts its section into out in place of the old one
// (before the chat section, or at the end).
func runSearchOnly(out string, n int) error {
	section, err := benchSearch(context.Background(), n)
	if err != nil {
		return err
	}
	return rewrite(out, section, func(old string) string {
		before, after := old, ""
		if i := strings.Index(before, searchHeading); i >= 0 {
			before, after = before[:i], before[i+len(searchHeading):]
			if j := strings.Index(after, "\n## "); j >= 0 {
				after = after[j:]
			} else {
				after = ""
			}
		} else if i := strings.Index(before, chatHeading); i >= 0 {
			before, after = before[:i], before[i:]
		}
		return before + section + after
	})
}
