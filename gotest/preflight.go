package gotest

import (
	"context"

	"github.com/mutprop/mutprop/internal/preflight"
)

// ListedPackage is what go list says of a package (preflight.ListedPackage).
type ListedPackage = preflight.ListedPackage

// InputError is a preflight refusal caused by the arguments rather than
// the packages (preflight.InputError).
type InputError = preflight.InputError

// Preflight resolves the patterns with go list before anything is built
// (preflight.Run): it returns the packages to mutate and the packages that
// only hold tests, passes those that cannot be scored to skip, and refuses
// with a reason on one line. tags are build tags for go list, as
// Config.Tags.
func Preflight(ctx context.Context, patterns, tags []string, ownTests bool, skip func(reason error)) (ok, testOnly []ListedPackage, err error) {
	return preflight.Run(ctx, patterns, tags, ownTests, skip)
}
