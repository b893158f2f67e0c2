package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"
)

// Synthesizing a stack costs seconds and, the first time in a process, a node runtime of about
// 1 GB. So each test binary synthesizes at most two stacks, once each, and every test reads
// them: fresh is a checkout where only the Lambdas are built and nothing is configured;
// configured has the site origin, Google sign-in, a media signing key and a built web app.
var (
	testRoot string

	fresh = &fixture{name: "fresh", props: func(root string) ZuumStackProps {
		return ZuumStackProps{
			AssetDir: filepath.Join(root, "build"),
			WebDir:   filepath.Join(root, "no-web-build"),
			MailFrom: "no-reply@zuum.test",
		}
	}}
	configured = &fixture{name: "configured", props: func(root string) ZuumStackProps {
		return ZuumStackProps{
			AssetDir:              filepath.Join(root, "build"),
			WebDir:                filepath.Join(root, "dist"),
			AppURL:                "https://zuum.test/",
			MailFrom:              "Zuum <hello@mail.zuum.test>",
			MailIdentity:          "zuum.test",
			GoogleClientID:        "client-id.apps.googleusercontent.com",
			GoogleClientSecretID:  "zuum/google-client-secret",
			AdminBootstrapEmails:  "ops@zuum.test,cto@zuum.test",
			MediaSigningPublicKey: testMediaPublicKey,
		}
	}}
	fixtures = []*fixture{fresh, configured}
)

// TestMain lays out dummy Lambda bootstraps and a dummy web build, so tests need no `make build`,
// and removes them and the node runtime afterwards.
func TestMain(m *testing.M) {
	if os.Getenv("JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION") == "" {
		os.Setenv("JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION", "20")
	}
	root, err := os.MkdirTemp("", "zuum-infra-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	testRoot = root
	files := map[string]string{
		"dist/index.html":      "<!doctype html><html><head><title>Zuum</title></head><body></body></html>",
		"dist/config.json":     `{"apiEndpoint":"/api","region":"us-east-1"}`,
		"dist/assets/app-1.js": "console.log('zuum')",
	}
	for _, name := range functionNames() {
		// Distinct contents give each function its own asset hash, as real binaries would.
		files["build/"+name+"/bootstrap"] = "#!/bin/sh\necho " + name + "\n"
	}
	files["build/"+ffmpegBinary] = "#!/bin/sh\necho ffmpeg\n" // what `make build` unpacks from npm
	for name, body := range files {
		path := filepath.Join(root, filepath.FromSlash(name))
		err := os.MkdirAll(filepath.Dir(path), 0o755)
		if err == nil {
			err = os.WriteFile(path, []byte(body), 0o755)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}

	code := m.Run()
	jsii.Close()
	os.RemoveAll(root)
	os.Exit(code)
}

// fixture is one stack synthesized lazily, at most once per test binary.
type fixture struct {
	name  string
	props func(root string) ZuumStackProps

	once     sync.Once
	stack    awscdk.Stack
	template assertions.Template
	json     map[string]any
	failure  any
}

// get returns the fixture's template, synthesizing it on first use. A synthesis failure (CDK
// panics, a dependency cycle included) fails every test that needs the fixture.
func (f *fixture) get(t *testing.T) (assertions.Template, map[string]any) {
	t.Helper()
	f.once.Do(func() {
		defer func() { f.failure = recover() }()
		app := awscdk.NewApp(&awscdk.AppProps{
			Context:     featureFlags(),
			Outdir:      jsii.String(filepath.Join(testRoot, "cdk.out-"+f.name)),
			StackTraces: jsii.Bool(false),
		})
		props := f.props(testRoot)
		stack := NewZuumStack(app, "Zuum", &props)
		f.stack = stack
		// The cycle check is on by default; spelled out because APP_URL's design depends on it.
		f.template = assertions.Template_FromStack(stack, &assertions.TemplateParsingOptions{
			SkipCyclicalDependenciesCheck: jsii.Bool(false),
		})
		raw, err := json.Marshal(f.template.ToJSON())
		if err == nil {
			err = json.Unmarshal(raw, &f.json)
		}
		if err != nil {
			panic(err)
		}
	})
	if f.failure != nil {
		t.Fatalf("synthesizing the %s stack: %v", f.name, f.failure)
	}
	return f.template, f.json
}

// stackOf returns the fixture's stack, for assertions on annotations rather than the template.
func stackOf(t *testing.T, f *fixture) awscdk.Stack {
	t.Helper()
	f.get(t)
	return f.stack
}

// featureFlags returns cdk.json's feature flags, so the tests assert the template the CLI
// deploys rather than one built with CDK's legacy defaults.
func featureFlags() *map[string]any {
	raw, err := os.ReadFile(filepath.Join("..", "cdk.json"))
	if err != nil {
		panic(err)
	}
	var cfg struct {
		Context map[string]any `json:"context"`
	}
	if err := json.Unmarshal(raw, &cfg); err != nil {
		panic(err)
	}
	// The CLI asks for construct-path metadata; tests find resources by path the same way.
	flags := map[string]any{"aws:cdk:enable-path-metadata": true}
	for k, v := range cfg.Context {
		if len(k) > 0 && k[0] == '@' {
			flags[k] = v
		}
	}
	return &flags
}

// expect runs a CDK assertion, which panics on mismatch, and reports the mismatch as a test
// error instead of aborting the whole binary.
func expect(t *testing.T, assertion func()) {
	t.Helper()
	if failure := recovered(assertion); failure != nil {
		t.Error(failure)
	}
}

// recovered runs f and returns what it panicked with, if anything.
func recovered(f func()) (failure any) {
	defer func() { failure = recover() }()
	f()
	return nil
}

// obj and arr keep Match patterns readable.
type obj = map[string]any
type arr = []any

// like matches an object that has at least the given fields.
func like(fields obj) assertions.Matcher { return assertions.Match_ObjectLike(&fields) }

// resources returns the template's resources of one type, by logical id.
func resources(tmpl map[string]any, typ string) map[string]obj {
	out := map[string]obj{}
	for id, r := range tmpl["Resources"].(obj) {
		if res := r.(obj); res["Type"] == typ {
			out[id] = res
		}
	}
	return out
}

// props returns a resource's Properties.
func props(res obj) obj {
	p, _ := res["Properties"].(obj)
	return p
}

// groupFunction returns the logical id of the route group's Lambda, found by its description.
func groupFunction(t *testing.T, tmpl map[string]any, group string) string {
	t.Helper()
	return describedFunction(t, tmpl, "Zuum "+group+" route group")
}

// workerFunction returns the logical id of the worker's Lambda, found by its description.
func workerFunction(t *testing.T, tmpl map[string]any, worker string) string {
	t.Helper()
	return describedFunction(t, tmpl, "Zuum "+worker+" worker")
}

// describedFunction returns the logical id of the one Lambda with the given description.
func describedFunction(t *testing.T, tmpl map[string]any, description string) string {
	t.Helper()
	var ids []string
	for id, fn := range resources(tmpl, "AWS::Lambda::Function") {
		if props(fn)["Description"] == description {
			ids = append(ids, id)
		}
	}
	if len(ids) != 1 {
		t.Fatalf("want one function described %q, got %v", description, ids)
	}
	return ids[0]
}

// logicalID returns the logical id of the resource at the construct path, such as
// "Zuum/MediaBucket/Resource".
func logicalID(t *testing.T, tmpl map[string]any, path string) string {
	t.Helper()
	for id, r := range tmpl["Resources"].(obj) {
		if md, ok := r.(obj)["Metadata"].(obj); ok && md["aws:cdk:path"] == path {
			return id
		}
	}
	t.Fatalf("no resource at %s", path)
	return ""
}

// getAtt renders {"Fn::GetAtt": [id, attribute]}.
func getAtt(id, attribute string) obj { return obj{"Fn::GetAtt": arr{id, attribute}} }

// asList returns v as a list, wrapping a single value: IAM fields take either form.
func asList(v any) []any {
	if l, ok := v.([]any); ok {
		return l
	}
	if v == nil {
		return nil
	}
	return []any{v}
}

// jsonString renders a template fragment for substring checks and messages.
func jsonString(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
