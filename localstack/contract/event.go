package contract

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/aws/aws-lambda-go/events"
)

// EventExchange is the exchange an API Gateway (payload v2) event and the Lambda's answer to it
// stand for: the request as the function's adapter rebuilds it, the answer as the gateway sends it.
func EventExchange(e events.APIGatewayV2HTTPRequest, res events.APIGatewayV2HTTPResponse) (Exchange, error) {
	path := e.RawPath
	if path == "" {
		path = e.RequestContext.HTTP.Path
	}
	u, err := url.Parse("https://" + host(e) + path)
	if err != nil {
		return Exchange{}, fmt.Errorf("contract: event path %q: %w", path, err)
	}
	u.RawQuery = e.RawQueryString
	req, err := http.NewRequest(e.RequestContext.HTTP.Method, u.String(), nil)
	if err != nil {
		return Exchange{}, fmt.Errorf("contract: event: %w", err)
	}
	for k, v := range e.Headers {
		req.Header.Set(k, v)
	}
	if len(e.Cookies) > 0 {
		req.Header.Set("Cookie", strings.Join(e.Cookies, "; "))
	}
	reqBody, err := decode(e.Body, e.IsBase64Encoded)
	if err != nil {
		return Exchange{}, fmt.Errorf("contract: event body: %w", err)
	}
	header := http.Header{}
	for k, v := range res.Headers {
		header.Set(k, v)
	}
	for k, vs := range res.MultiValueHeaders {
		for _, v := range vs {
			header.Add(k, v)
		}
	}
	for _, c := range res.Cookies {
		header.Add("Set-Cookie", c)
	}
	body, err := decode(res.Body, res.IsBase64Encoded)
	if err != nil {
		return Exchange{}, fmt.Errorf("contract: response body: %w", err)
	}
	return Exchange{Request: req, RequestBody: reqBody, Status: res.StatusCode, Header: header, Body: body}, nil
}

func host(e events.APIGatewayV2HTTPRequest) string {
	if h := e.Headers["host"]; h != "" {
		return h
	}
	if e.RequestContext.DomainName != "" {
		return e.RequestContext.DomainName
	}
	return "localhost"
}

func decode(body string, b64 bool) ([]byte, error) {
	if !b64 {
		return []byte(body), nil
	}
	return base64.StdEncoding.DecodeString(body)
}
