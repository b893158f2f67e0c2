package lambdas

import (
	"context"
	"log/slog"
	"time"
)

// Schedules are the workers run on a timer, as EventBridge Scheduler runs them in AWS (infra/),
// with how often.
var Schedules = map[string]time.Duration{
	// The withdrawals' reconciler: AWS runs it every five minutes; locally every minute, so a
	// lost webhook shows sooner while developing (it still only settles withdrawals pending
	// longer than 15 minutes).
	ReconcileFunction: time.Minute,
}

// RunSchedules runs each scheduled worker of w on its timer until ctx ends. A run's error is
// logged; the next tick runs again.
func RunSchedules(ctx context.Context, w Wired, log *slog.Logger) {
	for name, every := range Schedules {
		work, ok := w.Workers[name]
		if !ok {
			continue
		}
		go func() {
			t := time.NewTicker(every)
			defer t.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-t.C:
					if err := work(ctx, nil); err != nil {
						log.Error("scheduled worker failed", "worker", name, "err", err)
					}
				}
			}
		}()
	}
}
