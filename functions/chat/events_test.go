package chat_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"zuum/functions/chat"
	"zuum/localstack/apptest"
	"zuum/shared/schema"
)

// The samples under events/chat (what `make invoke FN=chat` replays) are answered as API Gateway
// needs: a $connect without a working session is refused with 401, which refuses the upgrade, and
// a $disconnect is 200 even for a connection the function never stored.
func TestEvents_ChatSamplesGetTheirAnswers(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	env := func(k string) string {
		if k == schema.ChatSocket.CallbackEnvVar {
			return app.Cloud.URL + "/" + schema.ChatSocket.Stage
		}
		return app.Env[k]
	}
	fn, err := chat.FromEnv(context.Background(), app.Cloud.Config, env)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("../../events/chat/*.json")
	if len(files) == 0 {
		t.Fatal("no samples under events/chat")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var e events.APIGatewayWebsocketProxyRequest
			if err := json.Unmarshal(raw, &e); err != nil {
				t.Fatal(err)
			}
			res, err := fn(context.Background(), e)
			if err != nil {
				t.Fatal(err)
			}
			want := http.StatusOK
			if strings.HasPrefix(filepath.Base(file), "connect-") {
				want = http.StatusUnauthorized
			}
			if res.StatusCode != want {
				t.Fatalf("%s: %d %s, want %d", e.RequestContext.RouteKey, res.StatusCode, res.Body, want)
			}
		})
	}
}
