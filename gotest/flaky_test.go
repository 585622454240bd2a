package gotest

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/proc"
)

// simRunner simulates a package's baseline runs: test t fails with
// probability fail[t][c] in condition c, each run independently; pinned
// is what its go test runs pin (baselineRunner.pin).
type simRunner struct {
	rng    *rand.Rand
	tests  []string
	fail   map[string][nConditions]float64
	pinned string
}

func (r *simRunner) pin() string { return r.pinned }

func (r *simRunner) outcome(t string, c condition, o *observations) {
	failed := r.rng.Float64() < r.fail[t][c]
	reason := ""
	if failed {
		reason = "killed: " + t + ": simulated"
	}
	o.add(t, c, failed, reason)
}

func (r *simRunner) together(_ context.Context, _ int, c condition, tests []string, o *observations) error {
	if tests == nil {
		tests = r.tests
	}
	for _, t := range tests {
		r.outcome(t, c, o)
	}
	o.add(outsideTests, c, false, "")
	return nil
}

func (r *simRunner) alone(_ context.Context, _ int, c condition, t string, o *observations) error {
	r.outcome(t, c, o)
	return nil
}

func (r *simRunner) forEach(ctx context.Context, n int, fn func(w, i int) error) error {
	for i := range n {
		if err := fn(i%2, i); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// simulateBaseline runs the baseline's logic as runBaseline does: the
// tests together once, each alone once, together k more times, then
// screenFailures when one failed. It returns the verdict (zero when
// nothing failed) and the observations.
func simulateBaseline(t *testing.T, r *simRunner, k int, skip bool) (verdict, *observations) {
	t.Helper()
	ctx := context.Background()
	o := newObservations()
	if err := r.together(ctx, 0, condWithOthers, nil, o); err != nil {
		t.Fatal(err)
	}
	for _, test := range r.tests {
		if err := r.alone(ctx, 0, condAlone, test, o); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := repeatTogether(ctx, r, k, r.tests, o); err != nil {
		t.Fatal(err)
	}
	if len(o.failing(r.tests)) == 0 {
		return verdict{}, o
	}
	v, err := screenFailures(ctx, r, o, r.tests, skip)
	if err != nil {
		t.Fatal(err)
	}
	return v, o
}

// half is a test that fails at random half of the time, in every
// condition.
var half = [nConditions]float64{0.5, 0.5, 0.5, 0.5}

// simFlaky is a package with two sound tests and TestFlaky.
func simFlaky(seed uint64) *simRunner {
	return &simRunner{
		rng:   rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		tests: []string{"TestAdd", "TestFlaky", "TestMax"},
		fail:  map[string][nConditions]float64{"TestFlaky": half},
	}
}

// refusedOrAsideAsFlaky checks what the baseline made of TestFlaky: the
// package refused (flaky, or failing under go test), or, with skip,
// TestFlaky set aside as flaky; never as depending on earlier tests, and
// no test that failed in a run kept for the mutants. misjudged reports
// TestFlaky set aside for another reason (it gave one outcome in every
// run of two conditions: rare, see minRepeats).
func refusedOrAsideAsFlaky(t *testing.T, v verdict, o *observations, tests []string, skip bool) (scored, misjudged bool) {
	t.Helper()
	refused := len(v.failing) > 0 || len(v.flaky) > 0 && !skip || v.outside
	for _, a := range v.aside {
		if a.Test == "TestFlaky" && !strings.HasPrefix(a.Reason, "flaky:") {
			misjudged = true
			t.Logf("TestFlaky set aside as %q (%s)", a.Reason, o.record("TestFlaky"))
		}
		if strings.Contains(a.Reason, "depends on tests that run before it") {
			t.Errorf("%s set aside as depending on earlier tests (%s)", a.Test, o.record(a.Test))
		}
	}
	if refused {
		return false, misjudged
	}
	for _, k := range keptTests(tests, v) {
		if o.failed(k) {
			t.Errorf("%s failed in the baseline (%s) but a mutant would run it", k, o.record(k))
		}
	}
	return slices.Contains(keptTests(tests, v), "TestFlaky"), misjudged
}

// TestAFiftyPercentFlakeIsRefusedNeverSetAsideNorScored runs the
// baseline's logic 20 times on a package whose TestFlaky fails at random
// half of the time (k as a quick suite gets it): the package is refused
// naming TestFlaky as flaky every time, or with --flaky skip TestFlaky is
// set aside as flaky, never as depending on earlier tests, and never kept.
func TestAFiftyPercentFlakeIsRefusedNeverSetAsideNorScored(t *testing.T) {
	t.Parallel()
	k := repeats(2, 10*time.Millisecond, 40*time.Millisecond)
	for seed := range uint64(20) {
		for _, skip := range []bool{false, true} {
			r := simFlaky(seed)
			v, o := simulateBaseline(t, r, k, skip)
			scored, misjudged := refusedOrAsideAsFlaky(t, v, o, r.tests, skip)
			if scored {
				t.Errorf("seed %d: TestFlaky passed every run (%s) and would kill mutants", seed, o.record("TestFlaky"))
			}
			if misjudged {
				t.Errorf("seed %d: TestFlaky set aside, not as flaky (%s)", seed, o.record("TestFlaky"))
			}
			if !slices.Contains(v.flaky, "TestFlaky") {
				t.Errorf("seed %d, skip %t: TestFlaky not found flaky: %+v (%s)", seed, skip, v, o.record("TestFlaky"))
			}
		}
	}
}

// TestTheChanceToMissAFiftyPercentFlakeIsUnderOnePercent: with the
// fewest repetitions (minRepeats), over many simulated baselines, a 50 %
// flake passes every run (and is scored) about 0.5^(2+minRepeats) of the
// time, under 1 %, and is set aside for another reason about as rarely
// as minRepeats says: it must give one outcome in 1 + minRepeats runs
// with the others, its one run alone and confirmRuns runs under go test
// (0.5^15, 0.003 %, a mean of 0.6 in n runs), or fail its first run with
// the others and confirmRuns alone, then pass confirmRuns under go test
// (0.5^17): at most 5 in n.
func TestTheChanceToMissAFiftyPercentFlakeIsUnderOnePercent(t *testing.T) {
	t.Parallel()
	bound := math.Pow(0.5, 2+minRepeats)
	if bound >= 0.01 {
		t.Fatalf("0.5^(2+%d) = %.4f: not under 1 %%", minRepeats, bound)
	}
	const n = 20000
	r := simFlaky(7)
	missed, misjudged := 0, 0
	for range n {
		v, o := simulateBaseline(t, r, minRepeats, false)
		scored, wrong := refusedOrAsideAsFlaky(t, v, o, r.tests, false)
		if scored {
			missed++
		}
		if wrong {
			misjudged++
		}
		if t.Failed() {
			return
		}
	}
	if misjudged > 5 {
		t.Errorf("TestFlaky set aside for another reason than flaky %d times in %d, want at most 5 (about 0.5^15 of the time)", misjudged, n)
	}
	rate := float64(missed) / n
	sigma := math.Sqrt(bound * (1 - bound) / n)
	if math.Abs(rate-bound) > 5*sigma || rate >= 0.01 {
		t.Errorf("missed %d of %d (%.3f %%), want about %.3f %% and under 1 %%", missed, n, 100*rate, 100*bound)
	}
}

// TestDecideTellsSteadyFailuresFromFlakes: tests that fail the same way
// every time keep their reasons (go test fails; mutprop's build only;
// order), while one outcome that differs under one condition makes a
// test flaky whatever else it did.
func TestDecideTellsSteadyFailuresFromFlakes(t *testing.T) {
	t.Parallel()
	never := [nConditions]float64{}
	cases := []struct {
		name   string
		fail   [nConditions]float64
		expect func(v verdict) bool
		want   string
	}{
		{"fails everywhere", [nConditions]float64{1, 1, 1, 1}, func(v verdict) bool { return slices.Equal(v.failing, []string{"TestX"}) }, "failing"},
		{"fails on mutprop's build only", [nConditions]float64{1, 1, 0, 0}, func(v verdict) bool {
			return len(v.aside) == 1 && strings.Contains(v.aside[0].Reason, "passes under go test")
		}, "set aside: passes under go test"},
		{"depends on the tests before it", [nConditions]float64{0, 1, 0, 1}, func(v verdict) bool {
			return len(v.aside) == 1 && strings.Contains(v.aside[0].Reason, "depends on tests that run before it")
		}, "set aside: depends on earlier tests"},
		{"fails alone on mutprop's build only", [nConditions]float64{0, 1, 0, 0}, func(v verdict) bool {
			return len(v.aside) == 1 && strings.Contains(v.aside[0].Reason, "passes alone under go test")
		}, "set aside: passes alone under go test"},
		{"flaky alone under go test only", [nConditions]float64{0, 1, 0, 0.5}, func(v verdict) bool {
			return slices.Equal(v.flaky, []string{"TestX"}) && len(v.aside) == 0
		}, "flaky"},
		{"passes", never, func(v verdict) bool { return len(v.failing)+len(v.flaky)+len(v.aside) == 0 }, "nothing"},
	}
	for _, c := range cases {
		for seed := range uint64(20) {
			r := &simRunner{rng: rand.New(rand.NewPCG(seed, 1)), tests: []string{"TestA", "TestX"}, fail: map[string][nConditions]float64{"TestX": c.fail}}
			v, o := simulateBaseline(t, r, minRepeats, false)
			if !c.expect(v) {
				t.Errorf("%s, seed %d: got %+v (%s), want %s", c.name, seed, v, o.record("TestX"), c.want)
			}
		}
	}
}

// TestRepeatsStayWithinTheBaselinesOwnTime: quick suites get the most
// repetitions, slow ones the fewest, and in between what the baseline's
// time so far pays for on the workers.
func TestRepeatsStayWithinTheBaselinesOwnTime(t *testing.T) {
	t.Parallel()
	if k := repeats(2, 20*time.Millisecond, 100*time.Millisecond); k != maxRepeats {
		t.Errorf("quick suite: %d repeats, want %d", k, maxRepeats)
	}
	if k := repeats(1, time.Minute, 90*time.Second); k != minRepeats {
		t.Errorf("slow suite: %d repeats, want %d", k, minRepeats)
	}
	together := 10 * time.Second
	soFar := 4 * together
	k := repeats(2, together, soFar)
	if k <= minRepeats || k >= maxRepeats || time.Duration(k)*together > 2*soFar {
		t.Errorf("%d repeats of %v on 2 workers for a baseline of %v so far", k, together, soFar)
	}
}

// TestAFlakyFixtureIsRefusedOrSetAsideAsFlaky scores a module whose
// TestFlaky fails at random (crypto/rand) half of the time: the package
// is refused, naming TestFlaky as flaky; with Flaky = FlakySkip it is set
// aside as flaky and no mutant is killed by it, the others scored.
func TestAFlakyFixtureIsRefusedOrSetAsideAsFlaky(t *testing.T) {
	t.Parallel()
	for _, setting := range []string{"", FlakySkip} {
		t.Run("flaky="+setting, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "flaky")
			if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "flaky"))); err != nil {
				t.Fatal(err)
			}
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
