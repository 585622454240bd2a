package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/mutprop/mutprop/internal/testfix"
)

// cachedRun is one mutprop run in a module of the outcome-cache tests.
type cachedRun struct {
	stdout, stderr string
	wall           time.Duration
	// fromCache, total and ran are the counts of the line
	// "N of M mutants from the cache, K run" (-1 without it).
	fromCache, total, ran int
	statuses              map[string]string // mutant ID -> status, from the JSON report
	killedBy              map[string][]string
}

var cacheLineRE = regexp.MustCompile(`mutprop run: (\d+) of (\d+) mutants from the cache, (\d+) run`)

// runCached runs mutprop run in dir with args, the JSON report going to
// report; the run must succeed.
func runCached(t *testing.T, dir, report string, args ...string) cachedRun {
	t.Helper()
	return runCachedEnv(t, dir, report, nil, args...)
}

// runCachedEnv is runCached with the variables env ("NAME=value") added
// to the environment.
func runCachedEnv(t *testing.T, dir, report string, env []string, args ...string) cachedRun {
	t.Helper()
	cmd := exec.Command(mutpropBinary(t), append(append([]string{"run", "--workers", "2", "--json", report}, args...), "./...")...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r := cachedRun{stdout: stdout.String(), stderr: stderr.String(), wall: time.Since(start), fromCache: -1, total: -1, ran: -1}
	require.NoError(t, err, "mutprop run %v\n%s", args, &stderr)
	if m := cacheLineRE.FindStringSubmatch(r.stderr); m != nil {
		r.fromCache, _ = strconv.Atoi(m[1])
		r.total, _ = strconv.Atoi(m[2])
		r.ran, _ = strconv.Atoi(m[3])
	}
	b, err := os.ReadFile(report)
	require.NoError(t, err)
	var doc struct {
		Files map[string]struct {
			Mutants []struct {
				ID       string
				Status   string
				KilledBy []string
			}
		}
	}
	require.NoError(t, json.Unmarshal(b, &doc))
	r.statuses, r.killedBy = map[string]string{}, map[string][]string{}
	for _, f := range doc.Files {
		for _, m := range f.Mutants {
			r.statuses[m.ID] = m.Status
			r.killedBy[m.ID] = m.KilledBy
		}
	}
	require.NotEmpty(t, r.statuses)
	return r
}

// requireCounts checks the run's cache line.
func requireCounts(t *testing.T, r cachedRun, fromCache, ran int) {
	t.Helper()
	require.Equal(t, []int{fromCache, len(r.statuses), ran}, []int{r.fromCache, r.total, r.ran},
		"want %d of %d mutants from the cache and %d run\n%s", fromCache, len(r.statuses), ran, r.stderr)
}

// requireNoBuild checks that the run built and ran nothing.
func requireNoBuild(t *testing.T, r cachedRun) {
	t.Helper()
	for _, stage := range []string{"copied module", "built in", "baseline passed", "per-test coverage", "probes in"} {
		require.NotContains(t, r.stderr, stage, "a run from the cache went through a stage")
	}
	require.Contains(t, r.stderr, "nothing built")
}

// TestCacheSecondRunOfAnUnchangedPackageRunsNothing runs mutprop twice on
// an unchanged package: the second run builds and runs nothing and gives
// the same statuses and journal; a corrupt cache is ignored with a warning
// (and rewritten), and a flag that changes verdicts runs everything again
// without evicting the first flags' verdicts, which another --workers
// reuses.
func TestCacheSecondRunOfAnUnchangedPackageRunsNothing(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir, out := tinyModule(t), t.TempDir()
	report := func(name string) string { return filepath.Join(out, name) }

	first := runCached(t, dir, report("1.json"))
	n := len(first.statuses)
	requireCounts(t, first, 0, n)
	require.Contains(t, first.stderr, "built in")

	second := runCached(t, dir, report("2.json"))
	requireCounts(t, second, n, 0)
	requireNoBuild(t, second)
	require.Equal(t, first.statuses, second.statuses)
	require.Equal(t, first.killedBy, second.killedBy)
	journaled, _ := journalRecords(filepath.Join(dir, ".mutprop", "run.jsonl"))
	require.Equal(t, n, journaled, "the journal of the run from the cache")
	t.Logf("first run %v, second run (from the cache) %v: %.1f%% of the first",
		first.wall.Round(time.Millisecond), second.wall.Round(time.Millisecond), 100*second.wall.Seconds()/first.wall.Seconds())

	cache := filepath.Join(dir, ".mutprop", "cache", "outcomes.json")
	require.NoError(t, os.WriteFile(cache, []byte(`{"format": 1, "packages": {"example.com/tiny": [`), 0o644))
	corrupt := runCached(t, dir, report("3.json"))
	require.Contains(t, corrupt.stderr, "is corrupt")
	requireCounts(t, corrupt, 0, n)
	require.Equal(t, first.statuses, corrupt.statuses)
	rewritten := runCached(t, dir, report("4.json"))
	requireCounts(t, rewritten, n, 0)

	flags := runCached(t, dir, report("5.json"), "--timeout-factor", "20")
	require.Contains(t, flags.stderr, "none with these settings (the last run's differ in --timeout-factor)")
	requireCounts(t, flags, 0, n)
	// The cache keeps both sets of flags: the first one's verdicts are
	// still there, and --workers changes none.
	back := runCached(t, dir, report("6.json"), "--workers", "1")
	requireCounts(t, back, n, 0)
	requireNoBuild(t, back)
	again := runCached(t, dir, report("7.json"), "--timeout-factor", "20")
	requireCounts(t, again, n, 0)
}

// TestCacheReportsWrittenBesideThePackageAreNotItsFiles writes the
// reports into the package's directory, as `mutprop run --html r.html .`
// does: the next run, without those flags, still takes every verdict from
// the cache (the reports are mutprop's files, not the user's), and so does
// the run after one that was served from the cache and wrote a new report.
func TestCacheReportsWrittenBesideThePackageAreNotItsFiles(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := tinyModule(t)
	first := runCached(t, dir, filepath.Join(dir, "r.json"), "--html", filepath.Join(dir, "r.html"))
	requireCounts(t, first, 0, len(first.statuses))
	second := runCached(t, dir, filepath.Join(t.TempDir(), "2.json"))
	requireCounts(t, second, len(first.statuses), 0)
	requireNoBuild(t, second)
	require.Equal(t, first.statuses, second.statuses)
	// A run served wholly from the cache that writes a new report beside
	// the package records it too: the next run still builds nothing.
	third := runCached(t, dir, filepath.Join(dir, "r3.json"))
	requireCounts(t, third, len(first.statuses), 0)
	fourth := runCached(t, dir, filepath.Join(t.TempDir(), "4.json"))
	requireCounts(t, fourth, len(first.statuses), 0)
	requireNoBuild(t, fourth)
}

// incModule is a module of three packages: a (Add, killed by its own
// TestAdd; Pos, whose boundary mutant survives and whose literal mutant
// only c's test kills), b (independent of a) and c (tests of a only):
// testdata/inc.txtar.
func incModule(t *testing.T) string {
	t.Helper()
	return fixture(t, "inc")
}

// appendTo appends text to the file dir/name.
func appendTo(t *testing.T, dir, name, text string) {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(dir, name), os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString(text)
	require.NoError(t, err)
	require.NoError(t, f.Close())
}

// TestCacheEditsInvalidateWhatTheyTouch edits one file at a time and
// checks which mutants run again: the mutated code's (editing b.go reruns
// b's mutants only), a test package's (editing c's tests reruns a's
// verdicts that depend on c: its survivors and what c killed, not what a's
// own tests killed), a new test package that reaches a (reruns a's
// survivors, one of which it kills). The statuses from the cache are those
// of a run without it, and --no-cache neither reads nor writes the cache.
func TestCacheEditsInvalidateWhatTheyTouch(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir, out := incModule(t), t.TempDir()
	report := func(name string) string { return filepath.Join(out, name) }
	const pa, pb, pc = "example.com/inc/a/", "example.com/inc/b/", "example.com/inc/c."
	count := func(r cachedRun, keep func(id string) bool) int {
		n := 0
		for id := range r.statuses {
			if keep(id) {
				n++
			}
		}
		return n
	}

	first := runCached(t, dir, report("1.json"))
	n := len(first.statuses)
	requireCounts(t, first, 0, n)
	// The module is what the test needs: in a, mutants killed by a's own
	// tests, one killed by c's only, survivors; mutants in b.
	killedByC := func(id string) bool {
		return first.statuses[id] == "Killed" && strings.Contains(strings.Join(first.killedBy[id], " "), pc)
	}
	ownKilled := count(first, func(id string) bool {
		return strings.HasPrefix(id, pa) && first.statuses[id] == "Killed" && !killedByC(id)
	})
	require.Positive(t, ownKilled, "%v", first.statuses)
	require.Positive(t, count(first, killedByC), "%v %v", first.statuses, first.killedBy)
	require.Positive(t, count(first, func(id string) bool { return first.statuses[id] == "Survived" }))
	inB := count(first, func(id string) bool { return strings.HasPrefix(id, pb) })
	require.Positive(t, inB)

	// The mutated function's file: b's mutants run again, no other.
	appendTo(t, dir, "b/b.go", "\n// An edit.\n")
	r := runCached(t, dir, report("2.json"))
	requireCounts(t, r, n-inB, inB)
	require.Equal(t, first.statuses, r.statuses)

	// c's tests: a's verdicts that depend on c run again (its survivors,
	// those c killed), not those of a's own tests' kills, nor b's.
	appendTo(t, dir, "c/c_test.go", "\n// An edit.\n")
	dependOnC := count(first, func(id string) bool {
		return strings.HasPrefix(id, pa) && (first.statuses[id] != "Killed" || killedByC(id))
	})
	r = runCached(t, dir, report("3.json"))
	requireCounts(t, r, n-dependOnC, dependOnC)
	require.Contains(t, r.stderr, "example.com/inc/c's tests changed")
	require.Equal(t, first.statuses, r.statuses)

	// A new test package that reaches a and kills its boundary survivor:
	// a's survivors run again, and the survivor is killed.
	addFixture(t, dir, "inc_d")
	notKilledInA := count(first, func(id string) bool { return strings.HasPrefix(id, pa) && first.statuses[id] != "Killed" })
	cached := runCached(t, dir, report("4.json"))
	requireCounts(t, cached, n-notKilledInA, notKilledInA)
	require.NotEqual(t, first.statuses, cached.statuses, "d's test kills a survivor of a")

	// Without the cache: everything runs, with the statuses the cache
	// gave, and the cache file is neither read nor written.
	cache := filepath.Join(dir, ".mutprop", "cache", "outcomes.json")
	before, err := os.ReadFile(cache)
	require.NoError(t, err)
	fresh := runCached(t, dir, report("5.json"), "--no-cache")
	require.Equal(t, -1, fresh.fromCache, "--no-cache printed a cache line:\n%s", fresh.stderr)
	require.Contains(t, fresh.stderr, "built in")
	require.Equal(t, fresh.statuses, cached.statuses, "the statuses from the cache are not a fresh run's")
	after, err := os.ReadFile(cache)
	require.NoError(t, err)
	require.Equal(t, before, after, "--no-cache wrote the cache")
}

// countWhere counts the mutants of a run whose ID keep accepts.
func countWhere(r cachedRun, keep func(id string) bool) int {
	n := 0
	for id := range r.statuses {
		if keep(id) {
			n++
		}
	}
	return n
}

// inPackage accepts the IDs of the mutants of the package pkg (with
// several packages, the report's IDs begin with their package's path).
func inPackage(pkg string) func(id string) bool {
	return func(id string) bool {
		p, _, ok := strings.Cut(id, "/operator:")
		return ok && p == pkg
	}
}

// TestCacheSeesTheFilesTheTestsReadOutsideTestdata scores
// testdata/reads.txtar, whose tests decide what they check from a file
// beside their package (fixtures/mode.txt) and from one outside their
// package's directory (../shared/exp.txt): a change to either reruns the
// verdicts of the tests that read it, and the cache gives what a run
// without it gives; a file no test reads changes nothing.
func TestCacheSeesTheFilesTheTestsReadOutsideTestdata(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir, out := fixture(t, "reads"), t.TempDir()
	report := func(name string) string { return filepath.Join(out, name) }
	strict := []string{"READS_STRICT=1"}
	first := runCachedEnv(t, dir, report("1.json"), strict)
	n := len(first.statuses)
	requireCounts(t, first, 0, n)
	root, sub := countWhere(first, inPackage("example.com/reads")), countWhere(first, inPackage("example.com/reads/sub"))
	require.Positive(t, root)
	require.Positive(t, sub)
	require.Equal(t, n, countWhere(first, func(id string) bool { return first.statuses[id] == "Killed" }), "%v", first.statuses)

	// fresh is what a run without the cache says of the tree as it is.
	fresh := func(name string) cachedRun {
		t.Helper()
		r := runCachedEnv(t, dir, report(name), strict, "--no-cache")
		require.Equal(t, -1, r.fromCache)
		return r
	}
	writeFiles(t, dir, map[string]string{"fixtures/mode.txt": "off\n"})
	r := runCachedEnv(t, dir, report("2.json"), strict)
	requireCounts(t, r, n-root, root)
	require.Contains(t, r.stderr, "fixtures/mode.txt, which example.com/reads's tests read, changed")
	want := fresh("2-fresh.json")
	require.Equal(t, want.statuses, r.statuses, "the cache's verdicts are not those of a run without it")
	require.Equal(t, root, countWhere(r, func(id string) bool { return r.statuses[id] == "NoCoverage" }), "%v", r.statuses)

	writeFiles(t, dir, map[string]string{"shared/exp.txt": "skip\n"})
	r = runCachedEnv(t, dir, report("3.json"), strict)
	requireCounts(t, r, n-sub, sub)
	require.Contains(t, r.stderr, "shared/exp.txt, which example.com/reads/sub's tests read, changed")
	// What a fresh run gives: sub's test now checks nothing.
	for id, st := range r.statuses {
		expect := want.statuses[id]
		if inPackage("example.com/reads/sub")(id) {
			expect = "NoCoverage"
		}
		require.Equal(t, expect, st, id)
	}

	writeFiles(t, dir, map[string]string{"docs/notes.txt": "Edited, and still read by no test.\n"})
	r = runCachedEnv(t, dir, report("4.json"), strict)
	requireCounts(t, r, n, 0)
	requireNoBuild(t, r)
}

// TestCacheKeysOnlyTheVariablesTheTestsRead scores testdata/reads.txtar,
// whose env package's test reads READS_STRICT: a variable no test reads
// (HOSTNAME) and --workers change no verdict, and the run after them is
// served from the cache; READS_STRICT reruns the env package's verdicts,
// and the cache gives what a run without it gives.
func TestCacheKeysOnlyTheVariablesTheTestsRead(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir, out := fixture(t, "reads"), t.TempDir()
	report := func(name string) string { return filepath.Join(out, name) }
	first := runCachedEnv(t, dir, report("1.json"), []string{"READS_STRICT=1", "HOSTNAME=one"})
	n := len(first.statuses)
	requireCounts(t, first, 0, n)
	inEnv := countWhere(first, inPackage("example.com/reads/env"))
	require.Positive(t, inEnv)

	r := runCachedEnv(t, dir, report("2.json"), []string{"READS_STRICT=1", "HOSTNAME=another"})
	requireCounts(t, r, n, 0)
	requireNoBuild(t, r)
	r = runCachedEnv(t, dir, report("3.json"), []string{"READS_STRICT=1", "HOSTNAME=another"}, "--workers", "1")
	requireCounts(t, r, n, 0)
	requireNoBuild(t, r)

	r = runCachedEnv(t, dir, report("4.json"), []string{"READS_STRICT=0"})
	requireCounts(t, r, n-inEnv, inEnv)
	require.Contains(t, r.stderr, "environment variable READS_STRICT, which example.com/reads/env's tests read, changed")
	want := runCachedEnv(t, dir, report("4-fresh.json"), []string{"READS_STRICT=0"}, "--no-cache")
	require.Equal(t, want.statuses, r.statuses)
	require.NotEqual(t, first.statuses, r.statuses, "READS_STRICT=0 leaves env's mutants uncovered")
}
