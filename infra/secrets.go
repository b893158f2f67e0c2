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
	// google is the Google OAuth client secret, created outside the stack; nil when Google
	// sign-in is not configured.
	google awssecretsmanager.ISecret
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
