// Command search is the /api/search route group's Lambda.
package main

import (
	"zuum/functions/search"
	"zuum/functions/wire"
)

func main() { wire.Serve("search", search.FromEnv) }
