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
	envGoogleClientID       = "GOOGLE_CLIENT_ID"
	envGoogleClientSecretID = "GOOGLE_CLIENT_SECRET_ID"
)

// functionEnv is what every route-group function is built from.
type functionEnv struct {
	data    tables
	media   awss3.Bucket
	secrets secrets
	// appURL is the site origin for links in mail; a CloudFront token when not configured.
	appURL string
	props  ZuumStackProps
}

// variables is the environment every function receives. It is the same for all groups, so
// shared configuration code can read it uniformly; what a function may do with it is decided
// by its grants alone.
func (e functionEnv) variables() map[string]*string {
	vars := map[string]*string{
		schema.Media.EnvVar:     e.media.BucketName(),
		envJWTSecretID:          e.secrets.jwt.SecretArn(),
		envMailFrom:             jsii.String(e.props.MailFrom),
		envAppURL:               jsii.String(e.appURL),
		envGoogleClientID:       jsii.String(e.props.GoogleClientID),
		envGoogleClientSecretID: jsii.String(e.props.GoogleClientSecretID),
	}
	for _, t := range schema.Tables {
		vars[t.EnvVar] = e.data[t.ID].TableName()
	}
	return vars
}

// newGroupFunction creates the group's Lambda from AssetDir/<group>/bootstrap and grants it
// exactly what its routeGroup row lists.
func newGroupFunction(scope constructs.Construct, g routeGroup, e functionEnv) awslambda.Function {
	id := g.constructID()

	// An explicit log group with retention replaces the deprecated logRetention property,
	// which needs a custom-resource Lambda of its own.
	logs := awslogs.NewLogGroup(scope, jsii.String(id+"Logs"), &awslogs.LogGroupProps{
		Retention:     e.props.LogRetention,
		RemovalPolicy: awscdk.RemovalPolicy_DESTROY,
	})
	// An own role instead of the default one: AWSLambdaBasicExecutionRole lets a function
	// create log groups and write to any of them; this role writes to its own group only.
	role := awsiam.NewRole(scope, jsii.String(id+"Role"), &awsiam.RoleProps{
		AssumedBy:   awsiam.NewServicePrincipal(jsii.String("lambda.amazonaws.com"), nil),
		Description: jsii.String("Zuum " + g.Name + " route group"),
	})
	logs.GrantWrite(role)

	vars := e.variables()

	fn := awslambda.NewFunction(scope, jsii.String(id+"Function"), &awslambda.FunctionProps{
		Description:  jsii.String("Zuum " + g.Name + " route group"),
		Runtime:      awslambda.Runtime_PROVIDED_AL2023(),
		Architecture: awslambda.Architecture_ARM_64(),
		Handler:      jsii.String("bootstrap"),
		Code:         awslambda.Code_FromAsset(jsii.String(filepath.Join(e.props.AssetDir, g.Name)), nil),
		// 512 MB buys proportionally more CPU, which bcrypt/argon2 on login needs; 10 s is far
		// above any handler's budget yet below API Gateway's 30 s, so a stuck call fails here.
		MemorySize:  jsii.Number(512),
		Timeout:     awscdk.Duration_Seconds(jsii.Number(10)),
		Role:        role,
		LogGroup:    logs,
		Environment: &vars,
	})

	// Every group checks sessions, so every group reads the signing key.
	e.secrets.jwt.GrantRead(fn, nil)
	for _, t := range g.Tables {
		e.data[t.ID].GrantReadWriteData(fn)
	}
	for _, pattern := range g.MediaObjects {
		e.media.GrantReadWrite(fn, jsii.String(pattern))
	}
	if g.SendsMail {
		grantSendMail(scope, fn, e.props)
	}
	if g.GoogleSignIn && e.secrets.google != nil {
		e.secrets.google.GrantRead(fn, nil)
	}
	return fn
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
