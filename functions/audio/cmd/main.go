// Command audio is the /api/audio route group's Lambda.
package main

import (
	"zuum/functions/audio"
	"zuum/functions/wire"
)

func main() { wire.Serve("audio", audio.FromEnv) }
