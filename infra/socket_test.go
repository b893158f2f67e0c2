package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/aws/jsii-runtime-go"
)

// cachingDisabled is the managed CachingDisabled cache policy's id.
const cachingDisabled = "4135ea2d-6df8-44a3-9df3-4b5a84be39ad"

// socketFunction returns the logical id of the chat socket's Lambda.
func socketFunction(t *testing.T, tmpl map[string]any) string {
	t.Helper()
	return describedFunction(t, tmpl, "Zuum "+chatSocket.Name+" socket")
}

func TestSocket_RoutesEveryKeyToTheChatFunctionOnItsStage(t *testing.T) {
	// Given the chat socket's row
	// When the fresh stack is synthesized
	tmpl, raw := fresh.get(t)

	// Then one WebSocket API selects routes by the frame's action
	apis := resources(raw, "AWS::ApiGatewayV2::Api")
	var socketAPI string
	for id, a := range apis {
		if props(a)["ProtocolType"] == "WEBSOCKET" {
			if socketAPI != "" {
				t.Fatalf("two WebSocket APIs: %s and %s", socketAPI, id)
			}
			socketAPI = id
			if got := props(a)["RouteSelectionExpression"]; got != "$request.body.action" {
				t.Errorf("route selection %v", got)
			}
		}
	}
	if socketAPI == "" {
		t.Fatal("no WebSocket API")
	}
	// Then every route key, API Gateway's and the chat's, reaches the chat function
	fn := socketFunction(t, raw)
	integrations := map[string]bool{}
	for id, in := range resources(raw, "AWS::ApiGatewayV2::Integration") {
		if strings.Contains(jsonString(props(in)["IntegrationUri"]), `"`+fn+`"`) && jsonString(props(in)["ApiId"]) == jsonString(obj{"Ref": socketAPI}) {
			integrations[id] = true
		}
	}
	var keys []string
	for _, r := range resources(raw, "AWS::ApiGatewayV2::Route") {
		if jsonString(props(r)["ApiId"]) != jsonString(obj{"Ref": socketAPI}) {
			continue
		}
		target := jsonString(props(r)["Target"])
		reaches := false
		for id := range integrations {
			reaches = reaches || strings.Contains(target, `"`+id+`"`)
		}
		if !reaches {
			t.Errorf("route %v targets %s, not the chat function", props(r)["RouteKey"], target)
		}
		keys = append(keys, props(r)["RouteKey"].(string))
	}
	slices.Sort(keys)
	want := socketRoutes(chatSocket)
	slices.Sort(want)
	if !slices.Equal(keys, want) {
		t.Errorf("route keys %v, want %v", keys, want)
	}
	// Then its one stage is named like the site's path and deploys itself
	expect(t, func() {
		tmpl.HasResourceProperties(jsii.String("AWS::ApiGatewayV2::Stage"), obj{
			"ApiId": obj{"Ref": socketAPI}, "StageName": chatSocket.Stage, "AutoDeploy": true,
		})
	})
	if "/"+chatSocket.Stage != chatSocket.Path {
		t.Errorf("stage %q is not the path %q without its slash: CloudFront would need to rewrite it", chatSocket.Stage, chatSocket.Path)
	}
}

func TestIAM_OnlyTheChatFunctionManagesConnectionsAndOnlyOnItsStage(t *testing.T) {
	// Given every function of the stack
	_, raw := fresh.get(t)
	chat := socketFunction(t, raw)

	for _, f := range allFunctions(t, raw) {
		statements := statementsFor(roleStatements(raw, f.id), "execute-api")
		// Then the chat function alone may use the management API
		if f.id != chat {
			if len(statements) > 0 {
				t.Errorf("%s may call execute-api: %s", f.name, jsonString(statements))
			}
			continue
		}
		// Then only ManageConnections, and only on this API's stage
		if len(statements) != 1 {
			t.Fatalf("chat's execute-api statements: %s", jsonString(statements))
		}
		s := statements[0]
		if jsonString(s["Action"]) != `"execute-api:ManageConnections"` {
			t.Errorf("actions %s", jsonString(s["Action"]))
		}
		res := jsonString(s["Resource"])
		if !strings.Contains(res, `"Ref":"ChatSocketApi`) || !strings.Contains(res, "/"+chatSocket.Stage+"/") {
			t.Errorf("resource %s, want the chat socket's %s stage", res, chatSocket.Stage)
		}
	}
}

func TestFunctions_ChatPostsThroughItsStagesEndpointNotTheViewersHost(t *testing.T) {
	// Given a function that answers clients who came through CloudFront
	_, raw := fresh.get(t)
	vars := props(resources(raw, "AWS::Lambda::Function")[socketFunction(t, raw)])["Environment"].(obj)["Variables"].(obj)

	// Then its @connections endpoint is the WebSocket API's own https endpoint and stage
	got := jsonString(vars[chatSocket.CallbackEnvVar])
	if !strings.Contains(got, `"https://"`) || !strings.Contains(got, `"Ref":"ChatSocketApi`) || !strings.Contains(got, "/"+chatSocket.Stage) {
		t.Errorf("%s = %s", chatSocket.CallbackEnvVar, got)
	}
	// Then it also has every table's name and the session secret, as route groups do
	for _, v := range []string{envJWTSecretID, envMailFrom, envAppURL, "CHAT_TABLE", "CONNECTIONS_TABLE", "USERS_TABLE"} {
		if vars[v] == nil {
			t.Errorf("%s is not set", v)
		}
	}
}

func TestDistribution_ServesTheSocketAtItsPathWithTheCookieAndNoHost(t *testing.T) {
	// Given one origin for the app, the API and the socket
	tmpl, raw := fresh.get(t)

	// Then /ws reaches the WebSocket API's host uncached, over HTTPS only
	config := distributionConfig(t, raw)
	behavior := behaviorFor(t, config, chatSocket.Path)
	if behavior["CachePolicyId"] != cachingDisabled || behavior["ViewerProtocolPolicy"] != "https-only" {
		t.Errorf("%s behaviour %s", chatSocket.Path, jsonString(behavior))
	}
	if got := jsonString(originOf(t, config, behavior)["DomainName"]); !strings.Contains(got, `"ChatSocketApi`) || !strings.Contains(got, `"ApiEndpoint"`) {
		t.Errorf("%s origin %s, want the WebSocket API's endpoint host", chatSocket.Path, got)
	}
	// Then the handshake's headers, every cookie and the query string travel; Host never does
	headers := arr{}
	for _, h := range socketViewerHeaders {
		headers = append(headers, h)
		if strings.EqualFold(h, "Host") {
			t.Errorf("the socket's origin request policy forwards Host")
		}
	}
	expect(t, func() {
		tmpl.HasResourceProperties(jsii.String("AWS::CloudFront::OriginRequestPolicy"), obj{
			"OriginRequestPolicyConfig": like(obj{
				"CookiesConfig":      obj{"CookieBehavior": "all"},
				"QueryStringsConfig": obj{"QueryStringBehavior": "all"},
				"HeadersConfig":      obj{"HeaderBehavior": "whitelist", "Headers": headers},
			}),
		})
	})
	if !slices.Contains(socketViewerHeaders, "Sec-WebSocket-Key") || !slices.Contains(socketViewerHeaders, "Sec-WebSocket-Version") {
		t.Errorf("the handshake headers are not forwarded: %v", socketViewerHeaders)
	}
}
