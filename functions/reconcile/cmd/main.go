// Command reconcile is the withdrawals' reconciler Lambda, run on a schedule.
package main

import (
	"zuum/functions/reconcile"
	"zuum/functions/wire"
)

func main() { wire.ServeWorker("reconcile", reconcile.FromEnv) }
