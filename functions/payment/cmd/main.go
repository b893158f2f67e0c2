// Command payment is the /api/payment route group's Lambda.
package main

import (
	"zuum/functions/payment"
	"zuum/functions/wire"
)

func main() { wire.Serve("payment", payment.FromEnv) }
