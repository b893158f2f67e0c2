// Command uploads is the /api/uploads route group's Lambda.
package main

import (
	"zuum/functions/uploads"
	"zuum/functions/wire"
)

func main() { wire.Serve("uploads", uploads.FromEnv) }
