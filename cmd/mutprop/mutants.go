package main

import (
	"context"
	"fmt"
)

// cmdMutants is under construction.
func cmdMutants(ctx context.Context, e *env, args []string) int {
	fmt.Fprintln(e.stderr, "mutprop: cmdMutants: under construction")
	return exitError
}

// cmdShow is under construction.
func cmdShow(ctx context.Context, e *env, args []string) int {
	fmt.Fprintln(e.stderr, "mutprop: cmdShow: under construction")
	return exitError
}

// cmdSchemata is under construction.
func cmdSchemata(ctx context.Context, e *env, args []string) int {
	fmt.Fprintln(e.stderr, "mutprop: cmdSchemata: under construction")
	return exitError
}
