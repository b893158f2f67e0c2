package main

import (
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"

	"zuum/shared/schema"
)

// roleStatements returns every statement of the policies attached to the function's role.
func roleStatements(tmpl map[string]any, fnID string) []obj {
	role := props(resources(tmpl, "AWS::Lambda::Function")[fnID])["Role"].(obj)["Fn::GetAtt"].(arr)[0]
	var out []obj
	for _, p := range resources(tmpl, "AWS::IAM::Policy") {
		if !strings.Contains(jsonString(props(p)["Roles"]), jsonString(obj{"Ref": role})) {
			continue
		}
		for _, s := range asList(props(p)["PolicyDocument"].(obj)["Statement"]) {
			out = append(out, s.(obj))
		}
	}
	return out
}

// statementsFor returns the statements granting any action of the given service prefix.
func statementsFor(statements []obj, service string) []obj {
	var out []obj
	for _, s := range statements {
		for _, a := range asList(s["Action"]) {
			if strings.HasPrefix(a.(string), service+":") {
				out = append(out, s)
				break
			}
		}
	}
	return out
}

func TestFunctions_EachGroupRunsArm64Al2023WithTheEnvironment(t *testing.T) {
	// Given every row of the route-group table
	// When the fresh stack is synthesized
	tmpl, _ := fresh.get(t)

	// Then each row has a bootstrap function on Graviton with the sizing and the full
	// environment the shared configuration code reads.
	for _, g := range routeGroups {
		t.Run(g.Name, func(t *testing.T) {
			vars := obj{
				schema.Media.EnvVar:     obj{"Ref": assertions.Match_StringLikeRegexp(jsii.String("^MediaBucket"))},
				envJWTSecretID:          obj{"Ref": assertions.Match_StringLikeRegexp(jsii.String("^JwtSecret"))},
				envMailFrom:             "no-reply@zuum.test",
				envAppURL:               assertions.Match_AnyValue(),
				envGoogleClientID:       "",
				envGoogleClientSecretID: "",
			}
			for _, table := range schema.Tables {
				vars[table.EnvVar] = obj{"Ref": assertions.Match_StringLikeRegexp(jsii.String("^" + table.ID + "Table"))}
			}
			expect(t, func() {
				tmpl.HasResourceProperties(jsii.String("AWS::Lambda::Function"), like(obj{
					"Description":   "Zuum " + g.Name + " route group",
					"Runtime":       "provided.al2023",
					"Architectures": arr{"arm64"},
					"Handler":       "bootstrap",
					"MemorySize":    512,
					"Timeout":       10,
					"Environment":   obj{"Variables": assertions.Match_ObjectEquals(&vars)},
					"LoggingConfig": like(obj{"LogGroup": assertions.Match_AnyValue()}),
				}))
			})
		})
	}
}

func TestFunctions_AppURLIsTheDistributionUnlessConfigured(t *testing.T) {
	// Given a fresh stack and one configured with the site origin
	_, freshTmpl := fresh.get(t)
	_, configuredTmpl := configured.get(t)

	for _, g := range routeGroups {
		// When no origin is configured, then functions link to the CloudFront domain
		fn := resources(freshTmpl, "AWS::Lambda::Function")[groupFunction(t, freshTmpl, g.Name)]
		got := jsonString(props(fn)["Environment"].(obj)["Variables"].(obj)[envAppURL])
		if !strings.Contains(got, `"https://"`) || !strings.Contains(got, `"DomainName"`) || !strings.Contains(got, `"Distribution`) {
			t.Errorf("%s: fresh APP_URL = %s, want https:// + the distribution's DomainName", g.Name, got)
		}
		// When it is configured, then functions use it, without a trailing slash
		fn = resources(configuredTmpl, "AWS::Lambda::Function")[groupFunction(t, configuredTmpl, g.Name)]
		if got := props(fn)["Environment"].(obj)["Variables"].(obj)[envAppURL]; got != "https://zuum.test" {
			t.Errorf("%s: configured APP_URL = %v, want https://zuum.test", g.Name, got)
		}
	}
}

func TestIAM_GrantsNoWildcardActionsOrFullAccessPolicies(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			// Given the synthesized stack (the configured one adds the web deployment's role)
			_, tmpl := f.get(t)

			// When every identity policy and role in it is read
			var statements []obj
			for _, typ := range []string{"AWS::IAM::Policy", "AWS::IAM::ManagedPolicy"} {
				for _, p := range resources(tmpl, typ) {
					for _, s := range asList(props(p)["PolicyDocument"].(obj)["Statement"]) {
						statements = append(statements, s.(obj))
					}
				}
			}
			for id, role := range resources(tmpl, "AWS::IAM::Role") {
				for _, p := range asList(props(role)["Policies"]) {
					for _, s := range asList(p.(obj)["PolicyDocument"].(obj)["Statement"]) {
						statements = append(statements, s.(obj))
					}
				}
				// Then no role carries an administrator or full-access managed policy
				for _, arn := range asList(props(role)["ManagedPolicyArns"]) {
					if s := jsonString(arn); strings.Contains(s, "AdministratorAccess") || strings.Contains(s, "FullAccess") {
						t.Errorf("role %s has managed policy %s", id, s)
					}
				}
			}

			// Then no statement allows every action, or every action of a service
			if len(statements) == 0 {
				t.Fatal("no IAM statements found")
			}
			for _, s := range statements {
				if s["Effect"] != "Allow" {
					continue
				}
				for _, a := range asList(s["Action"]) {
					if a == "*" || strings.HasSuffix(a.(string), ":*") {
						t.Errorf("statement allows %q: %s", a, jsonString(s))
					}
				}
			}
		})
	}
}

func TestIAM_FunctionsGetExactlyTheirRowsGrants(t *testing.T) {
	// Given every row of the route-group table
	// When the fresh stack is synthesized
	_, tmpl := fresh.get(t)

	for _, g := range routeGroups {
		t.Run(g.Name, func(t *testing.T) {
			statements := roleStatements(tmpl, groupFunction(t, tmpl, g.Name))

			// Then no statement applies to every resource
			for _, s := range statements {
				for _, r := range asList(s["Resource"]) {
					if r == "*" {
						t.Errorf("statement on every resource: %s", jsonString(s))
					}
				}
			}
			// Then the function reads the JWT signing key
			if got := jsonString(statementsFor(statements, "secretsmanager")); !strings.Contains(got, `"Ref":"JwtSecret`) {
				t.Errorf("secrets grants %s, want the JWT secret", got)
			}
			// Then it reaches its own tables, and only those
			dynamo := jsonString(statementsFor(statements, "dynamodb"))
			for _, table := range schema.Tables {
				listed := false
				for _, own := range g.Tables {
					listed = listed || own.ID == table.ID
				}
				if has := strings.Contains(dynamo, `"`+table.ID+`Table`); has != listed {
					t.Errorf("access to table %s = %v, want %v", table.ID, has, listed)
				}
			}
			// Then it reaches media objects only under its own key patterns
			for _, s := range statementsFor(statements, "s3") {
				for _, r := range asList(s["Resource"]) {
					// The bucket itself is named for List*, which gives HEAD its 404 on a missing key.
					_, ok := r.(obj)["Fn::GetAtt"]
					for _, pattern := range g.MediaObjects {
						ok = ok || strings.HasSuffix(jsonString(r), `"/`+pattern+`"]]}`)
					}
					if !ok {
						t.Errorf("s3 grant on %s, outside %v", jsonString(r), g.MediaObjects)
					}
				}
			}
			if has := len(statementsFor(statements, "s3")) > 0; has != (len(g.MediaObjects) > 0) {
				t.Errorf("has media grants = %v, want %v", has, len(g.MediaObjects) > 0)
			}
			// Then only a mail-sending group may send mail
			if has := len(statementsFor(statements, "ses")) > 0; has != g.SendsMail {
				t.Errorf("can send mail = %v, want %v", has, g.SendsMail)
			}
		})
	}
}

func TestIAM_UserWritesMediaOnlyUnderPublicPrefix(t *testing.T) {
	// Given the user group, which stores profile pictures
	// When the fresh stack is synthesized
	_, tmpl := fresh.get(t)
	s3 := statementsFor(roleStatements(tmpl, groupFunction(t, tmpl, "user")), "s3")

	// Then its object actions apply to public/* only
	if len(s3) == 0 {
		t.Fatal("user function has no media grant")
	}
	for _, s := range s3 {
		var objects []string
		for _, r := range asList(s["Resource"]) {
			if rs := jsonString(r); strings.Contains(rs, `"/`) {
				objects = append(objects, rs)
			}
		}
		if len(objects) != 1 || !strings.HasSuffix(objects[0], `"/`+schema.PublicPrefix+`*"]]}`) {
			t.Errorf("object resources %v, want only %s*", objects, schema.PublicPrefix)
		}
	}
}

func TestIAM_AuthSendsMailOnlyAsConfiguredIdentityAndAddress(t *testing.T) {
	// Given mail configured as "Zuum <hello@mail.zuum.test>" through the identity zuum.test
	// When the configured stack is synthesized
	_, tmpl := configured.get(t)
	ses := statementsFor(roleStatements(tmpl, groupFunction(t, tmpl, "auth")), "ses")

	// Then auth may call ses:SendEmail on that identity only, from that address only
	if len(ses) != 1 {
		t.Fatalf("want one SES statement, got %s", jsonString(ses))
	}
	s := ses[0]
	if jsonString(s["Action"]) != `"ses:SendEmail"` {
		t.Errorf("actions %s, want ses:SendEmail", jsonString(s["Action"]))
	}
	if r := jsonString(s["Resource"]); !strings.HasSuffix(r, `":identity/zuum.test"]]}`) {
		t.Errorf("resource %s, want the zuum.test identity", r)
	}
	if c := jsonString(s["Condition"]); c != `{"StringEquals":{"ses:FromAddress":"hello@mail.zuum.test"}}` {
		t.Errorf("condition %s, want the From address pinned", c)
	}
}

func TestIAM_AuthReadsGoogleSecretOnlyWhenConfigured(t *testing.T) {
	// Given a stack with Google sign-in configured and one without
	_, withGoogle := configured.get(t)
	_, without := fresh.get(t)
	googleGrant := func(tmpl map[string]any, group string) bool {
		got := jsonString(statementsFor(roleStatements(tmpl, groupFunction(t, tmpl, group)), "secretsmanager"))
		return strings.Contains(got, ":secret:zuum/google-client-secret-??????")
	}

	// Then only auth, and only when configured, reads the Google client secret
	if !googleGrant(withGoogle, "auth") {
		t.Error("configured auth cannot read the Google client secret")
	}
	if googleGrant(withGoogle, "user") {
		t.Error("user can read the Google client secret")
	}
	if strings.Contains(jsonString(without), "google-client-secret") {
		t.Error("unconfigured stack mentions a Google secret")
	}
}
