package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/mutprop/mutprop/gotest"
)

// checkPackages is gotest.Preflight: it prints the packages skipped, and
// gives its refusals their exit codes (exit 2 for bad arguments, 3 for
// packages that cannot be scored).
func checkPackages(ctx context.Context, e *env, patterns []string, ownTests bool) (ok, testOnly []gotest.ListedPackage, err error) {
	ok, testOnly, err = gotest.Preflight(ctx, patterns, ownTests, func(reason error) {
		fmt.Fprintf(e.stderr, "mutprop run: skipping %v\n", reason)
	})
	var ie *gotest.InputError
	switch {
	case err == nil:
		return ok, testOnly, nil
	case errors.As(err, &ie):
		return nil, nil, withCode(exitUsage, err)
	}
	return nil, nil, withCode(exitError, err) // interruptedOr tells an interrupt
}
