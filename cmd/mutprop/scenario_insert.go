package main

import (
	"context"
	"fmt"
)

// scenarioInsert is under construction.
func scenarioInsert(ctx context.Context, e *env, args []string) int {
	fmt.Fprintln(e.stderr, "mutprop: scenarioInsert: under construction")
	return exitError
}
