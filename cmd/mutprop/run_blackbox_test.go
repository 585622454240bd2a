package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/mutantid"
	"github.com/mutprop/mutprop/internal/testfix"
)

// blackboxModule writes gotest's black-box fixture (example.com/blackbox:
// SortedUnique with a rapid property, Set's methods with a plain test,
// Double, and Clear, which has no result) into a temporary directory.
func blackboxModule(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "blackbox")
	testfix.WriteTxtar(t, filepath.Join("..", "..", "gotest", "testdata", "blackbox.txtar"), dir)
	return dir
}

// runBlackboxIn runs the mutprop binary in dir and returns its exit code and
// stderr.
func runBlackboxIn(t *testing.T, dir string, args ...string) (int, string) {
	t.Helper()
	code, _, stderr := runBlackboxOut(t, dir, args...)
	return code, stderr
}

// runBlackboxOut runs the mutprop binary in dir and returns its exit code,
// stdout and stderr.
func runBlackboxOut(t *testing.T, dir string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(mutpropBinary(t), args...)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, out.String(), errOut.String()
	case errors.As(err, &exit):
		return exit.ExitCode(), out.String(), errOut.String()
	}
	t.Fatalf("mutprop %v: %v", args, err)
	return 0, "", ""
}

// strengthText is the console's strength tables: from their first title
// to the blank line after the last, or the floor line a live run prints.
func strengthText(t *testing.T, stdout string) string {
	t.Helper()
	i := strings.Index(stdout, "Strength and data coverage of the tests of")
	require.GreaterOrEqual(t, i, 0, "no strength table in:\n%s", stdout)
	rest := stdout[i:]
	for _, end := range []string{"\n\n", "\nfloor: "} {
		if j := strings.Index(rest, end); j >= 0 {
			rest = rest[:j]
		}
	}
	return strings.TrimRight(rest, "\n")
}

// rawStrength is a JSON report's mutpropStrength section as it is.
func rawStrength(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var doc map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(b, &doc))
	require.Contains(t, doc, "mutpropStrength", path)
	return string(doc["mutpropStrength"])
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
		{[]string{"--blackbox", "Double,(*Set).Add", "--blackbox-mutants", "200", "."}, "--blackbox=Double,(*Set).Add"},
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
	testfix.EndToEnd(t)
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
// cache, with the strength; two shards merged give the unsharded statuses, strength (JSON
// and console) and black-box count, which each shard prints too.
func TestBlackboxRunCachesAndShards(t *testing.T) {
	testfix.EndToEnd(t)
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
	// The summary counts them, and each mutant's JSON has the alias the
	// survivor lines print.
	require.Contains(t, first.stdout, fmt.Sprintf("%d mutants (6 black-box): ", n))
	aliases := blackboxAliases(t, filepath.Join(out, "1.json"))
	require.Len(t, aliases, n)
	for id, alias := range aliases {
		require.Equal(t, mutantid.Alias("example.com/blackbox", id), alias, id)
	}
	// The strength of each test that calls a wrapped function, with its
	// data coverage: the property passes lists, TestDouble one number.
	strength := blackboxStrength(t, filepath.Join(out, "1.json"))
	require.Equal(t, []string{"Double TestDouble", "SortedUnique TestSortedUniqueProperty"}, strength.keys())
	prop, double := strength.Rows[1], strength.Rows[0]
	require.Equal(t, 3, prop.Killed, "the property kills SortedUnique's 3 mutants")
	require.NotNil(t, prop.Data)
	require.Greater(t, prop.Data.MaxSize, uint64(1), "the property's lists")
	require.NotNil(t, double.Data)
	require.Equal(t, 1, double.Data.Distinct, "TestDouble calls Double(3) only")
	require.Equal(t, uint64(2), double.Data.MaxSize, "the size of 3: its bit length")
	require.Contains(t, first.stdout, "Strength and data coverage of the tests of example.com/blackbox")

	second := runCached(t, dir, filepath.Join(out, "2.json"), bb...)
	requireCounts(t, second, n, 0)
	requireNoBuild(t, second)
	require.Equal(t, first.statuses, second.statuses)
	require.JSONEq(t, rawStrength(t, filepath.Join(out, "1.json")), rawStrength(t, filepath.Join(out, "2.json")), "the strength from the cache")
	require.Contains(t, second.stdout, fmt.Sprintf("%d mutants (6 black-box): ", n))

	// Another K is another run: the cache key holds the black-box flags.
	other := runCached(t, dir, filepath.Join(out, "3.json"), "--blackbox=SortedUnique,Double", "--blackbox-mutants", "2")
	require.Contains(t, other.stderr, "none with these settings (the last run's differ in --blackbox)")

	j1, j2 := filepath.Join(out, "s1.jsonl"), filepath.Join(out, "s2.jsonl")
	for _, s := range [][]string{{"1/2", j1}, {"2/2", j2}} {
		code, stdout, stderr := runBlackboxOut(t, dir, append(append([]string{"run", "--no-cache", "--workers", "2", "--shard", s[0], "--journal", s[1]}, bb...), "./...")...)
		require.Equal(t, 0, code, stderr)
		require.Contains(t, stdout, fmt.Sprintf("%d mutants (6 black-box): ", n), "shard %s counts every shard's black-box mutants", s[0])
	}
	merged := filepath.Join(out, "merged.json")
	code, stdout, stderr := runBlackboxOut(t, dir, "merge", "--json", merged, j1, j2)
	require.Equal(t, 0, code, stderr)
	mergedStatuses, _ := blackboxReport(t, merged)
	require.Equal(t, statuses, mergedStatuses, "the merged shards' statuses")
	require.JSONEq(t, rawStrength(t, filepath.Join(out, "1.json")), rawStrength(t, merged), "the merged shards' mutpropStrength")
	require.Equal(t, strengthText(t, first.stdout), strengthText(t, stdout), "the merged shards' strength tables")
	require.Contains(t, stdout, fmt.Sprintf("%d mutants (6 black-box): ", n))
}

// blackboxAliases reads a JSON report's mutpropAlias by mutant ID.
func blackboxAliases(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var doc struct {
		Files map[string]struct {
			Mutants []struct{ ID, MutpropAlias string }
		}
	}
	require.NoError(t, json.Unmarshal(b, &doc))
	out := map[string]string{}
	for _, f := range doc.Files {
		for _, m := range f.Mutants {
			out[m.ID] = m.MutpropAlias
		}
	}
	return out
}

// strengthDoc is the JSON report's mutpropStrength, as far as the tests
// read it.
type strengthDoc struct {
	Rows []struct {
		Function, Test string
		Killed         int
		Data           *struct {
			Distinct int
			MaxSize  uint64 `json:"maxSize"`
		}
	}
}

// keys lists the rows as "function test".
func (s strengthDoc) keys() []string {
	var out []string
	for _, r := range s.Rows {
		out = append(out, r.Function+" "+r.Test)
	}
	return out
}

// blackboxStrength reads the mutpropStrength section of a JSON report.
func blackboxStrength(t *testing.T, path string) strengthDoc {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var doc struct {
		Strength *strengthDoc `json:"mutpropStrength"`
	}
	require.NoError(t, json.Unmarshal(b, &doc))
	require.NotNil(t, doc.Strength, "no mutpropStrength in %s", path)
	return *doc.Strength
}
