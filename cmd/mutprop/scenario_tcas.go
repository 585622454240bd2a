package main

import (
	"context"
	"fmt"
)

// scenarioTCAS is under construction.
func scenarioTCAS(ctx context.Context, e *env, args []string) int {
	fmt.Fprintln(e.stderr, "mutprop: scenarioTCAS: under construction")
	return exitError
}
