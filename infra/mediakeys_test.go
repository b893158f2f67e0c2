package main

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"

	"zuum/shared/schema"
)

// testMediaPublicKey is a public key as make media-keys prints it (openssl rsa -pubout).
var testMediaPublicKey = func() string {
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	der, _ := x509.MarshalPKIXPublicKey(&k.PublicKey)
	return string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
}()

func TestDistribution_ServesMediaToSignedURLsOnlyOnceTheKeyGroupExists(t *testing.T) {
	// Given a stack with the media signing key's public half, and one without
	tmpl, raw := configured.get(t)
	_, freshRaw := fresh.get(t)

	// Then the configured one has the public key, a key group of it, and /media/* on the media
	// bucket (through origin access control) trusting that group, cached by path for long
	expect(t, func() {
		tmpl.HasResourceProperties(jsii.String("AWS::CloudFront::PublicKey"), obj{
			"PublicKeyConfig": like(obj{"EncodedKey": testMediaPublicKey}),
		})
	})
	expect(t, func() {
		tmpl.HasResourceProperties(jsii.String("AWS::CloudFront::KeyGroup"), obj{
			"KeyGroupConfig": like(obj{"Items": arr{obj{"Ref": assertions.Match_StringLikeRegexp(jsii.String("^MediaSigningPublicKey"))}}}),
		})
	})
	config := distributionConfig(t, raw)
	media := behaviorFor(t, config, mediaPath)
	if got := jsonString(media["TrustedKeyGroups"]); !strings.Contains(got, `"Ref":"MediaKeyGroup`) || strings.Count(got, "Ref") != 1 {
		t.Errorf("/media/* trusted key groups %s, want the media key group alone", got)
	}
	if got := jsonString(media["CachePolicyId"]); !strings.Contains(got, `"Ref":"MediaCachePolicy`) {
		t.Errorf("/media/* cache policy %s", got)
	}
	if media["ViewerProtocolPolicy"] != "redirect-to-https" {
		t.Errorf("/media/* viewer protocol %v", media["ViewerProtocolPolicy"])
	}
	origin := originOf(t, config, media)
	if !strings.Contains(jsonString(origin["DomainName"]), `"`+schema.Media.ID+`Bucket`) || origin["OriginAccessControlId"] == nil {
		t.Errorf("/media/* origin %s, want the media bucket through OAC", jsonString(origin))
	}
	expect(t, func() {
		tmpl.HasResourceProperties(jsii.String("AWS::CloudFront::CachePolicy"), obj{
			"CachePolicyConfig": like(obj{
				"DefaultTTL": 31536000, "MinTTL": 86400, "MaxTTL": 31536000,
				"ParametersInCacheKeyAndForwardedToOrigin": obj{
					"HeadersConfig":              obj{"HeaderBehavior": "none"},
					"CookiesConfig":              obj{"CookieBehavior": "none"},
					"QueryStringsConfig":         obj{"QueryStringBehavior": "none"},
					"EnableAcceptEncodingGzip":   true,
					"EnableAcceptEncodingBrotli": true,
				},
			}),
		})
	})

	// Then without the key nothing of it exists, and synthesis says how to add it
	for _, typ := range []string{"AWS::CloudFront::PublicKey", "AWS::CloudFront::KeyGroup"} {
		if n := len(resources(freshRaw, typ)); n != 0 {
			t.Errorf("fresh stack has %d %s", n, typ)
		}
	}
	for _, b := range distributionConfig(t, freshRaw)["CacheBehaviors"].(arr) {
		if b.(obj)["PathPattern"] == mediaPath {
			t.Error("fresh stack serves /media/*")
		}
	}
	expect(t, func() {
		assertions.Annotations_FromStack(stackOf(t, fresh)).HasWarning(jsii.String("*"), assertions.Match_StringLikeRegexp(jsii.String("make media-keys")))
	})
}

func TestDistribution_CompressesOnEveryBehaviour(t *testing.T) {
	for _, f := range fixtures {
		_, raw := f.get(t)
		config := distributionConfig(t, raw)
		behaviors := append(arr{config["DefaultCacheBehavior"]}, config["CacheBehaviors"].(arr)...)
		for _, b := range behaviors {
			if b.(obj)["Compress"] != true {
				t.Errorf("%s: behaviour %v does not compress", f.name, b.(obj)["PathPattern"])
			}
		}
		// The API's own cache policy lets CloudFront compress its answers
		for id, p := range resources(raw, "AWS::CloudFront::CachePolicy") {
			c := props(p)["CachePolicyConfig"].(obj)["ParametersInCacheKeyAndForwardedToOrigin"].(obj)
			if c["EnableAcceptEncodingGzip"] != true || c["EnableAcceptEncodingBrotli"] != true {
				t.Errorf("%s: cache policy %s does not take gzip and Brotli", f.name, id)
			}
		}
	}
}

func TestMediaBucket_CDNReadsPublicAndSignedMediaPrefixesOnly(t *testing.T) {
	// Given the configured stack, whose distribution serves /media/*
	_, raw := configured.get(t)

	// Then CloudFront may read public/* and media/*, and never uploads/
	for _, p := range resources(raw, "AWS::S3::BucketPolicy") {
		if !strings.Contains(jsonString(props(p)["Bucket"]), `"`+schema.Media.ID+`Bucket`) {
			continue
		}
		for _, s := range asList(props(p)["PolicyDocument"].(obj)["Statement"]) {
			if s.(obj)["Effect"] != "Allow" {
				continue
			}
			r := jsonString(s.(obj)["Resource"])
			if !strings.Contains(r, `"/`+schema.PublicPrefix+`*"`) || !strings.Contains(r, `"/`+schema.FinalPrefix+`*"`) ||
				strings.Contains(r, schema.UploadsPrefix) || len(asList(s.(obj)["Resource"])) != 2 {
				t.Errorf("CloudFront's grant on %s, want %s* and %s*", r, schema.PublicPrefix, schema.FinalPrefix)
			}
		}
		return
	}
	t.Fatal("media bucket has no policy")
}

func TestFunctions_OnlyGroupsThatRenderMediaSignItsURLs(t *testing.T) {
	// Given the route groups, of which those that render media sign its URLs
	_, raw := configured.get(t)
	_, freshRaw := fresh.get(t)
	var renders []string
	for _, f := range allFunctions(t, raw) {
		vars := props(resources(raw, "AWS::Lambda::Function")[f.id])["Environment"].(obj)["Variables"].(obj)
		secrets := jsonString(statementsFor(roleStatements(raw, f.id), "secretsmanager"))
		reads := strings.Contains(secrets, `"Ref":"MediaSigningSecret`)
		// Then exactly those are told the secret and the key's id, and may read the secret
		if !f.access.RendersMedia {
			if vars[envMediaSigningSecretID] != nil || vars[envMediaSigningKeyID] != nil || reads {
				t.Errorf("%s is given the media signing key", f.name)
			}
			continue
		}
		renders = append(renders, f.name)
		if !strings.Contains(jsonString(vars[envMediaSigningSecretID]), `"Ref":"MediaSigningSecret`) ||
			!strings.Contains(jsonString(vars[envMediaSigningKeyID]), `"Ref":"MediaSigningPublicKey`) || !reads {
			t.Errorf("%s: %s=%s %s=%s, reads the secret %v", f.name, envMediaSigningSecretID, jsonString(vars[envMediaSigningSecretID]),
				envMediaSigningKeyID, jsonString(vars[envMediaSigningKeyID]), reads)
		}
		// Then they sign for the site's origin, which the signed resource must name
		if vars[envAppURL] != "https://zuum.test" {
			t.Errorf("%s: %s=%v", f.name, envAppURL, vars[envAppURL])
		}
	}
	slices.Sort(renders)
	if got := strings.Join(renders, " "); got != "admin audio beat distribution feed search user video" {
		t.Errorf("groups that render media: %s", got)
	}
	// Then without the key group no function is told of the key: they presign S3 GETs
	for _, f := range allFunctions(t, freshRaw) {
		vars := props(resources(freshRaw, "AWS::Lambda::Function")[f.id])["Environment"].(obj)["Variables"].(obj)
		if vars[envMediaSigningSecretID] != nil || vars[envMediaSigningKeyID] != nil {
			t.Errorf("fresh %s is given the media signing key", f.name)
		}
	}
	expect(t, func() {
		tmplOf(t, configured).HasResourceProperties(jsii.String("AWS::SecretsManager::Secret"), like(obj{
			"Description": assertions.Match_StringLikeRegexp(jsii.String("make media-keys")),
		}))
	})
}

func TestWebApp_IndexIsDeployedWithTheRuntimeConfigInlined(t *testing.T) {
	// Given the built index.html
	page, err := schema.InlineWebConfig([]byte("<html><head></head></html>"), []byte(`{"apiEndpoint":"/api","region":"eu-west-1"}`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `<script id="zuum-config" type="application/json">{"apiEndpoint":"/api","region":"eu-west-1"}</script></head>`) {
		t.Errorf("inlined page %s", page)
	}
	// When the configured stack deploys it
	_, raw := configured.get(t)

	// Then the pages' deployment has the build, then config.json and index.html made at synth
	// with the stack's region resolved at deploy time (a marker the deployment replaces)
	for _, d := range resources(raw, "Custom::CDKBucketDeployment") {
		p := props(d)
		if !strings.Contains(jsonString(p["Exclude"]), "assets/*") {
			continue
		}
		if n := len(asList(p["SourceObjectKeys"])); n != 3 {
			t.Errorf("pages from %d sources, want the build, config.json and index.html", n)
		}
		if got := jsonString(p["SourceMarkers"]); !strings.Contains(got, `"Ref":"AWS::Region"`) {
			t.Errorf("source markers %s, want the stack's region", got)
		}
		return
	}
	t.Fatal("no pages deployment")
}

func TestProps_RefuseAMediaKeyCloudFrontWouldRefuse(t *testing.T) {
	p := ZuumStackProps{MailFrom: "no-reply@zuum.test", MediaSigningPublicKey: "-----BEGIN RSA PRIVATE KEY-----\nAA==\n-----END RSA PRIVATE KEY-----\n"}
	if err := p.withDefaults().validate(); err == nil || !strings.Contains(err.Error(), ctxMediaSigningPublic) {
		t.Errorf("a private key as the public key: %v", err)
	}
	p.MediaSigningPublicKey = testMediaPublicKey
	if err := p.withDefaults().validate(); err != nil {
		t.Errorf("a public key: %v", err)
	}
}

// tmplOf is the fixture's template for assertions.
func tmplOf(t *testing.T, f *fixture) assertions.Template {
	tmpl, _ := f.get(t)
	return tmpl
}
