// Command bench measures Zuum's API calls in-process: each call goes through the local API
// gateway and the real Lambda adapter to its route group, whose AWS clients talk to an in-memory
// edge. It reports latency percentiles and how many DynamoDB, S3 and SES calls each API call
// makes, the chat socket's send-to-receive latency with many rooms sending at once (see
// benchChat), then runs the store under stress (see stress), and writes them as Markdown (make
// bench → localstack/bench/RESULTS.md). -stress-only runs the stress alone; -sizes-only builds
// every group's Lambda and a hello world and writes their sizes (sizes.go); -money-soak runs money
// moves under the payment provider's faults and checks the books (money.go); -listening-only
// measures posts' listening copies (listening.go); -serve is the short mode (make bench-short):
// requests per second of a running local cloud (serve.go). A full run keeps the
// sections of the file it does not write: the sizes and the Fast feed figures
// (localstack/bench/lighthouse.mjs).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"

	"zuum/localstack/edge"
	"zuum/localstack/gateway"
	"zuum/localstack/lambdas"
	"zuum/localstack/provision"
	"zuum/localstack/roundtrip"
	"zuum/shared/schema"
)

// counter tallies AWS calls by service and operation as they reach the edge, and when each
// DynamoDB call started and ended (spans), from which the round trips in sequence of an API call
// are counted (depth).
type counter struct {
	mu    sync.Mutex
	calls map[string]int
	spans []roundtrip.Span
	next  http.Handler
}

// roundTrips writes a depth for the table, "" where it was not measured.
func roundTrips(d int) string {
	if d == 0 {
		return ""
	}
	return strconv.Itoa(d)
}

// takeDepth returns the round trips in sequence of the store calls since the last call and
// forgets their spans.
func (c *counter) takeDepth() int {
	c.mu.Lock()
	spans := c.spans
	c.spans = nil
	c.mu.Unlock()
	return roundtrip.Depth(spans)
}

var scope = regexp.MustCompile(`Credential=[^/]+/[^/]+/[^/]+/([^/]+)/`)

func (c *counter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	svc := "s3"
	if m := scope.FindStringSubmatch(r.Header.Get("Authorization")); m != nil {
		svc = m[1]
	}
	op := r.Method
	if t := r.Header.Get("X-Amz-Target"); t != "" {
		op = t[strings.LastIndex(t, ".")+1:]
	}
	if p, ok := strings.CutPrefix(r.URL.Path, lambdas.FlutterwavePath); ok { // the payment provider
		svc, op = "provider", r.Method+" "+providerPath(p)
	}
	c.mu.Lock()
	c.calls[svc+":"+op]++
	c.mu.Unlock()
	start := time.Now()
	c.next.ServeHTTP(w, r)
	if svc == "dynamodb" {
		c.mu.Lock()
		c.spans = append(c.spans, roundtrip.Span{Start: start, End: time.Now()})
		c.mu.Unlock()
	}
}

func (c *counter) take() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.calls
	c.calls = map[string]int{}
	c.spans = nil
	return out
}

type result struct {
	name          string
	n             int
	p50, p95, max time.Duration
	calls         map[string]int // per API call
	// depth is the median of the store round trips in sequence per API call (0 where not
	// measured): calls the store served one after the other, each starting after the last ended.
	depth int
}

func main() {
	out := flag.String("out", "", "write Markdown results here (default: stdout only)")
	n := flag.Int("n", 200, "requests per measured call")
	stressFor := flag.Duration("stress", 30*time.Second, "how long the store-stress run lasts (0 skips it)")
	stressOnly := flag.Bool("stress-only", false, "run only the store stress, replacing its section of -out")
	flag.IntVar(&chatRooms, "chat-rooms", chatRooms, "rooms sending at once in the chat latency run (0 skips it)")
	chatOnly := flag.Bool("chat-only", false, "run only the chat latency run, replacing its section of -out")
	searchOnly := flag.Bool("search-only", false, "run only the search run, replacing its section of -out")
	sizesOnly := flag.Bool("sizes-only", false, "measure only the Lambda binary sizes, replacing their after table in -out")
	listeningOnly := flag.Bool("listening-only", false, "measure only the listening copies (listening.go), replacing their section of -out")
	moneySoakOnly := flag.Bool("money-soak", false, "run only the money soak under provider faults (money.go), replacing its section of -out")
	soakMoves := flag.Int("moves", 1000, "money moves in the money soak")
	soakSeed := flag.Uint64("seed", 21, "seed of the money soak's moves and faults")
	soakLimit := flag.Duration("soak-limit", 8*time.Minute, "the money soak's time bound")
	serve := flag.String("serve", "", "the short mode: measure req/s of a running local cloud at this URL (serve.go), printing its table")
	var sb serveBench
	flag.IntVar(&sb.pid, "pid", 0, "the short mode: the local cloud's process id, whose CPU time per request is measured")
	flag.IntVar(&sb.conns, "conns", 8, "the short mode: connections sending at once")
	flag.DurationVar(&sb.each, "for", 10*time.Second, "the short mode: how long each request is sent")
	flag.Parse()
	var err error
	switch {
	case *serve != "":
		sb.base = strings.TrimSuffix(*serve, "/")
		err = runServe(sb)
	case *listeningOnly:
		err = runListeningOnly(*out)
	case *moneySoakOnly:
		err = runMoneySoak(*out, *soakMoves, *soakSeed, *soakLimit)
	case *chatOnly:
		err = runChatOnly(*out, chatRooms)
	case *searchOnly:
		err = runSearchOnly(*out, *n)
	case *sizesOnly:
		err = runSizesOnly(*out)
	case *stressOnly:
		err = runStressOnly(*out, *stressFor)
	default:
		err = run(*out, *n, *stressFor)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// cloud is an in-memory edge with Zuum's tables, buckets and secret, every route group wired
// to it behind the local API gateway, and the workers attached.
type cloud struct {
	edge *edge.Edge
	cfg  aws.Config
	// api counts the AWS calls the route groups make, workers those of the asynchronous workers
	// (media checks, jobs), so an API call's row counts only its own calls.
	api, workers *counter
	gateway      http.Handler
	// chat is the chat socket's local WebSocket API, whose AWS calls count under api.
	chat  *gateway.Sockets
	close func()
	// calls numbers the API calls, each of which comes from an address of its own.
	calls atomic.Int64
	// env is the environment the groups and workers were built from.
	env map[string]string
}

func newCloud(ctx context.Context) (*cloud, error) { return newCloudWith(ctx, nil) }

// newCloudWith is newCloud with extra (or overriding) environment variables.
func newCloudWith(ctx context.Context, extra map[string]string) (*cloud, error) {
	e, err := edge.New(edge.Options{})
	if err != nil {
		return nil, err
	}
	c := &cloud{edge: e}
	c.api = &counter{calls: map[string]int{}, next: e.Handler()}
	srv := httptest.NewServer(c.api)
	c.workers = &counter{calls: map[string]int{}, next: e.Handler()}
	wsrv := httptest.NewServer(c.workers)
	c.close = func() {
		srv.Close()
		wsrv.Close()
		_ = e.Close()
	}
	c.cfg = aws.Config{Region: "us-east-1", BaseEndpoint: aws.String(srv.URL), Credentials: credentials.NewStaticCredentialsProvider("test", "test", "")}
	if err := provision.Apply(ctx, c.cfg, schema.Tables, schema.Buckets); err != nil {
		c.close()
		return nil, err
	}
	for _, name := range []string{lambdas.JWTSecretName, lambdas.OriginSecretName} {
		if _, err := secretsmanager.NewFromConfig(c.cfg).CreateSecret(ctx, &secretsmanager.CreateSecretInput{
			Name: aws.String(name), SecretString: aws.String(strings.Repeat("s", 48))}); err != nil {
			c.close()
			return nil, err
		}
	}
	if _, err := lambdas.MediaSigning(ctx, c.cfg); err != nil {
		c.close()
		return nil, err
	}
	env := lambdas.Env("https://zuum.test")
	pay, err := lambdas.Payments(ctx, c.cfg, e, srv.URL, "https://zuum.test", nil)
	if err != nil {
		c.close()
		return nil, err
	}
	for k, v := range pay {
		env[k] = v
	}
	for k, v := range extra {
		env[k] = v
	}
	c.env = env
	wired, err := lambdas.Build(ctx, c.cfg, func(k string) string { return env[k] })
	if err != nil {
		c.close()
		return nil, err
	}
	wcfg := c.cfg.Copy()
	wcfg.BaseEndpoint = aws.String(wsrv.URL)
	workers, err := lambdas.Build(ctx, wcfg, func(k string) string { return env[k] })
	if err != nil {
		c.close()
		return nil, err
	}
	lambdas.Attach(e, workers)
	e.ServeConnections(wired.Chat) // the socket whose function counts under api
	c.gateway, c.chat = gateway.New(wired.Routes), wired.Chat
	return c, nil
}

// call sends one API call through the gateway and returns its status and decoded body.
func (c *cloud) call(method, path, token string, body any) (int, map[string]any) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	// Each call comes from an address of its own, as from many visitors: the auth group
	// limits sign-ups and failed logins per address, which one address would soon reach.
	n := c.calls.Add(1)
	req.RemoteAddr = fmt.Sprintf("198.18.%d.%d:443", n/250%256, n%250+1)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	c.gateway.ServeHTTP(rec, req)
	var m map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &m)
	return rec.Code, m
}

func run(out string, n int, stressFor time.Duration) error {
	ctx := context.Background()
	c, err := newCloud(ctx)
	if err != nil {
		return err
	}
	defer c.close()
	e, cnt, call := c.edge, c.api, c.call
	measure := func(name string, reps int, do func(i int) int, want int) (result, error) {
		cnt.take()
		lat := make([]time.Duration, 0, reps)
		depths := make([]int, 0, reps)
		for i := 0; i < reps; i++ {
			start := time.Now()
			if got := do(i); got != want {
				return result{}, fmt.Errorf("%s #%d: status %d, want %d", name, i, got, want)
			}
			lat = append(lat, time.Since(start))
			depths = append(depths, cnt.takeDepth())
		}
		sort.Ints(depths)
		calls := cnt.take()
		for k := range calls {
			calls[k] /= reps
		}
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		return result{name: name, n: reps, p50: lat[reps/2], p95: lat[reps*95/100], max: lat[reps-1], calls: calls, depth: depths[reps/2]}, nil
	}

	var results []result
	add := func(r result, err error) error {
		if err == nil {
			results = append(results, r)
		}
		return err
	}
	signupN := n / 4 // each sign-up hashes a password at production cost
	if err := add(measure("POST /api/auth/signup", signupN, func(i int) int {
		s, _ := call("POST", "/api/auth/signup", "", map[string]string{"firstname": "B", "lastname": "U", "username": fmt.Sprintf("bench%d", i),
			"email": fmt.Sprintf("bench%d@zuum.test", i), "phonenumber": "08031234567", "password": "password123", "identity": "artist"})
		return s
	}, 201)); err != nil {
		return err
	}
	codes := map[string]string{}
	for _, m := range e.Mail() {
		codes[m.Destination.ToAddresses[0]] = regexp.MustCompile(`\d{6}`).FindString(m.Body.Text)
	}
	if err := add(measure("POST /api/auth/verify-email", signupN, func(i int) int {
		email := fmt.Sprintf("bench%d@zuum.test", i)
		s, _ := call("POST", "/api/auth/verify-email", "", map[string]string{"email": email, "otp": codes[email]})
		return s
	}, 200)); err != nil {
		return err
	}
	var token, id string
	if err := add(measure("POST /api/auth/login", signupN, func(i int) int {
		s, b := call("POST", "/api/auth/login", "", map[string]string{"email": fmt.Sprintf("bench%d@zuum.test", i), "password": "password123"})
		token, _ = b["token"].(string)
		if p, ok := b["profile"].(map[string]any); ok {
			id, _ = p["id"].(string)
		}
		return s
	}, 200)); err != nil {
		return err
	}
	if err := add(measure("GET /api/user/profile", n, func(int) int { s, _ := call("GET", "/api/user/profile", token, nil); return s }, 200)); err != nil {
		return err
	}
	if err := add(measure("GET /api/user/profile/{id}", n, func(int) int { s, _ := call("GET", "/api/user/profile/"+id, "", nil); return s }, 200)); err != nil {
		return err
	}
	// Fewer than the per-address failure limit, which would answer 429 instead.
	if err := add(measure("POST /api/auth/login (unknown email)", 25, func(i int) int {
		s, _ := call("POST", "/api/auth/login", "", map[string]string{"email": fmt.Sprintf("nobody%d@zuum.test", i), "password": "password123"})
		return s
	}, 401)); err != nil {
		return err
	}

	social, err := benchSocial(ctx, socialBench{
		cfg: c.cfg, edge: e, call: call, measure: measure, workers: c.workers, n: n, token: token, id: id,
	})
	if err != nil {
		return err
	}
	results = append(results, social.results...)
	wallet, err := benchWallet(ctx, walletBench{cfg: c.cfg, edge: e, gateway: c.gateway, call: call, measure: measure, n: n})
	if err != nil {
		return err
	}
	results = append(results, wallet.results...)
	beats, err := benchBeats(ctx, c, socialBench{cfg: c.cfg, edge: e, call: call, measure: measure, workers: c.workers, n: n, token: token, id: id})
	if err != nil {
		return err
	}
	results = append(results, beats.results...)
	withdrawals, err := benchWithdrawals(ctx, c, measure, n/4)
	if err != nil {
		return err
	}
	results = append(results, withdrawals...)

	var b strings.Builder
	fmt.Fprintf(&b, "# Benchmark results\n\nWritten by `make bench` on %s (%s/%s, %d CPUs, %s). Each API call goes through the local API gateway and the real Lambda adapter; AWS calls go to the in-memory edge over loopback HTTP, so latencies are this machine's, not AWS's. Password hashing runs at production cost (bcrypt 10), which dominates sign-up and login. The embedded DynamoDB (minidyn) answers every Query by walking all the keys of its table, so calls that query get slower as the run adds data (the profile reads measured before and after the posts below show it); DynamoDB reads one partition, so the call counts are the figures to carry over to AWS. Every authenticated call spends one dynamodb:BatchGetItem on the session check (profile and session items). \"Round trips in sequence\" is the median over the requests of the longest chain of DynamoDB calls of one API call each of which the edge began serving after the one before it had ended (the session check included); on loopback a call made at once with another may still end before the other begins, so it can read higher than the code's structure (functions/wire's test holds every call 15 ms to count it exactly).\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 MST"), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version())
	b.WriteString("| API call | requests | p50 | p95 | max | AWS calls per API call | round trips in sequence |\n|---|---:|---:|---:|---:|---|---:|\n")
	for _, r := range results {
		fmt.Fprintf(&b, "| %s | %d | %s | %s | %s | %s | %s |\n", r.name, r.n, r.p50.Round(10*time.Microsecond), r.p95.Round(10*time.Microsecond), r.max.Round(10*time.Microsecond), countsText(r.calls), roundTrips(r.depth))
	}
	b.WriteString(social.notes)
	b.WriteString(wallet.notes)
	b.WriteString(beats.notes)
	searchSection, err := benchSearch(ctx, n)
	if err != nil {
		return err
	}
	b.WriteString(searchSection)
	if chatRooms > 0 {
		section, err := benchChat(ctx, chatRooms)
		if err != nil {
			return err
		}
		b.WriteString(section)
	}
	var stressErr error
	if stressFor > 0 {
		var section string
		section, stressErr = stress(ctx, stressFor)
		b.WriteString(section)
	}
	fmt.Print(b.String())
	if out != "" {
		return errors.Join(stressErr, os.WriteFile(out, []byte(b.String()+keptSections(out)), 0o644))
	}
	return stressErr
}
