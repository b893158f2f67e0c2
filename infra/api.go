package main

import (
	"strings"

	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2integrations"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"zuum/shared/schema"
)

// routeGroup is one row of the API: a Lambda, the paths it serves and what it may touch.
// Everything not listed is denied, so a row reads as that group's whole permission set.
type routeGroup struct {
	// Name is the group's asset folder (AssetDir/<Name>/bootstrap), construct-id stem and,
	// unless Paths is set, its route prefix: ANY /api/<Name>/{proxy+}.
	Name string
	// Paths replaces the default route paths, for groups mounted at an exact path
	// (/api/uploads) or under several prefixes (/api/packages/*, /api/promotions/*).
	Paths []string
	// Tables are read and written (data only: no table management).
	Tables []schema.Table
	// MediaObjects are key patterns in the media bucket the group reads, writes and deletes.
	MediaObjects []string
	// SendsMail allows ses:SendEmail from the configured SES identity.
	SendsMail bool
	// GoogleSignIn allows reading the Google OAuth client secret.
	GoogleSignIn bool
}

// routeGroups is the API. A new group is one row here plus its bootstrap in the build folder.
var routeGroups = []routeGroup{
	{Name: "auth", Tables: []schema.Table{schema.Users}, SendsMail: true, GoogleSignIn: true},
	{Name: "user", Tables: []schema.Table{schema.Users}, MediaObjects: []string{schema.PublicPrefix + "*"}},
}

// paths returns the HTTP API route paths the group answers.
func (g routeGroup) paths() []string {
	if len(g.Paths) > 0 {
		return g.Paths
	}
	return []string{"/api/" + g.Name + "/{proxy+}"}
}

// constructID turns the group's name into a construct-id stem: "auth" becomes "Auth".
func (g routeGroup) constructID() string {
	return strings.ToUpper(g.Name[:1]) + g.Name[1:]
}

// api is the HTTP API every route group hangs off.
type api struct {
	awsapigatewayv2.HttpApi
}

// newAPI creates the HTTP API with its auto-deployed default stage. It has no CORS settings on
// purpose: browsers reach it only through CloudFront, on the web app's own origin.
func newAPI(scope constructs.Construct) api {
	return api{awsapigatewayv2.NewHttpApi(scope, jsii.String("Api"), &awsapigatewayv2.HttpApiProps{
		Description:        jsii.String("Zuum API, reached through CloudFront at /api/*"),
		CreateDefaultStage: jsii.Bool(true),
	})}
}

// addRouteGroup routes every method on the group's paths to fn with payload format 2.0, the
// event shape httpadapter.NewV2 expects. Routing within the group is the handler's ServeMux.
func (a api) addRouteGroup(g routeGroup, fn awslambda.IFunction) {
	integration := awsapigatewayv2integrations.NewHttpLambdaIntegration(
		jsii.String(g.constructID()+"Integration"), fn,
		&awsapigatewayv2integrations.HttpLambdaIntegrationProps{
			PayloadFormatVersion: awsapigatewayv2.PayloadFormatVersion_VERSION_2_0(),
		})
	for _, path := range g.paths() {
		a.AddRoutes(&awsapigatewayv2.AddRoutesOptions{
			Path:        jsii.String(path),
			Methods:     &[]awsapigatewayv2.HttpMethod{awsapigatewayv2.HttpMethod_ANY},
			Integration: integration,
		})
	}
}
