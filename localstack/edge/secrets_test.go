package edge_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager/types"

	"zuum/localstack/cloudtest"
)

func createSecret(t *testing.T, c *secretsmanager.Client, name, value string) *secretsmanager.CreateSecretOutput {
	t.Helper()
	out, err := c.CreateSecret(context.Background(), &secretsmanager.CreateSecretInput{
		Name: aws.String(name), SecretString: aws.String(value), Description: aws.String("test secret"),
	})
	if err != nil {
		t.Fatalf("CreateSecret: %v", err)
	}
	return out
}

func secretString(t *testing.T, c *secretsmanager.Client, in *secretsmanager.GetSecretValueInput) string {
	t.Helper()
	out, err := c.GetSecretValue(context.Background(), in)
	if err != nil {
		t.Fatalf("GetSecretValue(%s): %v", aws.ToString(in.SecretId), err)
	}
	return aws.ToString(out.SecretString)
}

func TestSecretIsFoundByNameFullARNOrARNWithoutSuffix(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	arn := aws.ToString(createSecret(t, c.Secrets, "zuum/jwt", "k1").ARN)
	if !strings.HasPrefix(arn, "arn:aws:secretsmanager:us-east-1:000000000000:secret:zuum/jwt-") {
		t.Fatalf("ARN = %q", arn)
	}
	for _, id := range []string{"zuum/jwt", arn, arn[:len(arn)-7]} {
		if got := secretString(t, c.Secrets, &secretsmanager.GetSecretValueInput{SecretId: aws.String(id)}); got != "k1" {
			t.Errorf("by %q: %q", id, got)
		}
	}
}

func TestPutSecretValueMakesANewCurrentVersionAndKeepsThePrevious(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	createSecret(t, c.Secrets, "zuum/payments", "old")
	put, err := c.Secrets.PutSecretValue(ctx, &secretsmanager.PutSecretValueInput{
		SecretId: aws.String("zuum/payments"), SecretString: aws.String("new"),
	})
	if err != nil {
		t.Fatal(err)
	}
	id := aws.String("zuum/payments")
	if got := secretString(t, c.Secrets, &secretsmanager.GetSecretValueInput{SecretId: id}); got != "new" {
		t.Errorf("current = %q, want new", got)
	}
	if got := secretString(t, c.Secrets, &secretsmanager.GetSecretValueInput{SecretId: id, VersionStage: aws.String("AWSPREVIOUS")}); got != "old" {
		t.Errorf("previous = %q, want old", got)
	}
	if got := secretString(t, c.Secrets, &secretsmanager.GetSecretValueInput{SecretId: id, VersionId: put.VersionId}); got != "new" {
		t.Errorf("by version id = %q, want new", got)
	}
	desc, err := c.Secrets.DescribeSecret(ctx, &secretsmanager.DescribeSecretInput{SecretId: id})
	if err != nil {
		t.Fatal(err)
	}
	if len(desc.VersionIdsToStages) != 2 || desc.VersionIdsToStages[aws.ToString(put.VersionId)][0] != "AWSCURRENT" ||
		aws.ToString(desc.Description) != "test secret" || desc.CreatedDate == nil {
		t.Errorf("describe = %+v", desc)
	}
}

func TestBinarySecretRoundTrips(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	if _, err := c.Secrets.CreateSecret(ctx, &secretsmanager.CreateSecretInput{
		Name: aws.String("zuum/key"), SecretBinary: []byte{0, 1, 254},
	}); err != nil {
		t.Fatal(err)
	}
	out, err := c.Secrets.GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{SecretId: aws.String("zuum/key")})
	if err != nil {
		t.Fatal(err)
	}
	if string(out.SecretBinary) != string([]byte{0, 1, 254}) || out.SecretString != nil {
		t.Errorf("got binary %v string %v", out.SecretBinary, out.SecretString)
	}
}

// The SDK maps these codes to typed errors only if the edge spells them as AWS does.
func TestSecretErrorsAreTheSDKsTypedErrors(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	ctx := context.Background()
	createSecret(t, c.Secrets, "zuum/exists", "v")
	if _, err := c.Secrets.CreateSecret(ctx, &secretsmanager.CreateSecretInput{Name: aws.String("zuum/empty")}); err != nil {
		t.Fatal(err)
	}
	missing := aws.String("zuum/missing")
	cases := []struct {
		name string
		call func() error
		want any
	}{
		{"get missing", func() error {
			_, err := c.Secrets.GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{SecretId: missing})
			return err
		}, new(*types.ResourceNotFoundException)},
		{"describe missing", func() error {
			_, err := c.Secrets.DescribeSecret(ctx, &secretsmanager.DescribeSecretInput{SecretId: missing})
			return err
		}, new(*types.ResourceNotFoundException)},
		{"put missing", func() error {
			_, err := c.Secrets.PutSecretValue(ctx, &secretsmanager.PutSecretValueInput{SecretId: missing, SecretString: aws.String("v")})
			return err
		}, new(*types.ResourceNotFoundException)},
		{"get value never set", func() error {
			_, err := c.Secrets.GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{SecretId: aws.String("zuum/empty")})
			return err
		}, new(*types.ResourceNotFoundException)},
		{"create existing", func() error {
			_, err := c.Secrets.CreateSecret(ctx, &secretsmanager.CreateSecretInput{Name: aws.String("zuum/exists"), SecretString: aws.String("v")})
			return err
		}, new(*types.ResourceExistsException)},
		{"both string and binary", func() error {
			_, err := c.Secrets.CreateSecret(ctx, &secretsmanager.CreateSecretInput{Name: aws.String("zuum/both"),
				SecretString: aws.String("v"), SecretBinary: []byte("v")})
			return err
		}, new(*types.InvalidParameterException)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.call(); !errors.As(err, tc.want) {
				t.Errorf("got %v, want %T", err, tc.want)
			}
		})
	}
}
