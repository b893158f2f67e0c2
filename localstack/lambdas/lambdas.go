// Package lambdas is the local cloud's list of route groups and the environment it gives them,
// in one place: the local cloud, `make invoke`, `make bench` and the integration tests all wire
// groups through here, so a new group is added once.
package lambdas

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	smtypes "github.com/aws/aws-sdk-go-v2/service/secretsmanager/types"

	"zuum/functions/admin"
	"zuum/functions/audio"
	"zuum/functions/auth"
	"zuum/functions/beat"
	"zuum/functions/chat"
	"zuum/functions/distribution"
	"zuum/functions/feed"
	"zuum/functions/jobs"
	"zuum/functions/licences"
	"zuum/functions/media"
	"zuum/functions/notifications"
	"zuum/functions/payment"
	"zuum/functions/promotion"
	"zuum/functions/reconcile"
	"zuum/functions/search"
	"zuum/functions/uploads"
	"zuum/functions/user"
	"zuum/functions/video"
	"zuum/functions/wallet"
	"zuum/functions/wire"
	"zuum/localstack/edge"
	"zuum/localstack/flutterwave"
	"zuum/localstack/gateway"
	files "zuum/shared/media"
	pay "zuum/shared/payment"
	"zuum/shared/schema"
)

// Groups builds each route group of schema.RouteGroups, keyed by the group's name, exactly as its
// Lambda main builds it. Which paths a group owns is the schema's; every listed group has a
// builder here and every builder a row there.
var Groups = map[string]wire.Builder{
	"auth":          auth.FromEnv,
	"user":          user.FromEnv,
	"uploads":       uploads.FromEnv,
	"audio":         audio.FromEnv,
	"video":         video.FromEnv,
	"beat":          beat.FromEnv,
	"feed":          feed.FromEnv,
	"search":        search.FromEnv,
	"notifications": notifications.FromEnv,
	"payment":       payment.FromEnv,
	"promotion":     promotion.FromEnv,
	"licences":      licences.FromEnv,
	"wallet":        wallet.FromEnv,
	"distribution":  distribution.FromEnv,
	"admin":         admin.FromEnv,
}

// Sockets are the WebSocket APIs' functions, keyed by their schema.Socket's name.
var Sockets = map[string]wire.SocketBuilder{
	schema.ChatSocket.Name: chat.FromEnv,
}

// Workers are the functions invoked by events instead of routes, keyed by their local function
// name (what JOBS_FUNCTION names, and what the media bucket's ObjectCreated notification invokes).
var Workers = map[string]wire.WorkerBuilder{
	MediaFunction:     media.FromEnv,
	JobsFunction:      jobs.FromEnv,
	ReconcileFunction: reconcile.FromEnv,
}

// Local names of the worker functions.
const (
	MediaFunction     = "zuum-media"
	JobsFunction      = "zuum-jobs"
	ReconcileFunction = "zuum-reconcile"
)

// JWTSecretName is the local Secrets Manager secret that signs sessions.
const JWTSecretName = "zuum/jwt-signing-secret"

// OriginSecretName is the local Secrets Manager secret the CDN stand-in sends in
// httpapi.OriginHeader, as CloudFront sends the stack's origin secret (ORIGIN_SECRET_ID).
// ORIGIN_REQUIRED stays unset locally, so `make invoke` and the events/ replays, which call a
// group as API Gateway would without the CDN, still run.
const OriginSecretName = "zuum/origin-secret"

// MediaSigningSecretName is the local Secrets Manager secret holding the private key (PEM) that
// signs media URLs for the CDN stand-in (MEDIA_SIGNING_SECRET_ID); MediaSigning makes it.
const MediaSigningSecretName = "zuum/media-signing-key"

// MediaSigningKeyID is the id the CDN stand-in knows the media signing key's public half by, as
// CloudFront knows a key group's public key (MEDIA_SIGNING_KEY_ID).
const MediaSigningKeyID = "KZUUMLOCALMEDIA"

// FlutterwaveSecretName is the local Secrets Manager secret holding the payment provider's keys,
// {"secret_key","webhook_hash"} (FLUTTERWAVE_SECRET_ID); the local cloud makes it and gives the
// sandbox the same keys (PaymentKeys).
const FlutterwaveSecretName = "zuum/flutterwave"

// FlutterwavePath is the payment sandbox's v3 API on the edge: FLUTTERWAVE_BASE_URL is the
// edge's address followed by it.
const FlutterwavePath = "/_flutterwave/v3"

// WebhookPath is where the provider delivers its webhooks, on the app's origin.
const WebhookPath = "/api/payment/webhook"

// DemoAdminEmail is the demo admin of the local cloud, approved by the bootstrap list.
const DemoAdminEmail = "admin@demo.zuum.ng"

// Env is the environment every local function gets: the names the CDK stack passes in AWS, with
// the local cloud's physical table and bucket names. appURL is the web app's origin. The payment
// provider is the sandbox of an edge on LocalStack's port; Payments points it elsewhere.
func Env(appURL string) map[string]string {
	return map[string]string{
		"FLUTTERWAVE_SECRET_ID": FlutterwaveSecretName, "FLUTTERWAVE_BASE_URL": "http://127.0.0.1:4566" + FlutterwavePath,
		schema.Users.EnvVar: schema.Users.Name, schema.Posts.EnvVar: schema.Posts.Name, schema.Ledger.EnvVar: schema.Ledger.Name,
		schema.Chat.EnvVar: schema.Chat.Name, schema.Connections.EnvVar: schema.Connections.Name,
		schema.Media.EnvVar: schema.Media.Name, "JOBS_FUNCTION": JobsFunction,
		"JWT_SECRET_ID": JWTSecretName, "ORIGIN_SECRET_ID": OriginSecretName, "MAIL_FROM": "Zuum <no-reply@zuum.ng>", "APP_URL": appURL,
		"ADMIN_BOOTSTRAP_EMAILS":  DemoAdminEmail,
		"MEDIA_SIGNING_SECRET_ID": MediaSigningSecretName, "MEDIA_SIGNING_KEY_ID": MediaSigningKeyID,
	}
}

// Wired is every group and worker built and ready: groups as handlers by name and as the
// Lambdas the gateway invokes by path prefix (gateway.New(w.Routes)), workers by function name,
// and the chat socket's WebSocket API (served on the app at schema.ChatSocket.Path).
type Wired struct {
	Handlers map[string]http.Handler
	Routes   map[string]gateway.Lambda
	Workers  map[string]wire.Worker
	Chat     *gateway.Sockets
}

// Build wires every group of schema.RouteGroups (with its builder in Groups, behind the guard its
// Lambda main puts it: wire.Guarded) and every worker in Workers with cfg and env.
func Build(ctx context.Context, cfg aws.Config, env wire.Env) (Wired, error) {
	w := Wired{Handlers: map[string]http.Handler{}, Routes: map[string]gateway.Lambda{}, Workers: map[string]wire.Worker{}}
	for _, g := range schema.RouteGroups {
		build, ok := Groups[g.Name]
		if !ok {
			return Wired{}, fmt.Errorf("route group %s has no builder in lambdas.Groups", g.Name)
		}
		h, err := build(ctx, cfg, env)
		if err != nil {
			return Wired{}, fmt.Errorf("wire %s: %w", g.Name, err)
		}
		h = wire.Guarded(env, h)
		w.Handlers[g.Name] = h
		fn := gateway.FromHandler(h)
		for _, prefix := range g.Prefixes() {
			w.Routes[prefix] = fn
		}
	}
	chatFn, err := Sockets[schema.ChatSocket.Name](ctx, cfg, socketEnv(cfg, env, schema.ChatSocket))
	if err != nil {
		return Wired{}, fmt.Errorf("wire socket %s: %w", schema.ChatSocket.Name, err)
	}
	w.Chat = gateway.NewSockets(gateway.SocketLambda(chatFn), schema.ChatSocket.Stage, schema.ChatSocket.Routes)
	for name, build := range Workers {
		work, err := build(ctx, cfg, env)
		if err != nil {
			return Wired{}, fmt.Errorf("wire worker %s: %w", name, err)
		}
		w.Workers[name] = work
	}
	return w, nil
}

// socketEnv is env with the socket's @connections endpoint, when env does not name one: the
// edge's own address (cfg's endpoint, which serves execute-api) with the stage, as API Gateway's
// https://<api>.execute-api.<region>.amazonaws.com/<stage>.
func socketEnv(cfg aws.Config, env wire.Env, s schema.Socket) wire.Env {
	return func(k string) string {
		if v := env(k); v != "" || k != s.CallbackEnvVar || cfg.BaseEndpoint == nil {
			return v
		}
		return strings.TrimSuffix(*cfg.BaseEndpoint, "/") + "/" + s.Stage
	}
}

// Attach deploys the workers on the edge as AWS has them: each one a Lambda function under its
// name (so JOBS_FUNCTION's asynchronous invokes reach the jobs worker), the media bucket's
// ObjectCreated notification for uploads/ invoking MediaFunction, and the chat socket's
// connections behind the edge's @connections API.
func Attach(e *edge.Edge, w Wired) {
	e.ServeConnections(w.Chat)
	for name, work := range w.Workers {
		e.RegisterFunction(name, work)
	}
	e.NotifyObjectCreated(schema.Media.Name, schema.UploadsPrefix, MediaFunction)
}

// Payments sets up the payment provider in the local cloud at cfg: it makes the provider's
// secret (random keys) unless it exists, gives the edge's sandbox the same keys and the app's
// webhook address (appURL + WebhookPath, sent with hc; nil means a default client), and returns
// the environment that points the payment group at that sandbox (edgeURL + FlutterwavePath).
func Payments(ctx context.Context, cfg aws.Config, e *edge.Edge, edgeURL, appURL string, hc *http.Client) (map[string]string, error) {
	sm := secretsmanager.NewFromConfig(cfg)
	_, err := sm.DescribeSecret(ctx, &secretsmanager.DescribeSecretInput{SecretId: aws.String(FlutterwaveSecretName)})
	var missing *smtypes.ResourceNotFoundException
	switch {
	case errors.As(err, &missing):
		raw, _ := json.Marshal(pay.Keys{SecretKey: "FLWSECK_TEST-" + random(), WebhookHash: random()})
		if _, err := sm.CreateSecret(ctx, &secretsmanager.CreateSecretInput{
			Name: aws.String(FlutterwaveSecretName), SecretString: aws.String(string(raw)),
		}); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, err
	}
	secret, err := wire.Secret(ctx, cfg, FlutterwaveSecretName)
	if err != nil {
		return nil, err
	}
	keys, err := pay.ParseKeys(secret)
	if err != nil {
		return nil, err
	}
	e.Payments().Configure(flutterwave.Config{
		SecretKey: keys.SecretKey, WebhookHash: keys.WebhookHash, WebhookURL: appURL + WebhookPath, Client: hc,
	})
	return map[string]string{"FLUTTERWAVE_BASE_URL": edgeURL + FlutterwavePath}, nil
}

// MediaSigning sets up the media signing key in the local cloud at cfg: it makes the secret
// MediaSigningSecretName (an RSA key, PEM) unless it exists, so a restart of make dev keeps the
// key and the URLs already handed out, and returns the public key the CDN stand-in verifies
// signed URLs with (app.Site.MediaKeys under MediaSigningKeyID). One key is generated per
// process, however many clouds it starts.
func MediaSigning(ctx context.Context, cfg aws.Config) (*rsa.PublicKey, error) {
	sm := secretsmanager.NewFromConfig(cfg)
	_, err := sm.DescribeSecret(ctx, &secretsmanager.DescribeSecretInput{SecretId: aws.String(MediaSigningSecretName)})
	var missing *smtypes.ResourceNotFoundException
	switch {
	case errors.As(err, &missing):
		key, err := signingKey()
		if err != nil {
			return nil, err
		}
		raw := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)})
		if _, err := sm.CreateSecret(ctx, &secretsmanager.CreateSecretInput{
			Name: aws.String(MediaSigningSecretName), SecretString: aws.String(string(raw)),
		}); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, err
	}
	secret, err := wire.Secret(ctx, cfg, MediaSigningSecretName)
	if err != nil {
		return nil, err
	}
	key, err := files.ParsePrivateKey(secret)
	if err != nil {
		return nil, err
	}
	return &key.PublicKey, nil
}

// signingKey is the process's media signing key, made on first use (2048 bits, as CloudFront
// takes).
var signingKey = sync.OnceValues(func() (*rsa.PrivateKey, error) { return rsa.GenerateKey(rand.Reader, 2048) })

// random is 32 random bytes, URL-safe.
func random() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
