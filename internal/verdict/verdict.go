package verdict

import (
	"slices"
	"strings"
	"time"

	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/internal/testorder"
	"github.com/mutprop/mutprop/outcome"
)

// ConfirmBelow is the CPU under which a loop is weak evidence: what a
// test of a few ms costs varies by tens of ms with the process it runs in
// (a garbage collection over what earlier tests left, a large allocation
// the runtime must zero). bitset's TestBitSetHuge, 4 ms of CPU alone,
// used 30 ms under an equivalent mutant beside two CPU-bound processes.
// Such a timeout's test runs again alone before it counts, unless a
// second test ran away too (Search.RerunAlone).
const ConfirmBelow = 100 * time.Millisecond

// deadlock starts the Go runtime's fatal error when every goroutine is
// blocked, as a crash's reason quotes it.
const deadlock = "fatal error: all goroutines are asleep - deadlock!"

// Settle reads a watched run's verdict v (testjson.Classify of its stream
// st) with what its watch saw: why, what the rule that ended the run saw
// ("" when none did, or when the run time says it all), and stopped, the
// test the rule stopped ("" none). A timeout gains why in its reason, and
// is blamed on stopped (Culprit). A timeout or a crash after a test's
// property or testify assertion had failed is that test's kill
// (testjson.FailedProperty), with v's notes: a failure decides the
// verdict whatever ended the process after it. confirmed reports a
// timeout the watch explained (a loop by its CPU time, or a test blocked
// asleep), which needs no second run. A deadlock the runtime reported is
// such a timeout, not a crash.
func Settle(v testjson.Verdict, st *testjson.Stream, why, stopped string) (out testjson.Verdict, confirmed bool) {
	if v.Outcome == outcome.Crashed && strings.HasPrefix(v.Reason, deadlock) {
		// Whether the runtime sees a deadlock before the deadline depends
		// on its timers (the scavenger's among them), so on the load: the
		// hang is a timeout either way, with the runtime's line.
		v.Outcome, confirmed = outcome.Timeout, true
		v.Reason += " (the runtime saw the hang before the deadline)"
	}
	if v.Outcome == outcome.Timeout && why != "" {
		v.Reason += ": " + why
		confirmed = true
	}
	if v.Outcome == outcome.Timeout && stopped != "" {
		v.Culprit = stopped
	}
	if (v.Outcome == outcome.Timeout || v.Outcome == outcome.Crashed) && st != nil {
		if k, ok := testjson.FailedProperty(st); ok {
			k.Notes = v.Notes
			v = k
		}
	}
	return v, confirmed
}

// NeedsPatience reports whether a run's verdict v must be read again from
// a run with longer deadlines (testwatch.Patience): a timeout the watch
// did not explain (Settle's confirmed unset) came from a test that
// outlasted its own time, or ran where its usage cannot be read.
func NeedsPatience(v testjson.Verdict, confirmed bool) bool {
	return v.Outcome == outcome.Timeout && !confirmed
}

// Speed is what orders a test by speed class (testorder.Class): the CPU
// it used alone in the baseline (cpuAlone), which the machine's load
// leaves as it is, or its wall time (baseline) where that was not
// measured. A wall time that load stretches across a class's bound would
// move the test to another stage, and change which test meets a mutant
// first.
func Speed(cpuAlone, baseline time.Duration) time.Duration {
	if cpuAlone > 0 {
		return cpuAlone
	}
	return baseline
}

// Action is what the engine does after one run of a mutant's tests.
type Action int

const (
	// GoOn records the run's verdict (it survived) and goes on with the
	// next stage.
	GoOn Action = iota
	// Decide records the run's verdict as the mutant's and stops.
	Decide
	// RunRest records nothing and runs Step.Rest next, in a process of
	// their own, before the later stages (none left: the next stage).
	RunRest
	// Stop runs no more stages: a second timeout or crash, after which
	// the first stands (Search.Final).
	Stop
)

// Step is what follows a run.
type Step struct {
	Action Action
	// Rest are the tests of the run to run next (RunRest): those it did
	// not reach, in its order.
	Rest []string
	// First is set on the run that is the mutant's first timeout or
	// crash (Search.First).
	First bool
}

// Search is where the search for a mutant's verdict stands, run after run
// of its stages. A failure among its tests decides it; a timeout or a
// crash stands only if no other covering test fails. So after one, the
// tests of its run that did not pass run next (the culprit left out,
// parallel tests it cut off included), then the other stages, until a
// second timeout or crash. Which test meets the mutant first follows the
// speed classes, and which cap ends a run first follows the load: a
// failure must not hide behind either. The zero Search is the start.
type Search struct {
	// First is the first run that a test did not finish, a timeout or a
	// crash; nil while none did.
	First *testjson.Verdict
	// Second is set when a second run ended so.
	Second bool
}

// Next returns what follows a run of tests whose verdict is v, its kills
// confirmed (a kill that did not hold goes through Unheld instead).
func (s *Search) Next(tests []string, v testjson.Verdict) Step {
	switch v.Outcome {
	case outcome.Timeout, outcome.Crashed:
		if s.First != nil {
			s.Second = true
			return Step{Action: Stop}
		}
		s.First = &v
		return Step{Action: RunRest, Rest: testorder.Unreached(tests, v.Passed, v.Culprit), First: true}
	case outcome.Survived:
		return Step{Action: GoOn}
	}
	return Step{Action: Decide}
}

// Unheld returns what follows a run of tests whose kill by killers did
// not hold (its test passed again against the mutant, or failed on the
// original): the tests it did not reach, but the killers, run next, then
// the later stages, as after a timeout. passed are the tests that passed
// in the runs that confirmed the kill.
func Unheld(tests, passed, killers []string) Step {
	var rest []string
	for _, name := range testorder.Unreached(tests, passed, "") {
		if !slices.Contains(killers, name) {
			rest = append(rest, name)
		}
	}
	return Step{Action: RunRest, Rest: rest}
}

// RerunAlone returns the test to run again alone, in a fresh process,
// before the first timeout stands: its culprit, when it is the only run
// that ran away (no second timeout or crash) and a loop would show in it
// on under ConfirmBelow of CPU (need: the factor times the CPU it used
// alone, testwatch.Rule.AloneNeed, which the machine's load leaves alone).
// What a test of a few ms costs varies by tens of ms with the process it
// runs in.
func (s *Search) RerunAlone(need func(test string) time.Duration) (string, bool) {
	f := s.First
	if f == nil || s.Second || f.Outcome != outcome.Timeout || f.Culprit == "" {
		return "", false
	}
	return f.Culprit, need(f.Culprit) < ConfirmBelow
}

// AloneDecides reports whether the run of RerunAlone's test alone, with
// verdict v (its kills confirmed), decides the mutant: it passed (the
// timeout did not recur) or it failed. A timeout or a crash alone leaves
// the first timeout standing.
func AloneDecides(v testjson.Verdict) bool {
	return v.Outcome == outcome.Survived || v.Outcome == outcome.Killed
}

// Final returns the verdict that stands once no run decided: the first
// timeout or crash, if any (ok); else the mutant survived.
func (s *Search) Final() (v testjson.Verdict, ok bool) {
	if s.First == nil {
		return testjson.Verdict{Outcome: outcome.Survived}, false
	}
	return *s.First, true
}
