package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfront"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfrontorigins"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3deployment"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssecretsmanager"
	"github.com/aws/aws-cdk-go/awscdk/v2/interfaces/interfacesawscloudfront"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"zuum/shared/httpapi"
	"zuum/shared/schema"
)

// Path patterns of the distribution's non-default behaviors.
const (
	apiPath    = "/api/*"
	publicPath = "/" + schema.PublicPrefix + "*"
	mediaPath  = "/" + schema.FinalPrefix + "*"
)

// spaRewrite serves the landing page rendered at build time (landing.html) for / and the app
// shell (index.html) for every other client-side route. It runs on the default behavior only;
// distribution-wide error responses (403/404 → /index.html) would also turn the API's JSON 403
// and 404 answers into a 200 HTML page.
const spaRewrite = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (request.uri === '/') {
    request.uri = '/landing.html';
  } else if (last.indexOf('.') === -1) {
    // A last segment without a dot is a route of the app, not a file in the bucket.
    request.uri = '/index.html';
  }
  return request;
}`

// apiViewerHeaders are the viewer headers the /api/* behaviour forwards besides cookies, query
// strings and Authorization (which only a cache policy may forward: see apiPolicies). A header
// the API starts to read must be added here; CloudFront allows ten per policy.
var apiViewerHeaders = []string{"Accept", "Content-Type", "Idempotency-Key", "Origin", "Referer", "User-Agent",
	// The payment provider's webhook signatures (POST /api/payment/webhook).
	"verif-hash", "flutterwave-signature"}

// webProps is what the edge needs from the rest of the stack.
type webProps struct {
	api awsapigatewayv2.HttpApi
	// socket is the chat's WebSocket API, served at its path.
	socket socketAPI
	media  awss3.Bucket
	// originSecret is sent to the API in httpapi.OriginHeader on every /api request.
	originSecret awssecretsmanager.ISecret
	webDir       string
	// mediaSigning is the key group /media/* trusts; nil leaves media/ off the distribution.
	mediaSigning *mediaSigning
}

// web is the site's edge: the bucket with the built web app and the distribution in front of
// the app, the API and the public media.
type web struct {
	bucket       awss3.Bucket
	distribution awscloudfront.Distribution
}

// newWeb creates the web bucket and the one CloudFront origin for app, API, public media and,
// with a media key group, posts' media to signed URLs.
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
	// grant of s3:GetObject on every key. The grant below covers the public prefix and, with a
	// media key group, posts' media/ files (behind signed URLs only): unprocessed uploads stay
	// unreachable through the CDN whatever the path.
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

	apiCache, apiRequest := apiPolicies(scope)
	mediaOrigin := awscloudfrontorigins.S3BucketOrigin_WithOriginAccessControl(mediaView,
		&awscloudfrontorigins.S3BucketOriginWithOACProps{OriginAccessControl: oac})

	behaviors := map[string]*awscloudfront.BehaviorOptions{
		apiPath: {
			Origin: awscloudfrontorigins.NewHttpOrigin(apiHost, &awscloudfrontorigins.HttpOriginProps{
				ProtocolPolicy: awscloudfront.OriginProtocolPolicy_HTTPS_ONLY,
				// Proves to the API that the request, and so its CloudFront-Viewer-Address,
				// came from this distribution; CloudFront replaces a viewer's header of the
				// same name. The value is resolved by CloudFormation from the secret.
				CustomHeaders: &map[string]*string{
					httpapi.OriginHeader: p.originSecret.SecretValue().UnsafeUnwrap(),
				},
			}),
			// A redirect would turn a POST into a GET and drop its body: refuse plain HTTP.
			ViewerProtocolPolicy: awscloudfront.ViewerProtocolPolicy_HTTPS_ONLY,
			Compress:             jsii.Bool(true),
			AllowedMethods:       awscloudfront.AllowedMethods_ALLOW_ALL(),
			CachePolicy:          apiCache,
			OriginRequestPolicy:  apiRequest,
		},
		publicPath: {
			// Keys keep their path: /public/x.jpg is object public/x.jpg.
			Origin:               mediaOrigin,
			ViewerProtocolPolicy: awscloudfront.ViewerProtocolPolicy_REDIRECT_TO_HTTPS,
			Compress:             jsii.Bool(true),
			CachePolicy:          awscloudfront.CachePolicy_CACHING_OPTIMIZED(),
		},
		// The chat socket, on this same origin so the session cookie travels with the
		// upgrade. The stage is named like the path, so /ws reaches the stage's root as it is.
		p.socket.def.Path: {
			Origin: awscloudfrontorigins.NewHttpOrigin(p.socket.host(), &awscloudfrontorigins.HttpOriginProps{
				ProtocolPolicy: awscloudfront.OriginProtocolPolicy_HTTPS_ONLY,
			}),
			ViewerProtocolPolicy: awscloudfront.ViewerProtocolPolicy_HTTPS_ONLY,
			Compress:             jsii.Bool(true),
			CachePolicy:          awscloudfront.CachePolicy_CACHING_DISABLED(),
			OriginRequestPolicy:  socketRequestPolicy(scope),
		},
	}
	mediaObjects := []*string{p.media.ArnForObjects(jsii.String(schema.PublicPrefix + "*"))}
	if p.mediaSigning != nil {
		// Posts' media/ files, to URLs signed with the key group's key only (the groups that
		// render media sign them; see media.Signer), cached for long: a file's key is fresh for
		// each post and never rewritten. The cache key holds no query string, so one cached copy
		// serves every signed URL of the object; Range requests are served from it too.
		behaviors[mediaPath] = &awscloudfront.BehaviorOptions{
			Origin:               mediaOrigin,
			ViewerProtocolPolicy: awscloudfront.ViewerProtocolPolicy_REDIRECT_TO_HTTPS,
			Compress:             jsii.Bool(true),
			CachePolicy:          mediaCachePolicy(scope),
			TrustedKeyGroups:     &[]interfacesawscloudfront.IKeyGroupRef{p.mediaSigning.keyGroup},
		}
		mediaObjects = append(mediaObjects, p.media.ArnForObjects(jsii.String(schema.FinalPrefix+"*")))
	}

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
			// Every behaviour compresses (gzip and Brotli, by the viewer's Accept-Encoding): the
			// app's scripts and styles, the API's JSON; CloudFront leaves media types alone.
			Compress:              jsii.Bool(true),
			ViewerProtocolPolicy:  awscloudfront.ViewerProtocolPolicy_REDIRECT_TO_HTTPS,
			CachePolicy:           awscloudfront.CachePolicy_CACHING_OPTIMIZED(),
			ResponseHeadersPolicy: awscloudfront.ResponseHeadersPolicy_SECURITY_HEADERS(),
			FunctionAssociations: &[]*awscloudfront.FunctionAssociation{{
				EventType: awscloudfront.FunctionEventType_VIEWER_REQUEST,
				Function:  rewrite,
			}},
		},
		AdditionalBehaviors: &behaviors,
	})
	// The public-prefix grant replaces the one CDK would have added; its warning is expected.
	awscdk.Annotations_Of(dist).AcknowledgeWarning(
		jsii.String("@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac"),
		jsii.String("media bucket access is granted on the public and media prefixes in web.go"))
	if p.mediaSigning == nil {
		awscdk.Annotations_Of(dist).AddWarningV2(jsii.String("zuum:mediaSignedUrlsOff"), jsii.String(
			"posts' media is read by presigned S3 GETs on the bucket's own address until the media key group exists: "+
				"run make media-keys, put the public key in cdk.json as "+ctxMediaSigningPublic+" and deploy again"))
	}
	p.media.AddToResourcePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Sid:        jsii.String("CloudFrontReadsPublicMedia"),
		Principals: &[]awsiam.IPrincipal{awsiam.NewServicePrincipal(jsii.String("cloudfront.amazonaws.com"), nil)},
		Actions:    jsii.Strings("s3:GetObject"),
		Resources:  &mediaObjects,
		Conditions: &map[string]interface{}{
			"StringEquals": map[string]interface{}{"AWS:SourceArn": dist.DistributionArn()},
		},
	}))

	deployWebApp(scope, bucket, dist, p.webDir)
	return web{bucket: bucket, distribution: dist}
}

// apiPolicies returns the /api/* behaviour's cache and origin request policies. The API limits
// calls per viewer, so the origin request must carry CloudFront-Viewer-Address, which the
// managed AllViewerExceptHostHeader policy cannot add to; Host must never reach the API, or API
// Gateway would look for a custom domain named after the distribution. A custom origin request
// policy therefore lists the headers, and Authorization (for Bearer clients), which CloudFront
// refuses in an origin request policy, travels in the cache key instead, with every cookie and
// query string, so a response could only ever be reused for the same caller. Nothing is reused
// in practice: the API answers with Cache-Control: no-store and the default TTL is zero; the one
// second maximum is there because a cache policy that names headers may not have all TTLs zero.
func apiPolicies(scope constructs.Construct) (awscloudfront.ICachePolicy, awscloudfront.IOriginRequestPolicy) {
	cache := awscloudfront.NewCachePolicy(scope, jsii.String("ApiCachePolicy"), &awscloudfront.CachePolicyProps{
		Comment:             jsii.String("Zuum /api/*: per caller, not cached (the API answers no-store)"),
		DefaultTtl:          awscdk.Duration_Seconds(jsii.Number(0)),
		MinTtl:              awscdk.Duration_Seconds(jsii.Number(0)),
		MaxTtl:              awscdk.Duration_Seconds(jsii.Number(1)),
		HeaderBehavior:      awscloudfront.CacheHeaderBehavior_AllowList(jsii.String("Authorization")),
		CookieBehavior:      awscloudfront.CacheCookieBehavior_All(),
		QueryStringBehavior: awscloudfront.CacheQueryStringBehavior_All(),
		// Without these CloudFront would not compress the API's JSON (compression needs the
		// normalized Accept-Encoding in the key).
		EnableAcceptEncodingGzip:   jsii.Bool(true),
		EnableAcceptEncodingBrotli: jsii.Bool(true),
	})
	headers := []*string{jsii.String(httpapi.ViewerAddressHeader)}
	for _, h := range apiViewerHeaders {
		headers = append(headers, jsii.String(h))
	}
	request := awscloudfront.NewOriginRequestPolicy(scope, jsii.String("ApiOriginRequestPolicy"), &awscloudfront.OriginRequestPolicyProps{
		Comment:             jsii.String("Zuum /api/*: cookies, query strings, the API's headers and the viewer's address; never Host"),
		CookieBehavior:      awscloudfront.OriginRequestCookieBehavior_All(),
		QueryStringBehavior: awscloudfront.OriginRequestQueryStringBehavior_All(),
		HeaderBehavior:      awscloudfront.OriginRequestHeaderBehavior_AllowList(headers...),
	})
	return cache, request
}

// mediaCachePolicy keys posts' media by path alone (no cookie, header or query string: the
// signature's parameters stay out of the key) and keeps it for a year, a day at least whatever
// the object says: a media/ key is fresh for every post and never rewritten.
func mediaCachePolicy(scope constructs.Construct) awscloudfront.ICachePolicy {
	return awscloudfront.NewCachePolicy(scope, jsii.String("MediaCachePolicy"), &awscloudfront.CachePolicyProps{
		Comment:                    jsii.String("Zuum /media/*: by path only, kept long (keys are never rewritten)"),
		DefaultTtl:                 awscdk.Duration_Days(jsii.Number(365)),
		MinTtl:                     awscdk.Duration_Days(jsii.Number(1)),
		MaxTtl:                     awscdk.Duration_Days(jsii.Number(365)),
		HeaderBehavior:             awscloudfront.CacheHeaderBehavior_None(),
		CookieBehavior:             awscloudfront.CacheCookieBehavior_None(),
		QueryStringBehavior:        awscloudfront.CacheQueryStringBehavior_None(),
		EnableAcceptEncodingGzip:   jsii.Bool(true),
		EnableAcceptEncodingBrotli: jsii.Bool(true),
	})
}

// socketViewerHeaders are what a WebSocket upgrade needs to reach API Gateway through CloudFront
// (the handshake's own headers) and what the socket's events report.
var socketViewerHeaders = []string{"Sec-WebSocket-Key", "Sec-WebSocket-Version", "Sec-WebSocket-Protocol", "Sec-WebSocket-Extensions", "User-Agent", "Origin"}

// socketRequestPolicy forwards the handshake's headers, every cookie (the session cookie is read
// at $connect) and the query string (a token=… of clients without the cookie), never Host: API
// Gateway would look for a custom domain named after the distribution.
func socketRequestPolicy(scope constructs.Construct) awscloudfront.IOriginRequestPolicy {
	headers := make([]*string, 0, len(socketViewerHeaders))
	for _, h := range socketViewerHeaders {
		headers = append(headers, jsii.String(h))
	}
	return awscloudfront.NewOriginRequestPolicy(scope, jsii.String("SocketOriginRequestPolicy"), &awscloudfront.OriginRequestPolicyProps{
		Comment:             jsii.String("Zuum /ws: the WebSocket handshake, cookies and query strings; never Host"),
		CookieBehavior:      awscloudfront.OriginRequestCookieBehavior_All(),
		QueryStringBehavior: awscloudfront.OriginRequestQueryStringBehavior_All(),
		HeaderBehavior:      awscloudfront.OriginRequestHeaderBehavior_AllowList(headers...),
	})
}

// deployWebApp uploads the built web app when webDir exists, so the stack also deploys before
// the web app has been built. Vite's hashed files under assets/ are cached for a year; the rest
// (index.html and landing.html, the page / is, above all) is revalidated on every visit, so a
// deploy takes effect at once.
// index.html is uploaded with the runtime configuration inlined (webConfig, resolved at deploy
// time), and config.json with the same values, after the build's own files so they replace them.
func deployWebApp(scope constructs.Construct, bucket awss3.Bucket, dist awscloudfront.Distribution, webDir string) {
	if info, err := os.Stat(webDir); err != nil || !info.IsDir() {
		return
	}
	source := awss3deployment.Source_Asset(jsii.String(webDir), nil)
	config := webConfig(scope)
	pageSources := []awss3deployment.ISource{source, awss3deployment.Source_Data(jsii.String("config.json"), jsii.String(config), nil)}
	if index, err := os.ReadFile(filepath.Join(webDir, "index.html")); err == nil {
		page, err := schema.InlineWebConfig(index, []byte(config))
		if err != nil {
			panic(fmt.Errorf("%s: %w", filepath.Join(webDir, "index.html"), err))
		}
		pageSources = append(pageSources, awss3deployment.Source_Data(jsii.String("index.html"), jsii.String(string(page)), nil))
	}

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
		Sources:           &pageSources,
		Exclude:           jsii.Strings("assets/*"),
		CacheControl:      &[]awss3deployment.CacheControl{awss3deployment.CacheControl_NoCache()},
		Distribution:      dist,
		DistributionPaths: jsii.Strings("/*"),
	})
	// The new index.html must never be served before the files it references exist.
	pages.Node().AddDependency(assets)
}

// webConfig is the web app's runtime configuration as deployed: the API on the site's own origin
// and the stack's region (a token CloudFormation resolves at deploy time), the values the local
// cloud serves from the build's config.json.
func webConfig(scope constructs.Construct) string {
	return `{"apiEndpoint":"/api","region":"` + *awscdk.Stack_Of(scope).Region() + `"}`
}
