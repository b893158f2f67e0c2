// Package buckets builds the S3 client of the groups that read or write the media bucket. It is
// apart from package wire so that only those groups link the S3 client.
package buckets

import (
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// S3 returns an S3 client; with a custom endpoint (the local cloud, LocalStack) it addresses
// buckets by path, since those endpoints have no per-bucket host names.
func S3(cfg aws.Config) *s3.Client {
	return s3.NewFromConfig(cfg, func(o *s3.Options) {
		o.UsePathStyle = cfg.BaseEndpoint != nil || o.BaseEndpoint != nil
	})
}
