package gotest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mutprop/mutprop/internal/flakiness"
	"github.com/mutprop/mutprop/internal/sandbox"
	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
)

// FlakyTest is a killing test that failed on the original too, at the
// mutant's seed, with the evidence (MutantResult.Flaky).
type FlakyTest = flakiness.FlakyTest

// killChecks is what confirming kills keeps across a run's mutants
// (flakiness.ConfirmKill): each test's run on the original by test
// package and seed, the suspects (tests that showed a kill that did not
// recur, or failed on the original), and each target's cost.
type killChecks struct {
	mu        sync.Mutex
	originals map[originalKey]*originalRun
	suspects  map[testRef]bool
	stats     map[*target]*confirmStats
}

type originalKey struct {
	s    *session
	test string
	seed uint64
}

// originalRun is a test's run on the original, shared by every kill of
// that test at that seed: done closes when runs and err are set.
type originalRun struct {
	done chan struct{}
	runs flakiness.Runs
	err  error
}

// confirmStats is what confirming a target's kills cost and found.
type confirmStats struct {
	time                  time.Duration // worker time
	held, unstable, flaky int
	kills                 int // confirmed, whatever the result
	originals             int // runs on the original
}

// killRun is the run of a mutant that gave kills: what their
// confirmation runs again.
type killRun struct {
	t        *target
	s        *session
	w        int
	bin      *testbin.Binary
	active   int
	id       string   // the mutant's ID
	tests    []string // the run's tests (the session's names); nil: each killing test ran alone
	seed     uint64
	failfast bool
	// original: the killing tests run on the original here; a black-box
	// mutant's are run there by confirmKills, at its own seed.
	original bool
	// sample: the mutant is a black-box per-case sample
	// (flakiness.KillRuns.Sample).
	sample bool
	// focus is, by killing test, the first subtest that failed in the
	// run (firstFailedLeaf): the runs in one process run it alone. Set,
	// it is a batch's (stageRun.focus); holdKills reads the run's stream
	// otherwise.
	focus map[string]string
	// repeated, when set, holds by killing test the runs in one process
	// that a batch made already, right after the kill (runFirstSteps):
	// Repeat returns them.
	repeated map[string]flakiness.Runs
}

// firstFailedLeaf returns the first subtest of test, in start order, that
// failed in st without a failed subtest of its own: "" when none did. A
// table test stopped by -test.failfast at its first failing row ran one
// row; run whole, without failfast, it would run every row.
func firstFailedLeaf(st *testjson.Stream, test string) string {
	if st == nil {
		return ""
	}
	var failed []string
	for _, name := range st.Order {
		if strings.HasPrefix(name, test+"/") && st.Tests[name].Status == testjson.StatusFail {
			failed = append(failed, name)
		}
	}
	for _, name := range failed {
		if !slices.ContainsFunc(failed, func(o string) bool { return strings.HasPrefix(o, name+"/") }) {
			return name
		}
	}
	return ""
}

// droppedKill is a kill that did not hold: the test (the session's
// name) and its runs (named as the target names the test).
type droppedKill struct {
	test string
	runs flakiness.KillRuns
}

// holdKills confirms the kills of v, the verdict of run k
// (flakiness.ConfirmKill): the killing tests run again against the
// mutant, then on the original at the seed. It returns v with the kills
// that hold only (its outcome survived when none does), and the kills
// that did not hold. A
// failure outside any test (TestMain) is not run again, nor is a kill
// whose confirmation could not run (a note says so: the notes are
// returned). st is the run's stream (nil: none), for the reason when the
// first killer drops out.
func (rs *runState) holdKills(ctx context.Context, k killRun, v testjson.Verdict, st *testjson.Stream) (testjson.Verdict, []droppedKill, []string) {
	start := time.Now()
	var killers []string
	for _, name := range v.KilledBy {
		if name != "TestMain" {
			killers = append(killers, name)
		}
	}
	if len(killers) == 0 {
		return v, nil, nil
	}
	records := make([]flakiness.KillRuns, len(killers))
	given := k.focus
	k.focus = map[string]string{}
	most := 0
	for i, name := range killers {
		records[i] = flakiness.NewKillRuns(k.t.name(k.s, name), k.seed, rs.kills.suspect(k.s, name))
		records[i].Sample = k.sample
		if o, ok := rs.kills.knownOriginal(k.s, name, k.seed); ok && k.original {
			records[i].Original = o
		}
		most = max(most, records[i].Need()-1)
		k.focus[name] = firstFailedLeaf(st, name)
		if st == nil {
			k.focus[name] = given[name]
		}
	}
	if len(killers) > 1 {
		// The killing tests run again in one process together; those
		// that need more (a pass there, a process stopped early) go on
		// alone.
		if got, err := k.repeat(ctx, killers, most); err == nil {
			for i, name := range killers {
				if records[i].Status() != flakiness.KillFlaky {
					records[i].Repeated = got[name]
				}
			}
		}
	}
	var held []string
	var dropped []droppedKill
	var notes []string
	for i, name := range killers {
		runs, err := flakiness.ConfirmKill(ctx, &killRunner{rs: rs, k: k, test: name}, records[i])
		if ctx.Err() != nil {
			return v, nil, nil
		}
		switch runs.Status() {
		case flakiness.KillUnstable, flakiness.KillFlaky:
			rs.kills.suspectNow(k.s, name)
			dropped = append(dropped, droppedKill{test: name, runs: runs})
			continue
		case flakiness.KillUndecided:
			if err != nil {
				notes = append(notes, fmt.Sprintf("%s's kill could not be confirmed (%s)", k.t.name(k.s, name), firstLine(err.Error())))
			}
		}
		held = append(held, name)
	}
	rs.kills.count(k.t, time.Since(start), len(killers), len(held), dropped)
	if len(dropped) == 0 {
		return v, nil, notes
	}
	v.KilledBy = held
	for _, d := range dropped {
		delete(v.TestsToFailure, d.test)
	}
	if len(held) == 0 {
		v.Outcome, v.Reason = outcome.Survived, ""
		return v, dropped, notes
	}
	if st != nil {
		v.Reason = st.KillReason(held[0])
	}
	return v, dropped, notes
}

// noteDropped records the kills of r that did not hold: their notes in
// notes, the unstable ones in r.Unstable, the flaky tests in r.Flaky.
func noteDropped(r *MutantResult, dropped []droppedKill, notes []string) []string {
	for _, d := range dropped {
		notes = append(notes, d.runs.Note())
		switch d.runs.Status() {
		case flakiness.KillUnstable:
			if r.Unstable != "" {
				r.Unstable += "; "
			}
			r.Unstable += d.runs.Test + " " + d.runs.Record()
		case flakiness.KillFlaky:
			r.Flaky = append(r.Flaky, FlakyTest{Test: d.runs.Test, Evidence: d.runs.Record()})
		}
	}
	return notes
}

// killRunner runs one killing test of run k again
// (flakiness.KillRunner).
type killRunner struct {
	rs   *runState
	k    killRun
	test string // the session's name
}

// Repeat runs the test alone against the mutant n times in one process,
// narrowed to the subtest that failed first in the kill's run, if any
// (a table test's row: the whole table would cost n times its rows, where
// the kill's run stopped at the first that failed).
func (kr *killRunner) Repeat(ctx context.Context, n int) (flakiness.Runs, error) {
	if r, ok := kr.k.repeated[kr.test]; ok && r.Pass+r.Fail >= n {
		return r, nil
	}
	got, err := kr.k.repeat(ctx, []string{kr.test}, n)
	return got[kr.test], err
}

// Again runs the kill's run again in a fresh process: the test failed,
// or the run stopped in it.
func (kr *killRunner) Again(ctx context.Context) (bool, error) {
	k := kr.k
	tests := k.tests
	if tests == nil {
		tests = []string{kr.test}
	}
	v, _, err := k.s.runWith(ctx, k.s.scratch(k.w), k.t.guard, k.id, k.bin, testbin.RunSpec{Tests: tests, Active: k.active, Seed: k.seed, Failfast: k.failfast})
	if err != nil {
		return false, err
	}
	return slices.Contains(v.KilledBy, kr.test) || (v.Outcome == outcome.Timeout || v.Outcome == outcome.Crashed) && v.Culprit == kr.test, nil
}

// Original runs the test alone on the original at the seed, once per
// test package, test and seed (originalRun); nothing for a black-box
// mutant (killRun.original). Every kill by the test reads that run, so a
// run stopped before the test ended (a deadline met on a loaded machine,
// a crash) runs again once: the test fails on the original if it failed,
// or if both runs were stopped.
func (kr *killRunner) Original(ctx context.Context) (flakiness.Runs, error) {
	if !kr.k.original {
		return flakiness.Runs{}, nil
	}
	return kr.rs.kills.original(ctx, kr.k.t, originalKey{s: kr.k.s, test: kr.test, seed: kr.k.seed}, func() (flakiness.Runs, error) {
		k := kr.k
		for range originalTries {
			_, st, err := k.s.runWith(ctx, k.s.scratch(k.w), k.t.guard, k.id+" (original)", k.s.bin, testbin.RunSpec{Tests: []string{kr.test}, Seed: k.seed})
			if err != nil {
				return flakiness.Runs{}, err
			}
			switch e := st.Ended[kr.test]; {
			case e.Fail > 0:
				return flakiness.Runs{Fail: 1}, nil
			case e.Pass+e.Skip > 0:
				return flakiness.Runs{Pass: 1}, nil
			}
		}
		return flakiness.Runs{Fail: 1}, nil
	})
}

// originalTries is how many times a test's run on the original is made
// while it is stopped before the test ends.
const originalTries = 2

// repeat runs tests against the mutant n times each in one process,
// without -test.failfast (a test alone: only its focus subtest, when it
// has one), and counts each one's runs: those it did not pass (failed,
// or the process stopped in its first) and those it passed.
func (k killRun) repeat(ctx context.Context, tests []string, n int) (map[string]flakiness.Runs, error) {
	spec := testbin.RunSpec{Tests: tests, Active: k.active, Seed: k.seed, Count: n}
	if len(tests) == 1 {
		spec.Subtest = k.focus[tests[0]]
	}
	_, st, err := k.s.runWith(ctx, k.s.scratch(k.w), k.t.guard, k.id, k.bin, spec)
	if err != nil {
		return nil, err
	}
	out := map[string]flakiness.Runs{}
	for _, test := range tests {
		e := st.Ended[test]
		r := flakiness.Runs{Pass: e.Pass + e.Skip, Fail: e.Fail}
		if t := st.Tests[test]; t != nil && t.Status == testjson.StatusRunning && r == (flakiness.Runs{}) {
			// Stopped in its first run (a timeout, a crash, a failed
			// assertion): it did not pass. A later run stopped so
			// tells nothing: it met the state the earlier ones left (a
			// handler registered twice panics).
			r.Fail++
		}
		out[test] = r
	}
	return out, nil
}

// runWith runs spec in sc (watchedRun) under the guard of the package
// directory (nil: none), and returns the verdict, with the guard's note
// when the run wrote there, and the stream.
func (s *session) runWith(ctx context.Context, sc *sandbox.Scratch, guard *sandbox.Guard, id string, bin *testbin.Binary, spec testbin.RunSpec) (testjson.Verdict, *testjson.Stream, error) {
	type ran struct {
		v  testjson.Verdict
		st *testjson.Stream
	}
	out, note, err := sandbox.Guarded(ctx, guard, id, func() (ran, error) {
		v, st, err := s.watchedRun(ctx, sc, bin, spec)
		return ran{v, st}, err
	})
	if note != "" {
		out.v.Notes = append(out.v.Notes, note)
	}
	return out.v, out.st, err
}

// suspect reports whether test of s showed a kill that did not recur, or
// failed on the original, earlier in the run.
func (c *killChecks) suspect(s *session, test string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.suspects[testRef{s: s, name: test}]
}

func (c *killChecks) suspectNow(s *session, test string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.suspects == nil {
		c.suspects = map[testRef]bool{}
	}
	c.suspects[testRef{s: s, name: test}] = true
}

// knownOriginal returns test's run on the original at seed when it ended.
func (c *killChecks) knownOriginal(s *session, test string, seed uint64) (flakiness.Runs, bool) {
	c.mu.Lock()
	o := c.originals[originalKey{s: s, test: test, seed: seed}]
	c.mu.Unlock()
	if o == nil {
		return flakiness.Runs{}, false
	}
	select {
	case <-o.done:
		return o.runs, o.err == nil
	default:
		return flakiness.Runs{}, false
	}
}

// original returns the run on the original of key, made by run on first
// use (counted as t's): every kill by a test at a seed reads the same
// run, whichever worker made it.
func (c *killChecks) original(ctx context.Context, t *target, key originalKey, run func() (flakiness.Runs, error)) (flakiness.Runs, error) {
	c.mu.Lock()
	if c.originals == nil {
		c.originals = map[originalKey]*originalRun{}
	}
	o := c.originals[key]
	if o != nil {
		c.mu.Unlock()
		select {
		case <-o.done:
			return o.runs, o.err
		case <-ctx.Done():
			return flakiness.Runs{}, ctx.Err()
		}
	}
	o = &originalRun{done: make(chan struct{})}
	c.originals[key] = o
	c.statsLocked(t).originals++
	c.mu.Unlock()
	o.runs, o.err = run()
	close(o.done)
	return o.runs, o.err
}

// count adds a confirmation of kills of t: its worker time d, the kills
// confirmed, those that held, and those that did not.
func (c *killChecks) count(t *target, d time.Duration, kills, held int, dropped []droppedKill) {
	c.mu.Lock()
	defer c.mu.Unlock()
	st := c.statsLocked(t)
	st.time += d
	st.kills += kills
	st.held += held
	for _, k := range dropped {
		if k.runs.Status() == flakiness.KillFlaky {
			st.flaky++
		} else {
			st.unstable++
		}
	}
}

// countReruns adds d, the time a batch's kill reruns of t's mutants took
// in its process (testwatch.Batch.Confirming), to the confirmations'
// worker time.
func (c *killChecks) countReruns(t *target, d time.Duration) {
	if d <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.statsLocked(t).time += d
}

// statsLocked returns t's stats, made on first use; c.mu is held.
func (c *killChecks) statsLocked(t *target) *confirmStats {
	if c.stats == nil {
		c.stats = map[*target]*confirmStats{}
	}
	st := c.stats[t]
	if st == nil {
		st = &confirmStats{}
		c.stats[t] = st
	}
	return st
}

// statsOf returns what confirming t's kills cost and found.
func (c *killChecks) statsOf(t *target) confirmStats {
	c.mu.Lock()
	defer c.mu.Unlock()
	if st := c.stats[t]; st != nil {
		return *st
	}
	return confirmStats{}
}

// holdMatrixKills confirms the kills of r's runs of tests alone
// (runMatrix), with seed: each test package's killing tests run again
// together in one process, then alone as they need (holdKills); a
// black-box mutant's are run on the original by confirmKills. A kill
// that does not hold leaves its test's PerTest survived, and the outcome
// is again the highest of the tests' (reasons: each test's). It returns
// the notes.
func (rs *runState) holdMatrixKills(ctx context.Context, w int, t *target, binary func(*session) (*testbin.Binary, int, error), r *MutantResult, tests []string, seed uint64, reasons map[string]string) []string {
	var order []*session
	by := map[*session][]string{}
	for _, name := range r.KilledBy {
		ref := t.refs[name]
		if _, ok := by[ref.s]; !ok {
			order = append(order, ref.s)
		}
		by[ref.s] = append(by[ref.s], ref.name)
	}
	var notes []string
	dropped := false
	for _, s := range order {
		bin, active, err := binary(s)
		if err != nil {
			continue
		}
		k := killRun{t: t, s: s, w: w, bin: bin, active: active, id: r.Mutant.ID, seed: seed, failfast: true,
			original: r.Mutant.Origin != mutate.OriginBlackbox, sample: rs.cfg.Blackbox.Sample(r.Mutant)}
		_, out, more := rs.holdKills(ctx, k, testjson.Verdict{Outcome: outcome.Killed, KilledBy: by[s]}, nil)
		if ctx.Err() != nil {
			return notes
		}
		notes = noteDropped(r, out, append(notes, more...))
		for _, d := range out {
			name := t.name(s, d.test)
			r.PerTest[name] = outcome.Survived
			delete(r.TestsToFailure, name)
			r.KilledBy = slices.DeleteFunc(r.KilledBy, func(k string) bool { return k == name })
			dropped = true
		}
	}
	if !dropped {
		return notes
	}
	if len(r.KilledBy) == 0 {
		r.KilledBy = nil
	}
	r.Outcome, r.Reason = outcome.Survived, ""
	for _, name := range tests {
		if o, ok := r.PerTest[name]; ok && matrixRank[o] > matrixRank[r.Outcome] {
			r.Outcome, r.Reason = o, reasons[name]
		}
	}
	return notes
}

// confirmed sets t's ConfirmStats, work being the worker time of its
// mutants, and logs them.
func (rs *runState) confirmed(t *target, work time.Duration) {
	st := rs.kills.statsOf(t)
	t.pr.Confirm = ConfirmStats{Kills: st.kills, Held: st.held, Unstable: st.unstable, Flaky: st.flaky, Originals: st.originals, Time: st.time, Work: work}
	if st.kills == 0 {
		return
	}
	share := 0.0
	if work > 0 {
		share = 100 * st.time.Seconds() / work.Seconds()
	}
	rs.cfg.logf("%s: confirmed %d kills (%d held, %d did not recur, %d by tests that failed on the original; %d runs on the original) in %v of worker time: %.1f%% of the mutants' %v",
		t.pkg.Path, st.kills, st.held, st.unstable, st.flaky, st.originals, st.time.Round(time.Millisecond), share, work.Round(time.Millisecond))
}
