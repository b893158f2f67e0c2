package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/aws/jsii-runtime-go"

	"zuum/shared/schema"
)

func TestStack_SynthesizesWithoutDependencyCycle(t *testing.T) {
	// Given APP_URL pointing at the distribution, which points at the API that invokes the
	// functions, and a media bucket that is also a distribution origin
	for _, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			// When the stack is synthesized and parsed with the cycle check on
			// Then parsing succeeds (fixture.get fails the test on a cycle)
			f.get(t)
		})
	}
}

func TestOutputs_NameSiteAPITablesAndBuckets(t *testing.T) {
	// Given a deployed stack whose operators need its addresses
	// When the fresh stack is synthesized
	tmpl, _ := fresh.get(t)

	// Then it outputs the site URL, API URL, every table, both buckets and the failure queue
	names := []string{"SiteUrl", "ApiUrl", "DistributionId", schema.Media.ID + "BucketName", "WebBucketName",
		"WorkerFailuresQueueUrl"}
	for _, table := range schema.Tables {
		names = append(names, table.ID+"TableName")
	}
	for _, name := range names {
		expect(t, func() { tmpl.HasOutput(jsii.String(name), like(obj{})) })
	}
}

func TestProps_RejectSettingsThatBreakTheDeployedApp(t *testing.T) {
	valid := ZuumStackProps{MailFrom: "no-reply@zuum.ng"}
	cases := []struct {
		name    string
		change  func(*ZuumStackProps)
		wantErr string
	}{
		{"defaults are valid", func(*ZuumStackProps) {}, ""},
		{"origin with trailing slash is trimmed", func(p *ZuumStackProps) { p.AppURL = "https://zuum.ng/" }, ""},
		{"origin with a path", func(p *ZuumStackProps) { p.AppURL = "https://zuum.ng/app" }, "appUrl"},
		{"origin without scheme", func(p *ZuumStackProps) { p.AppURL = "zuum.ng" }, "appUrl"},
		{"missing sender", func(p *ZuumStackProps) { p.MailFrom = "" }, "mailFrom"},
		{"sender that is no address", func(p *ZuumStackProps) { p.MailFrom = "zuum" }, "mailFrom"},
		{"Google id without secret", func(p *ZuumStackProps) { p.GoogleClientID = "id" }, "googleClientSecretId"},
		{"Google secret without id", func(p *ZuumStackProps) { p.GoogleClientSecretID = "s" }, "googleClientId"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// Given valid props with one change
			p := valid
			c.change(&p)
			// When defaults are applied and the props validated
			err := p.withDefaults().validate()
			// Then only the broken setting is reported, by its context key
			if c.wantErr == "" && err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)) {
				t.Fatalf("error %v, want one naming %s", err, c.wantErr)
			}
		})
	}
}

func TestProps_DefaultTheMailIdentityToTheSendersDomain(t *testing.T) {
	// Given only a sender with a display name
	p := ZuumStackProps{MailFrom: "Zuum <no-reply@mail.zuum.ng>"}
	// When defaults are applied
	p = p.withDefaults()
	// Then SES authorizes it through its domain, and build/webui paths are the Makefile's
	if p.MailIdentity != "mail.zuum.ng" || p.AssetDir != "build" || p.WebDir != filepath.Join("webui", "dist") {
		t.Fatalf("got identity %q, assets %q, web %q", p.MailIdentity, p.AssetDir, p.WebDir)
	}
}

func TestCheckAssets_NamesEveryMissingBootstrap(t *testing.T) {
	// Given an asset folder where only the first group is built
	dir := t.TempDir()
	names := functionNames()
	if !slices.Contains(names, "media") || !slices.Contains(names, "jobs") {
		t.Fatalf("function names %v lack the workers", names)
	}
	built := filepath.Join(dir, names[0])
	if err := os.MkdirAll(built, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(built, "bootstrap"), nil, 0o755); err != nil {
		t.Fatal(err)
	}
	// When the assets are checked
	err := checkAssets(dir)
	// Then every other group and every worker is named, with the command that builds it
	for _, name := range names[1:] {
		if err == nil || !strings.Contains(err.Error(), filepath.Join(name, "bootstrap")) || !strings.Contains(err.Error(), "make build") {
			t.Errorf("error %v does not name %s", err, name)
		}
	}
	if err != nil && strings.Contains(err.Error(), filepath.Join(names[0], "bootstrap")) {
		t.Errorf("error %v names the built group", err)
	}
}
