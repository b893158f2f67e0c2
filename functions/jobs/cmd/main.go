// Command jobs is the jobs function's Lambda, invoked asynchronously.
package main

import (
	"zuum/functions/jobs"
	"zuum/functions/wire"
)

func main() { wire.ServeWorker("jobs", jobs.FromEnv) }
