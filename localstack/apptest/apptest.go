// Package apptest runs route groups for integration tests the way production runs them: wired
// from an environment by their FromEnv, behind the local API gateway (so every request crosses
// the real Lambda adapter), against a fresh embedded cloud, over TLS (so Secure cookies travel as
// in a browser). Every request that reaches the app and every answer it gives is checked against
// the OpenAPI document (package contract): a disagreement fails the test that sent the request.
// Only _test files import it.
package apptest

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/coder/websocket"

	"zuum/functions/wire"
	"zuum/localstack/app"
	"zuum/localstack/cloudtest"
	"zuum/localstack/contract"
	"zuum/localstack/edge"
	"zuum/localstack/gateway"
	"zuum/localstack/lambdas"
	"zuum/shared/schema"
)

// App is a running set of route groups.
type App struct {
	Cloud  *cloudtest.Cloud
	Server *httptest.Server
	Env    map[string]string
	// Handlers are the wired groups, for tests that must bypass the gateway's own limits.
	Handlers map[string]http.Handler
	// Chat is the local WebSocket API serving the chat socket at schema.ChatSocket.Path (see
	// Client.Socket); its frames are not HTTP, so the OpenAPI document does not check them.
	Chat *gateway.Sockets

	clients atomic.Int32 // clients made, for their addresses
	tests   sync.Map     // client number → the test it reports contract failures to
	t       testing.TB
	doc     *contract.Validator

	bootstrap struct { // the bootstrap-approved admin SignedInAdmin approves others with
		sync.Mutex
		admin *Admin
	}
}

// sourceHeader carries a Client's address to the test server, which stands where CloudFront
// stands in AWS: it reports that address to the API as CloudFront-Viewer-Address with the origin
// secret (app.CDNHeaders), and as the connection's address, which the gateway reports as
// sourceIp, unless edgeHeader names the CDN server the client came through. None of these
// headers reaches a handler.
const (
	sourceHeader = "X-Apptest-Source-Ip"
	edgeHeader   = "X-Apptest-Edge-Ip"
	clientHeader = "X-Apptest-Client" // which Client sent it, for contract failures; not passed on
)

// Start wires every route group (lambdas.Groups) and worker (lambdas.Workers) against a fresh
// cloud, with the local cloud's environment (lambdas.Env); extra adds or overrides variables.
// Workers are attached to the edge as in AWS (lambdas.Attach): queued jobs and upload
// notifications run them asynchronously; Settle waits for them. The server also stands for the
// CDN's media behaviours (app.Site): /public/* to anyone and /media/* by the URLs the groups sign
// with the local media signing key (lambdas.MediaSigning), so a post's media loads from URL(its
// field).
func Start(t testing.TB, extra map[string]string) *App {
	t.Helper()
	return StartAt(t, nil, extra)
}

// StartAt is Start with the groups' stores reading the time from now (wire.WithClock; nil is
// time.Now): a test that moves a Clock sees rate windows and expiries pass without waiting.
func StartAt(t testing.TB, now func() time.Time, extra map[string]string) *App {
	t.Helper()
	c := cloudtest.Start(t)
	secrets := map[string]string{}
	for _, name := range []string{lambdas.JWTSecretName, lambdas.OriginSecretName} {
		secret := make([]byte, 48)
		_, _ = rand.Read(secret)
		secrets[name] = base64.RawURLEncoding.EncodeToString(secret)
		if _, err := c.Secrets.CreateSecret(context.Background(), &secretsmanager.CreateSecretInput{
			Name: aws.String(name), SecretString: aws.String(secrets[name]),
		}); err != nil {
			t.Fatalf("create secret %s: %v", name, err)
		}
	}
	mediaKey, err := lambdas.MediaSigning(context.Background(), c.Config)
	if err != nil {
		t.Fatalf("media signing key: %v", err)
	}
	// The CDN stand-in's media behaviours: public/ to anyone, media/ by signed URLs only.
	cdn := (&app.Site{S3: c.S3, Bucket: schema.Media.Name, MediaKeys: map[string]*rsa.PublicKey{lambdas.MediaSigningKeyID: mediaKey}}).Handler()
	a := &App{Cloud: c, t: t, doc: contract.Default(t)}
	api, socket := http.NotFoundHandler(), http.NotFoundHandler()
	checked := a.doc.Handler(a.reportTo, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { api.ServeHTTP(w, r) }))
	a.Server = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ip := r.Header.Get(sourceHeader); ip != "" { // the client's own address
			r.RemoteAddr = net.JoinHostPort(ip, "443")
		}
		app.CDNHeaders(r, secrets[lambdas.OriginSecretName])
		if ip := r.Header.Get(edgeHeader); ip != "" { // the CDN server's address, as the gateway reads it
			r.RemoteAddr = net.JoinHostPort(ip, "443")
		}
		n, _ := strconv.Atoi(r.Header.Get(clientHeader))
		r.Header.Del(sourceHeader)
		r.Header.Del(edgeHeader)
		r.Header.Del(clientHeader)
		if r.URL.Path == schema.ChatSocket.Path {
			socket.ServeHTTP(w, r)
			return
		}
		if strings.HasPrefix(r.URL.Path, "/"+schema.FinalPrefix) || strings.HasPrefix(r.URL.Path, "/"+schema.PublicPrefix) {
			cdn.ServeHTTP(w, r)
			return
		}
		checked.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), clientKey{}, int32(n))))
	}))
	t.Cleanup(a.Server.Close)
	a.Env = lambdas.Env(a.Server.URL)
	a.Env["BCRYPT_COST"] = "4" // the minimum: tests hash many passwords and measure nothing about cost
	// The payment sandbox delivers its webhooks to this server, as the provider does to the site.
	pay, err := lambdas.Payments(context.Background(), c.Config, c.Edge, c.URL, a.Server.URL, a.Server.Client())
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range pay {
		a.Env[k] = v
	}
	for k, v := range extra {
		a.Env[k] = v
	}
	ctx := context.Background()
	if now != nil {
		ctx = wire.WithClock(ctx, now)
	}
	wired, err := lambdas.Build(ctx, c.Config, func(k string) string { return a.Env[k] })
	if err != nil {
		t.Fatal(err)
	}
	a.Handlers = wired.Handlers
	lambdas.Attach(c.Edge, wired)
	api, socket, a.Chat = gateway.New(wired.Routes), wired.Chat, wired.Chat
	t.Cleanup(wired.Chat.CloseAll)
	return a
}

// clientKey carries the number of the Client that sent a request in its context.
type clientKey struct{}

// reportTo is the test a request's contract failures go to: its Client's, else the app's.
func (a *App) reportTo(r *http.Request) testing.TB {
	n, _ := r.Context().Value(clientKey{}).(int32)
	if t, ok := a.tests.Load(n); ok {
		return t.(testing.TB)
	}
	return a.t
}

// Serve sends req straight to the wired group's handler, bypassing the gateway and its limits,
// and checks the exchange against the document as if it had come through the app.
func (a *App) Serve(t testing.TB, group string, req *http.Request) *httptest.ResponseRecorder {
	t.Helper()
	h, ok := a.Handlers[group]
	if !ok {
		t.Fatalf("apptest: no group %q", group)
	}
	rec := httptest.NewRecorder()
	a.doc.Handler(func(*http.Request) testing.TB { return t }, h).ServeHTTP(rec, req)
	return rec
}

// settleTimeout bounds Settle: generous, since a failing event runs three times with backoff.
const settleTimeout = 30 * time.Second

// Settle waits until the asynchronous work the test set off (S3 upload notifications to the
// media worker, jobs queued by Lambda's asynchronous invoke, and what they queue in turn) has
// finished, retries included, failing t if it does not within 30 seconds. It returns the events
// that failed every attempt so far (see FailedEvents); most tests call NoFailedEvents instead.
func (a *App) Settle(t testing.TB) []edge.FailedEvent {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), settleTimeout)
	defer cancel()
	if err := a.Cloud.Edge.WaitIdle(ctx); err != nil {
		t.Fatalf("apptest: asynchronous work did not settle: %v", err)
	}
	return a.Cloud.Edge.FailedEvents()
}

// NoFailedEvents settles and fails t if any asynchronous invocation failed every attempt.
func (a *App) NoFailedEvents(t testing.TB) {
	t.Helper()
	for _, f := range a.Settle(t) {
		t.Errorf("apptest: %s failed %d times (request %s): %s; payload %s", f.Function, f.Attempts, f.RequestID, f.Err, f.Payload)
	}
}

// FailedEvents returns the asynchronous invocations that failed every attempt, oldest first.
func (a *App) FailedEvents() []edge.FailedEvent { return a.Cloud.Edge.FailedEvents() }

// Client is a browser-like client: it keeps cookies, does not follow redirects, sends the app's
// Origin where a browser on its page does (every request but GET and HEAD, and the socket's
// upgrade), and calls from an address of its own, as separate people do (the API limits some
// calls per address).
type Client struct {
	t     testing.TB
	app   *App
	n     int32 // its number, marked on its requests
	HTTP  *http.Client
	Token string // sent as Bearer when set
	// IP is the client's own address, which the API limits on (CloudFront-Viewer-Address, and
	// sourceIp unless Edge is set); set it to make several clients call from one address.
	IP string
	// Edge, when set, is the address of the CDN server the client comes through, which API
	// Gateway then reports as sourceIp: set it to make several clients share one edge.
	Edge string
}

// Client returns a new client with an empty cookie jar and an address no other client has.
func (a *App) Client(t testing.TB) *Client {
	jar, _ := cookiejar.New(nil)
	n := a.clients.Add(1)
	c := &Client{t: t, app: a, n: n, IP: fmt.Sprintf("198.18.%d.%d", n/250, n%250+1)}
	a.tests.Store(n, t)
	hc := *a.Server.Client() // a copy: each client has its own jar
	hc.Jar = jar
	hc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	hc.Transport = fromAddress{next: hc.Transport, c: c}
	c.HTTP = &hc
	return c
}

// fromAddress marks each request with its client's current address.
type fromAddress struct {
	next http.RoundTripper
	c    *Client
}

func (f fromAddress) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	// What a browser on the app's page sends: Origin on every request that may change something
	// and on the socket's upgrade. A test sets its own (an empty one sends none).
	if o, set := r.Header["Origin"]; !set && (r.Method != http.MethodGet && r.Method != http.MethodHead || r.Header.Get("Upgrade") != "") {
		r.Header.Set("Origin", f.c.app.Server.URL)
	} else if set && (len(o) == 0 || o[0] == "") {
		r.Header.Del("Origin")
	}
	// The web app's fetch names its bodies JSON; a test sets another type itself.
	if r.Body != nil && r.Body != http.NoBody && r.ContentLength != 0 && r.Header.Get("Content-Type") == "" {
		r.Header.Set("Content-Type", "application/json")
	}
	r.Header.Set(sourceHeader, f.c.IP)
	r.Header.Set(clientHeader, strconv.Itoa(int(f.c.n)))
	if f.c.Edge != "" {
		r.Header.Set(edgeHeader, f.c.Edge)
	}
	return f.next.RoundTrip(r)
}

// Response is a decoded API answer.
type Response struct {
	Status int
	Header http.Header
	Raw    []byte
	Body   map[string]any
}

// Message is the body's "message".
func (r Response) Message() string { s, _ := r.Body["message"].(string); return s }

// FieldErrors maps each field error's field to its msg.
func (r Response) FieldErrors() map[string]string {
	out := map[string]string{}
	list, _ := r.Body["errors"].([]any)
	for _, e := range list {
		m, _ := e.(map[string]any)
		f, _ := m["field"].(string)
		msg, _ := m["msg"].(string)
		out[f] = msg
	}
	return out
}

// JSON sends body (a value to encode, a string or []byte sent as is, or nil) to path.
func (c *Client) JSON(method, path string, body any) Response {
	c.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = bytes.NewBufferString(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		raw, _ := json.Marshal(b)
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, c.app.Server.URL+path, rd)
	if err != nil {
		c.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return c.Do(req)
}

// Do sends req, adding the Bearer token when the client has one.
func (c *Client) Do(req *http.Request) Response {
	c.t.Helper()
	if c.Token != "" && req.Header.Get("Authorization") == "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := Response{Status: res.StatusCode, Header: res.Header, Raw: raw}
	_ = json.Unmarshal(raw, &out.Body)
	return out
}

// Socket opens the chat WebSocket as this client: its cookies (the session cookie after
// NewUser) travel with the upgrade, as a browser's do, and query is added to the URL ("token=…"
// to authenticate without the cookie). On a refused upgrade it returns the HTTP response and an
// error; the caller closes the socket it gets.
func (c *Client) Socket(ctx context.Context, query string) (*websocket.Conn, *http.Response, error) {
	u := c.app.Server.URL + schema.ChatSocket.Path
	if query != "" {
		u += "?" + query
	}
	ws, res, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: c.HTTP})
	if ws != nil {
		ws.SetReadLimit(gateway.MaxMessage)
	}
	return ws, res, err
}

// URL is the app's address for path.
func (a *App) URL(path string) string { return a.Server.URL + path }

// URL is the address a browser on the app's page loads ref from: ref itself when absolute (a
// presigned GET on the bucket), else the app's address for it (posts' /media/ and /public/ paths).
func (c *Client) URL(ref string) string {
	if strings.HasPrefix(ref, "/") {
		return c.app.URL(ref)
	}
	return ref
}

var sixDigits = regexp.MustCompile(`\b(\d{6})\b`)

// LastOTP reads the newest verification code mailed to email.
func (a *App) LastOTP(t testing.TB, email string) string {
	t.Helper()
	msgs := a.Cloud.MailTo(email)
	for i := len(msgs) - 1; i >= 0; i-- {
		if m := sixDigits.FindStringSubmatch(msgs[i].Body.Text); m != nil {
			return m[1]
		}
	}
	t.Fatalf("no code mailed to %s", email)
	return ""
}

// Signup is a valid sign-up body for username.
func Signup(username string) map[string]any {
	return map[string]any{
		"firstname": "Ada", "lastname": "Eze", "username": username, "email": username + "@example.com",
		"phonenumber": "08031234567", "password": "password123", "identity": "artist",
	}
}

// NewUser signs up, verifies and logs in username, leaving c holding the session cookie and the
// token. It returns the login response.
func (a *App) NewUser(t testing.TB, c *Client, username string) Response {
	t.Helper()
	if r := c.JSON("POST", "/api/auth/signup", Signup(username)); r.Status != http.StatusCreated {
		t.Fatalf("signup %s: %d %s", username, r.Status, r.Raw)
	}
	email := username + "@example.com"
	if r := c.JSON("POST", "/api/auth/verify-email", map[string]string{"email": email, "otp": a.LastOTP(t, email)}); r.Status != http.StatusOK {
		t.Fatalf("verify %s: %d %s", username, r.Status, r.Raw)
	}
	r := c.JSON("POST", "/api/auth/login", map[string]string{"email": email, "password": "password123"})
	if r.Status != http.StatusOK {
		t.Fatalf("login %s: %d %s", username, r.Status, r.Raw)
	}
	c.Token, _ = r.Body["token"].(string)
	return r
}

// User is a signed-in test user: a client holding their session, their profile id and username.
type User struct {
	*Client
	ID, Name string
}

// SignedIn signs username up, verifies and logs them in on a client of their own (NewUser).
func (a *App) SignedIn(t testing.TB, username string) User {
	t.Helper()
	c := a.Client(t)
	r := a.NewUser(t, c, username)
	id, _ := r.Body["profile"].(map[string]any)["id"].(string)
	if id == "" {
		t.Fatalf("login %s: no profile id in %s", username, r.Raw)
	}
	return User{Client: c, ID: id, Name: username}
}

// Replay sends the sample event file (relative to the repository root) to the wired group
// through the real Lambda adapter, as API Gateway would, and returns the Lambda's response. The
// event and the response are checked against the document like any other exchange.
func (a *App) Replay(t testing.TB, group, file string) events.APIGatewayV2HTTPResponse {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(repoRoot(t), file))
	if err != nil {
		t.Fatal(err)
	}
	var e events.APIGatewayV2HTTPRequest
	if err := json.Unmarshal(raw, &e); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	// A sample a browser sent names the local cloud's page as its Origin (`make invoke`'s
	// APP_URL); this app's page is its own server.
	if _, ok := e.Headers["origin"]; ok {
		e.Headers["origin"] = a.Server.URL
	}
	res, err := gateway.FromHandler(a.Handlers[group])(context.Background(), e)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	x, err := contract.EventExchange(e, res)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	for _, p := range a.doc.Problems(x) {
		t.Errorf("%s: %v", file, p)
	}
	return res
}

func repoRoot(t testing.TB) string {
	dir, err := contract.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// Main runs a package's tests, then prints how many exchanges were checked against the
// document: `func TestMain(m *testing.M) { apptest.Main(m) }`.
func Main(m *testing.M) { contract.Main(m) }

// Clock is a test's clock: it stands still until the test moves it (Add). Pass its Now to StartAt.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock returns a clock standing at at.
func NewClock(at time.Time) *Clock { return &Clock{now: at} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Add moves the clock on by d.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
