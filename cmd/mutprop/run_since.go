package main

import (
	"context"
	"errors"

	"github.com/mutprop/mutprop/changes"
	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/preflight"
	"github.com/mutprop/mutprop/mutate"
)

// sinceFilter keeps the mutants on lines changed since the git revision
// rev in the repositories of the packages (--since; package changes).
func sinceFilter(ctx context.Context, listed []preflight.ListedPackage, rev string) (func(*mutate.Package) (func(mutate.Mutant) bool, error), error) {
	var dirs []string
	for _, p := range listed {
		dirs = append(dirs, p.Dir)
	}
	ch, err := changes.Since(ctx, dirs, rev)
	if ie := (*changes.InputError)(nil); errors.As(err, &ie) {
		return nil, cli.UsageError("--since: %v", err)
	} else if err != nil {
		return nil, cli.CannotRun("--since: %v", err)
	}
	return func(pkg *mutate.Package) (func(mutate.Mutant) bool, error) { return ch.Filter(pkg), nil }, nil
}
