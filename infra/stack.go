package main

import (
	"errors"
	"fmt"
	"net/mail"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslogs"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"zuum/shared/schema"
)

// ZuumStackProps configures NewZuumStack. Zero values take the defaults documented per field.
type ZuumStackProps struct {
	awscdk.StackProps

	// AssetDir is where the Makefile puts built Lambdas, one AssetDir/<name>/bootstrap per
	// route group and worker. Default "build".
	AssetDir string
	// WebDir holds the built web app. It is uploaded to the web bucket only when it exists, so
	// the API can be deployed before the web app has ever been built. Default "webui/dist".
	WebDir string
	// AppURL is the site's public origin (https://host, no path), used in e-mailed links and as
	// the only origin allowed to upload to the media bucket from a browser. Empty means "the
	// CloudFront URL": functions then receive the distribution's domain, but the media bucket
	// cannot name it (see media.go) and accepts uploads from any origin until this is set.
	AppURL string
	// MailFrom is the sender of OTP and reset mails, a bare address or "Name <address>".
	MailFrom string
	// MailIdentity is the SES identity (domain or address) that authorizes MailFrom and the only
	// one the auth function may send as. Default: MailFrom's domain.
	MailIdentity string
	// GoogleClientID is the OAuth client id for Google sign-in; empty disables it.
	GoogleClientID string
	// GoogleClientSecretID names the Secrets Manager secret (name or full ARN) holding the Google
	// OAuth client secret. It is created outside the stack so the secret never passes through
	// CloudFormation; empty disables Google sign-in.
	GoogleClientSecretID string
	// AdminBootstrapEmails lists (comma-separated) the emails of admins approved without another
	// admin, so a fresh deployment has someone to approve the rest. Empty: none.
	AdminBootstrapEmails string
	// LogRetention bounds how long function logs are kept. Default one month.
	LogRetention awslogs.RetentionDays
	// FlutterwaveBaseURL is the payment provider's v3 API. Default
	// https://api.flutterwave.com/v3.
	FlutterwaveBaseURL string
	// MediaSigningPublicKey is the public half (PEM, 2048-bit RSA) of the key that signs the URLs
	// of posts' media, made by `make media-keys`, which puts the private half in the
	// MediaSigningSecret. With it the distribution serves media/ at /media/* to signed URLs only
	// and the groups that render media sign them; empty: those groups presign S3 GETs on the
	// bucket's own address, and synthesis warns.
	MediaSigningPublicKey string
}

// withDefaults returns a copy of p with every empty optional field set.
func (p ZuumStackProps) withDefaults() ZuumStackProps {
	if p.AssetDir == "" {
		p.AssetDir = "build"
	}
	if p.WebDir == "" {
		p.WebDir = filepath.Join("webui", "dist")
	}
	p.AppURL = strings.TrimSuffix(p.AppURL, "/")
	if p.MailIdentity == "" {
		if a, err := mail.ParseAddress(p.MailFrom); err == nil {
			p.MailIdentity = a.Address[strings.LastIndex(a.Address, "@")+1:]
		}
	}
	if p.LogRetention == "" {
		p.LogRetention = awslogs.RetentionDays_ONE_MONTH
	}
	if p.FlutterwaveBaseURL == "" {
		p.FlutterwaveBaseURL = "https://api.flutterwave.com/v3"
	}
	return p
}

// validate reports settings that would synthesize but break the deployed app.
func (p ZuumStackProps) validate() error {
	var errs []error
	if p.AppURL != "" {
		u, err := url.Parse(p.AppURL)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.Path != "" {
			errs = append(errs, fmt.Errorf("%s %q must be an origin such as https://zuum.ng", ctxAppURL, p.AppURL))
		}
	}
	if _, err := mail.ParseAddress(p.MailFrom); err != nil {
		errs = append(errs, fmt.Errorf("%s %q must be an e-mail address verified in SES: %v", ctxMailFrom, p.MailFrom, err))
	}
	if u, err := url.Parse(p.FlutterwaveBaseURL); err != nil || u.Scheme != "https" || u.Host == "" {
		errs = append(errs, fmt.Errorf("%s %q must be an https URL", ctxFlutterwaveBaseURL, p.FlutterwaveBaseURL))
	}
	if p.MediaSigningPublicKey != "" {
		if err := checkPublicKey(p.MediaSigningPublicKey); err != nil {
			errs = append(errs, fmt.Errorf("%s %w", ctxMediaSigningPublic, err))
		}
	}
	if (p.GoogleClientID == "") != (p.GoogleClientSecretID == "") {
		errs = append(errs, fmt.Errorf("set both %s and %s, or neither", ctxGoogleClientID, ctxGoogleClientSecretID))
	}
	return errors.Join(errs...)
}

// functionNames lists every function's asset folder: the route groups, the chat socket, then
// the workers.
func functionNames() []string {
	var names []string
	for _, g := range routeGroups {
		names = append(names, g.Name)
	}
	names = append(names, chatSocket.Name)
	for _, w := range workers {
		names = append(names, w.Name)
	}
	return names
}

// checkAssets reports every function whose built bootstrap is missing from assetDir.
func checkAssets(assetDir string) error {
	var errs []error
	for _, name := range functionNames() {
		path := filepath.Join(assetDir, name, "bootstrap")
		if _, err := os.Stat(path); err != nil {
			errs = append(errs, fmt.Errorf("%s is missing: run `make build` first", path))
		}
	}
	if _, err := os.Stat(filepath.Join(assetDir, ffmpegBinary)); err != nil {
		errs = append(errs, fmt.Errorf("%s is missing: run `make build` first (it unpacks ffmpeg from the npm registry)", filepath.Join(assetDir, ffmpegBinary)))
	}
	return errors.Join(errs...)
}

// NewZuumStack defines the whole platform in one stack: a single CloudFront origin for the web
// app, the API and the chat socket, so session cookies work without CORS.
//
// It panics on invalid props, as CDK constructs do; main validates them first to fail politely.
func NewZuumStack(scope constructs.Construct, id string, props *ZuumStackProps) awscdk.Stack {
	if props == nil {
		props = &ZuumStackProps{}
	}
	p := props.withDefaults()
	if err := p.validate(); err != nil {
		panic(err)
	}
	stack := awscdk.NewStack(scope, jsii.String(id), &p.StackProps)

	// Order matters only where a value flows: the distribution needs the API's domain, and the
	// functions need the distribution's domain (APP_URL), so routes are added last.
	data := newData(stack)
	media := newMedia(stack, p.AppURL)
	secrets := newSecrets(stack, p.GoogleClientSecretID)
	api := newAPI(stack)
	socket := newSocketAPI(stack, chatSocket)
	signing := newMediaSigning(stack, p.MediaSigningPublicKey)
	web := newWeb(stack, webProps{api: api.HttpApi, socket: socket, media: media, originSecret: secrets.origin, webDir: p.WebDir,
		mediaSigning: signing})

	appURL := p.AppURL
	if appURL == "" {
		// No cycle: the distribution depends on the API resource and the buckets, never on the
		// functions; only the routes, the integrations and the media bucket's notification (a
		// resource of its own, not the bucket) point at the functions.
		appURL = "https://" + *web.distribution.DistributionDomainName()
	}
	env := functionEnv{
		data:    data,
		media:   media,
		secrets: secrets,
		signing: signing,
		appURL:  appURL,
		props:   p,
	}
	// Workers first: the groups that queue jobs are given the jobs worker's name.
	background := newWorkers(stack, env)
	env.jobs = background.jobs
	for _, g := range routeGroups {
		api.addRouteGroup(g, newGroupFunction(stack, g, env))
	}
	socket.addFunction(newSocketFunction(stack, socket, env))

	output(stack, "SiteUrl", "https://"+*web.distribution.DistributionDomainName(), "the web app, API and media through CloudFront")
	output(stack, "ApiUrl", *api.ApiEndpoint(), "the HTTP API behind CloudFront's /api/*, for direct checks (auth answers only CloudFront)")
	output(stack, "ChatSocketUrl", *socket.stage.Url(), "the chat WebSocket API behind CloudFront's "+chatSocket.Path+", for direct checks")
	output(stack, "DistributionId", *web.distribution.DistributionId(), "for manual cache invalidations")
	for _, t := range schema.Tables {
		output(stack, t.ID+"TableName", *data[t.ID].TableName(), t.EnvVar)
	}
	output(stack, schema.Media.ID+"BucketName", *media.BucketName(), schema.Media.EnvVar)
	output(stack, "WebBucketName", *web.bucket.BucketName(), "the built web app")
	output(stack, "MediaSigningSecretArn", *secrets.mediaSigning.SecretArn(), "make media-keys puts the media URL signing key here")
	output(stack, "WorkerFailuresQueueUrl", *background.failures.QueueUrl(), "events the workers (media, jobs, reconcile) gave up on")
	return stack
}

// output adds a stack output; outputs are not exported, so no other stack can pin this one.
func output(stack awscdk.Stack, id, value, description string) {
	awscdk.NewCfnOutput(stack, jsii.String(id), &awscdk.CfnOutputProps{
		Value:       jsii.String(value),
		Description: jsii.String(description),
	})
}
