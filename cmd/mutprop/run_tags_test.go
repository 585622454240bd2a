package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/internal/testfix"
)

// taggedModule writes testdata/tagged.txtar, a module whose only test
// that can kill Add's mutants is behind the build tag mutproptag.
func taggedModule(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "tagged")
	testfix.WriteTxtar(t, filepath.Join("testdata", "tagged.txtar"), dir)
	return dir
}

// TestTagsReachEveryGoCommandWithoutGOFLAGS runs mutprop run in-process
// on a package whose killing test needs the tag mutproptag: with --tags
// it kills Add's mutants, without it (the same outcome cache) they
// survive, and the process's GOFLAGS is the same after the run as before.
func TestTagsReachEveryGoCommandWithoutGOFLAGS(t *testing.T) {
	testfix.EndToEnd(t)
	// Not parallel: the test changes the process's directory and
	// environment.
	dir := taggedModule(t)
	t.Chdir(dir)
	t.Setenv("GOFLAGS", "-mod=readonly")
	out := t.TempDir()
	run := func(name string, extra ...string) map[string]string {
		t.Helper()
		report := filepath.Join(out, name+".json")
		args := append([]string{"run", "--results", filepath.Join(out, "results"), "--no-journal", "--no-floor", "--workers", "2", "--operators", "arithmetic", "--json", report}, extra...)
		code, stdout, stderr := runCLI(t, append(args, ".")...)
		require.Equal(t, 0, code, "%s\n%s", stdout, stderr)
		require.Equal(t, "-mod=readonly", os.Getenv("GOFLAGS"), "the process's GOFLAGS after mutprop run %v", extra)
		statuses, _ := blackboxReport(t, report)
		require.NotEmpty(t, statuses)
		return statuses
	}
	tagged := run("tagged", "--tags", "mutproptag")
	for id, st := range tagged {
		require.Equal(t, "Killed", st, "with --tags mutproptag: %s", id)
	}
	plain := run("plain")
	require.Equal(t, len(tagged), len(plain), "the same mutants with and without the tag")
	for id, st := range plain {
		require.Equal(t, "Survived", st, "without --tags: %s", id)
	}
}
