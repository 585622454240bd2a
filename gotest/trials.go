package gotest

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/internal/trials"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
)

// runTrials runs the trials (Config.Trials, internal/trials) of every
// killed mutant of the targets into their PackageResult.Trials. It
// returns the context's error when cancelled.
func (rs *runState) runTrials(ctx context.Context, targets []*target, sessions []*session) error {
	start := time.Now()
	cfg := trials.Config{Trials: rs.cfg.Trials, Seed: rs.cfg.seed(), Matrix: rs.cfg.Matrix}
	for _, t := range targets {
		mutants, runs := 0, 0
		for _, r := range t.pr.Mutants {
			if r.Outcome != outcome.Killed {
				continue
			}
			h := &trialHost{rs: rs, t: t, sessions: sessions, m: r.Mutant, bins: map[*session]*testbin.Binary{}, tests: map[string]trialTest{}}
			// A black-box mutant ran each of its tests alone at its own
			// seed (runMatrix), its kills confirmed on the original there.
			m := trials.Mutant{Package: t.pkg.Path, ID: r.Mutant.ID, KilledBy: r.KilledBy, Tests: r.Tests(),
				AllRan: r.Mutant.Origin == mutate.OriginBlackbox}
			cells, n, err := trials.Run(ctx, h, m, cfg)
			h.remove()
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
	ref    testRef
	bin    *testbin.Binary
	active int
}

// trialHost runs a mutant's trials (trials.Host) on the session's own
// schemata binary, or on one built with the mutant alone (overlay mode, a
// mutant left out of the schemata), removed by remove.
type trialHost struct {
	rs       *runState
	t        *target
	sessions []*session
	m        mutate.Mutant
	bins     map[*session]*testbin.Binary
	built    []string
	tests    map[string]trialTest // by the target's name; written by Tests only
}

func (h *trialHost) remove() {
	for _, dir := range h.built {
		os.RemoveAll(dir)
	}
}

// Tests returns the trial tests of names; a test that is not among the
// run's tests, or whose binary does not build, is left out (and logged).
func (h *trialHost) Tests(ctx context.Context, names []string) ([]trials.Test, error) {
	var out []trials.Test
	for _, name := range names {
		tt, ok, err := h.test(ctx, name)
		if err != nil {
			return nil, err
		}
		if ok {
			h.tests[name] = tt
			out = append(out, trials.Test{Name: name, Local: tt.ref.name, Bin: tt.bin})
		}
	}
	return out, nil
}

func (h *trialHost) test(ctx context.Context, name string) (trialTest, bool, error) {
	rs, t, m := h.rs, h.t, h.m
	ref, ok := t.resolve(name, h.sessions)
	if !ok {
		rs.cfg.logf("%s: trials of %s: test %s is not among this run's tests: left out", t.pkg.Path, m.ID, name)
		return trialTest{}, false, nil
	}
	if !rs.cfg.mode().overlay() && m.Schema != 0 {
		return trialTest{ref: ref, bin: ref.s.bin, active: m.Schema}, true, nil
	}
	bin := h.bins[ref.s]
	if bin == nil {
		dir, err := os.MkdirTemp(rs.tmp, "trial-")
		if err != nil {
			return trialTest{}, false, fmt.Errorf("trials of %s: %w", m.ID, err)
		}
		h.built = append(h.built, dir)
		if bin, err = ref.s.buildAlone(ctx, dir, t, m, true); err != nil {
			if ctx.Err() != nil {
				return trialTest{}, false, ctx.Err()
			}
			rs.cfg.logf("%s: trials of %s: build: %s: left out", t.pkg.Path, m.ID, firstLine(err.Error()))
			return trialTest{}, false, nil
		}
		h.bins[ref.s] = bin
	}
	return trialTest{ref: ref, bin: bin}, true, nil
}

// ForEach runs the jobs on the run's workers.
func (h *trialHost) ForEach(ctx context.Context, n int, fn func(w, i int) error) error {
	return h.rs.forEach(ctx, n, fn)
}

// Run runs one test alone against the mutant with the given seed, under
// the package directory's guard, with the deadline rules of a mutant's
// run (watchedRun). It returns the verdict and, for a failure, the
// property-testing library its message names. A run that cannot start
// counts as crashed.
func (h *trialHost) Run(ctx context.Context, w int, test trials.Test, seed uint64, trial bool) (testjson.Verdict, string) {
	tt := h.tests[test.Name]
	s, lib := tt.ref.s, ""
	run := func() (testjson.Verdict, error) {
		v, st, err := s.watchedRun(ctx, s.scratch(w), tt.bin, testbin.RunSpec{Tests: []string{tt.ref.name}, Active: tt.active, Seed: seed, Trial: trial})
		if err != nil {
			return testjson.Verdict{}, err
		}
		if ev := st.Tests[tt.ref.name]; v.Outcome == outcome.Killed && ev != nil {
			_, lib, _ = testjson.TestsToFailure(ev.Output + st.SubtestOutput(tt.ref.name))
		}
		return v, nil
	}
	v, err := guarded(ctx, h.t.guard, h.m.ID, run)
	if err != nil {
		return testjson.Verdict{Outcome: outcome.Crashed, Reason: err.Error()}, ""
	}
	return v, lib
}
