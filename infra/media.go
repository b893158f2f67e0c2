package main

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"zuum/shared/schema"
)

// newMedia creates the private media bucket. Browsers upload to it directly with presigned
// POSTs (the presigned policy, not CORS, is what authorizes a write); CloudFront serves its
// schema.PublicPrefix objects, and its schema.FinalPrefix ones to signed URLs once the media key
// group exists (see web.go); everything else is reached by presigned GETs, which <img>,
// <audio> and <video> load without CORS. Objects created under
// schema.UploadsPrefix invoke the media worker (see workers.go) and expire after a day.
//
// appURL is the only origin allowed to upload from a browser, by the one CORS rule: a POST
// (the only upload method the API hands out) with any request headers. The bucket cannot name the
// CloudFront domain itself: the distribution uses this bucket as an origin, so a CORS rule
// referring back to the distribution would be a dependency cycle. Until appURL is configured
// any origin may send the (still presigned) uploads, and synthesis warns about it.
func newMedia(scope constructs.Construct, appURL string) awss3.Bucket {
	origins := []*string{jsii.String(appURL)}
	if appURL == "" {
		origins = []*string{jsii.String("*")}
	}

	bucket := awss3.NewBucket(scope, jsii.String(schema.Media.ID+"Bucket"), &awss3.BucketProps{
		BlockPublicAccess: awss3.BlockPublicAccess_BLOCK_ALL(),
		EnforceSSL:        jsii.Bool(true),
		Encryption:        awss3.BucketEncryption_S3_MANAGED,
		ObjectOwnership:   awss3.ObjectOwnership_BUCKET_OWNER_ENFORCED,
		Cors: &[]*awss3.CorsRule{{
			AllowedMethods: &[]awss3.HttpMethods{awss3.HttpMethods_POST},
			AllowedOrigins: &origins,
			// The presigned form decides which fields and headers count; CORS need not repeat it.
			AllowedHeaders: jsii.Strings("*"),
			// ETag lets the browser confirm what it stored without a second request.
			ExposedHeaders: jsii.Strings("ETag"),
			MaxAge:         jsii.Number(3600),
		}},
		LifecycleRules: &[]*awss3.LifecycleRule{
			{
				// Creating a post copies its uploads to media/ and deletes them (media.Claim), so
				// an upload still here after a day was never used: abandoned drafts and uploads
				// the media worker could not delete. S3 removes them in its daily pass.
				Id:         jsii.String("ExpireUnusedUploads"),
				Prefix:     jsii.String(schema.UploadsPrefix),
				Expiration: awscdk.Duration_Days(jsii.Number(1)),
			},
			{
				// Parts of a multipart upload that never completed are billed but invisible.
				Id:                                  jsii.String("AbortIncompleteMultipartUploads"),
				AbortIncompleteMultipartUploadAfter: awscdk.Duration_Days(jsii.Number(1)),
			},
		},
		// Posted media is people's work: never dropped with the stack.
		RemovalPolicy: awscdk.RemovalPolicy_RETAIN,
	})
	if appURL == "" {
		awscdk.Annotations_Of(bucket).AddWarningV2(jsii.String("zuum:mediaCorsAnyOrigin"), jsii.String(
			"media uploads are allowed from any origin until the site origin is known: after the "+
				"first deploy set -c "+ctxAppURL+"=<SiteUrl output> (or put it in cdk.json) and deploy again"))
	}
	return bucket
}
