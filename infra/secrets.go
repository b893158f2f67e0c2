package main

import (
	"strings"

	"github.com/aws/aws-cdk-go/awscdk/v2/awssecretsmanager"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// secrets holds the stack's Secrets Manager secrets.
type secrets struct {
	// jwt signs session tokens. Functions read it at cold start, by ARN, from JWT_SECRET_ID.
	jwt awssecretsmanager.Secret
	// origin is the value CloudFront sends to the API in httpapi.OriginHeader, so the API can
	// tell its requests from direct calls to the execute-api URL. Functions that believe the
	// viewer address CloudFront reports read it at cold start from ORIGIN_SECRET_ID.
	origin awssecretsmanager.Secret
	// google is the Google OAuth client secret, created outside the stack; nil when Google
	// sign-in is not configured.
	google awssecretsmanager.ISecret
	// flutterwave holds the payment provider's keys as {"secret_key","webhook_hash"}: the
	// webhook hash is generated here (enter it in the provider's dashboard as the secret hash);
	// the secret key is the dashboard's and is put into the secret after the first deploy.
	// Functions whose access names PaymentProvider read it at cold start (FLUTTERWAVE_SECRET_ID).
	flutterwave awssecretsmanager.Secret
	// mediaSigning holds the private key (PEM) whose public half is the distribution's media key
	// group: `make media-keys` puts it there (the stack only makes a placeholder). Functions
	// whose access RendersMedia read it at cold start (MEDIA_SIGNING_SECRET_ID) once the key
	// group exists.
	mediaSigning awssecretsmanager.Secret
}

// newSecrets creates the JWT signing secret and imports the Google client secret when
// googleSecretID names one.
func newSecrets(scope constructs.Construct, googleSecretID string) secrets {
	s := secrets{
		jwt: awssecretsmanager.NewSecret(scope, jsii.String("JwtSecret"), &awssecretsmanager.SecretProps{
			Description: jsii.String("Zuum session token signing key (HS256)"),
			// 64 characters from letters and digits is ~380 bits, well above HS256's 256-bit
			// key; punctuation is excluded so the value survives env files and shells intact.
			GenerateSecretString: &awssecretsmanager.SecretStringGenerator{
				PasswordLength:     jsii.Number(64),
				ExcludePunctuation: jsii.Bool(true),
			},
		}),
		// The distribution's origin custom header takes the value through a CloudFormation
		// dynamic reference, resolved at deploy time: the template never holds it, and a new
		// value takes effect with the next deploy, at CloudFront and at the next cold starts.
		origin: awssecretsmanager.NewSecret(scope, jsii.String("OriginSecret"), &awssecretsmanager.SecretProps{
			Description: jsii.String("Zuum: CloudFront proves to the API that a request came through it (X-Zuum-Origin)"),
			GenerateSecretString: &awssecretsmanager.SecretStringGenerator{
				PasswordLength:     jsii.Number(48),
				ExcludePunctuation: jsii.Bool(true),
			},
		}),
		flutterwave: awssecretsmanager.NewSecret(scope, jsii.String("FlutterwaveSecret"), &awssecretsmanager.SecretProps{
			Description: jsii.String(`Zuum: the payment provider's keys {"secret_key","webhook_hash"}; put the dashboard's secret key in secret_key`),
			GenerateSecretString: &awssecretsmanager.SecretStringGenerator{
				SecretStringTemplate: jsii.String(`{"secret_key":"replace-with-the-dashboard-secret-key"}`),
				GenerateStringKey:    jsii.String("webhook_hash"),
				PasswordLength:       jsii.Number(48),
				ExcludePunctuation:   jsii.Bool(true),
			},
		}),
		mediaSigning: awssecretsmanager.NewSecret(scope, jsii.String("MediaSigningSecret"), &awssecretsmanager.SecretProps{
			Description: jsii.String("Zuum: the private key (PEM) signing the CloudFront URLs of posts' media; make media-keys puts it here"),
		}),
	}
	switch {
	case googleSecretID == "":
	case strings.HasPrefix(googleSecretID, "arn:"):
		s.google = awssecretsmanager.Secret_FromSecretCompleteArn(scope, jsii.String("GoogleClientSecret"), jsii.String(googleSecretID))
	default:
		// By name, the grant covers the random suffix Secrets Manager appends to the ARN.
		s.google = awssecretsmanager.Secret_FromSecretNameV2(scope, jsii.String("GoogleClientSecret"), jsii.String(googleSecretID))
	}
	return s
}
