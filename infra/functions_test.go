package main

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"

	"zuum/shared/schema"
)

// deployed is one function of the stack as the tests see it: its logical id and its row.
type deployed struct {
	name     string
	id       string
	access   access
	sessions bool // a route group, which checks sessions with the JWT signing key
}

// allFunctions returns every route group and worker with its logical id in tmpl.
func allFunctions(t *testing.T, tmpl map[string]any) []deployed {
	t.Helper()
	var out []deployed
	for _, g := range routeGroups {
		out = append(out, deployed{name: g.Name, id: groupFunction(t, tmpl, g.Name), access: g.Access, sessions: true})
	}
	out = append(out, deployed{name: chatSocket.Name + " socket", id: socketFunction(t, tmpl), access: chatSocket.Access, sessions: true})
	for _, w := range workers {
		out = append(out, deployed{name: w.Name + " worker", id: workerFunction(t, tmpl, w.Name), access: w.access})
	}
	return out
}

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

// mediaGrants renders the S3 grants among statements as sorted "action on resource" pairs,
// where the resource is "bucket" for the media bucket itself or the object key pattern.
// Anything else (another bucket, a wildcard) is rendered raw, so it never matches a want.
func mediaGrants(tmpl map[string]any, t *testing.T, statements []obj) []string {
	t.Helper()
	bucket := getAtt(logicalID(t, tmpl, "Zuum/"+schema.Media.ID+"Bucket/Resource"), "Arn")
	var out []string
	for _, s := range statementsFor(statements, "s3") {
		for _, r := range asList(s["Resource"]) {
			res := jsonString(r)
			if res == jsonString(bucket) {
				res = "bucket"
			} else if join, ok := r.(obj)["Fn::Join"].(arr); ok {
				parts := join[1].(arr)
				if len(parts) == 2 && jsonString(parts[0]) == jsonString(bucket) {
					res = strings.TrimPrefix(parts[1].(string), "/")
				}
			}
			for _, a := range asList(s["Action"]) {
				out = append(out, a.(string)+" on "+res)
			}
		}
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// wantMediaGrants is what mediaGrants should find for a function with access a.
func wantMediaGrants(a access) []string {
	var out []string
	for _, m := range a.Media {
		if m.Read {
			out = append(out, "s3:GetObject on "+m.Pattern, "s3:ListBucket on bucket")
		}
		if m.Write {
			out = append(out, "s3:PutObject on "+m.Pattern)
		}
		if m.Delete {
			out = append(out, "s3:DeleteObject on "+m.Pattern)
		}
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// tableActions returns, per schema table ID, the DynamoDB actions granted on the table or its
// indexes.
func tableActions(statements []obj) map[string][]string {
	out := map[string][]string{}
	for _, s := range statementsFor(statements, "dynamodb") {
		for _, r := range asList(s["Resource"]) {
			for _, table := range schema.Tables {
				if !strings.Contains(jsonString(r), `"`+table.ID+`Table`) {
					continue
				}
				for _, a := range asList(s["Action"]) {
					if !slices.Contains(out[table.ID], a.(string)) {
						out[table.ID] = append(out[table.ID], a.(string))
					}
				}
			}
		}
	}
	return out
}

// DynamoDB actions that tell a read grant from a write grant.
var (
	dynamoReads  = []string{"dynamodb:GetItem", "dynamodb:BatchGetItem", "dynamodb:Query", "dynamodb:ConditionCheckItem"}
	dynamoWrites = []string{"dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:BatchWriteItem"}
)

// baseVars is the environment every function receives, as the template holds it.
func baseVars() obj {
	vars := obj{
		schema.Media.EnvVar: obj{"Ref": assertions.Match_StringLikeRegexp(jsii.String("^MediaBucket"))},
		envAppURL:           assertions.Match_AnyValue(),
		envMediaURL:         "",
	}
	for _, table := range schema.Tables {
		vars[table.EnvVar] = obj{"Ref": assertions.Match_StringLikeRegexp(jsii.String("^" + table.ID + "Table"))}
	}
	return vars
}

func TestFunctions_EachGroupRunsArm64Al2023WithTheEnvironment(t *testing.T) {
	// Given every row of the route-group table
	// When the fresh stack is synthesized
	tmpl, _ := fresh.get(t)

	// Then each row has a bootstrap function on Graviton with the sizing and the full
	// environment the shared configuration code reads, and the jobs worker's name when it
	// queues jobs.
	for _, g := range routeGroups {
		t.Run(g.Name, func(t *testing.T) {
			vars := baseVars()
			vars[envJWTSecretID] = obj{"Ref": assertions.Match_StringLikeRegexp(jsii.String("^JwtSecret"))}
			vars[envMailFrom] = "no-reply@zuum.test"
			vars[envGoogleClientID] = ""
			vars[envGoogleClientSecretID] = ""
			if g.QueuesJobs {
				vars[envJobsFunction] = obj{"Ref": assertions.Match_StringLikeRegexp(jsii.String("^JobsWorkerFunction"))}
			}
			if g.ViewerAddress {
				vars[envOriginSecretID] = obj{"Ref": assertions.Match_StringLikeRegexp(jsii.String("^OriginSecret"))}
				vars[envOriginRequired] = "true"
			}
			if g.AdminBootstrap {
				vars[envAdminBootstrap] = ""
			}
			if g.PaymentProvider {
				vars[envFlutterwaveSecretID] = obj{"Ref": assertions.Match_StringLikeRegexp(jsii.String("^FlutterwaveSecret"))}
				vars[envFlutterwaveBaseURL] = "https://api.flutterwave.com/v3"
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

func TestFunctions_OnlyThePostGroupsAreToldTheJobsWorker(t *testing.T) {
	// Given the route groups, of which audio, video, beat (posts) and user (account erasure) queue jobs
	_, tmpl := fresh.get(t)
	jobs := workerFunction(t, tmpl, "jobs")

	// Then exactly those four receive JOBS_FUNCTION, naming the jobs worker
	var told []string
	for _, g := range routeGroups {
		fn := resources(tmpl, "AWS::Lambda::Function")[groupFunction(t, tmpl, g.Name)]
		if v, ok := props(fn)["Environment"].(obj)["Variables"].(obj)[envJobsFunction]; ok {
			told = append(told, g.Name)
			if jsonString(v) != jsonString(obj{"Ref": jobs}) {
				t.Errorf("%s: JOBS_FUNCTION = %s, want the jobs worker %s", g.Name, jsonString(v), jobs)
			}
		}
	}
	if jsonString(told) != `["user","audio","video","beat"]` {
		t.Errorf("groups told the jobs worker: %v, want user, audio, video and beat", told)
	}
}

func TestFunctions_OnlyTheAdminGroupIsToldTheBootstrapAdmins(t *testing.T) {
	// Given a stack configured with two bootstrap admins
	_, tmpl := configured.get(t)

	// Then the admin group alone receives them, as configured
	var told []string
	for _, g := range routeGroups {
		fn := resources(tmpl, "AWS::Lambda::Function")[groupFunction(t, tmpl, g.Name)]
		if v, ok := props(fn)["Environment"].(obj)["Variables"].(obj)[envAdminBootstrap]; ok {
			told = append(told, g.Name)
			if v != "ops@zuum.test,cto@zuum.test" {
				t.Errorf("%s: ADMIN_BOOTSTRAP_EMAILS = %v", g.Name, v)
			}
		}
	}
	if jsonString(told) != `["admin"]` {
		t.Errorf("groups told the bootstrap admins: %v, want admin", told)
	}
}

func TestFunctions_AppURLIsTheDistributionUnlessConfigured(t *testing.T) {
	// Given a fresh stack and one configured with the site origin
	_, freshTmpl := fresh.get(t)
	_, configuredTmpl := configured.get(t)

	freshFns, configuredFns := allFunctions(t, freshTmpl), allFunctions(t, configuredTmpl)
	for i, f := range freshFns {
		// When no origin is configured, then every function links to the CloudFront domain
		fn := resources(freshTmpl, "AWS::Lambda::Function")[f.id]
		got := jsonString(props(fn)["Environment"].(obj)["Variables"].(obj)[envAppURL])
		if !strings.Contains(got, `"https://"`) || !strings.Contains(got, `"DomainName"`) || !strings.Contains(got, `"Distribution`) {
			t.Errorf("%s: fresh APP_URL = %s, want https:// + the distribution's DomainName", f.name, got)
		}
		// When it is configured, then functions use it, without a trailing slash
		fn = resources(configuredTmpl, "AWS::Lambda::Function")[configuredFns[i].id]
		if got := props(fn)["Environment"].(obj)["Variables"].(obj)[envAppURL]; got != "https://zuum.test" {
			t.Errorf("%s: configured APP_URL = %v, want https://zuum.test", f.name, got)
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
	// Given every route group and worker
	// When the fresh stack is synthesized
	_, tmpl := fresh.get(t)
	jobs := workerFunction(t, tmpl, "jobs")

	for _, f := range allFunctions(t, tmpl) {
		t.Run(f.name, func(t *testing.T) {
			statements := roleStatements(tmpl, f.id)

			// Then no statement applies to every resource
			for _, s := range statements {
				for _, r := range asList(s["Resource"]) {
					if r == "*" {
						t.Errorf("statement on every resource: %s", jsonString(s))
					}
				}
			}
			// Then route groups read the JWT signing key, and workers no secret but the payment
			// provider's keys when they call it
			secrets := jsonString(statementsFor(statements, "secretsmanager"))
			if has := strings.Contains(secrets, `"Ref":"JwtSecret`); has != f.sessions {
				t.Errorf("reads the JWT secret = %v, want %v", has, f.sessions)
			}
			if !f.sessions && !f.access.PaymentProvider && secrets != "null" {
				t.Errorf("worker reads secrets: %s", secrets)
			}
			// Then only a group that limits per viewer address reads the origin secret
			if has := strings.Contains(secrets, `"Ref":"OriginSecret`); has != f.access.ViewerAddress {
				t.Errorf("reads the origin secret = %v, want %v", has, f.access.ViewerAddress)
			}
			// Then only a group that calls the payment provider reads its keys
			if has := strings.Contains(secrets, `"Ref":"FlutterwaveSecret`); has != f.access.PaymentProvider {
				t.Errorf("reads the payment provider's keys = %v, want %v", has, f.access.PaymentProvider)
			}
			// Then it reads and writes its own tables, only reads its read-only ones, only reads
			// and updates in place those it updates, and cannot reach any other
			actions := tableActions(statements)
			for _, table := range schema.Tables {
				is := func(list []schema.Table) bool {
					return slices.ContainsFunc(list, func(x schema.Table) bool { return x.ID == table.ID })
				}
				writes, updates := is(f.access.Tables), is(f.access.UpdateTables)
				reads := writes || updates || is(f.access.ReadTables)
				got := actions[table.ID]
				for _, a := range dynamoReads {
					if slices.Contains(got, a) != reads {
						t.Errorf("%s on %s = %v, want %v", a, table.ID, !reads, reads)
					}
				}
				for _, a := range dynamoWrites {
					// Then a table it only updates in place allows UpdateItem and no other write
					want := writes || updates && a == "dynamodb:UpdateItem"
					if slices.Contains(got, a) != want {
						t.Errorf("%s on %s = %v, want %v", a, table.ID, !want, want)
					}
				}
			}
			// Then it has exactly its media actions, each on its own key pattern
			if got, want := mediaGrants(tmpl, t, statements), wantMediaGrants(f.access); !slices.Equal(got, want) {
				t.Errorf("media grants %q, want %q", got, want)
			}
			// Then only a mail-sending group may send mail
			if has := len(statementsFor(statements, "ses")) > 0; has != f.access.SendsMail {
				t.Errorf("can send mail = %v, want %v", has, f.access.SendsMail)
			}
			// Then only a group that queues jobs invokes a function: the jobs worker
			invoke := statementsFor(statements, "lambda")
			if has := len(invoke) > 0; has != f.access.QueuesJobs {
				t.Errorf("invokes functions = %v, want %v", has, f.access.QueuesJobs)
			}
			for _, s := range invoke {
				if jsonString(s["Action"]) != `"lambda:InvokeFunction"` {
					t.Errorf("lambda actions %s, want lambda:InvokeFunction", jsonString(s["Action"]))
				}
				for _, r := range asList(s["Resource"]) {
					if !strings.Contains(jsonString(r), jsonString(getAtt(jobs, "Arn"))) {
						t.Errorf("invokes %s, want only the jobs worker", jsonString(r))
					}
				}
			}
			// Then only workers send to the failure queue
			if has := len(statementsFor(statements, "sqs")) > 0; has == f.sessions {
				t.Errorf("sends to queues = %v, want %v", has, !f.sessions)
			}
		})
	}
}

func TestIAM_OnlyThePostGroupsAndUserMayInvokeTheJobsWorker(t *testing.T) {
	// Given every identity policy in the stack
	_, tmpl := fresh.get(t)
	jobs := jsonString(getAtt(workerFunction(t, tmpl, "jobs"), "Arn"))
	allowed := map[string]bool{}
	for _, g := range []string{"audio", "video", "beat", "user"} {
		role := props(resources(tmpl, "AWS::Lambda::Function")[groupFunction(t, tmpl, g)])["Role"].(obj)["Fn::GetAtt"].(arr)[0]
		allowed[jsonString(obj{"Ref": role})] = true
	}

	// When the policies naming the jobs worker are read
	found := 0
	for id, p := range resources(tmpl, "AWS::IAM::Policy") {
		if !strings.Contains(jsonString(props(p)["PolicyDocument"]), jobs) {
			continue
		}
		// Then they are attached to the audio, video, beat or user role, and to no other
		for _, r := range asList(props(p)["Roles"]) {
			if !allowed[jsonString(r)] {
				t.Errorf("policy %s lets %s reach the jobs worker", id, jsonString(r))
			}
			found++
		}
	}
	if found != 4 {
		t.Errorf("%d roles may invoke the jobs worker, want 4 (audio, video, beat, user)", found)
	}
}

func TestIAM_MediaGrantsFitEachFunctionsJob(t *testing.T) {
	// Given the functions that touch media
	_, tmpl := fresh.get(t)
	grants := func(id string) string { return strings.Join(mediaGrants(tmpl, t, roleStatements(tmpl, id)), ", ") }
	cases := []struct {
		name, id, want string
	}{
		// uploads signs presigned POSTs for uploads/ and can do nothing else with media
		{"uploads", groupFunction(t, tmpl, "uploads"), "s3:PutObject on uploads/*"},
		// the feed signs GETs and can neither write nor delete
		{"feed", groupFunction(t, tmpl, "feed"), "s3:GetObject on media/*, s3:GetObject on uploads/*, s3:ListBucket on bucket"},
		// audio and video copy checked uploads and covers to media/ and delete the uploads;
		// they delete a post's media/ files themselves only when the jobs worker cannot be
		// queued. They never write uploads/: only upload forms do.
		{"audio", groupFunction(t, tmpl, "audio"), "s3:DeleteObject on media/*, s3:DeleteObject on uploads/*, s3:GetObject on media/*, s3:GetObject on public/*, s3:GetObject on uploads/*, s3:ListBucket on bucket, s3:PutObject on media/*"},
		{"video", groupFunction(t, tmpl, "video"), "s3:DeleteObject on media/*, s3:DeleteObject on uploads/*, s3:GetObject on media/*, s3:GetObject on public/*, s3:GetObject on uploads/*, s3:ListBucket on bucket, s3:PutObject on media/*"},
		// beat does what audio does, and writes its previews to media/ beside the full audio
		{"beat", groupFunction(t, tmpl, "beat"), "s3:DeleteObject on media/*, s3:DeleteObject on uploads/*, s3:GetObject on media/*, s3:GetObject on public/*, s3:GetObject on uploads/*, s3:ListBucket on bucket, s3:PutObject on media/*"},
		// the user group keeps profile pictures under public/ and only reads media/ (the data
		// export's links to the posts' files)
		{"user", groupFunction(t, tmpl, "user"), "s3:DeleteObject on public/*, s3:GetObject on media/*, s3:GetObject on public/*, s3:ListBucket on bucket, s3:PutObject on public/*"},
		{"notifications", groupFunction(t, tmpl, "notifications"), ""},
		{"auth", groupFunction(t, tmpl, "auth"), ""},
		// the media worker reads and rejects uploads; the jobs worker deletes a deleted post's
		{"media worker", workerFunction(t, tmpl, "media"), "s3:DeleteObject on uploads/*, s3:GetObject on uploads/*, s3:ListBucket on bucket"},
		// media, and an erased account's posts' media and profile pictures; it reads a new post's
		// audio and writes its listening copies beside it under media/
		{"jobs worker", workerFunction(t, tmpl, "jobs"), "s3:DeleteObject on media/*, s3:DeleteObject on public/*, s3:DeleteObject on uploads/*, s3:GetObject on media/*, s3:ListBucket on bucket, s3:PutObject on media/*"},
	}
	for _, c := range cases {
		// Then each has exactly the grants its job needs
		if got := grants(c.id); got != c.want {
			t.Errorf("%s: media grants %q, want %q", c.name, got, c.want)
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
	googleGrant := func(tmpl map[string]any, fnID string) bool {
		got := jsonString(statementsFor(roleStatements(tmpl, fnID), "secretsmanager"))
		return strings.Contains(got, ":secret:zuum/google-client-secret-??????")
	}

	// Then only auth, and only when configured, reads the Google client secret
	for _, f := range allFunctions(t, withGoogle) {
		if got := googleGrant(withGoogle, f.id); got != (f.name == "auth") {
			t.Errorf("configured %s reads the Google client secret = %v", f.name, got)
		}
	}
	if strings.Contains(jsonString(without), "google-client-secret") {
		t.Error("unconfigured stack mentions a Google secret")
	}
}
