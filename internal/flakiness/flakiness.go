// Package flakiness is the baseline's policy on tests that fail without a
// mutant: how many times the tests run (Repeats), under which conditions
// (Condition), what the runs tell (Observations), and what to do with
// each failing test (Screen, Decision): refuse the package, or set the
// test aside with its reason. It decides from the observed runs only; a
// Runner runs the tests. During the mutants' runs, it confirms each kill
// (kills.go, ConfirmKill over a KillRunner): a kill whose test passes
// again against the mutant, or fails on the original, does not count.
package flakiness

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/outcome"
)

// Settings of a run's flaky-test policy (mutprop run --flaky): what the
// baseline does with a flaky test, one that both passes and fails without
// any mutant under the same conditions.
const (
	// Refuse ("" too) refuses the package, naming the flaky tests.
	Refuse = "refuse"
	// Skip sets the flaky tests aside (with their record) and scores the
	// package with the others.
	Skip = "skip"
)

// ParseSetting checks a flaky-test setting and reports whether flaky
// tests are set aside.
func ParseSetting(setting string) (skip bool, err error) {
	switch setting {
	case "", Refuse:
		return false, nil
	case Skip:
		return true, nil
	}
	return false, fmt.Errorf("flaky tests: unknown setting %q (want %s or %s)", setting, Refuse, Skip)
}

// SetAside is a test left out of a package's run, with the reason: it
// passes under go test but fails on mutprop's build, or it is flaky.
type SetAside struct {
	Test   string `json:"test"`
	Reason string `json:"reason"`
}

// How many times the baseline runs each test without a mutant. A test
// that fails at random, half of the time, independently in each run, is
// missed in two ways:
//
//   - it passes every run: the package is scored with it, and its failures
//     under mutants count as kills. Every test runs 2 + k times on
//     mutprop's build (once with the others, once alone recording its
//     coverage, then k more times with the others): the chance is
//     0.5^(2+k), 0.78 % at k = MinRepeats (5), 0.006 % at MaxRepeats (12).
//   - it failed, but each Condition it ran under (with the others or alone,
//     on mutprop's build or on go test's) gave one outcome every time, so
//     it looks like a test that fails only alone or only on mutprop's
//     build, and is set aside as such. A test that failed alone runs alone
//     again until ConfirmRuns runs agree or one differs, on mutprop's build
//     then on go test's; one that failed with the others but not alone
//     ran 1 + k >= 6 times so already (one that failed both is left out
//     of the k runs: it runs alone ConfirmRuns times instead), and go
//     test's build runs all the tests PlainRuns
//     times (refused if it fails there), up to ConfirmRuns while it passes.
//     A 50 % flake gives one outcome in ConfirmRuns runs with a chance of
//     2 x 0.5^8 = 0.78 %, and must do so in two conditions to be set aside
//     for another reason: under 0.01 %.
//
// The k more runs with the others run on the workers side by side, and
// cost at most what the baseline cost so far (the run with the others and
// the runs alone), but never fewer than MinRepeats: a suite of quick tests
// gets MaxRepeats for well under a second, a suite of slow tests
// MinRepeats for about 5 / workers times its duration.
const (
	MinRepeats  = 5
	MaxRepeats  = 12
	ConfirmRuns = 8
	// repeatBudgetFloor is the least budget of the k runs: the
	// baseline's time so far is a noisy measure for quick suites.
	repeatBudgetFloor = 2 * time.Second
)

// Repeats returns k, how many more times the tests run together (see
// MinRepeats): within the baseline's time so far (at least
// repeatBudgetFloor) on workers side by side, from MinRepeats to
// MaxRepeats.
func Repeats(workers int, together, soFar time.Duration) int {
	budget := max(soFar, repeatBudgetFloor)
	per := max(together, time.Millisecond)
	k := int(min(time.Duration(max(workers, 1))*budget/per, MaxRepeats))
	return min(max(k, MinRepeats), MaxRepeats)
}

// Condition is how a baseline run ran a test.
type Condition int

const (
	WithOthers      Condition = iota // mutprop's build, all the tests in one process
	Alone                            // mutprop's build, the test alone
	PlainWithOthers                  // go test's build, all the tests in one process
	PlainAlone                       // go test's build, the test alone
	// PlainUnpinned: go test's build, the test alone, its seed not
	// pinned (no -rapid.seed: random, as go test runs it). Only a test
	// that fails under go test with the pinned seed runs so (see
	// confirmUnpinned); its outcomes vary with the seed by design, so they
	// never make it flaky.
	PlainUnpinned
	// InTree: go test's build run in the user's tree, where go test runs
	// it, with the other tests and the seed pinned as on go test's build.
	// Only a package with a test that fails on go test's build in
	// mutprop's copy runs so, once (see confirmInTree): it tells a test
	// that fails wherever it runs from one that fails only in the copy
	// (it reads its working directory, or files outside the module).
	InTree
	NConditions
)

func (c Condition) String() string {
	return c.name("")
}

// name names c; pin is how runs on go test's build pin the seed
// (e.g. "-rapid.seed=1"), "" when they pin nothing.
func (c Condition) name(pin string) string {
	goTest := "go test"
	if pin != "" {
		goTest += " " + pin
	}
	switch c {
	case WithOthers:
		return "with the other tests on mutprop's build"
	case Alone:
		return "alone on mutprop's build"
	case PlainWithOthers:
		return "with the other tests under " + goTest
	case PlainAlone:
		return "alone under " + goTest
	case PlainUnpinned:
		return "alone under go test without a pinned seed (a random one, as go test runs it)"
	case InTree:
		return "with the other tests under " + goTest + " in your tree"
	}
	return fmt.Sprintf("Condition %d", int(c))
}

// tally counts a test's runs in one Condition.
type tally struct {
	pass, fail int
	reason     string // the first failure's
	// stopped counts the runs that mutprop's deadline or memory cap
	// stopped (PlainUnpinned only: there they tell nothing of go
	// test, which has neither); stopReason is the first one's.
	stopped    int
	stopReason string
}

func (t tally) runs() int { return t.pass + t.fail }

// Observations are the outcomes of every baseline run, by test and
// Condition. Safe for concurrent use.
type Observations struct {
	mu   sync.Mutex
	runs map[string]*[NConditions]tally
	// pin is how the runs on go test's build pin the seed
	// (Runner.pin), "" when they pin nothing: set by
	// Screen.
	pin string
}

// setPin sets o.pin.
func (o *Observations) setPin(pin string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.pin = pin
}

// goTest names go test's build as the baseline ran it: "go test", or "go
// test -rapid.seed=1" when the seed was pinned.
func (o *Observations) goTest() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.pin == "" {
		return "go test"
	}
	return "go test " + o.pin
}

// pinned returns o.pin.
func (o *Observations) pinned() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.pin
}

// Stop records a run of test in c that mutprop's deadline or memory cap
// stopped, for reason.
func (o *Observations) Stop(test string, c Condition, reason string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	r := o.runs[test]
	if r == nil {
		r = &[NConditions]tally{}
		o.runs[test] = r
	}
	r[c].stopped++
	if r[c].stopReason == "" {
		r[c].stopReason = reason
	}
}

// NewObservations returns empty observations.
func NewObservations() *Observations {
	return &Observations{runs: map[string]*[NConditions]tally{}}
}

// Add records a run of test in c: failed, for reason, or passed.
func (o *Observations) Add(test string, c Condition, failed bool, reason string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	r := o.runs[test]
	if r == nil {
		r = &[NConditions]tally{}
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
func (o *Observations) get(test string) [NConditions]tally {
	o.mu.Lock()
	defer o.mu.Unlock()
	if r := o.runs[test]; r != nil {
		return *r
	}
	return [NConditions]tally{}
}

// Failed reports whether test failed in any run.
func (o *Observations) Failed(test string) bool {
	r := o.get(test)
	for _, t := range r {
		if t.fail > 0 {
			return true
		}
	}
	return false
}

// flaky reports whether test both passed and failed in one Condition
// with a pinned seed (every Condition but PlainUnpinned).
func (o *Observations) flaky(test string) bool {
	r := o.get(test)
	for c, t := range r {
		if Condition(c) != PlainUnpinned && t.pass > 0 && t.fail > 0 {
			return true
		}
	}
	return false
}

// failedEverywhere reports whether test failed on mutprop's build both
// with the others and alone: the repeats leave it out (RepeatTogether),
// and go test's build checks it alone (Screen).
func (o *Observations) failedEverywhere(test string) bool {
	n := o.get(test)
	return n[WithOthers].fail > 0 && n[Alone].fail > 0
}

// Failing returns the tests, of tests then OutsideTests, that failed in
// some run.
func (o *Observations) Failing(tests []string) []string {
	var out []string
	for _, t := range append(slices.Clone(tests), OutsideTests) {
		if o.Failed(t) {
			out = append(out, t)
		}
	}
	return out
}

// AddRun records a run of tests in Condition c: the tests it blames
// failed (OutsideTests for a failure outside any test), and so did those
// that failed before a later one crashed the binary or ran out of time;
// those that passed or skipped passed, the others (never started: the
// binary died) tell nothing.
func (o *Observations) AddRun(c Condition, tests []string, st *testjson.Stream, v testjson.Verdict) []string {
	var blamed []string
	reason := ""
	if v.Outcome != outcome.Survived {
		blamed = culprits(st, v)
		reason = fmt.Sprintf("%s: %s: %s", v.Outcome, strings.Join(blamed, ", "), v.Reason)
		for _, t := range blamed {
			if ev := st.Tests[t]; ev != nil && ev.Status == testjson.StatusFail && len(blamed) > 1 {
				o.Add(t, c, true, fmt.Sprintf("%s: %s: %s", v.Outcome, t, st.KillReason(t))) // its own failure
				continue
			}
			o.Add(t, c, true, reason)
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
			o.Add(t, c, false, "")
		case ev.Status == testjson.StatusFail:
			o.Add(t, c, true, fmt.Sprintf("%s: %s: %s", outcome.Killed, t, st.KillReason(t)))
			blamed = append(blamed, t)
		}
	}
	if !slices.Contains(blamed, OutsideTests) && v.Outcome == outcome.Survived {
		o.Add(OutsideTests, c, false, "")
	}
	return blamed
}

// Record describes test's runs: "failed 3 of 7 runs with the other tests
// on mutprop's build, 1 of 1 alone on mutprop's build".
func (o *Observations) Record(test string) string {
	r, pin := o.get(test), o.pinned()
	var parts []string
	for c, t := range r {
		switch {
		case t.runs() > 0 && t.stopped > 0:
			parts = append(parts, fmt.Sprintf("%d of %d runs %s (%d more stopped by mutprop's deadline or memory cap)",
				t.fail, t.runs(), Condition(c).name(pin), t.stopped))
		case t.runs() > 0:
			parts = append(parts, fmt.Sprintf("%d of %d runs %s", t.fail, t.runs(), Condition(c).name(pin)))
		case t.stopped > 0:
			parts = append(parts, fmt.Sprintf("no run %s ended (%d stopped by mutprop's deadline or memory cap)", Condition(c).name(pin), t.stopped))
		}
	}
	return "failed " + strings.Join(parts, ", ")
}

// Reasons lists the first failure of test in each Condition, and the
// first run that mutprop stopped.
func (o *Observations) Reasons(test string) string {
	r, pin := o.get(test), o.pinned()
	var parts []string
	for c, t := range r {
		if t.reason != "" {
			parts = append(parts, Condition(c).name(pin)+": "+t.reason)
		}
		if t.stopReason != "" {
			parts = append(parts, Condition(c).name(pin)+", stopped: "+t.stopReason)
		}
	}
	return strings.Join(parts, "; ")
}

// Decision is what the baseline decided from its observations about the
// tests that failed (a verdict, in mutprop, is a mutant's: testjson.Verdict).
type Decision struct {
	// Failing fail under go test's own build, with the others, every time
	// they ran there, in mutprop's copy of the module and in the user's
	// tree (or where that run was not made): the package's own failure.
	Failing []string
	// CopyOnly fail so in mutprop's copy, but go test's build passed
	// them in the user's tree (InTree).
	CopyOnly []string
	// Flaky both passed and failed under one condition.
	Flaky []string
	// Outside: the instrumented binary failed outside any test, every
	// time, and go test's build passed.
	Outside bool
	// Aside are the tests to set aside, with their reason (the flaky ones
	// too with Skip).
	Aside []SetAside
}

// failsUnderGoTest reports whether r, a test's tallies, make it fail under
// go test's build with the others (with the seed pinned, if o.pin): it
// failed there, or it failed with the others on mutprop's build and never
// passed with them on go test's, nor alone there (the driver always runs
// it; Screen runs a test that failed both with the others and alone on
// mutprop's build alone on go test's).
func failsUnderGoTest(r [NConditions]tally) bool {
	return r[PlainWithOthers].fail > 0 || r[WithOthers].fail > 0 && r[PlainWithOthers].pass == 0 && r[PlainAlone].pass == 0
}

// seenFailingUnderGoTest reports whether test was seen to fail as go test
// runs it: under go test's build with nothing pinned, or, when the
// baseline pinned the seed there, in a run without it
// (PlainUnpinned).
func (o *Observations) seenFailingUnderGoTest(test string) bool {
	return o.pinned() == "" || o.get(test)[PlainUnpinned].fail > 0
}

// decide reads the Observations of tests (in order). Flaky comes first:
// a test that both passed and failed under one Condition is flaky,
// whatever else it did. Then a test that failed, every time, under go
// test's build with the others is the package's failure, unless the
// baseline pinned its seed there and it passed in every run without the
// pin (PlainUnpinned): then it is set aside, as one that fails only
// for that seed. One that failed only on mutprop's build, or only alone,
// is set aside with the reason. A test that failed with the others but
// never ran with them under go test's build counts as failing there (the
// driver always runs it).
func decide(o *Observations, tests []string, skipFlaky bool) Decision {
	var v Decision
	goTest := o.goTest()
	for _, t := range o.Failing(tests) {
		r := o.get(t)
		w, a, pa, u := r[WithOthers], r[Alone], r[PlainAlone], r[PlainUnpinned]
		if o.flaky(t) {
			v.Flaky = append(v.Flaky, t)
			if skipFlaky && t != OutsideTests {
				v.Aside = append(v.Aside, SetAside{Test: t, Reason: "flaky: passed and failed without any mutant under the same conditions (" +
					o.Record(t) + "); set aside by --flaky skip (" + o.Reasons(t) + ")"})
			}
			continue
		}
		var why string
		switch {
		case failsUnderGoTest(r) && t != OutsideTests && o.pinned() != "" && u.pass > 0 && u.fail == 0:
			why = fmt.Sprintf("fails with its seed pinned (%s, from --seed) on go test's own build too, every time, but passes as go test runs it (a random seed): set aside; another --seed may keep it",
				o.pinned())
		case failsUnderGoTest(r) && r[InTree].pass > 0 && r[InTree].fail == 0:
			v.CopyOnly = append(v.CopyOnly, t)
			continue
		case failsUnderGoTest(r):
			v.Failing = append(v.Failing, t)
			continue
		case t == OutsideTests:
			v.Outside = true
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
		v.Aside = append(v.Aside, SetAside{Test: t, Reason: why + " (" + o.Record(t) + ": " + o.Reasons(t) + ")"})
	}
	return v
}

// Runner runs tests without a mutant, recording each outcome in
// o: gotest's builds, or a simulation in tests.
type Runner interface {
	// Together runs tests (nil: all of them) in one process, in
	// Condition c, from worker w.
	Together(ctx context.Context, w int, c Condition, tests []string, o *Observations) error
	// Alone runs test alone, in Condition c, from worker w.
	Alone(ctx context.Context, w int, c Condition, test string, o *Observations) error
	// ForEach calls fn for each of n jobs from the workers.
	ForEach(ctx context.Context, n int, fn func(w, i int) error) error
	// Pin describes how the runs on go test's build pin the seed
	// (e.g. "-rapid.seed=1"), "" when they pin nothing.
	Pin() string
}

// RepeatTogether runs tests together k more times on mutprop's build, on
// the workers side by side, but for those that failed both with the
// others and alone (left out of repeated): a test that loops until the
// memory cap or the deadline would cost that much in each run, and hide
// the tests after it. Those run alone instead, as Screen would run them
// next (confirmAlone), interleaved with the repeats: nothing a repeat
// shows changes their runs alone, and a test that runs to its deadline
// alone fills the workers the repeats leave idle. It returns the tests it
// ran together.
func RepeatTogether(ctx context.Context, r Runner, k int, tests []string, o *Observations) ([]string, error) {
	var repeated, both []string
	for _, t := range tests {
		if o.failedEverywhere(t) {
			both = append(both, t)
		} else {
			repeated = append(repeated, t)
		}
	}
	if len(repeated) == 0 {
		k = 0
	}
	n, confirm := confirmJobs(r, both, Alone, o)
	if n+k == 0 {
		return nil, nil
	}
	err := r.ForEach(ctx, n+k, func(w, j int) error {
		if j < n {
			return confirm(ctx, w, j)
		}
		return r.Together(ctx, w, WithOthers, repeated, o)
	})
	if k == 0 {
		return nil, err
	}
	return repeated, err
}

// Screen reruns the tests that failed in the baseline's first
// runs (with the others once and k times, alone once) and decides what
// they are (decide). A test that failed alone on mutprop's build runs
// alone there again until ConfirmRuns runs agree or one differs. Unless
// every failing test is flaky already, go test's build then runs the
// tests together PlainRuns times when one failed with the others (or
// outside any test), up to ConfirmRuns times while that one passes there
// (it would be set aside as failing only on mutprop's build). A test that
// failed both with the others and alone runs alone there instead, by the
// same rule, and the runs together leave it out. Each test that failed
// only alone runs alone on it, until ConfirmRuns runs agree or one
// differs: failing there too, it depends on the tests before it. Last,
// when those runs pinned the seed (r.pin), each test that failed with the
// others there runs alone without the pin (confirmUnpinned): passing so,
// it fails only for that seed.
func Screen(ctx context.Context, r Runner, o *Observations, tests []string, skipFlaky bool) (Decision, error) {
	o.setPin(r.Pin())
	var again []string
	for _, t := range o.Failing(tests) {
		if t != OutsideTests && !o.flaky(t) && o.get(t)[Alone].fail > 0 {
			again = append(again, t)
		}
	}
	if err := confirmAlone(ctx, r, again, Alone, o); err != nil {
		return Decision{}, err
	}
	// What to check on go test's build: with the others, alone until
	// runs agree, or (failing wherever it ran) alone in rounds.
	var together, alone, everywhere []string
	for _, t := range o.Failing(tests) {
		switch {
		case o.flaky(t):
		case t != OutsideTests && o.failedEverywhere(t):
			everywhere = append(everywhere, t)
		case t == OutsideTests || o.get(t)[WithOthers].fail > 0:
			together = append(together, t)
		default:
			alone = append(alone, t)
		}
	}
	// The tests run together there without those that fail everywhere:
	// one that loops until the memory cap would cost that much in each
	// run, and end it before the tests after it.
	others := slices.DeleteFunc(slices.Clone(tests), func(t string) bool { return slices.Contains(everywhere, t) })
	err := plainRounds(ctx, r, o, together, PlainWithOthers, func(w, _ int) error {
		return r.Together(ctx, w, PlainWithOthers, others, o)
	})
	if err != nil {
		return Decision{}, err
	}
	for _, t := range everywhere {
		err := plainRounds(ctx, r, o, []string{t}, PlainAlone, func(w, _ int) error {
			return r.Alone(ctx, w, PlainAlone, t, o)
		})
		if err != nil {
			return Decision{}, err
		}
	}
	if err := confirmAlone(ctx, r, alone, PlainAlone, o); err != nil {
		return Decision{}, err
	}
	if o.pinned() != "" {
		var unpinned []string
		for _, t := range o.Failing(tests) {
			if t != OutsideTests && !o.flaky(t) && failsUnderGoTest(o.get(t)) {
				unpinned = append(unpinned, t)
			}
		}
		if err := confirmUnpinned(ctx, r, unpinned, o); err != nil {
			return Decision{}, err
		}
	}
	if err := confirmInTree(ctx, r, o, tests); err != nil {
		return Decision{}, err
	}
	return decide(o, tests, skipFlaky), nil
}

// confirmInTree runs go test's build in the user's tree (InTree) once,
// all the tests together, when a test that is not flaky failed with the
// others on go test's build in mutprop's copy (and not only for its
// pinned seed): a refusal says "go test fails too" only if it fails
// there too.
func confirmInTree(ctx context.Context, r Runner, o *Observations, tests []string) error {
	for _, t := range o.Failing(tests) {
		rec := o.get(t)
		pinnedOnly := o.pinned() != "" && rec[PlainUnpinned].pass > 0 && rec[PlainUnpinned].fail == 0
		if !o.flaky(t) && failsUnderGoTest(rec) && !pinnedOnly {
			return r.Together(ctx, 0, InTree, nil, o)
		}
	}
	return nil
}

// unpinnedRuns is how many times a test that fails under go test's build
// with the seed pinned runs alone there without the pin, at most.
const unpinnedRuns = 3

// confirmUnpinned runs each of tests alone on go test's build without a
// pinned seed (PlainUnpinned), as go test runs it, up to unpinnedRuns
// times: until one run fails (go test fails too), or one is stopped by
// mutprop's deadline or memory cap (it tells nothing, and another would
// cost as much).
func confirmUnpinned(ctx context.Context, r Runner, tests []string, o *Observations) error {
	return r.ForEach(ctx, len(tests), func(w, i int) error {
		t := tests[i]
		for range unpinnedRuns {
			if n := o.get(t)[PlainUnpinned]; n.fail > 0 || n.stopped > 0 {
				return nil
			}
			if err := r.Alone(ctx, w, PlainUnpinned, t, o); err != nil {
				return err
			}
		}
		return nil
	})
}

// plainRounds calls run (a run of tests under go test's build, in
// Condition c) in rounds of PlainRuns, side by side on the workers, up
// to ConfirmRuns times while every test of tests passed each run in c
// (plainPassing). Two runs that failed tell a failing test from a flaky
// one; a test that passes every run would be set aside as failing only
// on mutprop's build, which more runs confirm. Nothing runs when tests is
// empty.
func plainRounds(ctx context.Context, r Runner, o *Observations, tests []string, c Condition, run func(w, i int) error) error {
	for i := 0; i < ConfirmRuns && len(tests) > 0; i += PlainRuns {
		if i >= PlainRuns && !plainPassing(o, tests, c) {
			return nil
		}
		if err := r.ForEach(ctx, min(PlainRuns, ConfirmRuns-i), run); err != nil {
			return err
		}
	}
	return nil
}

// plainPassing reports whether every test of tests (which failed on
// mutprop's build) passed every run in c (under go test's build) so far,
// one of them not flaky: it would be set aside as failing only on
// mutprop's build, which more runs must confirm.
func plainPassing(o *Observations, tests []string, c Condition) bool {
	some := false
	for _, t := range tests {
		if o.get(t)[c].fail > 0 {
			return false
		}
		some = some || !o.flaky(t)
	}
	return some
}

// confirmAlone runs each of tests alone in Condition c until ConfirmRuns
// runs in c agree or one differs from the others; at most ConfirmRuns
// more times. The runs of one test go side by side on the workers, the
// tests' runs interleaved: a test that runs to its deadline each time
// (it loops, or waits) holds every worker for ConfirmRuns / workers
// deadlines, not one worker for ConfirmRuns. A run that starts while
// another of the same test is under way may be one more than a
// one-by-one search would make, after a run that differed.
func confirmAlone(ctx context.Context, r Runner, tests []string, c Condition, o *Observations) error {
	n, confirm := confirmJobs(r, tests, c, o)
	if n == 0 {
		return nil
	}
	return r.ForEach(ctx, n, func(w, j int) error { return confirm(ctx, w, j) })
}

// confirmJobs returns the n jobs of confirmAlone's runs of tests in c,
// and the function that runs job j from worker w: a run, or nothing once
// the test's runs agree, differ, or reach ConfirmRuns (started ones
// included).
func confirmJobs(r Runner, tests []string, c Condition, o *Observations) (n int, run func(ctx context.Context, w, j int) error) {
	var mu sync.Mutex
	started, ended := make([]int, len(tests)), make([]int, len(tests))
	return len(tests) * ConfirmRuns, func(ctx context.Context, w, j int) error {
		i := j % len(tests)
		t := tests[i]
		mu.Lock()
		n := o.get(t)[c]
		if started[i] >= ConfirmRuns || n.runs()+started[i]-ended[i] >= ConfirmRuns || n.pass > 0 && n.fail > 0 {
			mu.Unlock()
			return nil
		}
		started[i]++
		mu.Unlock()
		err := r.Alone(ctx, w, c, t, o)
		mu.Lock()
		ended[i]++
		mu.Unlock()
		return err
	}
}

// Kept returns tests without those v sets aside.
func Kept(tests []string, v Decision) []string {
	return slices.DeleteFunc(slices.Clone(tests), func(t string) bool {
		return slices.ContainsFunc(v.Aside, func(a SetAside) bool { return a.Test == t })
	})
}

// PlainRuns is how many times the tests run together on a plain go test
// -c build when one failed with the others on mutprop's build: twice, to
// tell a flaky test from a failing one.
const PlainRuns = 2

// OutsideTests names a failure no test was running in: TestMain, an init
// function, or the binary's exit after the tests.
const OutsideTests = "(outside any test: TestMain, init or exit)"

// culprits returns the top-level tests a failed run blames: the failed
// ones, else the one running when the binary died or was stopped, else
// OutsideTests.
func culprits(st *testjson.Stream, v testjson.Verdict) []string {
	if len(v.KilledBy) > 0 && !slices.Equal(v.KilledBy, []string{"TestMain"}) {
		return v.KilledBy
	}
	for _, name := range st.Order {
		if t := st.Tests[name]; testjson.TopLevel(name) && t.Status == testjson.StatusRunning {
			return []string{name}
		}
	}
	return []string{OutsideTests}
}

// The deadline of a run without the pinned seed (PlainUnpinned): the
// test's deadline from its baseline, within these bounds. Its baseline
// comes from runs that failed (maybe by looping until stopped): a floor
// lets a pass take longer than the failures did, and a small cap stops a
// loop soon.
const (
	unpinnedFloor = 2 * time.Second
	unpinnedCap   = 5 * time.Second
)

// UnpinnedTimeout bounds a run without the pinned seed whose deadline
// from the baseline is d.
func UnpinnedTimeout(d time.Duration) time.Duration {
	return min(max(d, unpinnedFloor), unpinnedCap)
}

// SkipHint is the end of a refusal that names failing tests: the --skip
// of mutprop run that leaves them out, so that the other tests are scored
// ("; --skip '^(TestA|TestB)$' leaves them out ..."). It is "" when no
// test can be left out that way (a failure outside any test).
func SkipHint(tests []string) string {
	var names []string
	for _, t := range tests {
		if q := regexp.QuoteMeta(t); t != OutsideTests && !slices.Contains(names, q) {
			names = append(names, q)
		}
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("; --skip '^%s$' leaves it out and scores the other tests", names[0])
	}
	return fmt.Sprintf("; --skip '^(%s)$' leaves them out and scores the other tests", strings.Join(names, "|"))
}

// Refusal is the error that refuses the package pkg for v, or nil: tests
// that fail under go test, flaky tests (unless skipFlaky set them aside),
// a failure outside any test on mutprop's build only.
func (v Decision) Refusal(o *Observations, pkg string, skipFlaky bool) error {
	var msgs []string
	if len(v.CopyOnly) > 0 {
		parts := make([]string, len(v.CopyOnly))
		for i, t := range v.CopyOnly {
			parts[i] = t + " (" + o.Record(t) + ": " + o.Reasons(t) + ")"
		}
		msgs = append(msgs, fmt.Sprintf("baseline of %s fails in mutprop's copy of the module, though %s passes in your tree "+
			"(a test that reads its working directory, its absolute path or files outside the module): refusing to score it; failing tests: %s%s",
			pkg, o.goTest(), strings.Join(parts, "; "), SkipHint(v.CopyOnly)))
	}
	var seen, pinned []string // failing as go test runs them; only with the seed pinned
	var seenNames, pinnedNames []string
	for _, t := range v.Failing {
		part := t + " (" + o.Record(t) + ": " + o.Reasons(t) + ")"
		if o.seenFailingUnderGoTest(t) {
			seen, seenNames = append(seen, part), append(seenNames, t)
		} else {
			pinned, pinnedNames = append(pinned, part), append(pinnedNames, t)
		}
	}
	if len(seen) > 0 {
		msgs = append(msgs, fmt.Sprintf("baseline of %s fails without any mutant (go test fails too): refusing to score it; failing tests: %s%s",
			pkg, strings.Join(seen, "; "), SkipHint(seenNames)))
	}
	if len(pinned) > 0 {
		msgs = append(msgs, fmt.Sprintf("baseline of %s fails without any mutant under %s too (the seed pinned from --seed; "+
			"no run without the pin failed, none passed either): refusing to score it; another --seed may pass; failing tests: %s%s",
			pkg, o.goTest(), strings.Join(pinned, "; "), SkipHint(pinnedNames)))
	}
	var flaky []string
	for _, t := range v.Flaky {
		if !skipFlaky || t == OutsideTests {
			flaky = append(flaky, t+" is flaky: it passed and failed without any mutant under the same conditions ("+o.Record(t)+": "+o.Reasons(t)+")")
		}
	}
	if len(flaky) > 0 {
		msgs = append(msgs, fmt.Sprintf("baseline of %s: %s: refusing to score it (--flaky skip sets flaky tests aside and scores the others)",
			pkg, strings.Join(flaky, "; ")))
	}
	if len(msgs) > 0 {
		return errors.New(strings.Join(msgs, "; "))
	}
	if v.Outside {
		return fmt.Errorf("baseline of %s: the instrumented test binary fails outside any test (TestMain, init or exit) and the plain build passes: refusing to score it (%s: %s)",
			pkg, o.Record(OutsideTests), o.Reasons(OutsideTests))
	}
	return nil
}
