package gotest_test

import (
	"context"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/propsuite"
	"github.com/mutprop/mutprop/report"
)

// trialsN is the number of trials per (mutant, killing test): enough for
// the Mann-Whitney U test to separate the generators of testdata/trials
// (2% against 50% of equal pairs) with a wide margin.
const trialsN = 20

// scoreTrials scores testdata/trials's mutant a <= b (of a < b) with
// trialsN trials per killing test and returns the package's result.
func scoreTrials(t *testing.T, workers int) *gotest.PackageResult {
	t.Helper()
	dir := copyTestdata(t, "trials")
	ops, err := mutate.SelectOperators("boundary")
	if err != nil {
		t.Fatal(err)
	}
	cfg := gotest.Config{
		Dir: dir, Patterns: []string{"."}, Workers: workers, Seed: 1,
		Timeouts:  proc.Timeouts{Factor: 5, Const: 2 * time.Second, Floor: time.Second},
		TempDir:   t.TempDir(),
		NoFloor:   true,
		Operators: ops,
		Trials:    trialsN,
		Plan:      keepPlan(func(m mutate.Mutant) bool { return strings.Contains(m.Replacement, "<=") }),
	}
	res, err := gotest.Score(context.Background(), cfg)
	if err != nil {
		t.Fatalf("score: %v", err)
	}
	pr := res.Packages[0]
	if len(pr.Mutants) != 1 || pr.Mutants[0].Outcome != outcome.Killed {
		t.Fatalf("mutants %+v: want the one mutant a <= b, killed", pr.Mutants)
	}
	return pr
}

func TestTrialsFindTheStrongGeneratorFasterWhateverTheWorkers(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	one, two := scoreTrials(t, 1), scoreTrials(t, 2)
	if !reflect.DeepEqual(withoutTimes(one.Trials), withoutTimes(two.Trials)) {
		t.Errorf("trials differ between 1 and 2 workers:\n1: %+v\n2: %+v", one.Trials, two.Trials)
	}
	id := one.Mutants[0].Mutant.ID
	wantLib := map[string]string{
		"TestCompareQuickStrong": "quick", "TestCompareQuickWeak": "quick",
		"TestCompareRapidStrong": "rapid", "TestCompareRapidWeak": "rapid",
	}
	var tests []string
	for _, c := range one.Trials {
		tests = append(tests, c.Test)
		if c.Mutant != id || c.Library != wantLib[c.Test] || !c.Seeded || len(c.Trials) != trialsN {
			t.Errorf("cell %s: mutant %s, library %q, seeded %v, %d trials; want %s, %q, seeded, %d", c.Test, c.Mutant, c.Library, c.Seeded, len(c.Trials), id, wantLib[c.Test], trialsN)
		}
		distinct := map[int]bool{}
		for i, tr := range c.Trials {
			if want := propsuite.TrialSeed(1, id, c.Test, "", i); tr.Seed != want {
				t.Errorf("%s trial %d: seed %d, want TrialSeed(1, %s, %s, \"\", %d) = %d", c.Test, i, tr.Seed, id, c.Test, i, want)
			}
			distinct[tr.TestsToFailure] = true
		}
		if len(distinct) < 3 {
			t.Errorf("%s: tests-to-failure %v over %d trials: the seeds do not vary the inputs", c.Test, distinct, trialsN)
		}
	}
	// Every test that reaches the mutant runs its trials, and kills it in
	// some: the mutant's killers are all four, the first one first.
	all := []string{"TestCompareQuickStrong", "TestCompareQuickWeak", "TestCompareRapidStrong", "TestCompareRapidWeak"}
	if !reflect.DeepEqual(tests, all) {
		t.Fatalf("tests %v, want %v", tests, all)
	}
	if k := slices.Clone(one.Mutants[0].KilledBy); len(k) != 4 || !slices.Equal(slices.Sorted(slices.Values(k)), all) {
		t.Errorf("killedBy %v, want every test the trials saw kill it", k)
	}
	for _, c := range one.Trials {
		for i, tr := range c.Trials {
			if tr.Cases <= 0 || (tr.Outcome == outcome.Killed) != (tr.TestsToFailure == tr.Cases) {
				t.Errorf("%s trial %d: %+v: want its cases counted", c.Test, i, tr)
			}
		}
	}

	r, err := report.SummarizeTrials(trialsN, 1, 0, one.Trials)
	if err != nil {
		t.Fatal(err)
	}
	faster := map[string]report.TrialComparison{}
	for _, c := range r.Comparisons {
		faster[c.Faster+" "+c.Slower] = c
	}
	mean := map[string]float64{}
	for _, c := range r.Cells {
		if c.MeanTestsToFailure != nil {
			mean[c.Test] = *c.MeanTestsToFailure
		}
	}
	for _, lib := range []string{"Rapid", "Quick"} {
		strong, weak := "TestCompare"+lib+"Strong", "TestCompare"+lib+"Weak"
		c, ok := faster[strong+" "+weak]
		if !ok || !c.Significant || c.P >= 0.05 {
			t.Errorf("%s: comparisons %+v: want %s significantly faster than %s", lib, r.Comparisons, strong, weak)
			continue
		}
		t.Logf("%s finds %s faster than %s: p = %.2g, mean tests-to-failure %.1f against %.1f", strong, id, weak, c.P, mean[strong], mean[weak])
	}
}

// withoutTimes is cells without the trials' times: wall time is no part
// of the figures that must not depend on the workers or the load.
func withoutTimes(cells []report.TrialCell) []report.TrialCell {
	out := make([]report.TrialCell, len(cells))
	for i, c := range cells {
		c.Trials = slices.Clone(c.Trials)
		for k := range c.Trials {
			c.Trials[k].Seconds = 0
		}
		out[i] = c
	}
	return out
}

// TestQuickPropertiesAreSeededInKillRuns scores testdata/trials' mutant
// a <= b with TestCompareQuickWeak alone, without trials, three times:
// testing/quick's inputs come from --seed, so two runs with seed 1 report
// the same failing input, and seed 2 finds another.
func TestQuickPropertiesAreSeededInKillRuns(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	reason := func(seed uint64) string {
		dir := copyTestdata(t, "trials")
		ops, err := mutate.SelectOperators("boundary")
		if err != nil {
			t.Fatal(err)
		}
		cfg := gotest.Config{
			Dir: dir, Patterns: []string{"."}, Workers: 2, Seed: seed, TempDir: t.TempDir(), NoFloor: true,
			Operators: ops, Run: regexp.MustCompile(`^TestCompareQuickWeak$`),
			Plan: keepPlan(func(m mutate.Mutant) bool { return strings.Contains(m.Replacement, "<=") }),
		}
		res, err := gotest.Score(context.Background(), cfg)
		if err != nil {
			t.Fatalf("score: %v", err)
		}
		m := res.Packages[0].Mutants[0]
		if m.Outcome != outcome.Killed || !strings.Contains(m.Reason, "failed on input") {
			t.Fatalf("seed %d: %s (%s), want killed by testing/quick", seed, m.Outcome, m.Reason)
		}
		return m.Reason
	}
	first, again, other := reason(1), reason(1), reason(2)
	if first != again {
		t.Errorf("seed 1 twice: %q, then %q: testing/quick is not seeded", first, again)
	}
	if first == other {
		t.Errorf("seeds 1 and 2 both report %q: the seed does not reach testing/quick", first)
	}
}
