package edge

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/truora/minidyn/server"
)

// dynamoOp decodes one operation's request and runs it on minidyn's client.
type dynamoOp func(ctx context.Context, c *server.Client, body []byte) (any, error)

// run adapts a minidyn client method to dynamoOp.
func run[In, Out any](method func(*server.Client, context.Context, *In) (Out, error)) dynamoOp {
	return func(ctx context.Context, c *server.Client, body []byte) (any, error) {
		var in In
		if err := json.Unmarshal(body, &in); err != nil {
			return nil, &awsError{http.StatusBadRequest, "SerializationException", err.Error()}
		}
		return method(c, ctx, &in)
	}
}

// adminOps change or describe tables; they run alone (see dynamo.mu).
var adminOps = map[string]dynamoOp{
	"CreateTable":   run((*server.Client).CreateTable),
	"UpdateTable":   run((*server.Client).UpdateTable),
	"DeleteTable":   run((*server.Client).DeleteTable),
	"DescribeTable": run((*server.Client).DescribeTable),
}

// itemOps read items; they run concurrently, minidyn serialising them itself. The operations
// that write are writeOps.
var itemOps = map[string]dynamoOp{
	"GetItem":          run((*server.Client).GetItem),
	"Query":            run((*server.Client).Query),
	"Scan":             run((*server.Client).Scan),
	"BatchGetItem":     run((*server.Client).BatchGetItem),
	"TransactGetItems": run((*server.Client).TransactGetItems),
}
