package edge

import (
	"net/http"
)

// healthBody is what LocalStack's GET /_localstack/health reports for the services we run, so
// scripts that wait for LocalStack (make dev, CI) wait for the edge the same way.
const healthBody = `{"services":{"dynamodb":"running","s3":"running","ses":"running","secretsmanager":"running"}}` + "\n"

func serveHealth(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	// A failed write means the client left; there is no one to tell.
	_, _ = w.Write([]byte(healthBody))
}
