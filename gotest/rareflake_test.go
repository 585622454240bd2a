package gotest_test

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/outcome"
)

// TestARareFlakeKillsNoMutant scores testdata/rareflake under the seeds
// 1 to 20, as mutprop run --seed 1 to 20 does. TestF fails one run in 25
// whatever the mutant, and asserts nothing: it kills none of F's 6
// mutants. Each run refuses the package, naming TestF as flaky (its
// baseline saw a failure), or scores it with no kill by TestF: a kill
// whose test passes when it runs again is unstable, not a kill. TestG's
// kills of G's mutants are real: they hold in every run scored. The
// chance of a false kill over the 20 runs is under 0.06 % (internal/
// flakiness, KillReruns); before kills were confirmed, over 90 %.
func TestARareFlakeKillsNoMutant(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := testfix.Module(t, filepath.Join("testdata", "rareflake.txtar"))
	scored, unstable := 0, 0
	for seed := uint64(1); seed <= 20; seed++ {
		var log bytes.Buffer
		cfg := gotest.Config{Dir: dir, Patterns: []string{"."}, Workers: 2, Seed: seed, NoFloor: true, TempDir: t.TempDir(), Log: &log}
		res, err := gotest.Score(context.Background(), cfg)
		if err != nil {
			if !strings.Contains(err.Error(), "TestF is flaky") {
				t.Fatalf("seed %d: %v, want a refusal naming TestF as flaky or a score\n%s", seed, err, log.String())
			}
			continue
		}
		scored++
		pr := res.Packages[0]
		if len(pr.Mutants) != 8 {
			t.Fatalf("seed %d: %d mutants, want 6 of F and 2 of G", seed, len(pr.Mutants))
		}
		for _, m := range pr.Mutants {
			if slices.Contains(m.KilledBy, "TestF") {
				t.Errorf("seed %d: %s killed by TestF, which asserts nothing: %s\n%s", seed, m.Mutant.ID, m.Reason, log.String())
			}
			if m.Mutant.Line == 10 && (m.Outcome != outcome.Killed || !slices.Equal(m.KilledBy, []string{"TestG"})) {
				t.Errorf("seed %d: G's mutant %s is %s by %v (%s), want killed by TestG", seed, m.Mutant.ID, m.Outcome, m.KilledBy, m.Reason)
			}
			if m.Unstable != "" {
				unstable++
				if !strings.HasPrefix(m.Unstable, "TestF failed ") || !strings.Contains(m.Unstable, " runs against the mutant") ||
					m.Outcome != outcome.Survived || !strings.Contains(m.Reason, "unstable: TestF ") {
					t.Errorf("seed %d: %s is %s, unstable %q, reason %q: want survived with TestF's record", seed, m.Mutant.ID, m.Outcome, m.Unstable, m.Reason)
				}
			}
		}
	}
	t.Logf("%d of 20 runs scored; %d kills by TestF did not recur", scored, unstable)
	if scored == 0 {
		t.Fatalf("no run scored the package: the fixture wants the baseline to miss TestF's failures in some runs")
	}
}
