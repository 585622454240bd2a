package gotest

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/outcome"
)

// TestTheFloorTakesTheMedianOfATestsRunsTogether checks settleOriginal
// by hand: one run read late (its lines in one piece, 1 us) moves a
// test's floor time no more than one read slow does, and the median
// stays within the rounding of the time the first run printed.
func TestTheFloorTakesTheMedianOfATestsRunsTogether(t *testing.T) {
	t.Parallel()
	ms := time.Millisecond
	s := &session{original: map[string]time.Duration{"TestA": 11 * ms, "TestB": 2 * ms, "TestC": 5 * ms, "TestD": 200 * ms},
		printed: map[string]time.Duration{"TestA": 10 * ms, "TestB": 0, "TestC": 10 * ms, "TestD": 200 * ms}}
	s.addOriginal(map[string]time.Duration{"TestA": 11 * ms, "TestB": 2 * ms, "TestX": ms})
	s.addOriginal(map[string]time.Duration{"TestA": time.Microsecond, "TestB": 3 * ms})
	s.addOriginal(map[string]time.Duration{"TestA": 12 * ms, "TestB": 40 * ms, "TestD": 390 * ms})
	s.addOriginal(map[string]time.Duration{"TestD": 410 * ms})
	s.addOriginal(map[string]time.Duration{"TestA": 10 * ms})
	s.settleOriginal()
	want := map[string]time.Duration{
		"TestA": 10 * ms,  // 1 us, 10, 11, 12: the lower middle
		"TestB": 3 * ms,   // 2, 3, 40
		"TestC": 5 * ms,   // no run added: as recorded
		"TestD": 205 * ms, // 390 and 410 on busy workers: 200 ms printed alone, and 5 ms of rounding
	}
	for name, d := range want {
		if s.original[name] != d {
			t.Errorf("%s: %v, want %v", name, s.original[name], d)
		}
	}
	if _, ok := s.original["TestX"]; ok {
		t.Errorf("TestX, which the baseline never recorded, has a floor time")
	}
}

// TestOneMoreProcessCostsAnEmptyRunOfTheBinary builds a test binary whose
// TestMain sleeps 30 ms, or fails where a file "fail" lies in its
// working directory, and checks measureProcess: the
// median of its empty runs is the binary's start and TestMain, at least
// the 30 ms and far from a second; a binary whose empty run fails keeps
// the baseline's figure (processCost 0).
func TestOneMoreProcessCostsAnEmptyRunOfTheBinary(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/slowmain\n\ngo 1.21\n",
		"main_test.go": `package slowmain

import (
	"os"
	"testing"
	"time"
)

func TestMain(m *testing.M) {
	if _, err := os.Stat("fail"); err == nil {
		os.Exit(3)
	}
	time.Sleep(30 * time.Millisecond)
	os.Exit(m.Run())
}

func TestNothing(t *testing.T) {}
`,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := &testbin.Binary{Path: filepath.Join(t.TempDir(), "p.test")}
	if err := testbin.Build(t.Context(), testbin.BuildSpec{Dir: dir, Out: bin.Path}); err != nil {
		t.Fatal(err)
	}
	s := &session{bin: bin, runState: &runState{cfg: &Config{}}}
	s.measureProcess(t.Context(), dir)
	if s.processCost < 30*time.Millisecond || s.processCost > time.Second {
		t.Errorf("an empty run of a binary whose TestMain sleeps 30 ms: %v", s.processCost)
	}
	there := t.TempDir()
	if err := os.WriteFile(filepath.Join(there, "fail"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	failing := &session{bin: bin, runState: &runState{cfg: &Config{}}}
	failing.measureProcess(t.Context(), there)
	if failing.processCost != 0 {
		t.Errorf("a binary whose empty run fails: %v, want 0 (the baseline's figure kept)", failing.processCost)
	}
}

// TestNoFloorIsMeasuredWithoutItsBuild: with --no-floor (or a plain build
// that failed) FloorBuild is 0, and the floor is 0, not the tests' time
// alone, which made a run of 0.7 s "5636.8x the floor".
func TestNoFloorIsMeasuredWithoutItsBuild(t *testing.T) {
	t.Parallel()
	pr := &PackageResult{FloorTests: 4 * time.Millisecond, Workers: 2}
	if got := pr.Floor(); got != 0 {
		t.Errorf("Floor() without a build = %v, want 0", got)
	}
	pr.FloorBuild = time.Second // 1 s + 4 ms / 2 workers
	if got, want := pr.Floor(), time.Second+2*time.Millisecond; got != want {
		t.Errorf("Floor() = %v, want %v", got, want)
	}
}

// TestTheFloorCountsAKillingTestUpToItsFailure checks measureFloor by
// hand: a mutant killed by a property at its 10th of the 100 cases the
// property ran on the original counts a tenth of its 40 ms, after the
// 2 ms test before it; a killer whose output counted nothing counts
// whole; a survivor counts every covering test; a mutant no test covers
// counts nothing.
func TestTheFloorCountsAKillingTestUpToItsFailure(t *testing.T) {
	t.Parallel()
	ms := time.Millisecond
	s := &session{
		original: map[string]time.Duration{"TestQuick": 2 * ms, "TestProp": 40 * ms, "TestTable": 8 * ms},
		cases:    map[string]int{"TestProp": 100},
	}
	tg := &target{pr: &PackageResult{}, refs: map[string]testRef{}}
	for name := range s.original {
		tg.refs[name] = testRef{s: s, name: name}
	}
	tests := []string{"TestQuick", "TestProp", "TestTable"}
	tg.pr.Mutants = []MutantResult{
		{Outcome: outcome.Killed, CoveredBy: tests, KilledBy: []string{"TestProp"}, TestsToFailure: map[string]int{"TestProp": 10}},
		{Outcome: outcome.Killed, CoveredBy: tests, KilledBy: []string{"TestTable"}},
		{Outcome: outcome.Survived, CoveredBy: tests},
		{Outcome: outcome.NoCoverage},
	}
	tg.measureFloor()
	want := (2*ms + 4*ms) + (2*ms + 40*ms + 8*ms) + (2*ms + 40*ms + 8*ms)
	if tg.pr.FloorTests != want || tg.pr.FloorProcesses != 3 {
		t.Errorf("floor tests %v in %d processes, want %v in 3", tg.pr.FloorTests, tg.pr.FloorProcesses, want)
	}
}
