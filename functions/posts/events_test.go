package posts_test

import (
	"testing"

	"zuum/localstack/apptest"
)

// The samples in events/audio and events/video are what `make invoke` replays; they must keep
// meaning what their names say when they pass through the real Lambda adapter.
func TestEvents_AudioAndVideoSamplesThroughTheLambdaAdapter(t *testing.T) {
	t.Parallel()
	w := start(t)
	for _, s := range []struct{ group, file string }{
		{"audio", "events/audio/list-no-session.json"},
		{"audio", "events/audio/create-bad-token.json"},
		{"video", "events/video/get-no-session.json"},
		{"video", "events/video/react-no-session.json"},
	} {
		w.app.ReplayAnswers(t, s.group, s.file, 401, apptest.NoSession)
	}
}
