package preflight_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/internal/preflight"
	"github.com/mutprop/mutprop/internal/testfix"
)

// TestPreflightSortsPackagesAndTellsBadArgumentsFromRefusals runs
// Preflight on a module of a package with tests (a), one without (b) and
// one of tests only (c): b is scored through the others' tests unless
// only its own count; a path that does not exist is an *InputError, a
// lone package without tests a refusal of the package.
func TestPreflightSortsPackagesAndTellsBadArgumentsFromRefusals(t *testing.T) {
	dir := testfix.Module(t, filepath.Join("testdata", "pre.txtar"))
	t.Chdir(dir)
	ctx := context.Background()
	paths := func(ps []preflight.ListedPackage) []string {
		var out []string
		for _, p := range ps {
			out = append(out, p.ImportPath)
		}
		return out
	}

	var skipped []string
	skip := func(err error) { skipped = append(skipped, err.Error()) }
	ok, testOnly, err := preflight.Run(ctx, []string{"./..."}, nil, false, skip)
	require.NoError(t, err)
	assert.Equal(t, []string{"example.com/pre/a", "example.com/pre/b"}, paths(ok))
	assert.Equal(t, []string{"example.com/pre/c"}, paths(testOnly))
	assert.Empty(t, skipped)

	ok, testOnly, err = preflight.Run(ctx, []string{"./..."}, nil, true, skip)
	require.NoError(t, err)
	assert.Equal(t, []string{"example.com/pre/a"}, paths(ok))
	assert.Empty(t, testOnly)
	assert.Equal(t, []string{
		"example.com/pre/b has no test files: no test can kill its mutants",
		"example.com/pre/c has no non-test Go files to mutate",
	}, skipped)

	var ie *preflight.InputError
	_, _, err = preflight.Run(ctx, []string{"./nope"}, nil, false, nil)
	require.True(t, errors.As(err, &ie), "%v", err)
	assert.EqualError(t, err, "./nope: no such directory")

	_, _, err = preflight.Run(ctx, []string{"./b"}, nil, false, nil)
	require.Error(t, err)
	assert.False(t, errors.As(err, &ie), "a package without tests is refused, not a bad argument")
	assert.EqualError(t, err, "example.com/pre/b has no test files: no test can kill its mutants")
}

// TestPreflightCallsPackagesThatDoNotExistAndDirectoriesOutsideAModuleBadArguments
// checks that an import path no module provides and "./..." outside any
// module are *InputError (exit 2), each naming the cause.
func TestPreflightCallsPackagesThatDoNotExistAndDirectoriesOutsideAModuleBadArguments(t *testing.T) {
	mod := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/pre\n\ngo 1.22\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(mod, "a.go"), []byte("package a\n"), 0o644))
	outside := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(outside, "x.go"), []byte("package x\n"), 0o644))
	for _, c := range []struct {
		dir, pattern, want string
	}{
		{mod, "example.com/pre/nosuch", "example.com/pre/nosuch: no such package"},
		{mod, "example.org/elsewhere", "example.org/elsewhere: no such package"},
		{mod, "nosuchstd", "nosuchstd: no such package"},
		{outside, "./...", "is not inside a Go module"},
		{outside, ".", "is not inside a Go module"},
	} {
		t.Run(c.pattern, func(t *testing.T) {
			t.Chdir(c.dir)
			_, _, err := preflight.Run(context.Background(), []string{c.pattern}, nil, false, nil)
			var ie *preflight.InputError
			require.True(t, errors.As(err, &ie), "%v is not an *InputError", err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}
