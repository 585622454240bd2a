package gotest

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mutprop/mutprop/internal/coverage"
	"github.com/mutprop/mutprop/internal/flakiness"
	"github.com/mutprop/mutprop/internal/sandbox"
	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/internal/testlog"
	"github.com/mutprop/mutprop/internal/testwatch"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

// baselineTimeout bounds one baseline run of all the tests.
const baselineTimeout = 10 * time.Minute

// DefaultTestLimit is Config.TestLimit's default. A test that computes
// for 30 s without a mutant costs as much again, times the deadline's
// factor at worst, in each mutant's run that it covers. rapid v1.2.0's
// TestDataVis, which loops with its seed pinned, used it in about 15 s
// of wall time (its garbage collection takes the second core), where
// the memory cap stopped it after 60 to 77 s.
const DefaultTestLimit = 30 * time.Second

// testLimitRule is the deadline rule of each test in a baseline run of
// all the tests under limit (testwatch.Watch): stopped once it used limit
// of CPU (read from half of it on, when two threads can have), once it
// was blocked (asleep) for limit of its own time, or at
// testwatch.Stretch x limit of its own time whatever it did. CPU time,
// not wall time, so that a loaded machine stops no test that would have
// ended quiet. The process outside its tests (start-up, TestMain) has no
// rule but the run's own deadline.
func testLimitRule(limit time.Duration) func(string) testwatch.Rule {
	return func(test string) testwatch.Rule {
		if test == "" {
			return testwatch.Rule{First: baselineTimeout, Full: baselineTimeout, Need: testwatch.Stretch * baselineTimeout, Factor: 1}
		}
		return testwatch.Rule{First: limit / 2, Full: limit, Need: limit, Alone: limit, Factor: 1}
	}
}

// runBaseline measures the tests on the build that is measured, before
// any mutant: all of them together, once, on the original path, as go
// test runs them (their durations are the floor's; a test past
// Config.TestLimit there is set aside, and the others run together
// again without it), then each alone with
// the build's recording on (measureAlone: the test's coverage, the
// mutants it infects, and its duration through the guarded copies, which
// bounds a mutant's run), then all together k more times (flakiness.Repeats, on the
// workers: a flaky test that passed twice would otherwise kill mutants
// at random). Each remaining test's baseline is the slower of its first
// two runs.
//
// When some fail, checkFailures reruns them (alone, and on a plain go test
// -c build) and decides: flaky first (it passed and failed under one
// condition: refused, or set aside with FlakySkip), then failing under go
// test (refused), then failing only on mutprop's build or only alone (set
// aside by name with the reason, and the package scored with the rest, or
// refused with StrictBaseline). A test that failed in any baseline run is
// never among the tests a mutant runs: it is set aside or the package is
// refused.
//
// The baseline says every baselineEvery what it is doing (Config.Log),
// and Config.BaselineTimeout bounds it: past it, the error names the
// tests that were running.
func (s *session) runBaseline(ctx context.Context, coverPkgs []string) error {
	bctx := ctx
	if d := s.cfg.BaselineTimeout; d > 0 {
		var cancel context.CancelFunc
		bctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}
	defer s.prog.follow(s.cfg, s.pkg.Path)()
	err := s.baselineStages(bctx, coverPkgs)
	if err != nil && ctx.Err() == nil && errors.Is(bctx.Err(), context.DeadlineExceeded) {
		return s.prog.expired(s.pkg.Path, s.cfg.BaselineTimeout)
	}
	return err
}

// baselineStages is runBaseline's work, under its deadline.
func (s *session) baselineStages(ctx context.Context, coverPkgs []string) error {
	skipFlaky, err := flakiness.ParseSetting(s.cfg.Flaky)
	if err != nil {
		return fmt.Errorf("baseline of %s: %w", s.pkg.Path, err)
	}
	s.baseline, s.original, s.cases = map[string]time.Duration{}, map[string]time.Duration{}, map[string]int{}
	s.printed = map[string]time.Duration{}
	defer s.settleOriginal()
	o := flakiness.NewObservations()
	s.prog.set(fmt.Sprintf("running the %d tests together, without a mutant", len(s.tests)))
	if err := s.runTogether(ctx, o); err != nil {
		return err
	}
	s.baselineTime = s.togetherTime
	start := time.Now()
	s.prog.set(fmt.Sprintf("running each of the %d tests alone, recording its coverage", len(s.tests)))
	if err := s.measureAlone(ctx, coverPkgs, o); err != nil {
		return err
	}
	s.coverTime = time.Since(start)
	if s.cfg.oneMutant {
		return s.failingNow(o)
	}
	s.weighBatches(ctx)
	k := flakiness.Repeats(s.cfg.workers(), s.baselineTime, s.baselineTime+s.coverTime)
	start = time.Now()
	searched := s.mutantTests(o)
	s.prog.set(fmt.Sprintf("running the %d tests together %d more times, to find flaky tests", len(searched), k))
	var runner flakiness.Runner = &sessionRunner{s: s}
	leaks := &leakRunner{Runner: runner, s: s, o: o}
	if s.leakCheckDue() && len(o.Failing(s.tests)) == 0 {
		runner = leaks
	}
	repeated, err := flakiness.RepeatTogether(ctx, runner, k, searched, o)
	if err != nil {
		return err
	}
	// The check stands when every test passed in the search too: a test
	// that failed is screened, and the check runs again on those kept.
	s.leaksMeasured = leaks.ran && len(o.Failing(s.tests)) == 0
	note := ""
	if n := len(searched) - len(repeated); n > 0 {
		note = fmt.Sprintf(" (but %d that failed both together and alone: they ran alone meanwhile, up to %d times, to confirm it)", n, flakiness.ConfirmRuns)
	}
	if n := len(s.tests) - len(searched); n > 0 {
		note += fmt.Sprintf("; %d that reach no mutant left out: no mutant runs them", n)
	}
	s.cfg.logf("%s: the tests ran together %d more times without a mutant, to find flaky tests, in %v%s", s.pkg.Path, k,
		time.Since(start).Round(time.Millisecond), note)
	if len(o.Failing(s.tests)) == 0 {
		return nil
	}
	s.prog.set(fmt.Sprintf("checking the %d tests that failed without a mutant (%s): flaky, failing under go test, or only on mutprop's build",
		len(o.Failing(s.tests)), strings.Join(o.Failing(s.tests), ", ")))
	if err := s.checkFailures(ctx, o, skipFlaky); err != nil {
		return err
	}
	if err := s.someLeft(); err != nil {
		return err
	}
	// Without the tests set aside, the others must still pass together;
	// that run measures the process's overhead when the first one failed.
	s.prog.set(fmt.Sprintf("running the %d tests kept together again", len(s.tests)))
	if err := s.runTogether(ctx, o); err != nil {
		return err
	}
	if again := o.Failing(s.tests); len(again) > 0 {
		// A test that depends on another's side effects, or a flaky package.
		parts := make([]string, len(again))
		for i, t := range again {
			parts[i] = t + " (" + o.Record(t) + ": " + o.Reasons(t) + ")"
		}
		return fmt.Errorf("baseline of %s fails without any mutant, after setting aside %s: refusing to score it; failing tests: %s%s",
			s.pkg.Path, setAsideNames(s.aside), strings.Join(parts, "; "), flakiness.SkipHint(again))
	}
	return nil
}

// mutantTests lists the tests a mutant may run, which the flaky-test
// search repeats: every test but those whose recording run reached no
// guarded site, infected no probe and gave no black-box data. Among them
// are a test whose run told nothing, one that failed so far (o, when not
// nil), and every test when coverage is read from blocks (overlay mode)
// or some mutant has no schema (it runs every test). A flaky test that
// no mutant runs can kill none.
func (s *session) mutantTests(o *flakiness.Observations) []string {
	if !s.recorded || s.everyTest {
		return s.tests
	}
	var out []string
	for _, t := range s.tests {
		reached, known := s.reached[t]
		if !known || len(reached) > 0 || len(s.infected[t]) > 0 || len(s.data[t]) > 0 || (o != nil && o.Failed(t)) {
			out = append(out, t)
		}
	}
	return out
}

// failingNow ends RunMutant's baseline: the tests ran together and each
// alone once, and one that failed there cannot judge a mutant.
func (s *session) failingNow(o *flakiness.Observations) error {
	failing := o.Failing(s.tests)
	if len(failing) == 0 {
		return nil
	}
	parts := make([]string, len(failing))
	for i, t := range failing {
		parts[i] = t + " (" + o.Record(t) + ": " + o.Reasons(t) + ")"
	}
	return fmt.Errorf("baseline of %s fails without the mutant, on mutprop's build: %s", s.pkg.Path, strings.Join(parts, "; "))
}

// runTogether runs the session's tests in one process with no active
// mutant, as go test runs them, and records each one's duration (the
// floor's, and a lower bound of its baseline) and, when the run passed,
// the process's own overhead, and into o which tests passed and failed.
//
// It runs them as a mutant's runs do: without rapid's minimization of a
// failing case (noShrink). When some fail, findShrinkers reruns them with
// it; a test that passes then needs rapid's shrinking (s.shrinks), and
// the run is made again, now keeping rapid's shrinking. When the first
// run did not end normally (another test reached the memory cap or its
// deadline: the run again would end so too, at the same cost), the
// rerun's results of those tests stand for theirs in it instead
// (withShrinkers), and the others' results stand as they were: a test
// that passed never minimized a case, with the flag or without.
//
// Each test runs under Config.TestLimit (testLimitRule): one past it
// stops the run, is set aside (setAsideSlow), and the others run again
// without it, so that no test that never ends costs the memory cap or
// the run's 10 minutes, in this run or any later one.
func (s *session) runTogether(ctx context.Context, o *flakiness.Observations) error {
	start := time.Now()
	noShrink := s.noShrink(s.tests)
	testLog := filepath.Join(s.work, "testlog.txt")
	var watch *testwatch.Watch
	if limit := s.cfg.testLimit(); limit > 0 {
		watch = testwatch.NewLimits(testLimitRule(limit))
	}
	st, res, err := s.runAll(ctx, s.tests, noShrink, testLog, watch)
	if err != nil {
		return err
	}
	if watch != nil && watch.Stopped() != "" {
		if err := s.setAsideSlow(watch.Stopped()); err != nil {
			return err
		}
		return s.runTogether(ctx, o)
	}
	v := testjson.Classify(st, res)
	if noShrink && s.bin.Rapid && v.Outcome != outcome.Survived {
		found, again, err := s.findShrinkers(ctx, st)
		if err != nil {
			return err
		}
		if len(found) > 0 {
			merged, ok := withShrinkers(st, res, found)
			if !ok {
				return s.runTogether(ctx, o)
			}
			s.togetherTime = time.Since(start)
			s.recordTogether(st, res, merged, testLog, o, found, again)
			return nil
		}
	}
	s.togetherTime = time.Since(start)
	s.recordTogether(st, res, v, testLog, o, nil, nil)
	return nil
}

// withShrinkers is the verdict of the run st (with result res) had the
// tests found to need rapid's shrinking passed there, as they did when
// rerun with it. It stands only for a run that did not end normally (a
// memory cap, a deadline, a crash in another test): a full rerun would
// end the same way, at the same cost. ok is false otherwise, and when
// one of them was running as the run ended: runTogether then runs all
// the tests again.
func withShrinkers(st *testjson.Stream, res proc.Result, found []string) (testjson.Verdict, bool) {
	if st.Result != "" {
		return testjson.Verdict{}, false
	}
	passed := *st
	passed.Tests = maps.Clone(st.Tests)
	for _, name := range found {
		ev := st.Tests[name]
		if ev == nil || ev.Status != testjson.StatusFail {
			return testjson.Verdict{}, false
		}
		as := *ev
		as.Status = testjson.StatusPass
		passed.Tests[name] = &as
	}
	return testjson.Classify(&passed, res), true
}

// recordTogether records a run of all the tests together (st, its result
// res, its verdict v), the results of the tests in rerun, which passed
// it, taken from the stream again instead (runTogether).
func (s *session) recordTogether(st *testjson.Stream, res proc.Result, v testjson.Verdict, testLog string, o *flakiness.Observations, rerun []string, again *testjson.Stream) {
	var sum time.Duration
	elapsed, took := st.Elapsed(), st.Took()
	exacts := map[string]time.Duration{}
	var elapsedAgain, tookAgain map[string]time.Duration
	if again != nil {
		elapsedAgain, tookAgain = again.Elapsed(), again.Took()
	}
	for _, t := range s.tests {
		from, d, exact := st, elapsed[t], took[t]
		if slices.Contains(rerun, t) {
			from, d, exact = again, elapsedAgain[t], tookAgain[t]
		}
		if from.Tests[t] == nil {
			continue
		}
		sum += elapsed[t]
		// The floor's time of the test is the one the binary measured
		// or, for a test that calls no switch, the one read between its
		// lines (the median of the runs: settleOriginal); its deadlines
		// keep the printed one.
		s.original[t], exacts[t] = exact, exact
		if _, ok := s.printed[t]; !ok {
			s.printed[t] = d
		}
		s.baseline[t] = max(s.baseline[t], d)
		if c, ok := testjson.Cases(from.Tests[t].Output + from.SubtestOutput(t)); ok && !c.Failed && c.Cases > 0 {
			s.cases[t] = c.Cases
		}
	}
	if v.Outcome == outcome.Survived {
		s.addOriginal(exacts)
		// A run that failed may have been stopped in a test that never
		// ended (a loop until the memory cap): its time is no
		// overhead. runBaseline runs the kept tests together again.
		s.overhead = max(res.Duration-sum, 0)
		s.readInputs(s.scratch(0), testLog)
		if changed, err := s.scratch(0).Changed(); err == nil {
			s.written = changed
		}
	}
	if len(rerun) == 0 {
		o.AddRun(flakiness.WithOthers, s.tests, st, v)
		return
	}
	kept := slices.DeleteFunc(slices.Clone(s.tests), func(t string) bool { return slices.Contains(rerun, t) })
	o.AddRun(flakiness.WithOthers, kept, st, v)
	for _, t := range rerun {
		o.Add(t, flakiness.WithOthers, false, "") // it passed the rerun (findShrinkers)
	}
}

// readInputs reads what the tests read in a run together that passed in
// sc, not reset since: its test log (testbin.RunSpec.TestLog), as go
// test's cache reads it, mapped to the user's inputs (testlog.Places.Map:
// the copy's paths relative to the module root, what the run wrote and
// mutprop's own variables left out), with the variables the runtime reads
// (testlog.RuntimeEnv). A log that cannot be read leaves them unknown:
// the cache and the journal then key the test package by its files.
func (s *session) readInputs(sc *sandbox.Scratch, file string) {
	b, err := os.ReadFile(file)
	var read []testlog.Input
	if err == nil {
		read, err = testlog.Parse(b, sc.WorkDir())
	}
	if err != nil {
		s.inputs = nil
		s.cfg.logf("%s: what its tests read is unknown (%v): the outcome cache and the journal key its files alone", s.pkg.Path, err)
		return
	}
	places := testlog.Places{Copy: sc.Root(), Template: s.tmpl.Root(), Own: []string{sc.TempDir(), s.tmp}, OwnEnv: testbin.OwnEnv}
	s.inputs = places.Map(append(testlog.RuntimeEnv(), read...))
}

// recordInputs gives each live package the inputs of the test packages
// whose tests count for it (PackageResult.Inputs), before it is Ready.
func recordInputs(live []*target, sessions []*session) {
	for _, t := range live {
		for _, s := range sessions {
			if s.inputs == nil || !slices.Contains(s.coverPkgs, t.pkg.Path) {
				continue
			}
			if t.pr.Inputs == nil {
				t.pr.Inputs = map[string][]testlog.Input{}
			}
			t.pr.Inputs[s.pkg.Path] = s.inputs
		}
	}
}

// setAsideSlow sets test aside: Config.TestLimit stopped it in a run of
// the tests together. With StrictBaseline the package is refused, and
// when no test is left there is nothing to score.
func (s *session) setAsideSlow(test string) error {
	reason := fmt.Sprintf("did not end within the limit of a test (--test-limit %v of CPU, or as long blocked, or %v in all) in a run of the tests together without a mutant",
		s.cfg.testLimit(), testwatch.Stretch*s.cfg.testLimit())
	if pin := pinnedSeed(s.bin, s.cfg.seed()); pin != "" {
		reason += ", its seed pinned (" + pin + ", from --seed)"
	}
	reason += ": each mutant it covers would cost as much; --test-limit raises the limit, 0 lifts it"
	if s.cfg.StrictBaseline {
		return fmt.Errorf("baseline of %s: %s %s; refusing with --strict-baseline (without it the test is set aside and the package is scored with the others)", s.pkg.Path, test, reason)
	}
	s.aside = append(s.aside, SetAside{Test: test, Reason: reason})
	s.tests = slices.DeleteFunc(slices.Clone(s.tests), func(t string) bool { return t == test })
	s.cfg.logf("%s: %s %s: set aside; the others run together again", s.pkg.Path, test, reason)
	if err := s.someLeft(); err != nil {
		return err
	}
	s.prog.set(fmt.Sprintf("running the %d tests together again, without %s (past --test-limit)", len(s.tests), test))
	return nil
}

// someLeft is the error of a baseline that set every test aside: nothing
// is left to score.
func (s *session) someLeft() error {
	if len(s.tests) > 0 {
		return nil
	}
	return fmt.Errorf("baseline of %s: every test was set aside (%s): nothing to score", s.pkg.Path, setAsideNames(s.aside))
}

// runAll runs tests in one process on the measured build, with no active
// mutant, in worker 0's copy; noShrink and testLog as in testbin.RunSpec.
// A watch, when not nil, watches the run, and is closed after it.
func (s *session) runAll(ctx context.Context, tests []string, noShrink bool, testLog string, watch *testwatch.Watch) (*testjson.Stream, proc.Result, error) {
	spec := testbin.RunSpec{Tests: tests, Seed: s.cfg.seed(), Timeout: baselineTimeout, NoShrink: noShrink, TestLog: testLog, TestTimes: true}
	if watch != nil {
		defer watch.Close()
		spec.Watch = watch.Attach
	}
	return s.runIn(ctx, s.scratch(0), s.bin, spec)
}

// runIn runs spec (without Dir, TempDir, Memory: runIn sets them) on bin
// in sc, reset first, with no active mutant and no watch: a baseline run.
// A run that the context canceled returns the context's error.
func (s *session) runIn(ctx context.Context, sc *sandbox.Scratch, bin *testbin.Binary, spec testbin.RunSpec) (*testjson.Stream, proc.Result, error) {
	if err := sc.Reset(); err != nil {
		return nil, proc.Result{}, err
	}
	spec.Dir, spec.TempDir, spec.Memory = sc.WorkDir(), sc.TempDir(), s.cfg.memory()
	st, res, err := bin.Run(ctx, spec)
	s.prog.ran()
	if err != nil {
		return nil, res, err
	}
	if res.End == proc.EndCanceled {
		s.prog.stopped(st)
		return nil, res, ctx.Err()
	}
	return st, res, nil
}

// findShrinkers reruns together, keeping rapid's shrinking, the tests
// that failed in st (a run without it), and adds to s.shrinks those that
// pass then: they check rapid's minimization itself (rapid's own
// TestShrink_*), so a mutant's run that ends it would fail them whatever
// the mutant does. It returns those it found and the rerun's stream.
func (s *session) findShrinkers(ctx context.Context, st *testjson.Stream) ([]string, *testjson.Stream, error) {
	var failed []string
	for _, t := range s.tests {
		if ev := st.Tests[t]; ev != nil && ev.Status == testjson.StatusFail && !s.shrinks[t] {
			failed = append(failed, t)
		}
	}
	if len(failed) == 0 {
		return nil, nil, nil
	}
	again, _, err := s.runAll(ctx, failed, false, "", nil)
	if err != nil {
		return nil, nil, err
	}
	var found []string
	for _, t := range failed {
		if ev := again.Tests[t]; ev == nil || ev.Status != testjson.StatusPass {
			continue
		}
		if s.shrinks == nil {
			s.shrinks = map[string]bool{}
		}
		s.shrinks[t] = true
		found = append(found, t)
		s.cfg.logf("%s: %s needs rapid's shrinking (it fails with -rapid.shrinktime=0s and passes without): its runs keep it", s.pkg.Path, t)
	}
	return found, again, nil
}

// noShrink reports whether a process that runs tests may end rapid's
// minimization of a failing case at once (testbin.RunSpec.NoShrink):
// unless one of them needs it (s.shrinks).
func (s *session) noShrink(tests []string) bool {
	for _, t := range tests {
		if s.shrinks[t] {
			return false
		}
	}
	return true
}

// aloneRun is what one test's run alone on the measured build told.
type aloneRun struct {
	elapsed time.Duration
	use     testwatch.Usage
	failed  string // the reason it failed; "" if it passed or timed out
	// timedOut: the run did not end within timeout, which tells nothing
	// of a test that passed with the others.
	timedOut bool
	timeout  time.Duration
	// known: the run passed and its recording (probe file or coverage
	// profile) was read.
	known             bool
	reached, infected map[int]bool
	blocks            map[string][]coverage.Span
	// data is the wrapped functions' data coverage, by first schema
	// number (mutate.SplitBlackboxData); nil without black-box mutants.
	data map[int]mutate.BlackboxData
}

// measureAlone runs each test alone, on the workers, with the measured
// build's recording on: in schemata mode the binary records the guarded
// sites each test reaches and the mutants it infects
// (mutate.SchemataOptions.Coverage, Probes); in overlay mode a coverage
// build writes the blocks it executes in coverPkgs. It records the
// per-test coverage, and each test's duration into its baseline. A run
// that does not end in time tells nothing (the test then covers and
// infects everything); a run that fails is recorded in o as a failure.
func (s *session) measureAlone(ctx context.Context, coverPkgs []string, o *flakiness.Observations) error {
	runs := make([]aloneRun, len(s.tests))
	err := s.forEach(ctx, len(s.tests), func(w, i int) error {
		var err error
		runs[i], err = s.runAlone(ctx, s.scratch(w), s.tests[i], i, coverPkgs)
		return err
	})
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		return err
	}
	if s.recorded {
		s.reached, s.infected = map[string]map[int]bool{}, map[string]map[int]bool{}
		s.data = map[string]map[int]mutate.BlackboxData{}
	} else {
		s.cover = map[string]map[string][]coverage.Span{}
	}
	s.usage = map[string]testwatch.Usage{}
	for i, t := range s.tests {
		r := runs[i]
		s.baseline[t] = max(s.baseline[t], r.elapsed)
		if r.failed == "" && r.known {
			s.usage[t] = r.use
		}
		s.recordAlone(o, t, r)
		switch {
		case r.failed != "":
		case !r.known:
			// no entry: covers and infects everything
		case s.recorded:
			s.reached[t], s.infected[t], s.data[t] = r.reached, r.infected, r.data
		default:
			s.cover[t] = r.blocks
		}
	}
	return nil
}

// recordAlone records into o what a run of test alone showed. A run that
// did not end in time tells nothing, unless the test failed with the
// others: then it fails alone too (rapid's TestDataVis under a pinned
// seed loops until the memory cap). The repeats together leave it out,
// and the screen's runs alone count it failing, each time.
func (s *session) recordAlone(o *flakiness.Observations, test string, r aloneRun) {
	switch {
	case !r.timedOut:
		o.Add(test, flakiness.Alone, r.failed != "", r.failed)
	case o.Failed(test):
		o.Add(test, flakiness.Alone, true, fmt.Sprintf("timeout: no result alone within %v", r.timeout.Round(time.Millisecond)))
	}
}

// runAlone runs test alone with the build's recording on (see
// measureAlone); i numbers its recording file.
func (s *session) runAlone(ctx context.Context, sc *sandbox.Scratch, test string, i int, coverPkgs []string) (aloneRun, error) {
	bin := s.bin
	spec := testbin.RunSpec{Tests: []string{test}, Seed: s.cfg.seed(), Timeout: s.measureTimeout(test), NoShrink: s.noShrink([]string{test})}
	file := filepath.Join(s.work, fmt.Sprintf("record-%d.out", i))
	if s.recorded {
		spec.Probe = file
	} else {
		bin = &testbin.Binary{Path: s.coverPath, Rapid: s.bin.Rapid}
		spec.CoverProfile = file
	}
	st, res, err := s.runIn(ctx, sc, bin, spec)
	if err != nil {
		return aloneRun{}, err
	}
	_, asserts := testjson.AssertFailure(st.Output)
	r := aloneRun{elapsed: st.Elapsed()[test], use: testwatch.Usage{CPU: res.CPU, Asserts: asserts}}
	v := testjson.Classify(st, res)
	switch {
	case v.Outcome == outcome.Timeout:
		if _, said := s.endless.LoadOrStore(test, true); !said {
			s.cfg.logf("%s: %s did not end alone within %v with coverage recording on: it counts as covering and infecting every mutant",
				s.pkg.Path, test, spec.Timeout.Round(time.Millisecond))
		}
		r.timedOut, r.timeout = true, spec.Timeout
		return r, nil
	case v.Outcome != outcome.Survived:
		r.failed = fmt.Sprintf("%s: %s", v.Outcome, v.Reason)
		return r, nil
	}
	if s.recorded {
		b, err := os.ReadFile(file)
		if err == nil {
			b, r.data, err = mutate.SplitBlackboxData(b)
		}
		if err == nil {
			r.reached, r.infected, err = coverage.ParseProbeFile(b)
		}
		if err != nil {
			s.cfg.logf("%s: the coverage of %s is unknown (%v): it counts as covering and infecting every mutant", s.pkg.Path, test, err)
			return r, nil
		}
	} else {
		blocks, err := coverage.ParseProfile(file, coverPkgs)
		if err != nil {
			s.cfg.logf("%s: coverage of %s unknown (%v): it will run against every mutant", s.pkg.Path, test, err)
			return r, nil
		}
		r.blocks = blocks
	}
	r.known = true
	return r, nil
}

// checkFailures decides what the tests that failed in the baseline are
// (flakiness.Screen, on the session's builds): flaky tests refuse the
// package (FlakySkip: they are set aside, which says so); tests that fail
// under go test refuse it; the others are set aside with their reason
// (refused with StrictBaseline).
func (s *session) checkFailures(ctx context.Context, o *flakiness.Observations, skipFlaky bool) error {
	v, err := flakiness.Screen(ctx, &sessionRunner{s: s}, o, s.tests, skipFlaky)
	if err != nil {
		return err
	}
	if err := v.Refusal(o, s.pkg.Path, skipFlaky); err != nil {
		return err
	}
	if s.cfg.StrictBaseline && len(v.Aside) > 0 {
		parts := make([]string, len(v.Aside))
		for i, a := range v.Aside {
			parts[i] = a.Test + ": " + a.Reason
		}
		return fmt.Errorf("baseline of %s: %s; refusing with --strict-baseline (without it these tests are set aside and the package is scored with the others)",
			s.pkg.Path, strings.Join(parts, "; "))
	}
	s.aside = append(s.aside, v.Aside...)
	s.tests = flakiness.Kept(s.tests, v)
	for _, t := range s.tests {
		if o.Failed(t) { // Screen sets aside or refuses every failing test
			return fmt.Errorf("baseline of %s: %s failed without any mutant and was kept (%s): refusing to score it", s.pkg.Path, t, o.Record(t))
		}
	}
	return nil
}

// baselineRun runs tests on bin, in sc, without a mutant, and records the
// outcome in condition c. In flakiness.PlainUnpinned (one test) the seed is not
// pinned, and a run that mutprop's deadline or memory cap stopped is
// recorded as stopped, not failed.
func (s *session) baselineRun(ctx context.Context, sc *sandbox.Scratch, bin *testbin.Binary, tests []string, c flakiness.Condition, timeout time.Duration, o *flakiness.Observations) error {
	seed, noShrink := s.cfg.seed(), s.noShrink(tests)
	if c == flakiness.PlainUnpinned {
		seed, noShrink = 0, false // as go test runs it
	}
	st, res, err := s.runIn(ctx, sc, bin, testbin.RunSpec{Tests: tests, Seed: seed, Timeout: timeout, NoShrink: noShrink, TestTimes: c == flakiness.WithOthers})
	if err != nil {
		return err
	}
	v := testjson.Classify(st, res)
	if c == flakiness.WithOthers && v.Outcome == outcome.Survived {
		s.addOriginal(st.Took())
	}
	if c != flakiness.PlainUnpinned {
		o.AddRun(c, tests, st, v)
		return nil
	}
	for _, t := range tests {
		switch {
		case res.End.Killed():
			o.Stop(t, c, fmt.Sprintf("%s: %s", v.Outcome, v.Reason))
		case v.Outcome == outcome.Survived:
			o.Add(t, c, false, "")
		default:
			o.Add(t, c, true, fmt.Sprintf("%s: %s", v.Outcome, v.Reason))
		}
	}
	return nil
}

// addOriginal adds took, a run of the tests together that passed, to
// each test's floor times (session.originalRuns).
func (s *session) addOriginal(took map[string]time.Duration) {
	s.originalMu.Lock()
	defer s.originalMu.Unlock()
	if s.originalRuns == nil {
		s.originalRuns = map[string][]time.Duration{}
	}
	for t, d := range took {
		if _, ok := s.original[t]; ok {
			s.originalRuns[t] = append(s.originalRuns[t], d)
		}
	}
}

// settleOriginal sets each test's floor time to the median of its runs
// together (the lower middle of an even count), kept within the 5 ms of
// rounding of the time its first run printed. The binary measures the
// time of a test that calls the switch (testbin.RunSpec.TestTimes); a
// time read between a test's lines, for the others, moves with the reader: lines read late, in one piece,
// make a 10 ms test look like 1 us; the median of the runs does not. The
// flaky-test search runs on every worker at once: a test that uses the
// machine's cores reads slower there than in the first run, alone.
func (s *session) settleOriginal() {
	s.originalMu.Lock()
	defer s.originalMu.Unlock()
	const rounding = 5 * time.Millisecond
	for t, runs := range s.originalRuns {
		p := s.printed[t]
		s.original[t] = min(max(median(runs), p-rounding, 0), p+rounding)
	}
}

// median is the middle of ds, the lower one of an even count; 0 for
// none.
func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	sorted := slices.Clone(ds)
	slices.Sort(sorted)
	return sorted[(len(sorted)-1)/2]
}

// sessionRunner runs a session's tests for flakiness.Screen (a
// flakiness.Runner): WithOthers and Alone on the measured build (alone
// with its recording on, as measureAlone), the plain conditions on a
// plain go test -c build, made on first use.
type sessionRunner struct {
	s     *session
	mu    sync.Mutex
	plain *testbin.Binary
}

func (r *sessionRunner) binary(ctx context.Context, c flakiness.Condition) (*testbin.Binary, error) {
	if c == flakiness.WithOthers || c == flakiness.Alone {
		return r.s.bin, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.plain == nil {
		b, err := r.s.plainBinary(ctx)
		if err != nil {
			return nil, err
		}
		r.plain = b
	}
	return r.plain, nil
}

func (r *sessionRunner) Together(ctx context.Context, w int, c flakiness.Condition, tests []string, o *flakiness.Observations) error {
	if c == flakiness.InTree {
		return r.s.inTree(ctx, w, tests, o)
	}
	bin, err := r.binary(ctx, c)
	if err != nil {
		return err
	}
	if tests == nil {
		tests = r.s.tests
	}
	return r.s.baselineRun(ctx, r.s.scratch(w), bin, tests, c, baselineTimeout, o)
}

func (r *sessionRunner) Alone(ctx context.Context, w int, c flakiness.Condition, test string, o *flakiness.Observations) error {
	s := r.s
	if c == flakiness.Alone {
		// Runs of one test go side by side on the workers
		// (flakiness.Screen): each worker records into a file of its own.
		res, err := s.runAlone(ctx, s.scratch(w), test, len(s.tests)*(1+w)+slices.Index(s.tests, test), s.coverPkgs)
		if err != nil {
			return err
		}
		s.recordAlone(o, test, res)
		return nil
	}
	bin, err := r.binary(ctx, c)
	if err != nil {
		return err
	}
	timeout := s.measureTimeout(test)
	if c == flakiness.PlainUnpinned {
		timeout = flakiness.UnpinnedTimeout(s.timeout([]string{test}))
	}
	return s.baselineRun(ctx, s.scratch(w), bin, []string{test}, c, timeout, o)
}

func (r *sessionRunner) ForEach(ctx context.Context, n int, fn func(w, i int) error) error {
	return r.s.forEach(ctx, n, fn)
}

// leakRunner is the flaky-test search's runner with one more job, the
// first: the leak check (measureLeaks), which then runs on a worker beside
// the search's repeats rather than after them, on one worker while the
// others wait. Neither reads what the other writes: the search records
// into the observations and the floor's times, the check its own fields.
type leakRunner struct {
	flakiness.Runner
	s   *session
	o   *flakiness.Observations // the search's
	ran bool
}

func (r *leakRunner) ForEach(ctx context.Context, n int, fn func(w, i int) error) error {
	r.ran = true
	return r.Runner.ForEach(ctx, n+1, func(w, i int) error {
		if i == 0 {
			return r.s.measureLeaks(ctx, w, r.o)
		}
		return fn(w, i-1)
	})
}

// inTree runs tests (nil: all) together as go test runs them in the
// user's tree (flakiness.InTree): a plain go test -c in the package's own
// directory (its output in the run's directory: go test -c writes
// nothing in the tree), run there, with the seed pinned as on the plain
// build, rapid's fail files off, its TMPDIR in worker w's scratch. A
// build that fails there is a failure of every test.
func (s *session) inTree(ctx context.Context, w int, tests []string, o *flakiness.Observations) error {
	if tests == nil {
		tests = s.tests
	}
	out := filepath.Join(s.work, "pkg.intree.test")
	if err := testbin.Build(ctx, testbin.BuildSpec{Dir: s.pkg.Dir, Out: out, Plain: true, Tags: s.cfg.Tags}); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		for _, t := range tests {
			o.Add(t, flakiness.InTree, true, "go test -c fails in your tree: "+firstLine(err.Error()))
		}
		return nil
	}
	sc := s.scratch(w)
	if err := sc.Reset(); err != nil {
		return err
	}
	bin := &testbin.Binary{Path: out, Rapid: s.bin.Rapid}
	st, res, err := bin.Run(ctx, testbin.RunSpec{Tests: tests, Seed: s.cfg.seed(), Timeout: baselineTimeout, NoShrink: s.noShrink(tests),
		Dir: s.pkg.Dir, TempDir: sc.TempDir(), Memory: s.cfg.memory()})
	s.prog.ran()
	if err != nil {
		return err
	}
	if res.End == proc.EndCanceled {
		s.prog.stopped(st)
		return ctx.Err()
	}
	o.AddRun(flakiness.InTree, tests, st, testjson.Classify(st, res))
	return nil
}

// pin describes how the runs on the plain build pin the seed: that build
// defines rapid's flags when the measured one does (plainBinary), and is
// not built over testbin.QuickSeedOverlay.
func (r *sessionRunner) Pin() string {
	return pinnedSeed(&testbin.Binary{Rapid: r.s.bin.Rapid}, r.s.cfg.seed())
}

// pinnedSeed describes how a run of b with seed pins a seed that go test
// would draw at random: "-rapid.seed=1" for a rapid binary, "" when it
// pins nothing.
func pinnedSeed(b *testbin.Binary, seed uint64) string {
	var pins []string
	if seed == 0 {
		return ""
	}
	if b.Rapid {
		pins = append(pins, fmt.Sprintf("-rapid.seed=%d", seed))
	}
	if b.QuickSeed {
		pins = append(pins, fmt.Sprintf("%s=%d (testing/quick's seed)", testbin.QuickSeedEnv, seed))
	}
	return strings.Join(pins, " ")
}

func setAsideNames(a []SetAside) string {
	names := make([]string, len(a))
	for i, x := range a {
		names[i] = x.Test
	}
	return strings.Join(names, ", ")
}

// plainBinary builds the package's test binary from its unchanged
// sources, as go test does, once.
func (s *session) plainBinary(ctx context.Context) (*testbin.Binary, error) {
	// The floor's build makes the same binary.
	if err := s.waitFloor(); err != nil {
		return nil, err
	}
	if s.plain != nil {
		return &testbin.Binary{Path: s.plain.Path, Rapid: s.bin.Rapid}, nil
	}
	out := filepath.Join(s.work, "pkg.plain.test")
	if err := testbin.Build(ctx, testbin.BuildSpec{Dir: s.tmpl.PkgDir(), Out: out, Plain: true, Tags: s.cfg.Tags}); err != nil {
		return nil, fmt.Errorf("score %s: plain build: %w", s.pkg.Path, err)
	}
	return &testbin.Binary{Path: out, Rapid: s.bin.Rapid}, nil
}

// deadlineNote describes the mutants' deadlines: the formula and the
// range it gives over the package's tests.
func (s *session) deadlineNote() string {
	lo := s.timeout(s.tests[:1])
	for _, name := range s.tests {
		lo = min(lo, s.timeout([]string{name}))
	}
	return fmt.Sprintf("%s, the baseline being the covering tests' (+ %v per process): %v for the quickest test alone, %v for all %d; each test stops at its own deadline from its start; past its first one (the factor x baseline + at most %v) its CPU time confirms a loop, and a starved test runs on (up to 4 x its full deadline)",
		s.cfg.Timeouts.Formula(), s.overhead.Round(time.Millisecond), lo.Round(time.Millisecond), s.timeout(s.tests).Round(time.Millisecond), len(s.tests), testwatch.FirstTryConst)
}

// measureFloor times a plain go test -c of the package: the floor's
// build. The binary serves as the plain build of the baseline's screen
// too (plainBinary).
func (s *session) measureFloor(ctx context.Context) error {
	if s.cfg.NoFloor {
		return nil
	}
	start := time.Now()
	out := filepath.Join(s.work, "pkg.plain.test")
	if err := testbin.Build(ctx, testbin.BuildSpec{Dir: s.tmpl.PkgDir(), Out: out, Plain: true, Tags: s.cfg.Tags}); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		s.cfg.logf("%s: the floor's plain build failed: %v", s.pkg.Path, err)
		return nil
	}
	s.floorBuild, s.plain = time.Since(start), &testbin.Binary{Path: out}
	return nil
}
