package main

import (
	"context"
	"testing"
	"time"
)

// TestMoneySoak_AFewHundredMovesUnderProviderFaultsEndWithSoundBooks is the money soak, short:
// every kind of move under the sandbox's faults, then a clean audit, nothing pending and drift 0.
func TestMoneySoak_AFewHundredMovesUnderProviderFaultsEndWithSoundBooks(t *testing.T) {
	fig, err := moneySoak(context.Background(), 250, 7, 45*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(fig.section())
	if bad := fig.sound(); bad != "" {
		t.Fatal(bad)
	}
	if fig.total < 250 || fig.struck < 10 || fig.timedOut {
		t.Fatalf("%d moves, %d faults, timed out %v: the run did not do what it is for", fig.total, fig.struck, fig.timedOut)
	}
	for _, kind := range []string{"deposit", "withdrawal successful", "withdrawal failed", "beat purchase 201", "wallet transfer 201"} {
		if fig.moves[kind] == 0 {
			t.Errorf("no %q in %v", kind, fig.moves)
		}
	}
}
