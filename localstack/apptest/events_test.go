package apptest_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"zuum/localstack/apptest"
	"zuum/localstack/contract"
)

// Every API Gateway sample under events/ (what `make invoke` replays) is an exchange the
// document describes: Replay checks the event as a request and the Lambda's answer as its
// response, whatever status a fresh app gives it.
func TestEvents_EverySampleMatchesTheDocument(t *testing.T) {
	t.Parallel()
	root, err := contract.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(root, "events", "*", "*.json"))
	app := apptest.Start(t, nil)
	replayed := 0
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var e struct {
			RouteKey string `json:"routeKey"`
		}
		if json.Unmarshal(raw, &e) != nil || e.RouteKey == "" {
			continue // not an API Gateway event (an S3 notification, say)
		}
		group := filepath.Base(filepath.Dir(file))
		if app.Handlers[group] == nil {
			t.Errorf("%s: its folder names no route group", file)
			continue
		}
		rel, _ := filepath.Rel(root, file)
		app.Replay(t, group, rel)
		replayed++
	}
	if replayed == 0 {
		t.Fatal("no API Gateway sample under events/")
	}
}
