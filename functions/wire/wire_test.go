package wire_test

import (
	"context"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"

	"zuum/functions/chat"
	"zuum/functions/notifications"
	"zuum/functions/uploads"
	"zuum/functions/wallet"
	"zuum/functions/wire"
	"zuum/functions/wire/buckets"
	"zuum/localstack/apptest"
	"zuum/shared/schema"
)

func TestMain(m *testing.M) { apptest.Main(m) }

// without is the app's environment without the named variables.
func without(app *apptest.App, names ...string) wire.Env {
	return func(k string) string {
		for _, n := range names {
			if k == n {
				return ""
			}
		}
		return app.Env[k]
	}
}

func TestSessions_NeedOnlyTheUsersTableAndTheSecret(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	user := app.SignedIn(t, "ada")
	ctx := context.Background()
	only := func(k string) string {
		if k == schema.Users.EnvVar || k == "JWT_SECRET_ID" {
			return app.Env[k]
		}
		return ""
	}
	sessions, err := wire.Sessions(ctx, app.Cloud.Config, only)
	if err != nil {
		t.Fatal(err)
	}
	if s, err := sessions.Authenticate(ctx, user.Token); err != nil || s.UserID != user.ID {
		t.Fatalf("Authenticate = %+v, %v", s, err)
	}
	if _, err := wire.Sessions(ctx, app.Cloud.Config, without(app, "JWT_SECRET_ID")); err == nil {
		t.Fatal("sessions without the secret's name wired")
	}
}

func TestGroupsThatOnlyCheckSessions_WireWithoutMailOrAppURL(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ctx := context.Background()
	env := without(app, "MAIL_FROM", "APP_URL")
	for name, build := range map[string]wire.Builder{
		"uploads": uploads.FromEnv, "notifications": notifications.FromEnv, "wallet": wallet.FromEnv,
	} {
		if _, err := build(ctx, app.Cloud.Config, env); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// The chat socket needs no mail, but APP_URL: an upgrade by cookie must come from the app's origin.
	socket := func(k string) string {
		switch k {
		case schema.ChatSocket.CallbackEnvVar:
			return "http://127.0.0.1:4566/ws"
		case "APP_URL":
			return app.Env[k]
		}
		return env(k)
	}
	if _, err := chat.FromEnv(ctx, app.Cloud.Config, socket); err != nil {
		t.Errorf("chat: %v", err)
	}
	noOrigin := func(k string) string {
		if k == "APP_URL" {
			return ""
		}
		return socket(k)
	}
	if _, err := chat.FromEnv(ctx, app.Cloud.Config, noOrigin); err == nil || !strings.Contains(err.Error(), "APP_URL") {
		t.Errorf("chat wired without APP_URL: %v", err)
	}
}

// A group that renders media signs media/ URLs for the CDN when it is told the signing key (the
// local cloud tells every group), and presigns S3 GETs when it is not, as in a stack without the
// media key group; half the configuration, or a key that is not one, fails at wiring, not later.
func TestMediaStore_SignsForTheCDNOnlyWithTheSigningKey(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ctx := context.Background()
	key := schema.FinalPrefix + "u1/audio/a.mp3"
	signing, err := buckets.MediaStore(ctx, app.Cloud.Config, func(k string) string { return app.Env[k] }, schema.Media.Name)
	if err != nil {
		t.Fatal(err)
	}
	if u := signing.URL(ctx, key); !strings.HasPrefix(u, "/"+key+"?Expires=") || !strings.Contains(u, "&Key-Pair-Id=") {
		t.Errorf("with the key: %q, want a signed path on the app's origin", u)
	}
	plain, err := buckets.MediaStore(ctx, app.Cloud.Config, without(app, "MEDIA_SIGNING_SECRET_ID", "MEDIA_SIGNING_KEY_ID"), schema.Media.Name)
	if err != nil {
		t.Fatal(err)
	}
	if u := plain.URL(ctx, key); !strings.HasPrefix(u, app.Cloud.URL+"/") || !strings.Contains(u, "X-Amz-Signature=") {
		t.Errorf("without the key: %q, want a presigned GET on the bucket", u)
	}
	if _, err := buckets.MediaStore(ctx, app.Cloud.Config, without(app, "MEDIA_SIGNING_KEY_ID"), schema.Media.Name); err == nil {
		t.Error("wired with the secret but no key pair id")
	}
	if _, err := app.Cloud.Secrets.CreateSecret(ctx, &secretsmanager.CreateSecretInput{
		Name: aws.String("not-a-key"), SecretString: aws.String("replace-me"),
	}); err != nil {
		t.Fatal(err)
	}
	notKey := func(k string) string {
		if k == "MEDIA_SIGNING_SECRET_ID" {
			return "not-a-key"
		}
		return app.Env[k]
	}
	if _, err := buckets.MediaStore(ctx, app.Cloud.Config, notKey, schema.Media.Name); err == nil {
		t.Error("wired with a secret that holds no PEM key")
	}
}

func TestLambdaConfig_ReadsWhatLambdaSets(t *testing.T) {
	t.Parallel()
	env := map[string]string{
		"AWS_REGION": "eu-west-1", "AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "secret",
		"AWS_SESSION_TOKEN": "token", "AWS_ENDPOINT_URL": "http://127.0.0.1:4566",
	}
	cfg, err := wire.LambdaConfig(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	creds, err := cfg.Credentials.Retrieve(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Region != "eu-west-1" || creds.AccessKeyID != "AKID" || creds.SecretAccessKey != "secret" ||
		creds.SessionToken != "token" || cfg.BaseEndpoint == nil || *cfg.BaseEndpoint != "http://127.0.0.1:4566" {
		t.Fatalf("config = %+v with %+v", cfg, creds)
	}
	delete(env, "AWS_ENDPOINT_URL")
	if cfg, err := wire.LambdaConfig(func(k string) string { return env[k] }); err != nil || cfg.BaseEndpoint != nil {
		t.Fatalf("without AWS_ENDPOINT_URL: %v, endpoint %v", err, cfg.BaseEndpoint)
	}
	for _, name := range []string{"AWS_REGION", "AWS_SECRET_ACCESS_KEY"} {
		v := env[name]
		delete(env, name)
		if _, err := wire.LambdaConfig(func(k string) string { return env[k] }); err == nil {
			t.Errorf("wired without %s", name)
		}
		env[name] = v
	}
}
