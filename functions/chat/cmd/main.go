// Command chat is the chat WebSocket API's Lambda (see package zuum/functions/chat).
package main

import (
	"zuum/functions/chat"
	"zuum/functions/wire"
)

func main() { wire.ServeSocket("chat", chat.FromEnv) }
