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

// routeGroup is one row of the API: a Lambda, the paths it serves and what it may touch. The
// rows live in schema.RouteGroups, which the local cloud routes by as well.
type routeGroup = schema.RouteGroup

// access is what a function may touch; mediaAccess one media key pattern of it.
type (
	access      = schema.Access
	mediaAccess = schema.MediaAccess
)

// Key patterns of the media bucket.
const (
	uploadObjects = schema.UploadObjects
	publicObjects = schema.PublicObjects
	finalObjects  = schema.FinalObjects
)

// routeGroups is the API: one function per row, with its routes and grants.
var routeGroups = schema.RouteGroups

// apiPaths returns the HTTP API route paths of the group: a path as it is, and a prefix's
// "/*" as API Gateway's greedy /{proxy+}.
func apiPaths(g routeGroup) []string {
	out := make([]string, 0, len(g.Paths))
	for _, p := range g.Paths {
		if prefix, ok := strings.CutSuffix(p, "/*"); ok {
			p = prefix + "/{proxy+}"
		}
		out = append(out, p)
	}
	return out
}

// constructID turns a function's name into a construct-id stem: "auth" becomes "Auth".
func constructID(name string) string {
	return strings.ToUpper(name[:1]) + name[1:]
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
		jsii.String(constructID(g.Name)+"Integration"), fn,
		&awsapigatewayv2integrations.HttpLambdaIntegrationProps{
			PayloadFormatVersion: awsapigatewayv2.PayloadFormatVersion_VERSION_2_0(),
		})
	for _, path := range apiPaths(g) {
		a.AddRoutes(&awsapigatewayv2.AddRoutesOptions{
			Path:        jsii.String(path),
			Methods:     &[]awsapigatewayv2.HttpMethod{awsapigatewayv2.HttpMethod_ANY},
			Integration: integration,
		})
	}
}
