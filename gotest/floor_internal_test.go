package gotest

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testbin"
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
