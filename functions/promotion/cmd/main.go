// Command promotion is the promotion route group's Lambda (/api/packages, /api/promotions/*).
package main

import (
	"zuum/functions/promotion"
	"zuum/functions/wire"
)

func main() { wire.Serve("promotion", promotion.FromEnv) }
