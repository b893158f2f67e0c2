// Command distribution is the /api/distribution route group's Lambda.
package main

import (
	"zuum/functions/distribution"
	"zuum/functions/wire"
)

func main() { wire.Serve("distribution", distribution.FromEnv) }
