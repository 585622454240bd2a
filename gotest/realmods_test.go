package gotest_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

// The modules under testdata/realmods each hold one trait of real modules
// that once stopped mutprop run: tests that read files beside the package,
// tests that only hold on go test's own build, tests in another package.

// copyRealMod writes testdata/realmods/name.txtar to a temporary directory and
// returns the copy's root.
func copyRealMod(t *testing.T, name string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), name)
	testfix.WriteTxtar(t, filepath.Join("testdata", "realmods", name+".txtar"), dst)
	return dst
}

// realModConfig scores dir's packages matching patterns.
func realModConfig(t *testing.T, dir string, patterns ...string) gotest.Config {
	return gotest.Config{
		Dir:      dir,
		Patterns: patterns,
		Workers:  2,
		Seed:     1,
		Timeouts: proc.Timeouts{Factor: 5, Const: time.Second, Floor: time.Second},
		TempDir:  t.TempDir(),
		NoFloor:  true,
	}
}

// scoreRealMod scores the copy of a realmods module and checks that the
// copy is byte-identical afterwards.
func scoreRealMod(t *testing.T, cfg gotest.Config) (*gotest.Result, error) {
	t.Helper()
	before := testfix.SnapshotTree(t, cfg.Dir)
	res, err := gotest.Score(context.Background(), cfg)
	testfix.AssertTreeUnchanged(t, cfg.Dir, before)
	return res, err
}

// tally counts a package's mutants by outcome.
func tally(pr *gotest.PackageResult) map[outcome.Outcome]int {
	out := map[outcome.Outcome]int{}
	for _, r := range pr.Mutants {
		out[r.Outcome]++
	}
	return out
}

func TestATestMainThatReadsTestdataAndGoldenFilesRunsInThePackagesDirectory(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	res, err := scoreRealMod(t, realModConfig(t, copyRealMod(t, "testmain"), "."))
	if err != nil {
		t.Fatalf("score: %v", err)
	}
	pr := res.Packages[0]
	if len(pr.SetAside) > 0 {
		t.Errorf("tests set aside: %+v; every test passes under go test", pr.SetAside)
	}
	if len(pr.Tests) != 3 {
		t.Errorf("%d tests ran the baseline, want 3: %+v", len(pr.Tests), pr.Tests)
	}
	n := tally(pr)
	if n[outcome.Killed] == 0 || n[outcome.Crashed] > 0 || n[outcome.NotViable] > 0 {
		t.Errorf("outcomes %v: want kills and no crash (a crash is a test that did not find its files)", n)
	}
}

func TestATestThatOnlyHoldsOnGoTestsBuildIsSetAsideByName(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := copyRealMod(t, "allocs")
	res, err := scoreRealMod(t, realModConfig(t, dir, "."))
	if err != nil {
		t.Fatalf("score: %v", err)
	}
	pr := res.Packages[0]
	if len(pr.SetAside) != 1 || pr.SetAside[0].Test != "TestNewPointDoesNotAllocate" {
		t.Fatalf("set aside %+v, want TestNewPointDoesNotAllocate alone", pr.SetAside)
	}
	if r := pr.SetAside[0].Reason; !strings.Contains(r, "passes under go test") {
		t.Errorf("reason %q does not say it passes under go test", r)
	}
	if n := tally(pr); n[outcome.Killed] == 0 {
		t.Errorf("outcomes %v: the package was not scored with its other tests", n)
	}

	cfg := realModConfig(t, dir, ".")
	cfg.StrictBaseline = true
	if _, err := scoreRealMod(t, cfg); err == nil || !strings.Contains(err.Error(), "TestNewPointDoesNotAllocate") || !strings.Contains(err.Error(), "strict-baseline") {
		t.Errorf("StrictBaseline: %v, want a refusal naming the test", err)
	}
}

func TestTestsInAnotherPackageKillTheMutantsOfTheCodeTheyCover(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := copyRealMod(t, "xpkg")
	res, err := scoreRealMod(t, realModConfig(t, dir, "./..."))
	if err != nil {
		t.Fatalf("score: %v", err)
	}
	var calc *gotest.PackageResult
	for _, pr := range res.Packages {
		if pr.Path == "example.com/xpkg/calc" {
			calc = pr
		}
	}
	if calc == nil || len(calc.Mutants) == 0 {
		t.Fatalf("no mutants of example.com/xpkg/calc in %d packages", len(res.Packages))
	}
	n := tally(calc)
	if n[outcome.NoCoverage] > 0 || n[outcome.Killed] == 0 {
		t.Errorf("calc's outcomes %v: its mutants must be covered and killed by calctest's tests", n)
	}
	for _, pr := range res.Packages {
		if len(pr.SetAside) > 0 {
			t.Errorf("%s set aside %+v: each test package's tests run in their own directory", pr.Path, pr.SetAside)
		}
	}
	// Add has calc's own test; Max only calctest's.
	maxKilled := 0
	for _, r := range calc.Mutants {
		if r.Outcome != outcome.Killed || r.Mutant.Line < 8 {
			continue
		}
		maxKilled++
		if !slices.ContainsFunc(r.KilledBy, func(k string) bool { return strings.HasPrefix(k, "example.com/xpkg/calctest.Test") }) {
			t.Errorf("%s killed by %v, want a test named with its package (example.com/xpkg/calctest.TestX)", r.Mutant.ID, r.KilledBy)
		}
	}
	if maxKilled == 0 {
		t.Error("no mutant of Max killed: only calctest's tests cover it")
	}

	cfg := realModConfig(t, dir, "./...")
	cfg.OwnTests = true
	res, err = scoreRealMod(t, cfg)
	if err != nil {
		t.Fatalf("OwnTests: %v", err)
	}
	for _, pr := range res.Packages {
		for _, r := range pr.Mutants {
			if pr.Path == "example.com/xpkg/calc" && r.Mutant.Line >= 8 && r.Outcome != outcome.NoCoverage {
				t.Errorf("OwnTests: %s is %s, want no-coverage (only another package's tests cover Max)", r.Mutant.ID, r.Outcome)
			}
		}
	}
}

// copyTestdata writes the module testdata/name.txtar into a fresh
// temporary directory, name, and returns its path. testdata/trials is a
// directory, which the README has users run mutprop in: it is copied.
// The tests score copies, never testdata itself.
func copyTestdata(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	archive := filepath.Join("testdata", name+".txtar")
	if _, err := os.Stat(archive); err == nil {
		testfix.WriteTxtar(t, archive, dir)
		return dir
	}
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", name))); err != nil {
		t.Fatal(err)
	}
	return dir
}
