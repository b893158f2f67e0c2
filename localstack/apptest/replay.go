package apptest

import (
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"
)

// NoSession is the answer's message to a request without a working session.
const NoSession = "Unauthorized: Invalid or missing token"

// ReplayAnswers replays the sample event file to group (Replay) and fails t unless the answer has
// status and its body holds has. It returns the answer for further checks.
func (a *App) ReplayAnswers(t testing.TB, group, file string, status int, has string) events.APIGatewayV2HTTPResponse {
	t.Helper()
	res := a.Replay(t, group, file)
	if res.StatusCode != status || !strings.Contains(res.Body, has) {
		t.Errorf("%s: %d %.300s, want %d with %q", file, res.StatusCode, res.Body, status, has)
	}
	return res
}
