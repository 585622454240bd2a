package gotest

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/report"
	"github.com/mutprop/mutprop/runner"
)

// Trials (Config.Trials) measure how fast each test that kills a mutant
// finds it. They run after every mutant has its outcome, one killed mutant
// after the other (its jobs spread over the workers):
//
//  1. Killers. Without Matrix a mutant stops at its first killing test;
//     each other test it runs against (MutantResult.Tests) then runs alone
//     once, with the run's seed, and those that fail kill it too.
//  2. Trials. Each killing test runs Config.Trials times alone against the
//     mutant; trial i has the seed runner.TrialSeed(Seed, mutant ID, test
//     name, "", i): rapid's -rapid.seed, testing/quick's default source
//     (testbin.QuickSeedOverlay, testbin.QuickSeedEnv) and mutproptest's -mutprop.seed.
//     gopter takes no seed from outside: its trials are reported unseeded.
//
// A trial's result goes to a slot fixed by (mutant, test, trial), so the
// figures do not depend on the number of workers nor on their order.
// Trials are not journaled: a resumed run runs them again, for the
// journaled mutants too, and gets the same figures.

// trialSeed is the seed of trial i of test against mutant id; never 0,
// which would leave rapid's seed random.
func trialSeed(seed uint64, id, test string, i int) uint64 {
	s := runner.TrialSeed(seed, id, test, "", i)
	if s == 0 {
		s = 1
	}
	return s
}

// runTrials runs the trials of every killed mutant of the targets into
// their PackageResult.Trials. It returns the context's error when
// cancelled.
func (rs *runState) runTrials(ctx context.Context, targets []*target, sessions []*session) error {
	start := time.Now()
	for _, t := range targets {
		mutants, runs := 0, 0
		for i := range t.pr.Mutants {
			r := t.pr.Mutants[i]
			if r.Outcome != outcome.Killed {
				continue
			}
			cells, n, err := rs.trialsOf(ctx, t, sessions, r)
			if err != nil {
				return err
			}
			t.pr.Trials = append(t.pr.Trials, cells...)
			mutants++
			runs += n
		}
		rs.cfg.logf("%s: trials: %d killed mutants, %d killing tests, %d runs of %d trials each, in %v",
			t.pkg.Path, mutants, len(t.pr.Trials), runs, rs.cfg.Trials, time.Since(start).Round(time.Millisecond))
	}
	return ctx.Err()
}

// resolve finds the test a target's result names, among the sessions when
// the target's refs lack it (a mutant resumed from a journal).
func (t *target) resolve(name string, sessions []*session) (testRef, bool) {
	if ref, ok := t.refs[name]; ok {
		return ref, true
	}
	for _, s := range sessions {
		for _, test := range s.tests {
			if t.name(s, test) == name {
				return testRef{s: s, name: test}, true
			}
		}
	}
	return testRef{}, false
}

// trialTest is one test a mutant's trials run, with the binary that holds
// the mutant.
type trialTest struct {
	name   string // as the target's results name it
	ref    testRef
	bin    *testbin.Binary
	active int
}

// trialsOf finds the tests that kill r's mutant and runs their trials; it
// returns the cells, in test name order, and the number of test runs.
func (rs *runState) trialsOf(ctx context.Context, t *target, sessions []*session, r MutantResult) ([]report.TrialCell, int, error) {
	tb := &trialBinaries{rs: rs, t: t, sessions: sessions, m: r.Mutant, bins: map[*session]*testbin.Binary{}}
	defer tb.remove()
	killing, runs, err := rs.killingTests(ctx, tb, r)
	if err != nil {
		return nil, runs, err
	}
	cells, err := rs.trialCells(ctx, t, r.Mutant, killing)
	return cells, runs + len(killing)*rs.cfg.Trials, err
}

// trialBinaries finds the binaries a mutant's trials run: the session's
// own schemata binary, or one built with the mutant alone (overlay mode,
// a mutant left out of the schemata), removed by remove.
type trialBinaries struct {
	rs       *runState
	t        *target
	sessions []*session
	m        mutate.Mutant
	bins     map[*session]*testbin.Binary
	built    []string
}

func (tb *trialBinaries) remove() {
	for _, dir := range tb.built {
		os.RemoveAll(dir)
	}
}

// tests returns the trial tests of names; a test that is not among the
// run's tests, or whose binary does not build, is left out (and logged).
func (tb *trialBinaries) tests(ctx context.Context, names []string) ([]trialTest, error) {
	var out []trialTest
	for _, name := range names {
		tt, ok, err := tb.test(ctx, name)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, tt)
		}
	}
	return out, nil
}

func (tb *trialBinaries) test(ctx context.Context, name string) (trialTest, bool, error) {
	rs, t, m := tb.rs, tb.t, tb.m
	ref, ok := t.resolve(name, tb.sessions)
	if !ok {
		rs.cfg.logf("%s: trials of %s: test %s is not among this run's tests: left out", t.pkg.Path, m.ID, name)
		return trialTest{}, false, nil
	}
	if rs.cfg.Mode != ModeOverlay && m.Schema != 0 {
		return trialTest{name: name, ref: ref, bin: ref.s.bin, active: m.Schema}, true, nil
	}
	bin := tb.bins[ref.s]
	if bin == nil {
		dir, err := os.MkdirTemp(rs.tmp, "trial-")
		if err != nil {
			return trialTest{}, false, fmt.Errorf("trials of %s: %w", m.ID, err)
		}
		tb.built = append(tb.built, dir)
		if bin, err = ref.s.buildTrialBinary(ctx, dir, t, m); err != nil {
			if ctx.Err() != nil {
				return trialTest{}, false, ctx.Err()
			}
			rs.cfg.logf("%s: trials of %s: build: %s: left out", t.pkg.Path, m.ID, firstLine(err.Error()))
			return trialTest{}, false, nil
		}
		tb.bins[ref.s] = bin
	}
	return trialTest{name: name, ref: ref, bin: bin}, true, nil
}

// killingTests returns every test that kills r's mutant, in name order:
// its killers, and (unless Matrix ran them all) its other covering tests
// that kill it when run alone with the run's seed; and the number of
// those runs.
func (rs *runState) killingTests(ctx context.Context, tb *trialBinaries, r MutantResult) ([]trialTest, int, error) {
	killers := slices.Clone(r.KilledBy)
	runs := 0
	if !rs.cfg.Matrix {
		var others []string
		for _, name := range r.Tests() {
			if !slices.Contains(killers, name) {
				others = append(others, name)
			}
		}
		cands, err := tb.tests(ctx, others)
		if err != nil {
			return nil, runs, err
		}
		kills := make([]bool, len(cands))
		err = rs.forEach(ctx, len(cands), func(w, k int) error {
			v, _ := rs.trialRun(ctx, w, tb.t, r.Mutant.ID, cands[k], rs.cfg.seed(), false)
			kills[k] = v.Outcome == outcome.Killed
			return nil
		})
		if err != nil {
			return nil, runs, err
		}
		runs += len(cands)
		for k, c := range cands {
			if kills[k] {
				killers = append(killers, c.name)
			}
		}
	}
	slices.Sort(killers)
	killing, err := tb.tests(ctx, slices.Compact(killers))
	return killing, runs, err
}

// trialCells runs Config.Trials trials of each killing test of m, one
// cell a test.
func (rs *runState) trialCells(ctx context.Context, t *target, m mutate.Mutant, killing []trialTest) ([]report.TrialCell, error) {
	n := rs.cfg.Trials
	cells := make([]report.TrialCell, len(killing))
	libs := make([][]string, len(killing))
	for c, tt := range killing {
		cells[c] = report.TrialCell{Package: t.pkg.Path, Mutant: m.ID, Test: tt.name, Trials: make([]report.Trial, n)}
		libs[c] = make([]string, n)
	}
	err := rs.forEach(ctx, len(killing)*n, func(w, k int) error {
		c, i := k/n, k%n
		tt := killing[c]
		seed := trialSeed(rs.cfg.seed(), m.ID, tt.name, i)
		v, lib := rs.trialRun(ctx, w, t, m.ID, tt, seed, true)
		tr := report.Trial{Seed: seed, Outcome: v.Outcome}
		if v.Outcome == outcome.Killed {
			tr.TestsToFailure = v.TestsToFailure[tt.ref.name]
		}
		cells[c].Trials[i], libs[c][i] = tr, lib
		return nil
	})
	if err != nil {
		return nil, err
	}
	for c, tt := range killing {
		for _, lib := range libs[c] {
			if lib != "" {
				cells[c].Library = lib
				break
			}
		}
		cells[c].Seeded = seeded(cells[c].Library, tt.bin)
	}
	return cells, nil
}

// seeded reports whether a trial's seed reaches the generator of a test
// whose failures name the library lib, run from bin.
func seeded(lib string, bin *testbin.Binary) bool {
	switch lib {
	case "rapid":
		return bin.Rapid
	case "quick":
		return bin.QuickSeed
	case "mutprop":
		return bin.MutpropSeed
	}
	return false // gopter seeds from the clock; a plain test has no generator
}

// trialRun runs one test alone against the mutant with the given seed,
// under the package directory's guard, with the deadline rules of a
// mutant's run (watchedRun): a trial past its first deadline counts as a
// timeout only when its CPU time shows it computed past the factor, or
// when, not starved, it passed its full deadline. It returns the verdict
// and, for a failure, the property-testing library its message names. A
// run that cannot start counts as crashed.
func (rs *runState) trialRun(ctx context.Context, w int, t *target, id string, tt trialTest, seed uint64, trial bool) (testjson.Verdict, string) {
	s, lib := tt.ref.s, ""
	sc := s.scratch(w)
	run := func() (testjson.Verdict, error) {
		tests := []string{tt.ref.name}
		v, st, err := s.watchedRun(ctx, sc, tt.bin, testbin.RunSpec{Tests: tests, Active: tt.active, Seed: seed, Trial: trial})
		if err != nil {
			return testjson.Verdict{}, err
		}
		if ev := st.Tests[tt.ref.name]; v.Outcome == outcome.Killed && ev != nil {
			_, lib, _ = testjson.TestsToFailure(ev.Output + st.SubtestOutput(tt.ref.name))
		}
		return v, nil
	}
	v, err := guarded(ctx, t.guard, id, run)
	if err != nil {
		return testjson.Verdict{Outcome: outcome.Crashed, Reason: err.Error()}, ""
	}
	return v, lib
}

// buildTrialBinary builds the session's test binary with the single
// mutant m of target t applied and testing/quick seeded (testbin.QuickSeedOverlay):
// the trials' binary of a mutant without a schema.
func (s *session) buildTrialBinary(ctx context.Context, dir string, t *target, m mutate.Mutant) (*testbin.Binary, error) {
	files, err := mutate.Apply(t.pkg, m)
	if err != nil {
		return nil, err
	}
	files = relocate(files, t.pkg.Dir, t.tmpl.PkgDir())
	maps.Copy(files, s.quick)
	ov, err := mutate.WriteOverlay(dir, files)
	if err != nil {
		return nil, err
	}
	out := filepath.Join(dir, "pkg.test")
	if err := testbin.Build(ctx, testbin.BuildSpec{Dir: s.tmpl.PkgDir(), Overlay: ov, Out: out}); err != nil {
		return nil, err
	}
	return &testbin.Binary{Path: out, Rapid: s.bin.Rapid, QuickSeed: s.quick != nil, MutpropSeed: s.bin.MutpropSeed}, nil
}
