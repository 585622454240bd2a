package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/preflight"
)

// checkPackages is preflight.Run: it prints the packages skipped, and
// gives its refusals their exit codes (exit 2 for bad arguments, 3 for
// packages that cannot be scored).
func checkPackages(ctx context.Context, e *cli.Env, patterns, tags []string, ownTests bool) (ok, testOnly []preflight.ListedPackage, err error) {
	ok, testOnly, err = preflight.Run(ctx, patterns, tags, ownTests, func(reason error) {
		fmt.Fprintf(e.Stderr, "mutprop run: skipping %v\n", reason)
	})
	var ie *preflight.InputError
	switch {
	case err == nil:
		return ok, testOnly, nil
	case errors.As(err, &ie):
		return nil, nil, cli.WithCode(cli.ExitUsage, err)
	}
	return nil, nil, cli.WithCode(cli.ExitError, err) // interruptedOr tells an interrupt
}
