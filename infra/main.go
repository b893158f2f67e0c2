// Command infra is Zuum's CDK app: one stack holding the tables, buckets, secrets, route-group
// Lambdas, event-driven workers, HTTP API and CloudFront distribution described in
// shared/DESIGN.md.
//
// The CDK CLI runs it through cdk.json ("go run ./infra") from the repository root, so relative
// paths such as the default asset folder "build" resolve against the root.
package main

import (
	"fmt"
	"os"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/jsii-runtime-go"
)

// Context keys read from cdk.json or `-c key=value`. Deploy-time settings live in context rather
// than in code so the same app deploys to any account and to LocalStack.
const (
	ctxAppURL               = "appUrl"
	ctxMailFrom             = "mailFrom"
	ctxMailIdentity         = "mailIdentity"
	ctxGoogleClientID       = "googleClientId"
	ctxGoogleClientSecretID = "googleClientSecretId"
	ctxAssetDir             = "assetDir"
	ctxWebDir               = "webDir"
	ctxFlutterwaveBaseURL   = "flutterwaveBaseUrl"
	ctxAdminBootstrapEmails = "adminBootstrapEmails"
	ctxMediaSigningPublic   = "mediaSigningPublicKey"
)

func main() {
	// run returns instead of exiting so jsii.Close (which stops the node child process) still runs.
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "infra:", err)
		os.Exit(1)
	}
}

func run() error {
	defer jsii.Close()

	app := awscdk.NewApp(nil)
	props, err := propsFromContext(app)
	if err != nil {
		return err
	}
	// Checked here rather than left to CDK, whose "Cannot find asset" names no make target.
	if err := checkAssets(props.AssetDir); err != nil {
		return err
	}
	awscdk.Tags_Of(app).Add(jsii.String("project"), jsii.String("zuum"), nil)

	NewZuumStack(app, "Zuum", props)
	app.Synth(nil)
	return nil
}

// propsFromContext builds the stack's props from CDK context, applying defaults and rejecting
// values that would otherwise fail only at deploy time or, worse, at the first sign-up.
func propsFromContext(app awscdk.App) (*ZuumStackProps, error) {
	get := func(key string) (string, error) {
		v := app.Node().TryGetContext(jsii.String(key))
		if v == nil {
			return "", nil
		}
		s, ok := v.(string)
		if !ok {
			return "", fmt.Errorf("context %q must be a string, got %T", key, v)
		}
		return s, nil
	}

	var p ZuumStackProps
	for key, dst := range map[string]*string{
		ctxAppURL:               &p.AppURL,
		ctxMailFrom:             &p.MailFrom,
		ctxMailIdentity:         &p.MailIdentity,
		ctxGoogleClientID:       &p.GoogleClientID,
		ctxGoogleClientSecretID: &p.GoogleClientSecretID,
		ctxAssetDir:             &p.AssetDir,
		ctxWebDir:               &p.WebDir,
		ctxFlutterwaveBaseURL:   &p.FlutterwaveBaseURL,
		ctxAdminBootstrapEmails: &p.AdminBootstrapEmails,
		ctxMediaSigningPublic:   &p.MediaSigningPublicKey,
	} {
		v, err := get(key)
		if err != nil {
			return nil, err
		}
		*dst = v
	}

	// The stack stays environment-agnostic (no Env): it performs no context lookups, so one
	// template deploys to whichever account and region the CLI's credentials point at,
	// LocalStack included.
	p.Description = jsii.String("Zuum: web app, HTTP API, route-group Lambdas, workers, tables and media")

	p = p.withDefaults()
	if err := p.validate(); err != nil {
		return nil, err
	}
	return &p, nil
}
