package main

import (
	"os"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfront"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfrontorigins"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3deployment"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"zuum/shared/schema"
)

// Path patterns of the distribution's non-default behaviors.
const (
	apiPath    = "/api/*"
	publicPath = "/" + schema.PublicPrefix + "*"
)

// spaRewrite serves the app shell for client-side routes. It runs on the default behavior
// only; distribution-wide error responses (403/404 → /index.html) would also turn the API's
// JSON 403 and 404 answers into a 200 HTML page.
const spaRewrite = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  // A last segment without a dot is a route of the app, not a file in the bucket.
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`

// webProps is what the edge needs from the rest of the stack.
type webProps struct {
	api    awsapigatewayv2.HttpApi
	media  awss3.Bucket
	webDir string
}

// web is the site's edge: the bucket with the built web app and the distribution in front of
// the app, the API and the public media.
type web struct {
	bucket       awss3.Bucket
	distribution awscloudfront.Distribution
}

// newWeb creates the web bucket and the one CloudFront origin for app, API and public media.
func newWeb(scope constructs.Construct, p webProps) web {
	bucket := awss3.NewBucket(scope, jsii.String("WebBucket"), &awss3.BucketProps{
		BlockPublicAccess: awss3.BlockPublicAccess_BLOCK_ALL(),
		EnforceSSL:        jsii.Bool(true),
		Encryption:        awss3.BucketEncryption_S3_MANAGED,
		ObjectOwnership:   awss3.ObjectOwnership_BUCKET_OWNER_ENFORCED,
	})

	// One access control for both buckets: CloudFront signs every origin request (SigV4).
	oac := awscloudfront.NewS3OriginAccessControl(scope, jsii.String("OriginAccessControl"), &awscloudfront.S3OriginAccessControlProps{
		Description: jsii.String("Zuum CloudFront reads the web and media buckets"),
	})

	// The media origin is given an imported view of the bucket, so CDK cannot add its default
	// grant of s3:GetObject on every key. The grant below covers the public prefix only: paid
	// audio and unprocessed uploads stay unreachable through the CDN whatever the path.
	mediaView := awss3.Bucket_FromBucketAttributes(scope, jsii.String("MediaOriginView"), &awss3.BucketAttributes{
		BucketArn:                p.media.BucketArn(),
		BucketRegionalDomainName: p.media.BucketRegionalDomainName(),
	})

	rewrite := awscloudfront.NewFunction(scope, jsii.String("SpaRewrite"), &awscloudfront.FunctionProps{
		Comment: jsii.String("Serve index.html for client-side routes"),
		Runtime: awscloudfront.FunctionRuntime_JS_2_0(),
		Code:    awscloudfront.FunctionCode_FromInline(jsii.String(spaRewrite)),
	})

	// The API's hostname, taken from its endpoint URL (https://<host>) rather than assembled
	// from the region, so it is right in every partition and under LocalStack.
	apiHost := awscdk.Fn_Select(jsii.Number(2), awscdk.Fn_Split(jsii.String("/"), p.api.ApiEndpoint(), nil))

	dist := awscloudfront.NewDistribution(scope, jsii.String("Distribution"), &awscloudfront.DistributionProps{
		Comment:           jsii.String("Zuum: web app, /api and public media on one origin"),
		DefaultRootObject: jsii.String("index.html"),
		HttpVersion:       awscloudfront.HttpVersion_HTTP2_AND_3,
		// Price class 200 includes the African edge locations (Lagos) that Nigerian listeners
		// hit, without paying for South America and Oceania.
		PriceClass: awscloudfront.PriceClass_PRICE_CLASS_200,
		DefaultBehavior: &awscloudfront.BehaviorOptions{
			Origin: awscloudfrontorigins.S3BucketOrigin_WithOriginAccessControl(bucket,
				&awscloudfrontorigins.S3BucketOriginWithOACProps{OriginAccessControl: oac}),
			ViewerProtocolPolicy:  awscloudfront.ViewerProtocolPolicy_REDIRECT_TO_HTTPS,
			CachePolicy:           awscloudfront.CachePolicy_CACHING_OPTIMIZED(),
			ResponseHeadersPolicy: awscloudfront.ResponseHeadersPolicy_SECURITY_HEADERS(),
			FunctionAssociations: &[]*awscloudfront.FunctionAssociation{{
				EventType: awscloudfront.FunctionEventType_VIEWER_REQUEST,
				Function:  rewrite,
			}},
		},
		AdditionalBehaviors: &map[string]*awscloudfront.BehaviorOptions{
			apiPath: {
				Origin: awscloudfrontorigins.NewHttpOrigin(apiHost, &awscloudfrontorigins.HttpOriginProps{
					ProtocolPolicy: awscloudfront.OriginProtocolPolicy_HTTPS_ONLY,
				}),
				// A redirect would turn a POST into a GET and drop its body: refuse plain HTTP.
				ViewerProtocolPolicy: awscloudfront.ViewerProtocolPolicy_HTTPS_ONLY,
				AllowedMethods:       awscloudfront.AllowedMethods_ALLOW_ALL(),
				// Every answer depends on the caller's cookie: never cache.
				CachePolicy: awscloudfront.CachePolicy_CACHING_DISABLED(),
				// Cookies, query strings and headers reach the API; Host must not, or API
				// Gateway would look for a custom domain named after the distribution.
				OriginRequestPolicy: awscloudfront.OriginRequestPolicy_ALL_VIEWER_EXCEPT_HOST_HEADER(),
			},
			publicPath: {
				// Keys keep their path: /public/x.jpg is object public/x.jpg.
				Origin: awscloudfrontorigins.S3BucketOrigin_WithOriginAccessControl(mediaView,
					&awscloudfrontorigins.S3BucketOriginWithOACProps{OriginAccessControl: oac}),
				ViewerProtocolPolicy: awscloudfront.ViewerProtocolPolicy_REDIRECT_TO_HTTPS,
				CachePolicy:          awscloudfront.CachePolicy_CACHING_OPTIMIZED(),
			},
			// The chat socket joins here as "/ws" → the WebSocket API stage once the chat group
			// exists, on this same origin so the session cookie travels with the upgrade.
		},
	})
	// The public-prefix grant replaces the one CDK would have added; its warning is expected.
	awscdk.Annotations_Of(dist).AcknowledgeWarning(
		jsii.String("@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac"),
		jsii.String("media bucket access is granted on the public prefix in web.go"))
	p.media.AddToResourcePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Sid:        jsii.String("CloudFrontReadsPublicMedia"),
		Principals: &[]awsiam.IPrincipal{awsiam.NewServicePrincipal(jsii.String("cloudfront.amazonaws.com"), nil)},
		Actions:    jsii.Strings("s3:GetObject"),
		Resources:  &[]*string{p.media.ArnForObjects(jsii.String(schema.PublicPrefix + "*"))},
		Conditions: &map[string]interface{}{
			"StringEquals": map[string]interface{}{"AWS:SourceArn": dist.DistributionArn()},
		},
	}))

	deployWebApp(scope, bucket, dist, p.webDir)
	return web{bucket: bucket, distribution: dist}
}

// deployWebApp uploads the built web app when webDir exists, so the stack also deploys before
// the web app has been built. Vite's hashed files under assets/ are cached for a year; the rest
// (index.html above all) is revalidated on every visit, so a deploy takes effect at once.
func deployWebApp(scope constructs.Construct, bucket awss3.Bucket, dist awscloudfront.Distribution, webDir string) {
	if info, err := os.Stat(webDir); err != nil || !info.IsDir() {
		return
	}
	source := awss3deployment.Source_Asset(jsii.String(webDir), nil)

	assets := awss3deployment.NewBucketDeployment(scope, jsii.String("WebAssets"), &awss3deployment.BucketDeploymentProps{
		DestinationBucket: bucket,
		Sources:           &[]awss3deployment.ISource{source},
		Exclude:           jsii.Strings("*"),
		Include:           jsii.Strings("assets/*"),
		CacheControl: &[]awss3deployment.CacheControl{
			awss3deployment.CacheControl_SetPublic(),
			awss3deployment.CacheControl_MaxAge(awscdk.Duration_Days(jsii.Number(365))),
			awss3deployment.CacheControl_Immutable(),
		},
		// Old hashed files stay: a browser still holding the previous index.html needs them.
		Prune: jsii.Bool(false),
	})
	pages := awss3deployment.NewBucketDeployment(scope, jsii.String("WebPages"), &awss3deployment.BucketDeploymentProps{
		DestinationBucket: bucket,
		Sources:           &[]awss3deployment.ISource{source},
		Exclude:           jsii.Strings("assets/*"),
		CacheControl:      &[]awss3deployment.CacheControl{awss3deployment.CacheControl_NoCache()},
		Distribution:      dist,
		DistributionPaths: jsii.Strings("/*"),
	})
	// The new index.html must never be served before the files it references exist.
	pages.Node().AddDependency(assets)
}
