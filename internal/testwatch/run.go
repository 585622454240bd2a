package testwatch

import (
	"context"
	"fmt"
	"time"

	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/internal/testjson"
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
// and counts only if it times out again.
func Run(ctx context.Context, bin *testbin.Binary, spec testbin.RunSpec, rule func(test string) Rule, reset func() error) (testjson.Verdict, *testjson.Stream, error) {
	v, st, confirmed, err := runOnce(ctx, bin, spec, rule, reset, 1)
	if err != nil || v.Outcome != outcome.Timeout || confirmed || ctx.Err() != nil {
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
	st, res, err := bin.Run(ctx, spec)
	w.Close()
	if err != nil {
		return testjson.Verdict{}, nil, false, err
	}
	v = testjson.Classify(st, res)
	if why := w.Why(); v.Outcome == outcome.Timeout && why != "" {
		v.Reason += ": " + why
		confirmed = true
	}
	if stopped := w.Stopped(); v.Outcome == outcome.Timeout && stopped != "" {
		v.Culprit = stopped
	}
	if v.Outcome == outcome.Timeout || v.Outcome == outcome.Crashed {
		if k, ok := testjson.FailedProperty(st); ok {
			k.Notes = v.Notes
			v = k
		}
	}
	return v, st, confirmed, nil
}
