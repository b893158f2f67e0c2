package main

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2integrations"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"zuum/shared/schema"
)

// chatSocket is the chat's WebSocket API (schema.ChatSocket): one function for every route.
var chatSocket = schema.ChatSocket

// socketAPI is a WebSocket API and its one stage.
type socketAPI struct {
	def   schema.Socket
	api   awsapigatewayv2.WebSocketApi
	stage awsapigatewayv2.WebSocketStage
}

// newSocketAPI creates the WebSocket API and its auto-deployed stage, named like the site's path
// without its slash (/ws → stage ws): the stage answers at its own root, so CloudFront's /ws
// behaviour forwards the path unchanged and no function has to rewrite it. Routes come with
// the function (addFunction), which needs the distribution's domain first.
func newSocketAPI(scope constructs.Construct, s schema.Socket) socketAPI {
	id := constructID(s.Name)
	api := awsapigatewayv2.NewWebSocketApi(scope, jsii.String(id+"SocketApi"), &awsapigatewayv2.WebSocketApiProps{
		Description:              jsii.String("Zuum " + s.Name + " socket, reached through CloudFront at " + s.Path),
		RouteSelectionExpression: jsii.String(s.RouteSelection),
	})
	stage := awsapigatewayv2.NewWebSocketStage(scope, jsii.String(id+"SocketStage"), &awsapigatewayv2.WebSocketStageProps{
		WebSocketApi: api,
		StageName:    jsii.String(s.Stage),
		AutoDeploy:   jsii.Bool(true),
	})
	return socketAPI{def: s, api: api, stage: stage}
}

// host is the API's hostname, from its endpoint (wss://<host>), right in every partition.
func (s socketAPI) host() *string {
	return awscdk.Fn_Select(jsii.Number(2), awscdk.Fn_Split(jsii.String("/"), s.api.ApiEndpoint(), nil))
}

// socketRoutes are every route key of the API: API Gateway's own and the socket's.
func socketRoutes(s schema.Socket) []string {
	return append([]string{"$connect", "$disconnect", "$default"}, s.Routes...)
}

// newSocketFunction creates the socket's function with the route groups' environment (sessions
// read the same variables), the @connections endpoint (the stage's own callback URL: behind
// CloudFront an event's domain is the CDN's) and exactly the socket's grants.
func newSocketFunction(scope constructs.Construct, s socketAPI, e functionEnv) awslambda.Function {
	vars := e.groupVariables(routeGroup{Name: s.def.Name, Access: s.def.Access})
	vars[s.def.CallbackEnvVar] = s.stage.CallbackUrl()
	return newFunction(scope, functionSpec{
		name:        s.def.Name,
		id:          constructID(s.def.Name),
		description: "Zuum " + s.def.Name + " socket",
		// No password hashing here: 256 MB is plenty for JSON frames and a few DynamoDB calls.
		memoryMB: 256,
		timeout:  awscdk.Duration_Seconds(jsii.Number(10)),
		vars:     vars,
		access:   s.def.Access,
		sessions: true,
	}, e)
}

// addFunction routes every route key to fn and lets fn post to, read and close this stage's
// connections (execute-api:ManageConnections on this API's stage, nothing else).
func (s socketAPI) addFunction(fn awslambda.IFunction) {
	integration := awsapigatewayv2integrations.NewWebSocketLambdaIntegration(
		jsii.String(constructID(s.def.Name)+"SocketIntegration"), fn, nil)
	for _, key := range socketRoutes(s.def) {
		s.api.AddRoute(jsii.String(key), &awsapigatewayv2.WebSocketRouteOptions{Integration: integration})
	}
	s.stage.GrantManagementApiAccess(fn)
}
