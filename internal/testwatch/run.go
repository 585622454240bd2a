package testwatch

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/internal/verdict"
	"github.com/mutprop/mutprop/outcome"
)

// Patience scales the full deadlines of the run that confirms a timeout
// without CPU evidence.
const Patience = 4

// Run runs spec's tests on bin with a deadline per test (rule, Watch) and
// the whole process's backstop, and classifies the run; it returns the
// parsed stream too. reset readies spec's directories before each run.
// Run sets spec's Timeout and Watch; the caller sets NoShrink (rapid then
// does not minimize a failing case). A run whose timeout or crash came
// after a property had failed (the library printed its count of tests to
// the failure) is a kill by that property, with that count. A timeout
// that the watch did not explain (by CPU time, or a test blocked asleep)
// came from a test that outlasted its own time, or ran where its usage
// cannot be read: it runs again once with Patience x its full deadlines,
// and counts only if it times out again. A test that goes on after one
// of its subtests failed ends the run there, a kill by that test read
// from the stream up to that line (Watch.CutAtFailedSubtest).
func Run(ctx context.Context, bin *testbin.Binary, spec testbin.RunSpec, rule func(test string) Rule, reset func() error) (testjson.Verdict, *testjson.Stream, error) {
	v, st, confirmed, err := runOnce(ctx, bin, spec, rule, reset, 1)
	if err != nil || !verdict.NeedsPatience(v, confirmed) || ctx.Err() != nil {
		return v, st, err
	}
	first := v.Reason
	v, st, _, err = runOnce(ctx, bin, spec, rule, reset, Patience)
	if err == nil && v.Outcome != outcome.Timeout {
		v.Notes = append(v.Notes, fmt.Sprintf("timed out unexplained (%s), then ran again with %d x the deadlines", first, Patience))
	}
	return v, st, err
}

// runOnce is one watched run with the full deadlines scaled by scale;
// confirmed reports a timeout the watch explained (a loop by its CPU
// time, or a test blocked asleep).
func runOnce(ctx context.Context, bin *testbin.Binary, spec testbin.RunSpec, rule func(string) Rule, reset func() error, scale int) (v testjson.Verdict, st *testjson.Stream, confirmed bool, err error) {
	if err := reset(); err != nil {
		return testjson.Verdict{}, nil, false, err
	}
	scaled := func(test string) Rule {
		r := rule(test)
		r.Full *= time.Duration(scale)
		return r
	}
	rules := []Rule{scaled("")}
	for _, t := range spec.Tests {
		rules = append(rules, scaled(t))
	}
	w := New(scaled)
	defer w.Close()
	spec.Timeout, spec.Watch = Backstop(rules...), w.Attach
	cutBoth(w, &spec)
	st, res, err := bin.Run(ctx, spec)
	w.Close()
	if err != nil {
		return testjson.Verdict{}, nil, false, err
	}
	v, confirmed = verdict.Settle(testjson.Classify(st, res), st, w.Why(), w.Stopped())
	return v, st, confirmed, nil
}

// RunBatch runs a batch (spec.Schedule, testbin.RunSpec) on bin, each
// test of each iteration under its own deadline rule as Run's are, and
// returns the verdict of each step that ran, in order: every iteration
// that ended with its tests (classified as a run of its own that ended
// there would be), then the one the process ended in, if it did not end
// after its last test. That last verdict is a first reading: a timeout or
// a crash in a batch is read again by running its step alone (Run), so
// that its classification is a single run's. The steps after the last
// verdict did not run. The caller sets NoShrink, and Failfast when a
// failure must end the batch.
func RunBatch(ctx context.Context, bin *testbin.Binary, spec testbin.RunSpec, rule func(test string) Rule, reset func() error) ([]testjson.Verdict, error) {
	b, err := RunSteps(ctx, bin, spec, rule, reset)
	return b.Verdicts, err
}

// Batch is what RunSteps read of a batch's run.
type Batch struct {
	// Verdicts are RunBatch's: one per step that ran, in order.
	Verdicts []testjson.Verdict
	// Streams are the iterations the verdicts were read from.
	Streams []*testjson.Stream
	// Explained reports that the last verdict is a timeout the watch
	// explained (a loop by its CPU time, or a test blocked asleep): Run
	// would not run it again with Patience.
	Explained bool
	// Confirming is the time the tests of the steps that confirm a kill
	// (mutate.Step.Confirm) took, as the process measured them
	// (mutate.ConfirmTimesEnv): the kills' reruns, which a batch runs in
	// its process.
	Confirming time.Duration
}

// RunSteps is RunBatch, which returns the iterations' streams too, and
// whether the last verdict's timeout is explained.
func RunSteps(ctx context.Context, bin *testbin.Binary, spec testbin.RunSpec, rule func(test string) Rule, reset func() error) (Batch, error) {
	if err := reset(); err != nil {
		return Batch{}, err
	}
	rules := []Rule{rule("")}
	for _, t := range spec.Tests {
		// Each iteration's tests count against the backstop.
		r := rule(t)
		r.Full *= time.Duration(len(spec.Schedule))
		rules = append(rules, r)
	}
	w := New(rule)
	defer w.Close()
	spec.Timeout, spec.Watch = Backstop(rules...), w.Attach
	cutBoth(w, &spec)
	for _, st := range spec.Schedule {
		spec.ConfirmTimes = spec.ConfirmTimes || st.Confirm
	}
	its, res, confirming, err := bin.RunBatch(ctx, spec)
	w.Close()
	if err != nil {
		return Batch{}, err
	}
	out := Batch{Verdicts: testjson.ClassifyBatch(its, res)}
	for _, st := range its {
		if len(st.Order) > 0 { // as ClassifyBatch reads them
			out.Streams = append(out.Streams, st)
		}
	}
	if n := len(out.Verdicts); n > 0 {
		out.Verdicts[n-1], out.Explained = verdict.Settle(out.Verdicts[n-1], out.Streams[n-1], w.Why(), w.Stopped())
	}
	if len(out.Verdicts) > len(spec.Schedule) {
		return Batch{}, fmt.Errorf("run %s: %d iterations of a schedule of %d steps", bin.Path, len(out.Verdicts), len(spec.Schedule))
	}
	out.Confirming = confirming
	if len(res.Escaped) > 0 {
		e := &EscapedError{}
		for _, p := range res.Escaped {
			e.Processes = append(e.Processes, p.String())
		}
		return out, e
	}
	return out, nil
}

// cutBoth turns the cut at a failed subtest on for spec's run in both
// places that must agree on it: the watch that may stop the process
// (after cutAfter) and the parser whose stream the verdict is read from.
func cutBoth(w *Watch, spec *testbin.RunSpec) {
	w.CutAtFailedSubtest(cutAfter(*spec))
	spec.CutAtFailedSubtest = true
}

// cutAfter is how long a test that failed in a subtest may go on before
// the watch ends spec's run (Watch.CutAtFailedSubtest): at once when
// nothing else is to run after it (one iteration of one test, or of
// tests that stop at the first failure); CutPatience when more
// iterations are (a kill's reruns, a batch); never when other tests run
// after it whatever it does, and count.
func cutAfter(spec testbin.RunSpec) time.Duration {
	switch {
	case len(spec.Tests) > 1 && !spec.StopsAtFirstFailure():
		return -1
	case spec.Count > 1 || len(spec.Schedule) > 1:
		return CutPatience
	}
	return 0
}

// EscapedError is RunBatch's error when processes left the batch's
// process group (proc.Result.Escaped): they were killed at its end, and
// no step can be told to have started them.
type EscapedError struct {
	Processes []string // as proc.Process prints them
}

func (e *EscapedError) Error() string {
	return "killed processes that had left the test binary's process group: " + strings.Join(e.Processes, ", ")
}
