package wire

import (
	"errors"
	"os"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
)

// LambdaConfig is the AWS configuration of a function as Lambda starts it, read from what Lambda
// puts in its environment: the region (AWS_REGION), the execution role's credentials
// (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, valid for the life of the
// execution environment) and, under LocalStack or the local cloud, AWS_ENDPOINT_URL for every
// client. A Lambda uses no other source, so this stands in for config.LoadDefaultConfig, whose
// shared files, SSO, STS and IMDS providers would link their clients into every binary.
func LambdaConfig(env Env) (aws.Config, error) {
	region := env("AWS_REGION")
	if region == "" {
		region = env("AWS_DEFAULT_REGION")
	}
	if region == "" {
		return aws.Config{}, errors.New("AWS_REGION is not set")
	}
	id, secret := env("AWS_ACCESS_KEY_ID"), env("AWS_SECRET_ACCESS_KEY")
	if id == "" || secret == "" {
		return aws.Config{}, errors.New("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set")
	}
	cfg := aws.Config{
		Region:      region,
		Credentials: credentials.NewStaticCredentialsProvider(id, secret, env("AWS_SESSION_TOKEN")),
	}
	if u := env("AWS_ENDPOINT_URL"); u != "" {
		cfg.BaseEndpoint = aws.String(u)
	}
	return cfg, nil
}

// lambdaConfig is LambdaConfig of the process's environment.
func lambdaConfig() (aws.Config, error) { return LambdaConfig(os.Getenv) }
