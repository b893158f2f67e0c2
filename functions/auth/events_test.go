package auth_test

import (
	"strings"
	"testing"
)

// The samples in events/auth are what `make invoke` replays; they must keep meaning what their
// names say when they pass through the real Lambda adapter.
func TestEvents_AuthSamplesThroughTheLambdaAdapter(t *testing.T) {
	t.Parallel()
	app, _ := start(t)
	steps := []struct {
		file   string
		status int
		has    string
	}{
		{"events/auth/check-username.json", 200, `"available":true`},
		{"events/auth/signup.json", 201, "amaka.sample@example.com"},
		{"events/auth/check-username.json", 200, `"available":false`},
		{"events/auth/signup.json", 409, "Email already exists"},
		{"events/auth/signup-invalid.json", 400, "Invalid email format"},
		{"events/auth/login.json", 406, "Email is not verified"},
		{"events/auth/logout.json", 200, "Logged out."},
	}
	for _, s := range steps {
		app.ReplayAnswers(t, "auth", s.file, s.status, s.has)
	}
	res := app.Replay(t, "auth", "events/auth/logout.json")
	if len(res.Cookies) != 1 || !strings.Contains(res.Cookies[0], "zuum_session=;") {
		t.Fatalf("logout must clear the cookie through the adapter's Cookies field: %v", res.Cookies)
	}
}
