package main

import (
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"

	"zuum/shared/schema"
)

// blockAll is S3's four public-access switches, all on.
var blockAll = obj{
	"BlockPublicAcls":       true,
	"BlockPublicPolicy":     true,
	"IgnorePublicAcls":      true,
	"RestrictPublicBuckets": true,
}

func TestMediaBucket_BlocksPublicAccessAndIsRetained(t *testing.T) {
	// Given the media bucket, which holds paid audio next to public pictures
	// When the fresh stack is synthesized
	tmpl, _ := fresh.get(t)

	// Then it blocks every form of public access and survives the stack's deletion
	expect(t, func() {
		tmpl.HasResource(jsii.String("AWS::S3::Bucket"), like(obj{
			"Metadata":       obj{"aws:cdk:path": "Zuum/" + schema.Media.ID + "Bucket/Resource"},
			"Properties":     like(obj{"PublicAccessBlockConfiguration": blockAll}),
			"DeletionPolicy": "Retain",
		}))
	})
}

func TestBuckets_RefuseRequestsWithoutTLS(t *testing.T) {
	// Given the media and web buckets
	// When the fresh stack is synthesized
	_, tmpl := fresh.get(t)

	// Then each bucket's policy denies every request not sent over TLS
	policies := resources(tmpl, "AWS::S3::BucketPolicy")
	if len(policies) != 2 {
		t.Fatalf("want 2 bucket policies, got %d", len(policies))
	}
	for id, p := range policies {
		if !strings.Contains(jsonString(props(p)), `"Condition":{"Bool":{"aws:SecureTransport":"false"}},"Effect":"Deny"`) {
			t.Errorf("%s does not deny plain HTTP", id)
		}
	}
}

// uploadCORS is the media bucket's one CORS rule for browsers on origin.
func uploadCORS(origin string) assertions.Matcher {
	return assertions.Match_ObjectEquals(&obj{"CorsRules": arr{obj{
		"AllowedMethods": arr{"POST"},
		"AllowedOrigins": arr{origin},
		"AllowedHeaders": arr{"*"},
		"ExposedHeaders": arr{"ETag"},
		"MaxAge":         3600,
	}}})
}

func TestMediaBucket_CORSAllowsUploadsFromTheSiteOrigin(t *testing.T) {
	// Given a stack configured with the site origin https://zuum.test
	// When it is synthesized
	tmpl, _ := configured.get(t)

	// Then browsers on that origin, and only there, may send the presigned POST uploads
	expect(t, func() {
		tmpl.HasResourceProperties(jsii.String("AWS::S3::Bucket"), like(obj{
			"CorsConfiguration": uploadCORS("https://zuum.test"),
		}))
	})
}

func TestMediaBucket_CORSWarnsWhileTheSiteOriginIsUnknown(t *testing.T) {
	// Given a fresh stack, whose origin is only known once CloudFront exists
	// When it is synthesized
	tmpl, _ := fresh.get(t)

	// Then the same rule accepts uploads from any origin and synthesis says how to pin it
	expect(t, func() {
		tmpl.HasResourceProperties(jsii.String("AWS::S3::Bucket"), like(obj{
			"CorsConfiguration": uploadCORS("*"),
		}))
	})
	expect(t, func() {
		assertions.Annotations_FromStack(stackOf(t, fresh)).HasWarning(
			jsii.String("/Zuum/"+schema.Media.ID+"Bucket"),
			assertions.Match_StringLikeRegexp(jsii.String("appUrl")))
	})
}

func TestMediaBucket_ExpiresUnusedUploadsAfterADayAndAbortsIncompleteMultipartUploads(t *testing.T) {
	// Given uploads that a post copies to media/ and deletes when it is created
	// When the fresh stack is synthesized
	tmpl, _ := fresh.get(t)

	// Then what is left under uploads/ after a day is removed, nothing else expires, and parts
	// of multipart uploads never completed are dropped after a day
	expect(t, func() {
		tmpl.HasResource(jsii.String("AWS::S3::Bucket"), like(obj{
			"Metadata": obj{"aws:cdk:path": "Zuum/" + schema.Media.ID + "Bucket/Resource"},
			"Properties": like(obj{"LifecycleConfiguration": obj{"Rules": assertions.Match_ArrayEquals(&arr{
				obj{"Id": "ExpireUnusedUploads", "Prefix": schema.UploadsPrefix, "ExpirationInDays": 1, "Status": "Enabled"},
				obj{"Id": "AbortIncompleteMultipartUploads", "AbortIncompleteMultipartUpload": obj{"DaysAfterInitiation": 1}, "Status": "Enabled"},
			})}}),
		}))
	})
}
