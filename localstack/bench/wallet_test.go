package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestBenchWallet_ATransferIsOneTransactionAndTheRaceBalances runs the wallet's measurements
// small: they must pass (the race included), a transfer must write one transaction, and a
// replayed key must write nothing.
func TestBenchWallet_ATransferIsOneTransactionAndTheRaceBalances(t *testing.T) {
	ctx := context.Background()
	c, err := newCloud(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c.close()
	measure := func(name string, reps int, do func(i int) int, want int) (result, error) {
		c.api.take()
		for i := range reps {
			if got := do(i); got != want {
				return result{}, fmt.Errorf("%s #%d: status %d, want %d", name, i, got, want)
			}
		}
		calls := c.api.take()
		for k := range calls {
			calls[k] /= reps
		}
		return result{name: name, n: reps, calls: calls}, nil
	}
	out, err := benchWallet(ctx, walletBench{cfg: c.cfg, edge: c.edge, gateway: c.gateway, call: c.call, measure: measure, n: 4})
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]map[string]int{}
	for _, r := range out.results {
		rows[r.name] = r.calls
	}
	if got := rows["POST /api/wallet/transfer"]["dynamodb:TransactWriteItems"]; got != 1 {
		t.Errorf("a transfer wrote %d transactions, want 1: %v", got, rows["POST /api/wallet/transfer"])
	}
	for _, name := range []string{"POST /api/wallet/transfer (replayed key)", "POST /api/wallet/transfer (insufficient funds)"} {
		if got := rows[name]["dynamodb:TransactWriteItems"]; got != 0 {
			t.Errorf("%s wrote %d transactions: %v", name, got, rows[name])
		}
	}
	if !strings.Contains(out.notes, "40 went through and 20 were 406") {
		t.Errorf("race notes: %s", out.notes)
	}
	t.Logf("%v\n%s", rows, out.notes)
}
