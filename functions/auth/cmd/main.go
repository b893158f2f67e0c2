// Command auth is the /api/auth Lambda (see package zuum/functions/auth).
package main

import (
	"zuum/functions/auth"
	"zuum/functions/wire"
)

func main() { wire.Serve("auth", auth.FromEnv) }
