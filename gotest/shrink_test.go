package gotest_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/outcome"
)

// TestATestOfRapidsShrinkingKeepsItAndKillsNoMutantFalsely scores
// testdata/shrink.txtar, whose only test checks that rapid shrinks a failing
// case to its minimum: it fails with -rapid.shrinktime=0s, the flag kill
// runs and trials pass, and passes without it. The baseline finds that
// and says so, and the test's runs keep rapid's shrinking: the mutants it
// cannot tell from the original (equivalent for the non-negative numbers
// it draws) survive, those it detects are killed, and every trial of a
// killed mutant kills it.
func TestATestOfRapidsShrinkingKeepsItAndKillsNoMutantFalsely(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := copyTestdata(t, "shrink")
	var log bytes.Buffer
	cfg := gotest.Config{Dir: dir, Patterns: []string{"."}, Workers: 2, Seed: 1, Trials: 2, TempDir: t.TempDir(), NoFloor: true, Log: &log}
	res, err := gotest.Score(context.Background(), cfg)
	if err != nil {
		t.Fatalf("score: %v\n%s", err, log.String())
	}
	if !strings.Contains(log.String(), "TestShrinkFindsTheThreshold needs rapid's shrinking") {
		t.Errorf("the log does not say the test needs rapid's shrinking:\n%s", log.String())
	}
	pr := res.Packages[0]
	if len(pr.SetAside) != 0 {
		t.Errorf("set aside: %+v", pr.SetAside)
	}
	want := map[string]outcome.Outcome{
		// x < 0 as x <= 0, or x < 1: Abs(0) is 0 either way.
		"operator:shrink.go:6:7:boundary:<=": outcome.Survived,
		"operator:shrink.go:6:9:literal:1":   outcome.Survived,
		// Abs(x) = -x for x > 0: the property never fails.
		"operator:shrink.go:6:7:relational:>=": outcome.Killed,
	}
	killed := map[string]bool{}
	for _, m := range pr.Mutants {
		if m.Outcome == outcome.Killed {
			killed[m.Mutant.ID] = true
		}
		if w, ok := want[m.Mutant.ID]; ok {
			delete(want, m.Mutant.ID)
			if m.Outcome != w {
				t.Errorf("%s: %s (%s), want %s", m.Mutant.ID, m.Outcome, m.Reason, w)
			}
		}
	}
	for id := range want {
		t.Errorf("no mutant %s", id)
	}
	for _, c := range pr.Trials {
		delete(killed, c.Mutant)
		for i, tr := range c.Trials {
			if tr.Outcome != outcome.Killed {
				t.Errorf("%s, %s trial %d: %s, want killed", c.Mutant, c.Test, i, tr.Outcome)
			}
		}
	}
	for id := range killed {
		t.Errorf("killed mutant %s has no trials", id)
	}
}
