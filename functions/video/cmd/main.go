// Command video is the /api/video route group's Lambda.
package main

import (
	"zuum/functions/video"
	"zuum/functions/wire"
)

func main() { wire.Serve("video", video.FromEnv) }
