// Command wallet is the /api/wallet route group's Lambda.
package main

import (
	"zuum/functions/wallet"
	"zuum/functions/wire"
)

func main() { wire.Serve("wallet", wallet.FromEnv) }
