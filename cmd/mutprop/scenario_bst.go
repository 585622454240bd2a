package main

import (
	"context"
	"fmt"
)

// scenarioBST is under construction.
func scenarioBST(ctx context.Context, e *env, args []string) int {
	fmt.Fprintln(e.stderr, "mutprop: scenarioBST: under construction")
	return exitError
}
