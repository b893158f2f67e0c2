package wire

import (
	"context"
	"errors"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"

	"zuum/shared/httpapi"
)

// Edge reads what a group needs to tell CDN traffic from direct calls: ORIGIN_SECRET_ID names the
// secret CloudFront sends in httpapi.OriginHeader (read once, at cold start, like the JWT key) and
// ORIGIN_REQUIRED=true refuses calls without it. Without ORIGIN_SECRET_ID no request is
// recognised as the CDN's and httpapi.ClientIP is API Gateway's sourceIp.
func Edge(ctx context.Context, cfg aws.Config, env Env) (httpapi.Edge, error) {
	required, _ := strconv.ParseBool(env("ORIGIN_REQUIRED"))
	id := env("ORIGIN_SECRET_ID")
	if id == "" {
		if required {
			return httpapi.Edge{}, errors.New("ORIGIN_REQUIRED needs ORIGIN_SECRET_ID")
		}
		return httpapi.Edge{}, nil
	}
	secret, err := Secret(ctx, cfg, id)
	if err != nil {
		return httpapi.Edge{}, err
	}
	if len(secret) == 0 {
		return httpapi.Edge{}, errors.New("the origin secret " + id + " is empty")
	}
	return httpapi.Edge{Secret: string(secret), Required: required}, nil
}
