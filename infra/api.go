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
	// API Gateway's /api/x/{proxy+} needs at least one segment after /api/x/, so a group
	// that also answers /api/x itself lists both.
	Paths []string
	access
}

// Key patterns of the media bucket.
const (
	uploadObjects = schema.UploadsPrefix + "*"
	publicObjects = schema.PublicPrefix + "*"
	finalObjects  = schema.FinalPrefix + "*"
)

// Table sets used by several rows.
var (
	usersOnly     = []schema.Table{schema.Users}
	usersAndPosts = []schema.Table{schema.Users, schema.Posts}
)

// routeGroups is the API. A new group is one row here plus its bootstrap in the build folder.
var routeGroups = []routeGroup{
	{Name: "auth", access: access{Tables: usersOnly, SendsMail: true, GoogleSignIn: true}},
	// Profiles and follows; profile pictures are written under public/ and served by the CDN.
	{Name: "user", access: access{Tables: usersOnly, Media: []mediaAccess{
		{Pattern: publicObjects, Read: true, Write: true, Delete: true},
	}}},
	// Presigned POSTs are signed with the function's role, so it needs s3:PutObject on what
	// it lets browsers write; it only reads the Users table, for sessions.
	{Name: "uploads", Paths: []string{"/api/uploads"}, access: access{
		ReadTables: usersOnly,
		Media:      []mediaAccess{{Pattern: uploadObjects, Write: true}},
	}},
	// Creating a post copies its uploads to media/ (read the upload, write and check the copy),
	// then deletes the uploads; posts sign GETs for their media/ files (and uploads/ ones of
	// posts made before). Deleting a post's media is the jobs worker's, except when that job
	// cannot be queued: then the post's own group cleans up at once.
	{Name: "audio", Paths: []string{"/api/audio", "/api/audio/{proxy+}"}, access: access{
		Tables: usersAndPosts,
		Media: []mediaAccess{{Pattern: uploadObjects, Read: true, Delete: true},
			{Pattern: finalObjects, Read: true, Write: true, Delete: true}, {Pattern: publicObjects, Read: true}},
		QueuesJobs: true,
	}},
	{Name: "video", Paths: []string{"/api/video", "/api/video/{proxy+}"}, access: access{
		Tables: usersAndPosts,
		Media: []mediaAccess{{Pattern: uploadObjects, Read: true, Delete: true},
			{Pattern: finalObjects, Read: true, Write: true, Delete: true}, {Pattern: publicObjects, Read: true}},
		QueuesJobs: true,
	}},
	// The feed only lists: it reads both tables and signs GETs for posts' files.
	{Name: "feed", Paths: []string{"/api/feed"}, access: access{
		ReadTables: usersAndPosts,
		Media:      []mediaAccess{{Pattern: uploadObjects, Read: true}, {Pattern: finalObjects, Read: true}},
	}},
	// Notifications live in the Users table beside their recipient.
	{Name: "notifications", Paths: []string{"/api/notifications", "/api/notifications/{proxy+}"}, access: access{
		Tables: usersOnly,
	}},
}

// paths returns the HTTP API route paths the group answers.
func (g routeGroup) paths() []string {
	if len(g.Paths) > 0 {
		return g.Paths
	}
	return []string{"/api/" + g.Name + "/{proxy+}"}
}

// constructID turns the group's name into a construct-id stem: "auth" becomes "Auth".
func (g routeGroup) constructID() string { return constructID(g.Name) }

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
