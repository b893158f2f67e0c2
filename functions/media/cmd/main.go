// Command media is the media function's Lambda, invoked asynchronously.
package main

import (
	"zuum/functions/media"
	"zuum/functions/wire"
)

func main() { wire.ServeWorker("media", media.FromEnv) }
