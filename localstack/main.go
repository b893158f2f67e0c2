// Command localstack is Zuum's local cloud, what `make dev` runs: an AWS edge on EDGE_PORT
// (default 4566, LocalStack's port) serving DynamoDB, S3, SES, Secrets Manager and Lambda (the
// worker functions, invoked asynchronously and by the media bucket's notifications), and the app on
// PORT (default 8080) serving the built web app, /api/* through a local API Gateway to every
// route group's Lambda handler, the chat socket at /ws (API Gateway's WebSocket events for the chat
// Lambda, with the @connections API on the edge), public media, posts' media by signed URLs (the
// signing key made here and kept in the edge's Secrets Manager), the API reference at /api/docs,
// and a stand-in for Google sign-in, compressed as CloudFront compresses. Data is kept
// under -data across restarts; demo accounts are seeded on first start.
package main

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	smtypes "github.com/aws/aws-sdk-go-v2/service/secretsmanager/types"

	"zuum/functions/wire"
	wireaccounts "zuum/functions/wire/accounts"
	"zuum/functions/wire/buckets"
	"zuum/localstack/app"
	"zuum/localstack/edge"
	"zuum/localstack/gateway"
	"zuum/localstack/googlefake"
	"zuum/localstack/lambdas"
	"zuum/localstack/provision"
	"zuum/localstack/seed"
	"zuum/shared/ledger"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

func main() {
	dataDir := flag.String("data", ".zuum", "folder that keeps tables, objects, mail and secrets across restarts")
	webDir := flag.String("web", "webui/dist", "built web app to serve at /")
	openAPI := flag.String("openapi", "functions/openapi.yaml", "the API contract to serve at /api/openapi.yaml")
	apiDocs := flag.String("api-docs", "build/api-docs/index.html", "the reference page (make api-docs) to serve at /api/docs")
	flag.Parse()
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo})))
	if err := run(*dataDir, served{web: *webDir, openAPI: *openAPI, apiDocs: *apiDocs}); err != nil {
		slog.Error("local cloud stopped", "err", err)
		os.Exit(1)
	}
}

// served names the files the app serves: the built web app and the API's contract and reference.
type served struct{ web, openAPI, apiDocs string }

func run(dataDir string, files served) error {
	edgePort, appPort := envOr("EDGE_PORT", "4566"), envOr("PORT", "8080")
	edgeURL, appURL := "http://127.0.0.1:"+edgePort, "http://127.0.0.1:"+appPort
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return err
	}
	e, err := edge.New(edge.Options{DataDir: dataDir, Logger: slog.Default().With("component", "edge")})
	if err != nil {
		return fmt.Errorf("start edge: %w", err)
	}
	defer func() {
		if err := e.Close(); err != nil {
			slog.Error("save local cloud data", "err", err)
		}
	}()
	edgeSrv, err := listen("127.0.0.1:"+edgePort, e.Handler())
	if err != nil {
		return err
	}
	defer edgeSrv.Close()

	cfg := aws.Config{
		Region:       "us-east-1",
		Credentials:  credentials.NewStaticCredentialsProvider("test", "test", ""),
		BaseEndpoint: aws.String(edgeURL),
	}
	if err := provision.Apply(ctx, cfg, schema.Tables, schema.Buckets); err != nil {
		return err
	}
	for _, name := range []string{lambdas.JWTSecretName, lambdas.OriginSecretName} {
		if err := ensureSecret(ctx, cfg, name); err != nil {
			return err
		}
	}
	originSecret, err := wire.Secret(ctx, cfg, lambdas.OriginSecretName)
	if err != nil {
		return err
	}
	mediaKey, err := lambdas.MediaSigning(ctx, cfg)
	if err != nil {
		return fmt.Errorf("set up the media signing key: %w", err)
	}

	google := googlefake.New("zuum-local", "zuum-local-secret", googlefake.User{
		Email: "google.user@demo.zuum.ng", GivenName: "Gbemi", FamilyName: "Google", EmailVerified: true,
	})
	env := lambdas.Env(appURL)
	pay, err := lambdas.Payments(ctx, cfg, e, edgeURL, appURL, nil)
	if err != nil {
		return fmt.Errorf("set up the payment sandbox: %w", err)
	}
	for k, v := range pay {
		env[k] = v
	}
	// As a bank would, sooner: a withdrawal's transfer the developer does not settle by hand
	// (POST /_flutterwave/sandbox/transfers/{reference}/complete) succeeds after 10 s.
	e.Payments().SetAutoSettle(10 * time.Second)
	for k, v := range map[string]string{
		"GOOGLE_CLIENT_ID": google.ClientID, "GOOGLE_CLIENT_SECRET": google.ClientSecret,
		"GOOGLE_AUTH_URL": appURL + "/_google/auth", "GOOGLE_TOKEN_URL": appURL + "/_google/token",
		"GOOGLE_USERINFO_URL": appURL + "/_google/userinfo",
	} {
		env[k] = v
	}
	wired, err := lambdas.Build(ctx, cfg, func(k string) string { return env[k] })
	if err != nil {
		return err
	}
	lambdas.Attach(e, wired)
	lambdas.RunSchedules(ctx, wired, slog.Default().With("component", "schedule"))

	site := &app.Site{
		API: gateway.New(wired.Routes), Socket: wired.Chat, WebDir: files.web, S3: buckets.S3(cfg), Bucket: schema.Media.Name,
		OpenAPI: files.openAPI, APIDocs: files.apiDocs,
		OriginSecret: string(originSecret),
		MediaKeys:    map[string]*rsa.PublicKey{lambdas.MediaSigningKeyID: mediaKey},
		Extra:        map[string]http.Handler{"/_google/": google.Handler("/_google")},
	}
	appSrv, err := listen("127.0.0.1:"+appPort, site.Handler())
	if err != nil {
		return err
	}
	defer appSrv.Close()

	cost, _ := strconv.Atoi(env["BCRYPT_COST"])
	n, err := seed.Apply(ctx, profile.NewStore(dynamodb.NewFromConfig(cfg), schema.Users.Name), cost)
	if err != nil {
		return fmt.Errorf("seed demo content: %w", err)
	}
	if _, err := seed.Admin(ctx, dynamodb.NewFromConfig(cfg), schema.Users.Name); err != nil {
		return fmt.Errorf("seed demo admin: %w", err)
	}
	accounts, _, err := wireaccounts.FromEnv(ctx, cfg, func(k string) string { return env[k] })
	if err != nil {
		return err
	}
	posts, err := seed.Posts(ctx, appURL, nil, accounts, e.WaitIdle)
	if err != nil {
		return fmt.Errorf("seed demo posts: %w", err)
	}
	beats, err := seed.Beats(ctx, appURL, nil, accounts, e.WaitIdle)
	if err != nil {
		return fmt.Errorf("seed demo beats: %w", err)
	}
	posts += beats
	if _, err := seed.Releases(ctx, appURL, nil, accounts, e.WaitIdle); err != nil {
		return fmt.Errorf("seed demo release: %w", err)
	}
	if err := e.WaitIdle(ctx); err != nil { // the demo uploads' media checks and fan-outs
		return err
	}
	wallets, err := seed.Wallets(ctx, appURL, edgeURL, nil, accounts, ledger.New(dynamodb.NewFromConfig(cfg), schema.Ledger.Name), e.WaitIdle)
	if err != nil {
		return fmt.Errorf("seed demo wallets: %w", err)
	}
	site.SetReady()
	fmt.Printf("\nZuum local cloud is up (%d demo accounts, %d demo posts and %d demo deposits added).\n"+
		"  web app and API  %s        (health: %s/api/health)\n"+
		"  API reference    %s/api/docs\n"+
		"  AWS edge         %s        (sent mail: %s/_aws/ses)\n"+
		"  demo login       %s / %s\n"+
		"  demo admin       %s / %s  (%s/adlog)\n"+
		"  data             %s        (make dev-reset wipes it)\n\nCtrl-C stops it.\n",
		n, posts, wallets, appURL, appURL, appURL, edgeURL, edgeURL, seed.Demos[0].Email, seed.Password,
		seed.DemoAdminEmail, seed.Password, appURL, dataDir)
	<-ctx.Done()
	slog.Info("stopping; saving data")
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	wired.Chat.CloseAll() // open sockets are hijacked connections, which Shutdown does not wait for
	_ = appSrv.Shutdown(shutdown)
	_ = edgeSrv.Shutdown(shutdown)
	return nil
}

// listen serves h on addr in the background; it fails at once if the port is taken.
func listen(addr string, h http.Handler) (*http.Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s (is another make dev running?): %w", addr, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			slog.Error("server stopped", "addr", addr, "err", err)
		}
	}()
	return srv, nil
}

// ensureSecret creates a random secret the first time; later starts keep it, so sessions
// survive a restart of make dev.
func ensureSecret(ctx context.Context, cfg aws.Config, name string) error {
	sm := secretsmanager.NewFromConfig(cfg)
	_, err := sm.DescribeSecret(ctx, &secretsmanager.DescribeSecretInput{SecretId: &name})
	var missing *smtypes.ResourceNotFoundException
	if err == nil || !errors.As(err, &missing) {
		return err
	}
	b := make([]byte, 48)
	if _, err := rand.Read(b); err != nil {
		return err
	}
	_, err = sm.CreateSecret(ctx, &secretsmanager.CreateSecretInput{Name: &name, SecretString: aws.String(base64.RawURLEncoding.EncodeToString(b))})
	return err
}

func envOr(k, fallback string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return fallback
}
