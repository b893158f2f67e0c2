// Command user is the /api/user Lambda (see package zuum/functions/user).
package main

import (
	"zuum/functions/user"
	"zuum/functions/wire"
)

func main() { wire.Serve("user", user.FromEnv) }
