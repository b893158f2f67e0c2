// Command beat is the /api/beat route group's Lambda.
package main

import (
	"zuum/functions/beat"
	"zuum/functions/wire"
)

func main() { wire.Serve("beat", beat.FromEnv) }
