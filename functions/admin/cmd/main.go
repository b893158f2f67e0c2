// Command admin is the /api/admin route group's Lambda.
package main

import (
	"zuum/functions/admin"
	"zuum/functions/wire"
)

func main() { wire.Serve("admin", admin.FromEnv) }
