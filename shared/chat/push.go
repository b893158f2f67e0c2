package chat

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi/types"

	"zuum/shared/failure"
)

// ErrGone is a post to a connection that has closed (API Gateway's GoneException).
var ErrGone = errors.New("chat: connection gone")

// Pusher posts frames to connections through API Gateway's @connections management API.
type Pusher struct {
	api *apigatewaymanagementapi.Client
}

// NewPusher returns a pusher over the management API client, whose endpoint must be the WebSocket
// API's own (https://<api>.execute-api.<region>.amazonaws.com/<stage>), never the Host a client
// used: behind CloudFront that is the CDN's.
func NewPusher(api *apigatewaymanagementapi.Client) *Pusher { return &Pusher{api: api} }

// Post sends data to conn as one text frame; ErrGone when conn has closed.
func (p *Pusher) Post(ctx context.Context, conn string, data []byte) error {
	_, err := p.api.PostToConnection(ctx, &apigatewaymanagementapi.PostToConnectionInput{ConnectionId: &conn, Data: data})
	var gone *types.GoneException
	if errors.As(err, &gone) {
		return ErrGone
	}
	if err != nil {
		return failure.Wrap(err, "post to connection")
	}
	return nil
}

// Close closes conn, as a client's own close would (its $disconnect follows); a connection
// already gone is closed.
func (p *Pusher) Close(ctx context.Context, conn string) error {
	_, err := p.api.DeleteConnection(ctx, &apigatewaymanagementapi.DeleteConnectionInput{ConnectionId: &conn})
	var gone *types.GoneException
	if err != nil && !errors.As(err, &gone) {
		return failure.Wrap(err, "close connection")
	}
	return nil
}
