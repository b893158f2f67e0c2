// Command notifications is the /api/notifications route group's Lambda.
package main

import (
	"zuum/functions/notifications"
	"zuum/functions/wire"
)

func main() { wire.Serve("notifications", notifications.FromEnv) }
