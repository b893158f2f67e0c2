package contract_test

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"zuum/localstack/contract"
)

// A replayed event is checked as the request the adapter rebuilds from it (cookies from the
// event's cookies, a base64 body decoded) and the answer as the gateway sends it.
func TestEventExchange_ChecksTheRequestAndAnswerTheEventStandsFor(t *testing.T) {
	t.Parallel()
	v := load(t)
	get := events.APIGatewayV2HTTPRequest{
		RawPath: "/api/things/a", Cookies: []string{"theme=dark", "zuum_session=abc"},
		Headers:        map[string]string{"host": "zuum.example"},
		RequestContext: events.APIGatewayV2HTTPRequestContext{HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "GET"}},
	}
	post := events.APIGatewayV2HTTPRequest{
		RawPath: "/api/things", Body: base64.StdEncoding.EncodeToString([]byte(`{"name":"toolong"}`)), IsBase64Encoded: true,
		Headers:        map[string]string{"content-type": "application/json"},
		RequestContext: events.APIGatewayV2HTTPRequestContext{HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "POST"}},
	}
	json := map[string]string{"content-type": "application/json"}
	for _, c := range []struct {
		name string
		e    events.APIGatewayV2HTTPRequest
		res  events.APIGatewayV2HTTPResponse
		want string // in the one problem found; "" for none
	}{
		{"the session cookie comes from the event's cookies", get,
			events.APIGatewayV2HTTPResponse{StatusCode: 200, Headers: json, Body: `{"id":"a","bio":"hi"}`}, ""},
		{"a base64 answer is decoded", get,
			events.APIGatewayV2HTTPResponse{StatusCode: 200, Headers: json, IsBase64Encoded: true,
				Body: base64.StdEncoding.EncodeToString([]byte(`{"id":"a","bio":null,"extra":1}`))}, "additional properties 'extra'"},
		{"a base64 request body is decoded", post,
			events.APIGatewayV2HTTPResponse{StatusCode: 204}, "maxLength: got 7, want 5"},
	} {
		t.Run(c.name, func(t *testing.T) {
			x, err := contract.EventExchange(c.e, c.res)
			if err != nil {
				t.Fatal(err)
			}
			problems := v.Problems(x)
			switch {
			case c.want == "" && len(problems) > 0:
				t.Errorf("found %v", problems)
			case c.want != "" && (len(problems) != 1 || !strings.Contains(problems[0].Error(), c.want)):
				t.Errorf("found %v, want one problem with %q", problems, c.want)
			}
		})
	}
}
