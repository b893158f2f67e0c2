package main

import (
	"testing"

	"github.com/aws/jsii-runtime-go"
)

func TestRoutes_ExistForEveryPathTheContractUses(t *testing.T) {
	// Given the contract's endpoints: /api/auth/* and /api/user/*, POST /api/uploads, the
	// audio and video collections at /api/audio and /api/video as well as below them, GET
	// /api/feed, GET /api/notifications with the read calls below it, the licence checks
	// below /api/licences, the wallet at /api/wallet and below it and the terms at /api/terms, /api/payment/*, GET /api/search
	// the releases below /api/distribution,
	// the admin area below /api/admin, and promotion at /api/packages, below it and below /api/promotions
	// When the fresh stack is synthesized
	tmpl, raw := fresh.get(t)

	// Then the HTTP API has exactly these routes: API Gateway's /x/{proxy+} needs a segment
	// after /x/, so a collection's own path is a route of its own
	want := []string{
		"ANY /api/auth/{proxy+}",
		"ANY /api/user/{proxy+}",
		"ANY /api/uploads",
		"ANY /api/audio", "ANY /api/audio/{proxy+}",
		"ANY /api/video", "ANY /api/video/{proxy+}",
		"ANY /api/beat", "ANY /api/beat/{proxy+}",
		"ANY /api/feed",
		"ANY /api/notifications", "ANY /api/notifications/{proxy+}",
		"ANY /api/licences/{proxy+}",
		"ANY /api/wallet", "ANY /api/wallet/{proxy+}", "ANY /api/terms",
		"ANY /api/payment/{proxy+}",
		"ANY /api/search",
		"ANY /api/distribution/{proxy+}",
		"ANY /api/admin/{proxy+}",
		"ANY /api/packages", "ANY /api/packages/{proxy+}", "ANY /api/promotions/{proxy+}",
	}
	for _, key := range want {
		expect(t, func() {
			tmpl.HasResourceProperties(jsii.String("AWS::ApiGatewayV2::Route"), like(obj{"RouteKey": key}))
		})
	}
	// (the chat socket's WebSocket API has routes of its own: see socket_test.go)
	httpRoutes := 0
	for _, r := range resources(raw, "AWS::ApiGatewayV2::Route") {
		api := props(r)["ApiId"].(obj)["Ref"].(string)
		if props(resources(raw, "AWS::ApiGatewayV2::Api")[api])["ProtocolType"] == "HTTP" {
			httpRoutes++
		}
	}
	if httpRoutes != len(want) {
		t.Errorf("%d routes, want %d", httpRoutes, len(want))
	}
	expect(t, func() {
		tmpl.HasResourceProperties(jsii.String("AWS::ApiGatewayV2::Api"), like(obj{"ProtocolType": "HTTP"}))
	})
}

func TestRoutes_ReachTheirGroupsFunctionWithPayloadV2(t *testing.T) {
	// Given every row of the route-group table
	// When the fresh stack is synthesized
	_, tmpl := fresh.get(t)
	routes := resources(tmpl, "AWS::ApiGatewayV2::Route")
	integrations := resources(tmpl, "AWS::ApiGatewayV2::Integration")

	// Then each of its paths is routed, for any method, to an AWS_PROXY integration in payload
	// format 2.0 that invokes that group's function and no other.
	for _, g := range routeGroups {
		fn := groupFunction(t, tmpl, g.Name)
		for _, path := range apiPaths(g) {
			key := "ANY " + path
			var route obj
			for _, r := range routes {
				if props(r)["RouteKey"] == key {
					route = r
				}
			}
			if route == nil {
				t.Errorf("no route %q", key)
				continue
			}
			// Target is {"Fn::Join": ["", ["integrations/", {"Ref": <integration>}]]}.
			parts := props(route)["Target"].(obj)["Fn::Join"].(arr)[1].(arr)
			integration := props(integrations[parts[1].(obj)["Ref"].(string)])
			if integration["IntegrationType"] != "AWS_PROXY" || integration["PayloadFormatVersion"] != "2.0" {
				t.Errorf("%s: integration %v, want AWS_PROXY payload 2.0", key, jsonString(integration))
			}
			if got := jsonString(integration["IntegrationUri"]); got != jsonString(obj{"Fn::GetAtt": arr{fn, "Arn"}}) {
				t.Errorf("%s: integration invokes %s, want %s", key, got, fn)
			}
		}
	}
}
