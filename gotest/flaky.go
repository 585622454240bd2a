package gotest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mutprop/mutprop/internal/sandbox"
	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/outcome"
)

// Settings of Config.Flaky: what the baseline does with a flaky test, one
// that both passes and fails without any mutant under the same conditions.
const (
	// FlakyRefuse ("" too) refuses the package, naming the flaky tests.
	FlakyRefuse = "refuse"
	// FlakySkip sets the flaky tests aside (PackageResult.SetAside, with
	// their record) and scores the package with the others.
	FlakySkip = "skip"
)

// How many times the baseline runs each test without a mutant. A test
// that fails at random, half of the time, independently in each run, is
// missed in two ways:
//
//   - it passes every run: the package is scored with it, and its failures
//     under mutants count as kills. Every test runs 2 + k times on
//     mutprop's build (once with the others, once alone recording its
//     coverage, then k more times with the others): the chance is
//     0.5^(2+k), 0.78 % at k = minRepeats (5), 0.006 % at maxRepeats (12).
//   - it failed, but each condition it ran under (with the others or alone,
//     on mutprop's build or on go test's) gave one outcome every time, so
//     it looks like a test that fails only alone or only on mutprop's
//     build, and is set aside as such. A test that failed alone runs alone
//     again until confirmRuns runs agree or one differs, on mutprop's build
//     then on go test's; one that failed with the others but not alone
//     ran 1 + k >= 6 times so already (one that failed both is left out
//     of the k runs: it runs alone confirmRuns times instead), and go
//     test's build runs all the tests plainRuns
//     times (refused if it fails there), up to confirmRuns while it passes.
//     A 50 % flake gives one outcome in confirmRuns runs with a chance of
//     2 x 0.5^8 = 0.78 %, and must do so in two conditions to be set aside
//     for another reason: under 0.01 %.
//
// The k more runs with the others run on the workers side by side, and
// cost at most what the baseline cost so far (the run with the others and
// the runs alone), but never fewer than minRepeats: a suite of quick tests
// gets maxRepeats for well under a second, a suite of slow tests
// minRepeats for about 5 / workers times its duration.
const (
	minRepeats  = 5
	maxRepeats  = 12
	confirmRuns = 8
	// repeatBudgetFloor is the least budget of the k runs: the
	// baseline's time so far is a noisy measure for quick suites.
	repeatBudgetFloor = 2 * time.Second
)

// repeats returns k, how many more times the tests run together (see
// minRepeats): within the baseline's time so far (at least
// repeatBudgetFloor) on workers side by side, from minRepeats to
// maxRepeats.
func repeats(workers int, together, soFar time.Duration) int {
	budget := max(soFar, repeatBudgetFloor)
	per := max(together, time.Millisecond)
	k := int(min(time.Duration(max(workers, 1))*budget/per, maxRepeats))
	return min(max(k, minRepeats), maxRepeats)
}

// condition is how a baseline run ran a test.
type condition int

const (
	condWithOthers      condition = iota // mutprop's build, all the tests in one process
	condAlone                            // mutprop's build, the test alone
	condPlainWithOthers                  // go test's build, all the tests in one process
	condPlainAlone                       // go test's build, the test alone
	// condPlainUnpinned: go test's build, the test alone, its seed not
	// pinned (no -rapid.seed: random, as go test runs it). Only a test
	// that fails under go test with the pinned seed runs so (see
	// confirmUnpinned); its outcomes vary with the seed by design, so they
	// never make it flaky.
	condPlainUnpinned
	nConditions
)

func (c condition) String() string {
	return c.name("")
}

// name names c; pin is how runs on go test's build pin the seed
// (pinnedSeed: "-rapid.seed=1"), "" when they pin nothing.
func (c condition) name(pin string) string {
	goTest := "go test"
	if pin != "" {
		goTest += " " + pin
	}
	switch c {
	case condWithOthers:
		return "with the other tests on mutprop's build"
	case condAlone:
		return "alone on mutprop's build"
	case condPlainWithOthers:
		return "with the other tests under " + goTest
	case condPlainAlone:
		return "alone under " + goTest
	case condPlainUnpinned:
		return "alone under go test without a pinned seed (a random one, as go test runs it)"
	}
	return fmt.Sprintf("condition %d", int(c))
}

// tally counts a test's runs in one condition.
type tally struct {
	pass, fail int
	reason     string // the first failure's
	// stopped counts the runs that mutprop's deadline or memory cap
	// stopped (condPlainUnpinned only: there they tell nothing of go
	// test, which has neither); stopReason is the first one's.
	stopped    int
	stopReason string
}

func (t tally) runs() int { return t.pass + t.fail }

// observations are the outcomes of every baseline run, by test and
// condition. Safe for concurrent use.
type observations struct {
	mu   sync.Mutex
	runs map[string]*[nConditions]tally
	// pin is how the runs on go test's build pin the seed
	// (baselineRunner.pin), "" when they pin nothing: set by
	// screenFailures.
	pin string
}

// setPin sets o.pin.
func (o *observations) setPin(pin string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.pin = pin
}

// goTest names go test's build as the baseline ran it: "go test", or "go
// test -rapid.seed=1" when the seed was pinned.
func (o *observations) goTest() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.pin == "" {
		return "go test"
	}
	return "go test " + o.pin
}

// pinned returns o.pin.
func (o *observations) pinned() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.pin
}

// stop records a run of test in c that mutprop's deadline or memory cap
// stopped, for reason.
func (o *observations) stop(test string, c condition, reason string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	r := o.runs[test]
	if r == nil {
		r = &[nConditions]tally{}
		o.runs[test] = r
	}
	r[c].stopped++
	if r[c].stopReason == "" {
		r[c].stopReason = reason
	}
}

func newObservations() *observations {
	return &observations{runs: map[string]*[nConditions]tally{}}
}

func (o *observations) add(test string, c condition, failed bool, reason string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	r := o.runs[test]
	if r == nil {
		r = &[nConditions]tally{}
		o.runs[test] = r
	}
	if !failed {
		r[c].pass++
		return
	}
	r[c].fail++
	if r[c].reason == "" {
		r[c].reason = reason
	}
}

// get returns test's tallies.
func (o *observations) get(test string) [nConditions]tally {
	o.mu.Lock()
	defer o.mu.Unlock()
	if r := o.runs[test]; r != nil {
		return *r
	}
	return [nConditions]tally{}
}

// failed reports whether test failed in any run.
func (o *observations) failed(test string) bool {
	r := o.get(test)
	for _, t := range r {
		if t.fail > 0 {
			return true
		}
	}
	return false
}

// flaky reports whether test both passed and failed in one condition
// with a pinned seed (every condition but condPlainUnpinned).
func (o *observations) flaky(test string) bool {
	r := o.get(test)
	for c, t := range r {
		if condition(c) != condPlainUnpinned && t.pass > 0 && t.fail > 0 {
			return true
		}
	}
	return false
}

// failing returns the tests, of tests then outsideTests, that failed in
// some run.
func (o *observations) failing(tests []string) []string {
	var out []string
	for _, t := range append(slices.Clone(tests), outsideTests) {
		if o.failed(t) {
			out = append(out, t)
		}
	}
	return out
}

// addRun records a run of tests in condition c: the tests it blames
// failed (outsideTests for a failure outside any test), and so did those
// that failed before a later one crashed the binary or ran out of time;
// those that passed or skipped passed, the others (never started: the
// binary died) tell nothing.
func (o *observations) addRun(c condition, tests []string, st *testjson.Stream, v testjson.Verdict) []string {
	var blamed []string
	reason := ""
	if v.Outcome != outcome.Survived {
		blamed = culprits(st, v)
		reason = fmt.Sprintf("%s: %s: %s", v.Outcome, strings.Join(blamed, ", "), v.Reason)
		for _, t := range blamed {
			if ev := st.Tests[t]; ev != nil && ev.Status == testjson.StatusFail && len(blamed) > 1 {
				o.add(t, c, true, fmt.Sprintf("%s: %s: %s", v.Outcome, t, st.KillReason(t))) // its own failure
				continue
			}
			o.add(t, c, true, reason)
		}
	}
	for _, t := range tests {
		if slices.Contains(blamed, t) {
			continue
		}
		ev := st.Tests[t]
		switch {
		case ev == nil:
		case ev.Status == testjson.StatusPass || ev.Status == testjson.StatusSkip:
			o.add(t, c, false, "")
		case ev.Status == testjson.StatusFail:
			o.add(t, c, true, fmt.Sprintf("%s: %s: %s", outcome.Killed, t, st.KillReason(t)))
			blamed = append(blamed, t)
		}
	}
	if !slices.Contains(blamed, outsideTests) && v.Outcome == outcome.Survived {
		o.add(outsideTests, c, false, "")
	}
	return blamed
}

// record describes test's runs: "failed 3 of 7 runs with the other tests
// on mutprop's build, 1 of 1 alone on mutprop's build".
func (o *observations) record(test string) string {
	r, pin := o.get(test), o.pinned()
	var parts []string
	for c, t := range r {
		switch {
		case t.runs() > 0 && t.stopped > 0:
			parts = append(parts, fmt.Sprintf("%d of %d runs %s (%d more stopped by mutprop's deadline or memory cap)",
				t.fail, t.runs(), condition(c).name(pin), t.stopped))
		case t.runs() > 0:
			parts = append(parts, fmt.Sprintf("%d of %d runs %s", t.fail, t.runs(), condition(c).name(pin)))
		case t.stopped > 0:
			parts = append(parts, fmt.Sprintf("no run %s ended (%d stopped by mutprop's deadline or memory cap)", condition(c).name(pin), t.stopped))
		}
	}
	return "failed " + strings.Join(parts, ", ")
}

// reasons lists the first failure of test in each condition, and the
// first run that mutprop stopped.
func (o *observations) reasons(test string) string {
	r, pin := o.get(test), o.pinned()
	var parts []string
	for c, t := range r {
		if t.reason != "" {
			parts = append(parts, condition(c).name(pin)+": "+t.reason)
		}
		if t.stopReason != "" {
			parts = append(parts, condition(c).name(pin)+", stopped: "+t.stopReason)
		}
	}
	return strings.Join(parts, "; ")
}

// verdict is what the baseline decided from its observations.
type verdict struct {
	// failing fail under go test's own build, with the others, every time
	// they ran there: the package's own failure.
	failing []string
	// flaky both passed and failed under one condition.
	flaky []string
	// outside: the instrumented binary failed outside any test, every
	// time, and go test's build passed.
	outside bool
	// aside are the tests to set aside, with their reason (the flaky ones
	// too with FlakySkip).
	aside []SetAside
}

// failsUnderGoTest reports whether r, a test's tallies, make it fail under
// go test's build with the others (with the seed pinned, if o.pin): it
// failed there, or it failed with the others on mutprop's build and never
// ran with them on go test's (the driver always runs it).
func failsUnderGoTest(r [nConditions]tally) bool {
	return r[condPlainWithOthers].fail > 0 || r[condWithOthers].fail > 0 && r[condPlainWithOthers].pass == 0
}

// seenFailingUnderGoTest reports whether test was seen to fail as go test
// runs it: under go test's build with nothing pinned, or, when the
// baseline pinned the seed there, in a run without it
// (condPlainUnpinned).
func (o *observations) seenFailingUnderGoTest(test string) bool {
	return o.pinned() == "" || o.get(test)[condPlainUnpinned].fail > 0
}

// decide reads the observations of tests (in order). Flaky comes first:
// a test that both passed and failed under one condition is flaky,
// whatever else it did. Then a test that failed, every time, under go
// test's build with the others is the package's failure, unless the
// baseline pinned its seed there and it passed in every run without the
// pin (condPlainUnpinned): then it is set aside, as one that fails only
// for that seed. One that failed only on mutprop's build, or only alone,
// is set aside with the reason. A test that failed with the others but
// never ran with them under go test's build counts as failing there (the
// driver always runs it).
func decide(o *observations, tests []string, skipFlaky bool) verdict {
	var v verdict
	goTest := o.goTest()
	for _, t := range o.failing(tests) {
		r := o.get(t)
		w, a, pa, u := r[condWithOthers], r[condAlone], r[condPlainAlone], r[condPlainUnpinned]
		if o.flaky(t) {
			v.flaky = append(v.flaky, t)
			if skipFlaky && t != outsideTests {
				v.aside = append(v.aside, SetAside{Test: t, Reason: "flaky: passed and failed without any mutant under the same conditions (" +
					o.record(t) + "); set aside by --flaky skip (" + o.reasons(t) + ")"})
			}
			continue
		}
		var why string
		switch {
		case failsUnderGoTest(r) && t != outsideTests && o.pinned() != "" && u.pass > 0 && u.fail == 0:
			why = fmt.Sprintf("fails with its seed pinned (%s, from --seed) on go test's own build too, every time, but passes as go test runs it (a random seed): set aside; another --seed may keep it",
				o.pinned())
		case failsUnderGoTest(r):
			v.failing = append(v.failing, t)
			continue
		case t == outsideTests:
			v.outside = true
			continue
		case w.fail > 0 && a.fail > 0:
			why = "fails on mutprop's instrumented build (schemata, probes, linked without DWARF) but passes under " + goTest
		case w.fail > 0:
			why = "fails with the other tests on mutprop's build, every time, but passes alone and under " + goTest
		case pa.fail > 0:
			why = "fails when run alone, under " + goTest + " -run too, every time (it depends on tests that run before it), and mutprop runs a mutant's tests alone"
		default:
			why = "fails alone on mutprop's instrumented build (schemata, probes, coverage), every time, but passes alone under " + goTest
		}
		v.aside = append(v.aside, SetAside{Test: t, Reason: why + " (" + o.record(t) + ": " + o.reasons(t) + ")"})
	}
	return v
}

// baselineRun runs tests on bin, in sc, without a mutant, and records the
// outcome in condition c. In condPlainUnpinned (one test) the seed is not
// pinned, and a run that mutprop's deadline or memory cap stopped is
// recorded as stopped, not failed.
func (s *session) baselineRun(ctx context.Context, sc *sandbox.Scratch, bin *testbin.Binary, tests []string, c condition, timeout time.Duration, o *observations) error {
	if err := sc.Reset(); err != nil {
		return err
	}
	seed := s.cfg.seed()
	if c == condPlainUnpinned {
		seed = 0
	}
	st, res, err := bin.Run(ctx, testbin.RunSpec{Tests: tests, Dir: sc.WorkDir(), TempDir: sc.TempDir(), Seed: seed,
		Memory: s.cfg.memory(), Timeout: timeout})
	if err != nil {
		return err
	}
	if res.Canceled {
		return ctx.Err()
	}
	v := testjson.Classify(st, res)
	if c != condPlainUnpinned {
		o.addRun(c, tests, st, v)
		return nil
	}
	for _, t := range tests {
		switch {
		case res.TimedOut || res.MemoryExceeded || res.OutputExceeded:
			o.stop(t, c, fmt.Sprintf("%s: %s", v.Outcome, v.Reason))
		case v.Outcome == outcome.Survived:
			o.add(t, c, false, "")
		default:
			o.add(t, c, true, fmt.Sprintf("%s: %s", v.Outcome, v.Reason))
		}
	}
	return nil
}

// baselineRunner runs tests without a mutant, recording each outcome in
// o: the session's builds (sessionRunner), or a simulation in tests.
type baselineRunner interface {
	// together runs tests (nil: all of them) in one process, in
	// condition c, from worker w.
	together(ctx context.Context, w int, c condition, tests []string, o *observations) error
	// alone runs test alone, in condition c, from worker w.
	alone(ctx context.Context, w int, c condition, test string, o *observations) error
	// forEach calls fn for each of n jobs from the workers.
	forEach(ctx context.Context, n int, fn func(w, i int) error) error
	// pin describes how the runs on go test's build pin the seed
	// (pinnedSeed: "-rapid.seed=1"), "" when they pin nothing.
	pin() string
}

// repeatTogether runs tests together k more times on mutprop's build, on
// the workers side by side, but for those that failed both with the
// others and alone (repeated): they run alone again in screenFailures
// (confirmAlone), which finds them flaky as surely, and a test that loops
// until the memory cap or the deadline would cost that much in each run,
// and hide the tests after it. It returns the tests it ran.
func repeatTogether(ctx context.Context, r baselineRunner, k int, tests []string, o *observations) ([]string, error) {
	repeated := slices.DeleteFunc(slices.Clone(tests), func(t string) bool {
		n := o.get(t)
		return n[condWithOthers].fail > 0 && n[condAlone].fail > 0
	})
	if len(repeated) == 0 {
		return nil, nil
	}
	return repeated, r.forEach(ctx, k, func(w, _ int) error {
		return r.together(ctx, w, condWithOthers, repeated, o)
	})
}

// screenFailures reruns the tests that failed in the baseline's first
// runs (with the others once and k times, alone once) and decides what
// they are (decide). A test that failed alone on mutprop's build runs
// alone there again until confirmRuns runs agree or one differs. Unless
// every failing test is flaky already, go test's build then runs all the
// tests together plainRuns times when one failed with the others (or
// outside any test), up to confirmRuns times while that one passes there
// (it would be set aside as failing only on mutprop's build), and each
// test that failed only alone runs alone on it, until confirmRuns runs
// agree or one differs: failing there too, it depends on the tests before
// it. Last, when those runs pinned the seed (r.pin), each test that
// failed with the others there runs alone without the pin
// (confirmUnpinned): passing so, it fails only for that seed.
func screenFailures(ctx context.Context, r baselineRunner, o *observations, tests []string, skipFlaky bool) (verdict, error) {
	o.setPin(r.pin())
	var again []string
	for _, t := range o.failing(tests) {
		if t != outsideTests && !o.flaky(t) && o.get(t)[condAlone].fail > 0 {
			again = append(again, t)
		}
	}
	if err := confirmAlone(ctx, r, again, condAlone, o); err != nil {
		return verdict{}, err
	}
	var together, alone []string // what to check on go test's build
	for _, t := range o.failing(tests) {
		switch {
		case o.flaky(t):
		case t == outsideTests || o.get(t)[condWithOthers].fail > 0:
			together = append(together, t)
		default:
			alone = append(alone, t)
		}
	}
	for i := 0; i < confirmRuns && len(together) > 0; i++ {
		if i >= plainRuns && !plainPassing(o, together) {
			break
		}
		if err := r.together(ctx, 0, condPlainWithOthers, nil, o); err != nil {
			return verdict{}, err
		}
	}
	if err := confirmAlone(ctx, r, alone, condPlainAlone, o); err != nil {
		return verdict{}, err
	}
	if o.pinned() != "" {
		var unpinned []string
		for _, t := range o.failing(tests) {
			if t != outsideTests && !o.flaky(t) && failsUnderGoTest(o.get(t)) {
				unpinned = append(unpinned, t)
			}
		}
		if err := confirmUnpinned(ctx, r, unpinned, o); err != nil {
			return verdict{}, err
		}
	}
	return decide(o, tests, skipFlaky), nil
}

// unpinnedRuns is how many times a test that fails under go test's build
// with the seed pinned runs alone there without the pin, at most.
const unpinnedRuns = 3

// confirmUnpinned runs each of tests alone on go test's build without a
// pinned seed (condPlainUnpinned), as go test runs it, up to unpinnedRuns
// times: until one run fails (go test fails too), or one is stopped by
// mutprop's deadline or memory cap (it tells nothing, and another would
// cost as much).
func confirmUnpinned(ctx context.Context, r baselineRunner, tests []string, o *observations) error {
	return r.forEach(ctx, len(tests), func(w, i int) error {
		t := tests[i]
		for range unpinnedRuns {
			if n := o.get(t)[condPlainUnpinned]; n.fail > 0 || n.stopped > 0 {
				return nil
			}
			if err := r.alone(ctx, w, condPlainUnpinned, t, o); err != nil {
				return err
			}
		}
		return nil
	})
}

// plainPassing reports whether every test of tests (which failed on
// mutprop's build) passed every run under go test's build with the others
// so far, one of them not flaky: it would be set aside as failing only on
// mutprop's build, which more runs must confirm.
func plainPassing(o *observations, tests []string) bool {
	some := false
	for _, t := range tests {
		if o.get(t)[condPlainWithOthers].fail > 0 {
			return false
		}
		some = some || !o.flaky(t)
	}
	return some
}

// confirmAlone runs each of tests alone in condition c until confirmRuns
// runs in c agree or one differs from the others; at most confirmRuns
// more times.
func confirmAlone(ctx context.Context, r baselineRunner, tests []string, c condition, o *observations) error {
	return r.forEach(ctx, len(tests), func(w, i int) error {
		t := tests[i]
		for range confirmRuns {
			if n := o.get(t)[c]; n.runs() >= confirmRuns || n.pass > 0 && n.fail > 0 {
				return nil
			}
			if err := r.alone(ctx, w, c, t, o); err != nil {
				return err
			}
		}
		return nil
	})
}

// keptTests returns tests without those v sets aside.
func keptTests(tests []string, v verdict) []string {
	return slices.DeleteFunc(slices.Clone(tests), func(t string) bool {
		return slices.ContainsFunc(v.aside, func(a SetAside) bool { return a.Test == t })
	})
}

// flakySetting checks cfg.Flaky and reports whether flaky tests are set
// aside.
func (cfg *Config) flakySetting() (skip bool, err error) {
	switch cfg.Flaky {
	case "", FlakyRefuse:
		return false, nil
	case FlakySkip:
		return true, nil
	}
	return false, fmt.Errorf("flaky tests: unknown setting %q (want %s or %s)", cfg.Flaky, FlakyRefuse, FlakySkip)
}
