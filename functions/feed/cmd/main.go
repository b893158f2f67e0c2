// Command feed is the /api/feed route group's Lambda.
package main

import (
	"zuum/functions/feed"
	"zuum/functions/wire"
)

func main() { wire.Serve("feed", feed.FromEnv) }
