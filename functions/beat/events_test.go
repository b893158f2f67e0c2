package beat_test

import (
	"strings"
	"testing"
)

// The samples in events/beat are what `make invoke` replays; they must keep meaning what their
// names say when they pass through the real Lambda adapter.
func TestEvents_BeatSamplesThroughTheLambdaAdapter(t *testing.T) {
	t.Parallel()
	w := start(t)
	for _, file := range []string{"events/beat/list-no-session.json", "events/beat/purchase-no-session.json"} {
		res := w.app.Replay(t, "beat", file)
		if res.StatusCode != 401 || !strings.Contains(res.Body, "Unauthorized: Invalid or missing token") {
			t.Errorf("%s: %d %s", file, res.StatusCode, res.Body)
		}
	}
}
