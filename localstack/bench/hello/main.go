// Command hello is the smallest Lambda, the yardstick of the binary sizes in `make bench`: the
// Lambda runtime's client and a handler that returns a string, built as `make build` builds a
// route group.
package main

import "github.com/aws/aws-lambda-go/lambda"

func main() { lambda.Start(func() (string, error) { return "hello", nil }) }
