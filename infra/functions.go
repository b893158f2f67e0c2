package main

import (
	"net/mail"
	"path/filepath"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslogs"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"zuum/shared/schema"
)

// Environment variable names the functions read besides the schema's table and bucket names.
const (
	envJWTSecretID          = "JWT_SECRET_ID"
	envMailFrom             = "MAIL_FROM"
	envAppURL               = "APP_URL"
	envMediaURL             = "MEDIA_URL"
	envGoogleClientID       = "GOOGLE_CLIENT_ID"
	envGoogleClientSecretID = "GOOGLE_CLIENT_SECRET_ID"
	envJobsFunction         = "JOBS_FUNCTION"
	envOriginSecretID       = "ORIGIN_SECRET_ID"
	envOriginRequired       = "ORIGIN_REQUIRED"
	envFlutterwaveSecretID  = "FLUTTERWAVE_SECRET_ID"
	envFlutterwaveBaseURL   = "FLUTTERWAVE_BASE_URL"
	envAdminBootstrap       = "ADMIN_BOOTSTRAP_EMAILS"
	envMediaSigningSecretID = "MEDIA_SIGNING_SECRET_ID"
	envMediaSigningKeyID    = "MEDIA_SIGNING_KEY_ID"
)

// functionEnv is what every function is built from.
type functionEnv struct {
	data    tables
	media   awss3.Bucket
	secrets secrets
	// signing is the distribution's media key group; nil when no key is configured.
	signing *mediaSigning
	// jobs is the jobs worker, invoked by the functions whose access QueuesJobs.
	jobs awslambda.IFunction
	// appURL is the site origin for links in mail and shares; a CloudFront token when not
	// configured.
	appURL string
	props  ZuumStackProps
}

// baseVariables is the environment every function, route group or worker, receives: table
// and bucket names, the site origin and where media URLs point. MEDIA_URL is empty on purpose:
// the distribution serves public/ media on the site's own origin, so same-origin paths work.
func (e functionEnv) baseVariables() map[string]*string {
	vars := map[string]*string{
		schema.Media.EnvVar: e.media.BucketName(),
		envAppURL:           jsii.String(e.appURL),
		envMediaURL:         jsii.String(""),
	}
	for _, t := range schema.Tables {
		vars[t.EnvVar] = e.data[t.ID].TableName()
	}
	return vars
}

// groupVariables is a route group's environment: the base one, what sessions and mail need
// (wire.Accounts) and Google sign-in's settings, the same for every group so shared
// configuration code reads it uniformly, plus JOBS_FUNCTION for a group that queues jobs and
// the origin secret for a group that limits per viewer address, the payment provider's
// address and keys for a group that calls it, and the media signing key's secret and id for a
// group that renders media, once the distribution has the key group.
// What a function may do with any of it is decided by its grants alone.
func (e functionEnv) groupVariables(g routeGroup) map[string]*string {
	vars := e.baseVariables()
	vars[envJWTSecretID] = e.secrets.jwt.SecretArn()
	vars[envMailFrom] = jsii.String(e.props.MailFrom)
	vars[envGoogleClientID] = jsii.String(e.props.GoogleClientID)
	vars[envGoogleClientSecretID] = jsii.String(e.props.GoogleClientSecretID)
	if g.QueuesJobs {
		vars[envJobsFunction] = e.jobs.FunctionName()
	}
	if g.ViewerAddress {
		vars[envOriginSecretID] = e.secrets.origin.SecretArn()
		vars[envOriginRequired] = jsii.String("true")
	}
	if g.AdminBootstrap {
		vars[envAdminBootstrap] = jsii.String(e.props.AdminBootstrapEmails)
	}
	if g.PaymentProvider {
		vars[envFlutterwaveSecretID] = e.secrets.flutterwave.SecretArn()
		vars[envFlutterwaveBaseURL] = jsii.String(e.props.FlutterwaveBaseURL)
	}
	if g.RendersMedia && e.signing != nil {
		vars[envMediaSigningSecretID] = e.secrets.mediaSigning.SecretArn()
		vars[envMediaSigningKeyID] = e.signing.publicKey.PublicKeyId()
	}
	return vars
}

// functionSpec is one Lambda built from AssetDir/<name>/bootstrap.
type functionSpec struct {
	name        string
	id          string // construct-id stem
	description string
	memoryMB    float64
	timeout     awscdk.Duration
	vars        map[string]*string
	access      access
	// sessions grants reading the JWT signing key, which every route group checks sessions with.
	sessions bool
	// layers are the Lambda layers the function runs with (the ffmpeg layer).
	layers []awslambda.ILayerVersion
}

// newGroupFunction creates the route group's Lambda and grants it exactly what its row lists.
func newGroupFunction(scope constructs.Construct, g routeGroup, e functionEnv) awslambda.Function {
	return newFunction(scope, functionSpec{
		name:        g.Name,
		id:          constructID(g.Name),
		description: "Zuum " + g.Name + " route group",
		// 512 MB buys proportionally more CPU, which bcrypt/argon2 on login needs; 10 s is far
		// above any handler's budget yet below API Gateway's 30 s, so a stuck call fails here.
		memoryMB: 512,
		timeout:  awscdk.Duration_Seconds(jsii.Number(10)),
		vars:     e.groupVariables(g),
		access:   g.Access,
		sessions: true,
	}, e)
}

// newFunction creates the Lambda with its own log group and role, and grants it exactly what
// spec lists.
func newFunction(scope constructs.Construct, spec functionSpec, e functionEnv) awslambda.Function {
	// An explicit log group with retention replaces the deprecated logRetention property,
	// which needs a custom-resource Lambda of its own.
	logs := awslogs.NewLogGroup(scope, jsii.String(spec.id+"Logs"), &awslogs.LogGroupProps{
		Retention:     e.props.LogRetention,
		RemovalPolicy: awscdk.RemovalPolicy_DESTROY,
	})
	// An own role instead of the default one: AWSLambdaBasicExecutionRole lets a function
	// create log groups and write to any of them; this role writes to its own group only.
	role := awsiam.NewRole(scope, jsii.String(spec.id+"Role"), &awsiam.RoleProps{
		AssumedBy:   awsiam.NewServicePrincipal(jsii.String("lambda.amazonaws.com"), nil),
		Description: jsii.String(spec.description),
	})
	logs.GrantWrite(role)

	props := &awslambda.FunctionProps{
		Description:  jsii.String(spec.description),
		Runtime:      awslambda.Runtime_PROVIDED_AL2023(),
		Architecture: awslambda.Architecture_ARM_64(),
		Handler:      jsii.String("bootstrap"),
		Code:         awslambda.Code_FromAsset(jsii.String(filepath.Join(e.props.AssetDir, spec.name)), nil),
		MemorySize:   jsii.Number(spec.memoryMB),
		Timeout:      spec.timeout,
		Role:         role,
		LogGroup:     logs,
		Environment:  &spec.vars,
	}
	if len(spec.layers) > 0 {
		props.Layers = &spec.layers
	}
	fn := awslambda.NewFunction(scope, jsii.String(spec.id+"Function"), props)

	if spec.sessions {
		e.secrets.jwt.GrantRead(fn, nil)
	}
	a := spec.access
	for _, t := range a.Tables {
		e.data[t.ID].GrantReadWriteData(fn)
	}
	for _, t := range a.ReadTables {
		e.data[t.ID].GrantReadData(fn)
	}
	for _, t := range a.UpdateTables {
		e.data[t.ID].GrantReadData(fn)
		e.data[t.ID].Grant(fn, jsii.String("dynamodb:UpdateItem"))
	}
	grantMedia(fn, e.media, a.Media)
	if a.SendsMail {
		grantSendMail(scope, fn, e.props)
	}
	if a.GoogleSignIn && e.secrets.google != nil {
		e.secrets.google.GrantRead(fn, nil)
	}
	if a.QueuesJobs {
		e.jobs.GrantInvoke(fn)
	}
	if a.ViewerAddress {
		e.secrets.origin.GrantRead(fn, nil)
	}
	if a.PaymentProvider {
		e.secrets.flutterwave.GrantRead(fn, nil)
	}
	if a.RendersMedia && e.signing != nil {
		e.secrets.mediaSigning.GrantRead(fn, nil)
	}
	return fn
}

// grantMedia allows exactly the listed object actions, each on its own key pattern. CDK's
// bucket grants are not used: they add wildcards (s3:GetObject*, s3:GetBucket*, s3:List*).
func grantMedia(fn awslambda.Function, bucket awss3.Bucket, grants []mediaAccess) {
	lists := false
	for _, g := range grants {
		var actions []string
		if g.Read {
			actions = append(actions, "s3:GetObject")
			lists = true
		}
		if g.Write {
			actions = append(actions, "s3:PutObject")
		}
		if g.Delete {
			actions = append(actions, "s3:DeleteObject")
		}
		if len(actions) == 0 {
			continue
		}
		fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
			Actions:   jsii.Strings(actions...),
			Resources: &[]*string{bucket.ArnForObjects(jsii.String(g.Pattern))},
		}))
	}
	if lists {
		fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
			Actions:   jsii.Strings("s3:ListBucket"),
			Resources: &[]*string{bucket.BucketArn()},
		}))
	}
}

// grantSendMail lets fn send through SES as the configured identity and from the configured
// address only, so a compromised function cannot mail as any other verified identity.
func grantSendMail(scope constructs.Construct, fn awslambda.Function, p ZuumStackProps) {
	from, err := mail.ParseAddress(p.MailFrom)
	if err != nil {
		panic(err) // validate has already rejected this; reaching here is a programming error
	}
	identity := awscdk.Stack_Of(scope).FormatArn(&awscdk.ArnComponents{
		Service:      jsii.String("ses"),
		Resource:     jsii.String("identity"),
		ResourceName: jsii.String(p.MailIdentity),
	})
	fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		// SES v2 SendEmail is authorized by the v1 action name.
		Actions:   jsii.Strings("ses:SendEmail"),
		Resources: &[]*string{identity},
		Conditions: &map[string]interface{}{
			"StringEquals": map[string]interface{}{"ses:FromAddress": from.Address},
		},
	}))
}
