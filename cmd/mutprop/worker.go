package main

import (
	"context"
	"fmt"
)

// cmdWorker is under construction.
func cmdWorker(ctx context.Context, e *env, args []string) int {
	fmt.Fprintln(e.stderr, "mutprop: cmdWorker: under construction")
	return exitError
}
