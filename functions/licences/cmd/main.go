// Command licences is the /api/licences route group's Lambda.
package main

import (
	"zuum/functions/licences"
	"zuum/functions/wire"
)

func main() { wire.Serve("licences", licences.FromEnv) }
