package wallet_test

import (
	"net/http"
	"reflect"
	"testing"

	"zuum/localstack/apptest"
)

func TestTerms_AreEveryFigureInNairaToAnyone(t *testing.T) {
	t.Parallel()
	// Given the running app and a caller with no session
	app := apptest.Start(t, nil)
	c := app.Client(t)

	// When the caller asks for the terms
	r := c.JSON("GET", "/api/terms", nil)

	// Then they are every figure of shared/terms in naira, cacheable by anyone
	if r.Status != http.StatusOK {
		t.Fatalf("terms: %d %s", r.Status, r.Raw)
	}
	if got := r.Header.Get("Cache-Control"); got != "public, max-age=300" {
		t.Errorf("Cache-Control %q", got)
	}
	want := map[string]any{
		"currency":   "NGN",
		"deposit":    map[string]any{"minimum": 100.0},
		"withdrawal": map[string]any{"minimum": 100.0, "fee": 25.0},
		"transfer":   map[string]any{"minimum": 1.0},
		"beat":       map[string]any{"commission_percent": 10.0, "default_price": 999.0},
		"promotion":  map[string]any{"price_per_7_days": 5000.0, "days": []any{7.0, 14.0, 30.0}},
		"subscription": map[string]any{
			"artist": 15000.0, "producer": 20000.0, "record_label": 30000.0, "dev": 200.0,
		},
		"release_packages": []any{
			map[string]any{"id": "none", "name": "None", "price": 0.0},
			map[string]any{"id": "basic", "name": "Basic", "price": 20000.0},
			map[string]any{"id": "standard", "name": "Standard", "price": 50000.0},
			map[string]any{"id": "premium", "name": "Premium", "price": 100000.0},
		},
	}
	if !reflect.DeepEqual(r.Body, want) {
		t.Errorf("terms:\n got %v\nwant %v", r.Body, want)
	}
}
