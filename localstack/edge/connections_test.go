package edge_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi/types"

	"zuum/localstack/cloudtest"
)

func TestUnknownService_IsAClearErrorNotAnS3One(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	req, _ := http.NewRequest(http.MethodPost, c.URL+"/", strings.NewReader("Action=SendMessage"))
	req.Header.Set("Authorization", "AWS4-HMAC-SHA256 Credential=test/20261123/us-east-1/sqs/aws4_request, SignedHeaders=host, Signature=00")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body struct{ Message string }
	raw, _ := io.ReadAll(res.Body)
	_ = json.Unmarshal(raw, &body)
	if res.StatusCode != http.StatusNotImplemented || res.Header.Get("X-Amzn-ErrorType") != "UnknownServiceException" ||
		!strings.Contains(body.Message, `"sqs"`) || !strings.Contains(body.Message, "execute-api") {
		t.Fatalf("got %d %s %s", res.StatusCode, res.Header.Get("X-Amzn-ErrorType"), raw)
	}
}

func TestConnectionsAPI_WithoutASocketAPIAnswersGone(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	api := apigatewaymanagementapi.NewFromConfig(c.Config, func(o *apigatewaymanagementapi.Options) {
		o.BaseEndpoint = aws.String(c.URL + "/ws")
	})
	_, err := api.PostToConnection(context.Background(), &apigatewaymanagementapi.PostToConnectionInput{
		ConnectionId: aws.String("L0SM9cOFvHcCIhw="), Data: []byte(`{"event":"x"}`),
	})
	var gone *types.GoneException
	if !errors.As(err, &gone) {
		t.Fatalf("post: %v", err)
	}
}
