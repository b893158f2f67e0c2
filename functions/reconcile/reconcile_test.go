package reconcile_test

import (
	"context"
	"os"
	"testing"

	"zuum/functions/reconcile"
	"zuum/localstack/apptest"
)

func TestMain(m *testing.M) { apptest.Main(m) }

// The schedule's sample event (what EventBridge Scheduler sends) runs the worker as wired from
// the local cloud's environment; withdrawals themselves are reconciled in functions/payment's
// tests.
func TestReconcile_TheScheduledSampleRunsTheWorker(t *testing.T) {
	t.Parallel()
	a := apptest.Start(t, nil)
	raw, err := os.ReadFile("../../events/reconcile/scheduled.json")
	if err != nil {
		t.Fatal(err)
	}
	work, err := reconcile.FromEnv(context.Background(), a.Cloud.Config, func(k string) string { return a.Env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if err := work(context.Background(), raw); err != nil {
		t.Fatalf("scheduled run: %v", err)
	}
	// Without the provider's keys the worker cannot be built: a deployment mistake shows at once.
	if _, err := reconcile.FromEnv(context.Background(), a.Cloud.Config, func(k string) string {
		if k == "FLUTTERWAVE_SECRET_ID" {
			return ""
		}
		return a.Env[k]
	}); err == nil {
		t.Fatal("built without FLUTTERWAVE_SECRET_ID")
	}
}
