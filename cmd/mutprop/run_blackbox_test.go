package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/internal/cli"
)

// blackboxModule copies gotest's black-box fixture (example.com/blackbox:
// SortedUnique with a rapid property, Set's methods with a plain test,
// Double, and Clear, which has no result) into a temporary directory.
func blackboxModule(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "blackbox")
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "gotest", "testdata", "blackbox"))))
	return dir
}

// runBlackboxIn runs the mutprop binary in dir and returns its exit code and
// stderr.
func runBlackboxIn(t *testing.T, dir string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(mutpropBinary(t), args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, stderr.String()
	case errors.As(err, &exit):
		return exit.ExitCode(), stderr.String()
	}
	t.Fatalf("mutprop %v: %v", args, err)
	return 0, ""
}

// TestBlackboxFlagErrorsAreUsageErrors checks the black-box flags that
// need no package.
func TestBlackboxFlagErrorsAreUsageErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--blackbox-mutants", "5", "./nosuchdir"}, "need --blackbox"},
		{[]string{"--blackbox-points", "3", "./nosuchdir"}, "need --blackbox"},
		{[]string{"--blackbox", "--blackbox-mutants", "0", "./nosuchdir"}, "want at least 1"},
		{[]string{"--blackbox", "--blackbox-points", "-1", "./nosuchdir"}, "want 0 (every input) or more"},
		{[]string{"--blackbox", "--mode", "overlay", "./nosuchdir"}, "needs --mode schemata"},
		{[]string{"--blackbox=,", "./nosuchdir"}, "comma-separated list"},
		{[]string{"--blackbox", "SortedUnique,(*Set).Add", "."}, "--blackbox=SortedUnique,(*Set).Add"},
		{[]string{"--blackbox", "(*Set).Add"}, "a list of functions follows an '='"},
	} {
		code, _, stderr := runCLI(t, append([]string{"run"}, c.args...)...)
		if code != cli.ExitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("run %v: exit %d, want %d with %q:\n%s", c.args, code, cli.ExitUsage, c.want, stderr)
		}
	}
}

// TestBlackboxNamesAreCheckedBeforeAnyBuild: an unknown name exits 2
// naming the functions that exist, a function that cannot be wrapped
// exits 2 with the reason, and --blackbox lists it with the reason.
func TestBlackboxNamesAreCheckedBeforeAnyBuild(t *testing.T) {
	t.Parallel()
	dir := blackboxModule(t)
	code, stderr := runBlackboxIn(t, dir, "run", "--no-cache", "--blackbox=SortedUnique,NoSuchFunc", ".")
	require.Equal(t, cli.ExitUsage, code, stderr)
	require.Contains(t, stderr, "no function NoSuchFunc")
	for _, name := range []string{"SortedUnique", "(*Set).Add", "(*Set).Len", "Double"} {
		require.Contains(t, stderr, name, "the functions that can be wrapped")
	}
	require.NotContains(t, stderr, "built in")

	code, stderr = runBlackboxIn(t, dir, "run", "--no-cache", "--blackbox=Clear", ".")
	require.Equal(t, cli.ExitUsage, code, stderr)
	require.Contains(t, stderr, "Clear cannot be wrapped: ")

	code, stderr = runBlackboxIn(t, dir, "run", "--no-cache", "--no-journal", "--workers", "2", "--operators", "arithmetic", "--blackbox", "--blackbox-mutants", "1", ".")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stderr, "example.com/blackbox.Clear cannot be wrapped: ")
}

// blackboxReport reads a JSON report's statuses and mutator names by
// mutant ID.
func blackboxReport(t *testing.T, path string) (statuses, mutators map[string]string) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var doc struct {
		Files map[string]struct {
			Mutants []struct {
				ID, Status, MutatorName string
			}
		}
	}
	require.NoError(t, json.Unmarshal(b, &doc))
	statuses, mutators = map[string]string{}, map[string]string{}
	for _, f := range doc.Files {
		for _, m := range f.Mutants {
			statuses[m.ID], mutators[m.ID] = m.Status, m.MutatorName
		}
	}
	return statuses, mutators
}

// TestBlackboxRunCachesAndShards scores the fixture with black-box
// mutants of two functions: they are in the JSON with mutatorName
// blackbox, SortedUnique's killed; a second run takes them all from the
// cache; two shards merged give the unsharded statuses.
func TestBlackboxRunCachesAndShards(t *testing.T) {
	t.Parallel()
	dir, out := blackboxModule(t), t.TempDir()
	bb := []string{"--blackbox=SortedUnique,Double", "--blackbox-mutants", "3"}

	first := runCached(t, dir, filepath.Join(out, "1.json"), bb...)
	n := len(first.statuses)
	requireCounts(t, first, 0, n)
	statuses, mutators := blackboxReport(t, filepath.Join(out, "1.json"))
	black := 0
	for id, st := range statuses {
		if !strings.HasPrefix(id, "blackbox:") {
			continue
		}
		black++
		require.Equal(t, "blackbox", mutators[id], id)
		if strings.HasPrefix(id, "blackbox:example.com/blackbox.SortedUnique:") {
			require.Equal(t, "Killed", st, id)
			require.Equal(t, []string{"TestSortedUniqueProperty"}, first.killedBy[id], id)
		}
	}
	require.Equal(t, 6, black, "3 black-box mutants of each of 2 functions")

	second := runCached(t, dir, filepath.Join(out, "2.json"), bb...)
	requireCounts(t, second, n, 0)
	requireNoBuild(t, second)
	require.Equal(t, first.statuses, second.statuses)

	// Another K is another run: the cache key holds the black-box flags.
	other := runCached(t, dir, filepath.Join(out, "3.json"), "--blackbox=SortedUnique,Double", "--blackbox-mutants", "2")
	require.Contains(t, other.stderr, "the cache was made with another set of flags")

	j1, j2 := filepath.Join(out, "s1.jsonl"), filepath.Join(out, "s2.jsonl")
	for _, s := range [][]string{{"1/2", j1}, {"2/2", j2}} {
		code, stderr := runBlackboxIn(t, dir, append(append([]string{"run", "--no-cache", "--workers", "2", "--shard", s[0], "--journal", s[1]}, bb...), "./...")...)
		require.Equal(t, 0, code, stderr)
	}
	merged := filepath.Join(out, "merged.json")
	code, stderr := runBlackboxIn(t, dir, "merge", "--json", merged, j1, j2)
	require.Equal(t, 0, code, stderr)
	mergedStatuses, _ := blackboxReport(t, merged)
	require.Equal(t, statuses, mergedStatuses, "the merged shards' statuses")
}
