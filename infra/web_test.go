package main

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"

	"zuum/shared/httpapi"
	"zuum/shared/schema"
)

// Id of the AWS-managed CloudFront policy the cached behaviors use.
const cachingOptimized = "658327ea-f89d-4fab-a63d-7e88639e58f6"

// distributionConfig returns the only distribution's DistributionConfig.
func distributionConfig(t *testing.T, tmpl map[string]any) obj {
	t.Helper()
	dists := resources(tmpl, "AWS::CloudFront::Distribution")
	if len(dists) != 1 {
		t.Fatalf("want one distribution, got %d", len(dists))
	}
	for _, d := range dists {
		return props(d)["DistributionConfig"].(obj)
	}
	return nil
}

// originOf returns the origin a behavior targets.
func originOf(t *testing.T, config obj, behavior obj) obj {
	t.Helper()
	for _, o := range config["Origins"].(arr) {
		if o.(obj)["Id"] == behavior["TargetOriginId"] {
			return o.(obj)
		}
	}
	t.Fatalf("behavior targets unknown origin %v", behavior["TargetOriginId"])
	return nil
}

// behaviorFor returns the cache behavior with the given path pattern.
func behaviorFor(t *testing.T, config obj, pattern string) obj {
	t.Helper()
	for _, b := range config["CacheBehaviors"].(arr) {
		if b.(obj)["PathPattern"] == pattern {
			return b.(obj)
		}
	}
	t.Fatalf("no %s behavior", pattern)
	return nil
}

func TestDistribution_HasAPIAndPublicMediaBehaviors(t *testing.T) {
	// Given one origin for the web app, the API and public media
	// When the fresh stack is synthesized
	tmpl, raw := fresh.get(t)

	// Then /api/* passes every method, cookie and query to the API uncached (its own policies:
	// see TestDistribution_APIReceivesTheViewerAddressAndTheOriginSecret), over HTTPS only,
	// and /public/* is served cached from the media bucket
	expect(t, func() {
		tmpl.HasResourceProperties(jsii.String("AWS::CloudFront::Distribution"), like(obj{
			"DistributionConfig": like(obj{
				"CacheBehaviors": assertions.Match_ArrayWith(&arr{
					like(obj{
						"PathPattern":           apiPath,
						"AllowedMethods":        arr{"GET", "HEAD", "OPTIONS", "PUT", "PATCH", "POST", "DELETE"},
						"CachePolicyId":         obj{"Ref": assertions.Match_StringLikeRegexp(jsii.String("^ApiCachePolicy"))},
						"OriginRequestPolicyId": obj{"Ref": assertions.Match_StringLikeRegexp(jsii.String("^ApiOriginRequestPolicy"))},
						"ViewerProtocolPolicy":  "https-only",
					}),
					like(obj{
						"PathPattern":          publicPath,
						"CachePolicyId":        cachingOptimized,
						"ViewerProtocolPolicy": "redirect-to-https",
					}),
				}),
			}),
		}))
	})

	config := distributionConfig(t, raw)
	api := originOf(t, config, behaviorFor(t, config, apiPath))
	if got := jsonString(api["DomainName"]); !strings.Contains(got, `"Fn::GetAtt":["Api`) || !strings.Contains(got, `"ApiEndpoint"`) {
		t.Errorf("/api/* origin %s, want the HTTP API's endpoint host", got)
	}
	media := originOf(t, config, behaviorFor(t, config, publicPath))
	if got := jsonString(media["DomainName"]); !strings.Contains(got, `"`+schema.Media.ID+`Bucket`) {
		t.Errorf("/public/* origin %s, want the media bucket", got)
	}
	if media["OriginAccessControlId"] == nil {
		t.Error("/public/* origin is not signed with origin access control")
	}
}

func TestDistribution_APIReceivesTheViewerAddressAndTheOriginSecret(t *testing.T) {
	// Given an API that limits calls per viewer address and sits behind CloudFront
	// When the fresh stack is synthesized
	tmpl, raw := fresh.get(t)

	// Then /api/* forwards every cookie and query string, the API's headers and
	// CloudFront-Viewer-Address, and never Host (API Gateway would refuse the distribution's name)
	headers := arr{httpapi.ViewerAddressHeader}
	for _, h := range apiViewerHeaders {
		headers = append(headers, h)
	}
	expect(t, func() {
		tmpl.HasResourceProperties(jsii.String("AWS::CloudFront::OriginRequestPolicy"), obj{
			"OriginRequestPolicyConfig": like(obj{
				"CookiesConfig":      obj{"CookieBehavior": "all"},
				"QueryStringsConfig": obj{"QueryStringBehavior": "all"},
				"HeadersConfig":      obj{"HeaderBehavior": "whitelist", "Headers": headers},
			}),
		})
	})
	for _, h := range apiViewerHeaders {
		if strings.EqualFold(h, "Host") || strings.EqualFold(h, "Authorization") {
			t.Errorf("origin request policy lists %s", h)
		}
	}
	// Then Authorization reaches the API through the cache key, with every cookie and query
	// string, so nothing could be served to another caller, and nothing is kept by default
	expect(t, func() {
		tmpl.HasResourceProperties(jsii.String("AWS::CloudFront::CachePolicy"), obj{
			"CachePolicyConfig": like(obj{
				"DefaultTTL": 0, "MinTTL": 0, "MaxTTL": 1,
				"ParametersInCacheKeyAndForwardedToOrigin": like(obj{
					"HeadersConfig":      obj{"HeaderBehavior": "whitelist", "Headers": arr{"Authorization"}},
					"CookiesConfig":      obj{"CookieBehavior": "all"},
					"QueryStringsConfig": obj{"QueryStringBehavior": "all"},
				}),
			}),
		})
	})

	// Then the API origin sends the origin secret, resolved by CloudFormation from the stack's
	// secret, which only the groups limiting per address read and are told of
	config := distributionConfig(t, raw)
	api := originOf(t, config, behaviorFor(t, config, apiPath))
	custom := jsonString(api["OriginCustomHeaders"])
	if !strings.Contains(custom, `"HeaderName":"`+httpapi.OriginHeader+`"`) ||
		!strings.Contains(custom, "{{resolve:secretsmanager:") || !strings.Contains(custom, `"Ref":"OriginSecret`) {
		t.Errorf("/api/* origin headers %s, want %s from the origin secret", custom, httpapi.OriginHeader)
	}
	for _, f := range allFunctions(t, raw) {
		vars := props(resources(raw, "AWS::Lambda::Function")[f.id])["Environment"].(obj)["Variables"].(obj)
		id, required := vars[envOriginSecretID], vars[envOriginRequired]
		if !f.access.ViewerAddress {
			if id != nil || required != nil {
				t.Errorf("%s is told of the origin secret", f.name)
			}
			continue
		}
		if !strings.Contains(jsonString(id), `"Ref":"OriginSecret`) || required != "true" {
			t.Errorf("%s: %s=%s %s=%v", f.name, envOriginSecretID, jsonString(id), envOriginRequired, required)
		}
	}
	if names := viewerAddressGroups(); jsonString(names) != `["auth","admin"]` {
		t.Errorf("groups that limit per viewer address: %v, want auth and admin", names)
	}
}

// viewerAddressGroups names the route groups whose row says they limit per viewer address.
func viewerAddressGroups() []string {
	var names []string
	for _, g := range routeGroups {
		if g.ViewerAddress {
			names = append(names, g.Name)
		}
	}
	return names
}

func TestDistribution_ServesTheAppShellWithoutRewritingAPIErrors(t *testing.T) {
	// Given a single-page app and a JSON API behind one distribution
	// When the fresh stack is synthesized
	_, raw := fresh.get(t)
	config := distributionConfig(t, raw)

	// Then no distribution-wide error page turns the API's 403/404 into 200 index.html
	if config["CustomErrorResponses"] != nil {
		t.Errorf("distribution rewrites errors: %s", jsonString(config["CustomErrorResponses"]))
	}
	// Then the default behavior serves the web bucket through OAC and rewrites app routes on
	// viewer request
	def := config["DefaultCacheBehavior"].(obj)
	web := originOf(t, config, def)
	if !strings.Contains(jsonString(web["DomainName"]), `"WebBucket`) || web["OriginAccessControlId"] == nil {
		t.Errorf("default origin %s, want the web bucket through OAC", jsonString(web))
	}
	if got := jsonString(def["FunctionAssociations"]); !strings.Contains(got, `"viewer-request"`) || !strings.Contains(got, `"SpaRewrite`) {
		t.Errorf("default behavior functions %s, want the SPA rewrite on viewer-request", got)
	}
	if config["DefaultRootObject"] != "index.html" {
		t.Errorf("default root object %v", config["DefaultRootObject"])
	}
}

func TestSpaRewrite_ServesTheLandingPageForRootIndexForRoutesAndFilesAsIs(t *testing.T) {
	// Given the CloudFront function's code, run by node as CloudFront would call it
	cases := map[string]string{
		"/":                   "/landing.html",
		"/landing.html":       "/landing.html",
		"/login":              "/index.html",
		"/home/":              "/index.html",
		"/profile/42":         "/index.html",
		"/index.html":         "/index.html",
		"/assets/app-1a2b.js": "/assets/app-1a2b.js",
		"/favicon.ico":        "/favicon.ico",
	}
	script := spaRewrite + `
const out = {};
for (const uri of JSON.parse(process.argv[1])) out[uri] = handler({request: {uri}}).uri;
console.log(JSON.stringify(out));`
	uris := make([]string, 0, len(cases))
	for uri := range cases {
		uris = append(uris, uri)
	}
	in, _ := json.Marshal(uris)

	// When each URI is handled
	raw, err := exec.Command("node", "-e", script, string(in)).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var got map[string]string
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}

	// Then / gets the prerendered landing page, other app routes the shell, and files pass unchanged
	for uri, want := range cases {
		if got[uri] != want {
			t.Errorf("%s → %s, want %s", uri, got[uri], want)
		}
	}
}

func TestMediaBucket_CDNReadsOnlyThePublicPrefix(t *testing.T) {
	// Given the media bucket behind /public/*
	// When the fresh stack is synthesized
	_, raw := fresh.get(t)

	// Then CloudFront's only grant on it is s3:GetObject on public/*, for this distribution
	for id, p := range resources(raw, "AWS::S3::BucketPolicy") {
		if !strings.Contains(jsonString(props(p)["Bucket"]), `"`+schema.Media.ID+`Bucket`) {
			continue
		}
		var grants []obj
		for _, s := range asList(props(p)["PolicyDocument"].(obj)["Statement"]) {
			if s.(obj)["Effect"] == "Allow" {
				grants = append(grants, s.(obj))
			}
		}
		if len(grants) != 1 {
			t.Fatalf("%s: want one Allow statement, got %s", id, jsonString(grants))
		}
		g := grants[0]
		if jsonString(g["Principal"]) != `{"Service":"cloudfront.amazonaws.com"}` || g["Action"] != "s3:GetObject" {
			t.Errorf("grant %s, want cloudfront s3:GetObject", jsonString(g))
		}
		if r := jsonString(g["Resource"]); !strings.HasSuffix(r, `"/`+schema.PublicPrefix+`*"]]}`) {
			t.Errorf("grant on %s, want %s* only", r, schema.PublicPrefix)
		}
		if c := jsonString(g["Condition"]); !strings.Contains(c, `"AWS:SourceArn"`) || !strings.Contains(c, `"Ref":"Distribution`) {
			t.Errorf("grant condition %s, want this distribution only", c)
		}
		return
	}
	t.Fatal("media bucket has no policy")
}

func TestWebBucket_IsPrivate(t *testing.T) {
	// Given the bucket holding the built web app
	// When the fresh stack is synthesized
	tmpl, _ := fresh.get(t)

	// Then it is reachable only through CloudFront
	expect(t, func() {
		tmpl.HasResource(jsii.String("AWS::S3::Bucket"), like(obj{
			"Metadata":   obj{"aws:cdk:path": "Zuum/WebBucket/Resource"},
			"Properties": like(obj{"PublicAccessBlockConfiguration": blockAll}),
		}))
	})
}

func TestWebApp_IsDeployedOnlyWhenBuilt(t *testing.T) {
	// Given a checkout without a web build, and one with it
	freshTmpl, _ := fresh.get(t)
	configuredTmpl, raw := configured.get(t)

	// Then nothing is uploaded without a build
	expect(t, func() {
		freshTmpl.ResourceCountIs(jsii.String("Custom::CDKBucketDeployment"), jsii.Number(0))
	})
	// Then a build is uploaded as immutable hashed assets plus revalidated pages, and the
	// pages' upload invalidates the CDN once the assets are in place
	expect(t, func() {
		configuredTmpl.HasResource(jsii.String("Custom::CDKBucketDeployment"), like(obj{
			"Properties": like(obj{
				"Include":        arr{"assets/*"},
				"SystemMetadata": like(obj{"cache-control": "public, max-age=31536000, immutable"}),
				"Prune":          false,
			}),
		}))
	})
	expect(t, func() {
		configuredTmpl.HasResource(jsii.String("Custom::CDKBucketDeployment"), like(obj{
			"Properties": like(obj{
				"Exclude":           arr{"assets/*"},
				"SystemMetadata":    like(obj{"cache-control": "no-cache"}),
				"DistributionPaths": arr{"/*"},
			}),
			"DependsOn": assertions.Match_ArrayWith(&arr{assertions.Match_StringLikeRegexp(jsii.String("^WebAssets"))}),
		}))
	})
	if n := len(resources(raw, "Custom::CDKBucketDeployment")); n != 2 {
		t.Errorf("want 2 web deployments, got %d", n)
	}
}
