package edge_test

import (
	"net/http"
	"testing"

	"zuum/localstack/cloudtest"
)

// Scripts wait for LocalStack by polling its health endpoint; they must wait for the edge alike.
func TestHealthReportsEveryServiceRunningAsLocalStackDoes(t *testing.T) {
	t.Parallel()
	c := cloudtest.Start(t)
	status, body := get(t, http.MethodGet, c.URL+"/_localstack/health")
	want := `{"services":{"dynamodb":"running","s3":"running","ses":"running","secretsmanager":"running"}}` + "\n"
	if status != http.StatusOK || body != want {
		t.Errorf("health = %d %s, want 200 %s", status, body, want)
	}
}
