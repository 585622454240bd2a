package main

import (
	"context"
	"fmt"
)

// cmdRun is under construction.
func cmdRun(ctx context.Context, e *env, args []string) int {
	fmt.Fprintln(e.stderr, "mutprop: cmdRun: under construction")
	return exitError
}
