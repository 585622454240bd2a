package flakiness

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// simRunner simulates a package's baseline runs: test t fails with
// probability fail[t][c] in Condition c, each run independently; pinned
// is what its go test runs pin (Runner.pin).
type simRunner struct {
	rng    *rand.Rand
	tests  []string
	fail   map[string][NConditions]float64
	pinned string
}

func (r *simRunner) Pin() string { return r.pinned }

func (r *simRunner) outcome(t string, c Condition, o *Observations) {
	failed := r.rng.Float64() < r.fail[t][c]
	reason := ""
	if failed {
		reason = "killed: " + t + ": simulated"
	}
	o.Add(t, c, failed, reason)
}

func (r *simRunner) Together(_ context.Context, _ int, c Condition, tests []string, o *Observations) error {
	if tests == nil {
		tests = r.tests
	}
	for _, t := range tests {
		r.outcome(t, c, o)
	}
	o.Add(OutsideTests, c, false, "")
	return nil
}

func (r *simRunner) Alone(_ context.Context, _ int, c Condition, t string, o *Observations) error {
	r.outcome(t, c, o)
	return nil
}

func (r *simRunner) ForEach(ctx context.Context, n int, fn func(w, i int) error) error {
	for i := range n {
		if err := fn(i%2, i); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// simulateBaseline runs the baseline's logic as runBaseline does: the
// tests together once, each alone once, together k more times, then
// Screen when one failed. It returns the Decision (zero when
// nothing failed) and the Observations.
func simulateBaseline(t *testing.T, r *simRunner, k int, skip bool) (Decision, *Observations) {
	t.Helper()
	ctx := context.Background()
	o := firstRuns(t, r, r.tests)
	if _, err := RepeatTogether(ctx, r, k, r.tests, o); err != nil {
		t.Fatal(err)
	}
	if len(o.Failing(r.tests)) == 0 {
		return Decision{}, o
	}
	v, err := Screen(ctx, r, o, r.tests, skip)
	if err != nil {
		t.Fatal(err)
	}
	return v, o
}

// firstRuns runs tests on r as the baseline's first runs do: together
// once, then each alone once.
func firstRuns(t *testing.T, r Runner, tests []string) *Observations {
	t.Helper()
	ctx := context.Background()
	o := NewObservations()
	if err := r.Together(ctx, 0, WithOthers, nil, o); err != nil {
		t.Fatal(err)
	}
	for _, test := range tests {
		if err := r.Alone(ctx, 0, Alone, test, o); err != nil {
			t.Fatal(err)
		}
	}
	return o
}

// half is a test that fails at random half of the time, in every
// Condition.
var half = [NConditions]float64{0.5, 0.5, 0.5, 0.5, 0.5, 0.5}

// simFlaky is a package with two sound tests and TestFlaky.
func simFlaky(seed uint64) *simRunner {
	return &simRunner{
		rng:   rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		tests: []string{"TestAdd", "TestFlaky", "TestMax"},
		fail:  map[string][NConditions]float64{"TestFlaky": half},
	}
}

// refusedOrAsideAsFlaky checks what the baseline made of TestFlaky: the
// package refused (flaky, or failing under go test), or, with skip,
// TestFlaky set aside as flaky; never as depending on earlier tests, and
// no test that failed in a run kept for the mutants. misjudged reports
// TestFlaky set aside for another reason (it gave one outcome in every
// run of two conditions: rare, see MinRepeats).
func refusedOrAsideAsFlaky(t *testing.T, v Decision, o *Observations, tests []string, skip bool) (scored, misjudged bool) {
	t.Helper()
	refused := len(v.Failing)+len(v.CopyOnly) > 0 || len(v.Flaky) > 0 && !skip || v.Outside
	for _, a := range v.Aside {
		if a.Test == "TestFlaky" && !strings.HasPrefix(a.Reason, "flaky:") {
			misjudged = true
			t.Logf("TestFlaky set aside as %q (%s)", a.Reason, o.Record("TestFlaky"))
		}
		if strings.Contains(a.Reason, "depends on tests that run before it") {
			t.Errorf("%s set aside as depending on earlier tests (%s)", a.Test, o.Record(a.Test))
		}
	}
	if refused {
		return false, misjudged
	}
	for _, k := range Kept(tests, v) {
		if o.Failed(k) {
			t.Errorf("%s failed in the baseline (%s) but a mutant would run it", k, o.Record(k))
		}
	}
	return slices.Contains(Kept(tests, v), "TestFlaky"), misjudged
}

// TestAFiftyPercentFlakeIsRefusedNeverSetAsideNorScored runs the
// baseline's logic 20 times on a package whose TestFlaky fails at random
// half of the time (k as a quick suite gets it): the package is refused
// naming TestFlaky as flaky every time, or with --flaky skip TestFlaky is
// set aside as flaky, never as depending on earlier tests, and never kept.
func TestAFiftyPercentFlakeIsRefusedNeverSetAsideNorScored(t *testing.T) {
	t.Parallel()
	k := Repeats(2, 10*time.Millisecond, 40*time.Millisecond)
	for seed := range uint64(20) {
		for _, skip := range []bool{false, true} {
			r := simFlaky(seed)
			v, o := simulateBaseline(t, r, k, skip)
			scored, misjudged := refusedOrAsideAsFlaky(t, v, o, r.tests, skip)
			if scored {
				t.Errorf("seed %d: TestFlaky passed every run (%s) and would kill mutants", seed, o.Record("TestFlaky"))
			}
			if misjudged {
				t.Errorf("seed %d: TestFlaky set aside, not as flaky (%s)", seed, o.Record("TestFlaky"))
			}
			if !slices.Contains(v.Flaky, "TestFlaky") {
				t.Errorf("seed %d, skip %t: TestFlaky not found flaky: %+v (%s)", seed, skip, v, o.Record("TestFlaky"))
			}
		}
	}
}

// TestTheChanceToMissAFiftyPercentFlakeIsUnderOnePercent: with the
// fewest repetitions (MinRepeats), over many simulated baselines, a 50 %
// flake passes every run (and is scored) about 0.5^(2+MinRepeats) of the
// time, under 1 %, and is set aside for another reason about as rarely
// as MinRepeats says: it must give one outcome in 1 + MinRepeats runs
// with the others, its one run alone and ConfirmRuns runs under go test
// (0.5^15, 0.003 %, a mean of 0.6 in n runs), or fail its first run with
// the others and ConfirmRuns alone, then pass ConfirmRuns under go test
// (0.5^17): at most 5 in n.
func TestTheChanceToMissAFiftyPercentFlakeIsUnderOnePercent(t *testing.T) {
	t.Parallel()
	bound := math.Pow(0.5, 2+MinRepeats)
	if bound >= 0.01 {
		t.Fatalf("0.5^(2+%d) = %.4f: not under 1 %%", MinRepeats, bound)
	}
	const n = 20000
	r := simFlaky(7)
	missed, misjudged := 0, 0
	for range n {
		v, o := simulateBaseline(t, r, MinRepeats, false)
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
// order), while one outcome that differs under one Condition makes a
// test flaky whatever else it did.
func TestDecideTellsSteadyFailuresFromFlakes(t *testing.T) {
	t.Parallel()
	never := [NConditions]float64{}
	cases := []struct {
		name   string
		fail   [NConditions]float64
		expect func(v Decision) bool
		want   string
	}{
		{"fails everywhere", [NConditions]float64{1, 1, 1, 1, InTree: 1}, func(v Decision) bool { return slices.Equal(v.Failing, []string{"TestX"}) }, "failing"},
		{"fails in mutprop's copy only", [NConditions]float64{1, 1, 1, 1}, func(v Decision) bool {
			return slices.Equal(v.CopyOnly, []string{"TestX"}) && len(v.Failing) == 0 && len(v.Aside) == 0
		}, "failing in mutprop's copy only"},
		{"fails on mutprop's build only", [NConditions]float64{1, 1, 0, 0}, func(v Decision) bool {
			return len(v.Aside) == 1 && strings.Contains(v.Aside[0].Reason, "passes under go test")
		}, "set aside: passes under go test"},
		{"depends on the tests before it", [NConditions]float64{0, 1, 0, 1}, func(v Decision) bool {
			return len(v.Aside) == 1 && strings.Contains(v.Aside[0].Reason, "depends on tests that run before it")
		}, "set aside: depends on earlier tests"},
		{"fails alone on mutprop's build only", [NConditions]float64{0, 1, 0, 0}, func(v Decision) bool {
			return len(v.Aside) == 1 && strings.Contains(v.Aside[0].Reason, "passes alone under go test")
		}, "set aside: passes alone under go test"},
		{"flaky alone under go test only", [NConditions]float64{0, 1, 0, 0.5}, func(v Decision) bool {
			return slices.Equal(v.Flaky, []string{"TestX"}) && len(v.Aside) == 0
		}, "flaky"},
		{"passes", never, func(v Decision) bool { return len(v.Failing)+len(v.Flaky)+len(v.Aside) == 0 }, "nothing"},
	}
	for _, c := range cases {
		for seed := range uint64(20) {
			r := &simRunner{rng: rand.New(rand.NewPCG(seed, 1)), tests: []string{"TestA", "TestX"}, fail: map[string][NConditions]float64{"TestX": c.fail}}
			v, o := simulateBaseline(t, r, MinRepeats, false)
			if !c.expect(v) {
				t.Errorf("%s, seed %d: got %+v (%s), want %s", c.name, seed, v, o.Record("TestX"), c.want)
			}
		}
	}
}

// TestRepeatsStayWithinTheBaselinesOwnTime: quick suites get the most
// repetitions, slow ones the fewest, and in between what the baseline's
// time so far pays for on the workers.
func TestRepeatsStayWithinTheBaselinesOwnTime(t *testing.T) {
	t.Parallel()
	if k := Repeats(2, 20*time.Millisecond, 100*time.Millisecond); k != MaxRepeats {
		t.Errorf("quick suite: %d repeats, want %d", k, MaxRepeats)
	}
	if k := Repeats(1, time.Minute, 90*time.Second); k != MinRepeats {
		t.Errorf("slow suite: %d repeats, want %d", k, MinRepeats)
	}
	together := 10 * time.Second
	soFar := 4 * together
	k := Repeats(2, together, soFar)
	if k <= MinRepeats || k >= MaxRepeats || time.Duration(k)*together > 2*soFar {
		t.Errorf("%d repeats of %v on 2 workers for a baseline of %v so far", k, together, soFar)
	}
}

// parallelRunner runs ForEach's jobs on two goroutines, as the engine's
// workers do. Its test TestStuck fails every run alone (a test that runs
// to its deadline); each run waits until another of TestStuck is under
// way too, or 2 s pass, and counts the runs it saw side by side.
type parallelRunner struct {
	simRunner
	mu               sync.Mutex
	inFlight, paired int
	alone            int
}

func (r *parallelRunner) Alone(_ context.Context, _ int, c Condition, t string, o *Observations) error {
	r.mu.Lock()
	r.alone++
	r.inFlight++
	r.mu.Unlock()
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		r.mu.Lock()
		n := r.inFlight
		r.mu.Unlock()
		if n > 1 {
			r.mu.Lock()
			r.paired++
			r.mu.Unlock()
			break
		}
		time.Sleep(time.Millisecond)
	}
	time.Sleep(5 * time.Millisecond) // the other run sees this one too
	o.Add(t, c, true, "timeout: no result alone within 10s")
	r.mu.Lock()
	r.inFlight--
	r.mu.Unlock()
	return nil
}

func (r *parallelRunner) ForEach(ctx context.Context, n int, fn func(w, i int) error) error {
	jobs := make(chan int)
	errs := make(chan error, 2)
	for w := range 2 {
		go func() {
			var first error
			for i := range jobs {
				if err := fn(w, i); err != nil && first == nil {
					first = err
				}
			}
			errs <- first
		}()
	}
	for i := range n {
		jobs <- i
	}
	close(jobs)
	return errors.Join(<-errs, <-errs)
}

// TestATestThatNeverEndsAloneIsConfirmedOnEveryWorker: the runs that
// confirm a failure alone go side by side, so a test that runs to its
// deadline each time costs ConfirmRuns / workers deadlines; and they
// stop at ConfirmRuns, whatever runs at once.
func TestATestThatNeverEndsAloneIsConfirmedOnEveryWorker(t *testing.T) {
	t.Parallel()
	r := &parallelRunner{simRunner: simRunner{tests: []string{"TestStuck"}}}
	o := NewObservations()
	o.Add("TestStuck", Alone, true, "timeout: no result alone within 10s")
	if err := confirmAlone(context.Background(), r, []string{"TestStuck"}, Alone, o); err != nil {
		t.Fatal(err)
	}
	if got := o.get("TestStuck")[Alone].runs(); got != ConfirmRuns {
		t.Errorf("%d runs alone in all, want ConfirmRuns (%d): %d more by confirmAlone", got, ConfirmRuns, r.alone)
	}
	if r.paired < 2 {
		t.Errorf("%d of %d runs had another run of the test beside them, want most", r.paired, r.alone)
	}
}

// togetherLog is a simRunner that keeps the tests of each run together
// under go test's build.
type togetherLog struct {
	simRunner
	plain [][]string
}

func (r *togetherLog) Together(ctx context.Context, w int, c Condition, tests []string, o *Observations) error {
	if c == PlainWithOthers {
		r.plain = append(r.plain, slices.Clone(tests))
	}
	return r.simRunner.Together(ctx, w, c, tests, o)
}

// TestATestThatFailsEverywhereIsCheckedAloneUnderGoTest: a test that
// fails both with the others and alone on mutprop's build (rapid's
// TestDataVis loops until the memory cap with its seed pinned) runs alone
// on go test's build, twice, and the runs together there, made for a
// test that fails only with the others, leave it out. The decisions stay
// those the runs together gave it: set aside, as failing only for its
// pinned seed.
func TestATestThatFailsEverywhereIsCheckedAloneUnderGoTest(t *testing.T) {
	t.Parallel()
	loops := [NConditions]float64{WithOthers: 1, Alone: 1, PlainWithOthers: 1, PlainAlone: 1, InTree: 1}
	withOthers := [NConditions]float64{WithOthers: 1}
	for seed := range uint64(10) {
		r := &togetherLog{simRunner: simRunner{
			rng:    rand.New(rand.NewPCG(seed, 2)),
			tests:  []string{"TestA", "TestLoops", "TestOrder"},
			fail:   map[string][NConditions]float64{"TestLoops": loops, "TestOrder": withOthers},
			pinned: "-rapid.seed=1",
		}}
		o := firstRuns(t, r, r.tests)
		v, err := Screen(context.Background(), r, o, r.tests, false)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.plain) != ConfirmRuns {
			t.Errorf("seed %d: %d runs together under go test, want ConfirmRuns (%d): TestOrder passes each", seed, len(r.plain), ConfirmRuns)
		}
		for _, run := range r.plain {
			if slices.Contains(run, "TestLoops") || !slices.Contains(run, "TestOrder") {
				t.Errorf("seed %d: a run together under go test ran %v", seed, run)
			}
		}
		if n := o.get("TestLoops")[PlainAlone]; n.fail != PlainRuns || n.pass != 0 {
			t.Errorf("seed %d: TestLoops ran alone under go test %d times, failed %d, want %d failures", seed, n.runs(), n.fail, PlainRuns)
		}
		reasons := map[string]string{}
		for _, a := range v.Aside {
			reasons[a.Test] = a.Reason
		}
		if !strings.HasPrefix(reasons["TestLoops"], "fails with its seed pinned (-rapid.seed=1") {
			t.Errorf("seed %d: TestLoops set aside as %q, want failing only for its pinned seed", seed, reasons["TestLoops"])
		}
		if !strings.HasPrefix(reasons["TestOrder"], "fails with the other tests on mutprop's build") {
			t.Errorf("seed %d: TestOrder set aside as %q", seed, reasons["TestOrder"])
		}
		if len(v.Failing)+len(v.CopyOnly)+len(v.Flaky) > 0 {
			t.Errorf("seed %d: decision %+v", seed, v)
		}
	}
}

// aloneLog is a togetherLog that also counts the runs alone in Alone,
// and keeps the tests of each run together on mutprop's build.
type aloneLog struct {
	togetherLog
	alone    int
	measured [][]string
}

func (r *aloneLog) Together(ctx context.Context, w int, c Condition, tests []string, o *Observations) error {
	if c == WithOthers {
		r.measured = append(r.measured, slices.Clone(tests))
	}
	return r.togetherLog.Together(ctx, w, c, tests, o)
}

func (r *aloneLog) Alone(ctx context.Context, w int, c Condition, t string, o *Observations) error {
	if c == Alone {
		r.alone++
	}
	return r.togetherLog.Alone(ctx, w, c, t, o)
}

// TestTheRepeatsConfirmATestFailingEverywhereAlone: the repeats leave
// out a test that failed both with the others and alone, and run it
// alone meanwhile until ConfirmRuns runs agree, so that Screen runs it
// alone no more; its decision is the one Screen alone gave.
func TestTheRepeatsConfirmATestFailingEverywhereAlone(t *testing.T) {
	t.Parallel()
	loops := [NConditions]float64{WithOthers: 1, Alone: 1, PlainWithOthers: 1, PlainAlone: 1, InTree: 1}
	r := &aloneLog{togetherLog: togetherLog{simRunner: simRunner{
		rng:    rand.New(rand.NewPCG(3, 4)),
		tests:  []string{"TestA", "TestLoops", "TestB"},
		fail:   map[string][NConditions]float64{"TestLoops": loops},
		pinned: "-rapid.seed=1",
	}}}
	o := firstRuns(t, r, r.tests)
	repeated, err := RepeatTogether(context.Background(), r, MinRepeats, r.tests, o)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(repeated, []string{"TestA", "TestB"}) {
		t.Errorf("repeated %v, want TestA and TestB", repeated)
	}
	if got := len(r.measured) - 1; got != MinRepeats {
		t.Errorf("%d repeats together, want %d", got, MinRepeats)
	}
	for _, run := range r.measured[1:] {
		if slices.Contains(run, "TestLoops") {
			t.Errorf("a repeat ran %v", run)
		}
	}
	if n := o.get("TestLoops")[Alone]; n.fail != ConfirmRuns || n.pass != 0 {
		t.Errorf("TestLoops after the repeats: %d runs alone, %d failed; want ConfirmRuns (%d) failures", n.runs(), n.fail, ConfirmRuns)
	}
	before := r.alone
	v, err := Screen(context.Background(), r, o, r.tests, false)
	if err != nil {
		t.Fatal(err)
	}
	if r.alone != before {
		t.Errorf("Screen ran TestLoops alone %d more times, want none", r.alone-before)
	}
	if len(v.Aside) != 1 || v.Aside[0].Test != "TestLoops" || !strings.HasPrefix(v.Aside[0].Reason, "fails with its seed pinned") {
		t.Errorf("decision %+v, want TestLoops set aside as failing only for its pinned seed", v)
	}
}
