package gotest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/proc"
)

// The baseline's policy on flaky tests has its unit tests in
// internal/flakiness; this one scores a flaky fixture end to end.

// TestAFlakyFixtureIsRefusedOrSetAsideAsFlaky scores a module whose
// TestFlaky fails at random (crypto/rand) half of the time: the package
// is refused, naming TestFlaky as flaky; with Flaky = FlakySkip it is set
// aside as flaky and no mutant is killed by it, the others scored.
func TestAFlakyFixtureIsRefusedOrSetAsideAsFlaky(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	for _, setting := range []string{"", FlakySkip} {
		t.Run("flaky="+setting, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "flaky")
			testfix.WriteTxtar(t, filepath.Join("testdata", "flaky.txtar"), dir)
			cfg := Config{Dir: dir, Patterns: []string{"."}, Workers: 2, Seed: 1, NoFloor: true, Flaky: setting, TempDir: t.TempDir(),
				Timeouts: proc.Timeouts{Factor: 5, Const: time.Second, Floor: time.Second}}
			res, err := Score(context.Background(), cfg)
			if setting == "" {
				if err == nil || !strings.Contains(err.Error(), "TestFlaky is flaky") || strings.Contains(err.Error(), "depends on tests") {
					t.Fatalf("err = %v, want a refusal naming TestFlaky as flaky", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("score: %v", err)
			}
			pr := res.Packages[0]
			if len(pr.SetAside) != 1 || pr.SetAside[0].Test != "TestFlaky" || !strings.HasPrefix(pr.SetAside[0].Reason, "flaky:") {
				t.Fatalf("set aside %+v, want TestFlaky as flaky", pr.SetAside)
			}
			killed := 0
			for _, m := range pr.Mutants {
				if slices.Contains(m.KilledBy, "TestFlaky") || slices.Contains(m.Tests(), "TestFlaky") {
					t.Errorf("mutant %s runs or is killed by TestFlaky: %+v", m.Mutant.ID, m)
				}
				if len(m.KilledBy) > 0 {
					killed++
				}
			}
			if killed == 0 {
				t.Errorf("no mutant killed: the package was not scored with TestAdd and TestMax")
			}
		})
	}
}

// TestATestThatReachesNoMutantIsNotSearchedForFlakiness scores a module
// whose TestElsewhere reaches none of its code and fails from its third
// run on. The baseline runs it twice (with the others, then alone for
// its coverage); no mutant runs it, so neither the flaky-test search nor
// the leak check repeats it, and the package is scored. Repeated, it
// would fail and refuse the package as flaky.
func TestATestThatReachesNoMutantIsNotSearchedForFlakiness(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "reachesnone")
	testfix.WriteTxtar(t, filepath.Join("testdata", "reachesnone.txtar"), dir)
	counter := filepath.Join(t.TempDir(), "runs")
	src := fmt.Sprintf("package reachesnone\n\nconst counterFile = %q\n", counter)
	if err := os.WriteFile(filepath.Join(dir, "counter_test.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	cfg := Config{Dir: dir, Patterns: []string{"."}, Workers: 2, Seed: 1, NoFloor: true, TempDir: t.TempDir(), Log: &log,
		Timeouts: proc.Timeouts{Factor: 5, Const: time.Second, Floor: time.Second}}
	res, err := Score(context.Background(), cfg)
	if err != nil {
		t.Fatalf("score: %v\nlog:\n%s", err, log.String())
	}
	if b, _ := os.ReadFile(counter); len(b) != 2 {
		t.Errorf("TestElsewhere ran %d times, want 2 (with the others, then alone)", len(b))
	}
	if !strings.Contains(log.String(), "1 that reach no mutant left out") {
		t.Errorf("the log does not say that TestElsewhere was left out:\n%s", log.String())
	}
	pr := res.Packages[0]
	if len(pr.SetAside) != 0 {
		t.Errorf("set aside %+v, want none", pr.SetAside)
	}
	killed := 0
	for _, m := range pr.Mutants {
		if slices.Contains(m.Tests(), "TestElsewhere") {
			t.Errorf("mutant %s runs TestElsewhere", m.Mutant.ID)
		}
		if len(m.KilledBy) > 0 {
			killed++
		}
	}
	if killed == 0 {
		t.Errorf("no mutant killed: the package was not scored with TestAdd and TestMax")
	}
}
