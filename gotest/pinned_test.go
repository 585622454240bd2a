package gotest

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/proc"
)

// TestPinnedSeedNamesRapidsFlag: a rapid binary run with a seed pins it
// with -rapid.seed; a plain binary, or seed 0, pins nothing.
func TestPinnedSeedNamesRapidsFlag(t *testing.T) {
	t.Parallel()
	if pinnedSeed(&testbin.Binary{Rapid: true}, 7) != "-rapid.seed=7" || pinnedSeed(&testbin.Binary{}, 7) != "" || pinnedSeed(&testbin.Binary{Rapid: true}, 0) != "" {
		t.Errorf("pinnedSeed: %q, %q", pinnedSeed(&testbin.Binary{Rapid: true}, 7), pinnedSeed(&testbin.Binary{}, 7))
	}
}

// scorePinned scores a copy of testdata/pinned with rapid's seed pinned
// to 1 (as mutprop's default --seed does), keeping the tests run matches,
// under a small memory cap (TestSeedOneGrows allocates until one stops
// it).
func scorePinned(t *testing.T, run string) (*Result, error) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "pinned")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "pinned"))); err != nil {
		t.Fatal(err)
	}
	memory := proc.MemoryCap{Soft: 128 << 20, Hard: 256 << 20}
	cfg := Config{Dir: dir, Patterns: []string{"."}, Workers: 2, Seed: 1, NoFloor: true, TempDir: t.TempDir(), Memory: &memory,
		Run: regexp.MustCompile(run), Timeouts: proc.Timeouts{Factor: 5, Const: time.Second, Floor: time.Second}}
	return Score(context.Background(), cfg)
}

// TestPinnedSeedFailuresAreSetAsideNotBlamedOnGoTest scores a rapid
// package whose TestSeedOne fails and TestSeedOneGrows allocates until
// its memory cap only for -rapid.seed=1, the seed mutprop pins: both fail
// under a plain go test -c build with that seed too, but pass as go test
// runs them (a random seed), so they are set aside with that reason, the
// package is scored with TestAdd and TestMax, and nothing says go test
// fails.
func TestPinnedSeedFailuresAreSetAsideNotBlamedOnGoTest(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	res, err := scorePinned(t, "^Test(Add|Max|SeedOne|SeedOneGrows)$")
	if err != nil {
		t.Fatalf("score: %v", err)
	}
	pr := res.Packages[0]
	var names []string
	for _, a := range pr.SetAside {
		names = append(names, a.Test)
		if strings.Contains(a.Reason, "go test fails too") || !strings.Contains(a.Reason, "fails with its seed pinned (-rapid.seed=1, from --seed)") ||
			!strings.Contains(a.Reason, "passes as go test runs it (a random seed)") {
			t.Errorf("%s set aside as %q, want for its pinned seed", a.Test, a.Reason)
		}
	}
	slices.Sort(names)
	if !slices.Equal(names, []string{"TestSeedOne", "TestSeedOneGrows"}) {
		t.Fatalf("set aside %+v, want TestSeedOne and TestSeedOneGrows", pr.SetAside)
	}
	killed := 0
	for _, m := range pr.Mutants {
		if slices.Contains(m.Tests(), "TestSeedOne") || slices.Contains(m.Tests(), "TestSeedOneGrows") {
			t.Errorf("mutant %s runs a test set aside: %+v", m.Mutant.ID, m)
		}
		if len(m.KilledBy) > 0 {
			killed++
		}
	}
	if killed == 0 {
		t.Errorf("no mutant killed: the package was not scored with TestAdd and TestMax")
	}
}

// TestOnlyAFailureWithoutThePinBlamesGoTest: TestAlways fails for every
// seed, so the refusal says go test fails too, naming it; TestSeedOneHangs
// fails for -rapid.seed=1 and never ends without the pin, so its run as go
// test runs it is stopped by a deadline of a few seconds and the refusal
// names the pinned seed for it, never "go test fails too".
func TestOnlyAFailureWithoutThePinBlamesGoTest(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	start := time.Now()
	_, err := scorePinned(t, "^Test(Add|Max|Always|SeedOneHangs)$")
	if err == nil {
		t.Fatal("scored, want refused")
	}
	msg := err.Error()
	var goTest, pinned string
	for _, part := range strings.Split(msg, "baseline of ")[1:] {
		switch {
		case strings.Contains(part, "(go test fails too)"):
			goTest = part
		case strings.Contains(part, "under go test -rapid.seed=1 too"):
			pinned = part
		}
	}
	if !strings.Contains(goTest, "TestAlways (") || strings.Contains(goTest, "TestSeedOneHangs") {
		t.Errorf("go test fails too: %q, want TestAlways only (whole error: %v)", goTest, err)
	}
	if !strings.Contains(pinned, "TestSeedOneHangs (") || strings.Contains(pinned, "TestAlways") ||
		!strings.Contains(pinned, "stopped by mutprop's deadline") {
		t.Errorf("pinned: %q, want TestSeedOneHangs, its run without the pin stopped (whole error: %v)", pinned, err)
	}
	if d := time.Since(start); d > 10*time.Minute {
		t.Errorf("refused after %v: the run without the pin was not stopped in a few seconds", d)
	}
}
