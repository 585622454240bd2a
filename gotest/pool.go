package gotest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/mutprop/mutprop/internal/sandbox"
	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/internal/testwatch"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
)

// runMutants runs the jobs in a pool of workers over every target's
// mutants. Each worker owns its copies of the modules and pulls from a
// shared queue; the queue stops at cancellation and the running processes
// are killed by their contexts.
func (rs *runState) runMutants(ctx context.Context, targets []*target, jobs []job) {
	total := 0
	for _, t := range targets {
		total += len(t.pr.Mutants)
	}
	done := total - len(jobs)
	var mu sync.Mutex
	rs.forEach(ctx, len(jobs), func(w, k int) error {
		j := jobs[k]
		start := time.Now()
		r := rs.runMutant(ctx, w, j.t, *j.result())
		if ctx.Err() != nil {
			return nil // interrupted: the mutant did not finish
		}
		r.Duration = time.Since(start)
		mu.Lock()
		defer mu.Unlock()
		*j.result() = r
		done++
		if rs.cfg.Finished != nil {
			rs.cfg.Finished(j.t.pr, r)
		}
		if rs.cfg.Progress != nil {
			rs.cfg.Progress(done, total, r)
		}
		return nil
	})
}

// stage is one run of a mutant: tests of one test package in one process.
type stage struct {
	s     *session
	tests []string // the session's names
}

// stages splits the mutant's tests into runs: the first (the fastest
// covering test) alone, where most mutants die, then the others grouped
// by test package, in order, each group in one process that stops at the
// first failure.
func (t *target) stages(tests []string) []stage {
	if len(tests) == 0 {
		return nil
	}
	first := t.refs[tests[0]]
	out := []stage{{s: first.s, tests: []string{first.name}}}
	groups := map[*session]int{}
	for _, name := range tests[1:] {
		ref := t.refs[name]
		i, ok := groups[ref.s]
		if !ok {
			i = len(out)
			groups[ref.s] = i
			out = append(out, stage{s: ref.s})
		}
		out[i].tests = append(out[i].tests, ref.name)
	}
	return out
}

// runMutant runs one mutant against its covering tests (fastest first). A
// mutant without a schema (schemata left it out, or overlay mode) is built
// alone first, into each test package that runs it; if that build fails
// it is not-viable and never runs.
func (rs *runState) runMutant(ctx context.Context, w int, t *target, r MutantResult) MutantResult {
	alone := map[*session]*testbin.Binary{}
	binary := func(s *session) (*testbin.Binary, int, error) {
		if rs.cfg.Mode != ModeOverlay && r.Mutant.Schema != 0 {
			return s.bin, r.Mutant.Schema, nil
		}
		if b := alone[s]; b != nil {
			return b, 0, nil
		}
		dir, err := os.MkdirTemp(rs.tmp, "m-")
		if err != nil {
			return nil, 0, err
		}
		b, err := s.buildAlone(ctx, dir, t, r.Mutant)
		if err != nil {
			return nil, 0, err
		}
		alone[s] = b
		return b, 0, nil
	}
	defer func() {
		for _, b := range alone {
			os.RemoveAll(filepath.Dir(b.Path))
		}
	}()
	switch {
	case rs.cfg.Matrix:
		return rs.runMatrix(ctx, w, t, binary, r, r.CoveredBy)
	case r.Mutant.Origin == mutate.OriginBlackbox:
		// Each test's strength needs each test's verdict: the tests
		// that give the mutant an input it perturbs run alone.
		return rs.runMatrix(ctx, w, t, binary, r, r.Tests())
	}
	var notes []string
	for _, st := range t.stages(r.Tests()) {
		bin, active, err := binary(st.s)
		if err != nil {
			if ctx.Err() != nil {
				return r
			}
			r.Outcome, r.Reason = outcome.NotViable, firstLine(err.Error())
			return r
		}
		v, err := st.s.runOnce(ctx, st.s.scratch(w), bin, active, t.guard, r.Mutant.ID, st.tests)
		if err != nil {
			r.Outcome, r.Reason = outcome.Crashed, withNotes(err.Error(), notes)
			return r
		}
		notes = append(notes, v.Notes...)
		r.Outcome, r.Reason = v.Outcome, withNotes(v.Reason, notes)
		r.KilledBy, r.TestsToFailure = nil, nil
		for _, k := range v.KilledBy {
			r.KilledBy = append(r.KilledBy, t.name(st.s, k))
		}
		if len(v.TestsToFailure) > 0 {
			r.TestsToFailure = map[string]int{}
			for k, n := range v.TestsToFailure {
				r.TestsToFailure[t.name(st.s, k)] = n
			}
		}
		if v.Outcome != outcome.Survived {
			return r
		}
	}
	r.Reason = withNotes("", notes)
	return r
}

// withNotes appends the notes of a mutant's runs (escaped processes,
// writes into the package directory) to its reason.
func withNotes(reason string, notes []string) string {
	parts := make([]string, 0, 1+len(notes))
	if reason != "" {
		parts = append(parts, reason)
	}
	return strings.Join(append(parts, notes...), "; ")
}

// runMatrix runs each of tests (the mutant's covering tests, or those
// it runs against) alone against the mutant.
func (rs *runState) runMatrix(ctx context.Context, w int, t *target, binary func(*session) (*testbin.Binary, int, error), r MutantResult, tests []string) (out MutantResult) {
	r.PerTest = map[string]outcome.Outcome{}
	r.TestsToFailure = map[string]int{}
	rank := map[outcome.Outcome]int{outcome.Survived: 0, outcome.Timeout: 1, outcome.Crashed: 2, outcome.Killed: 3}
	r.Outcome = outcome.Survived
	var notes []string
	defer func() { out.Reason = withNotes(out.Reason, notes) }()
	for _, name := range tests {
		ref := t.refs[name]
		bin, active, err := binary(ref.s)
		if err != nil {
			if ctx.Err() != nil {
				return r
			}
			r.Outcome, r.Reason = outcome.NotViable, firstLine(err.Error())
			return r
		}
		v, err := ref.s.runOnce(ctx, ref.s.scratch(w), bin, active, t.guard, r.Mutant.ID, []string{ref.name})
		if err != nil {
			v = testjson.Verdict{Outcome: outcome.Crashed, Reason: err.Error()}
		}
		if ctx.Err() != nil {
			return r
		}
		notes = append(notes, v.Notes...)
		r.PerTest[name] = v.Outcome
		if v.Outcome == outcome.Killed {
			r.KilledBy = append(r.KilledBy, name)
			if n, ok := v.TestsToFailure[ref.name]; ok {
				r.TestsToFailure[name] = n
			}
		}
		if rank[v.Outcome] > rank[r.Outcome] {
			r.Outcome, r.Reason = v.Outcome, v.Reason
		}
	}
	return r
}

// runOnce runs tests in a fresh copy of the module and classifies the run,
// under the scratch's guard of the package directory when it has one.
// Each test has its own deadline, read from the events the binary streams
// (watchedRun): a test that loops is stopped by its own rule, whatever the
// others take, and a starved one runs on in place; nothing runs alone.
func (s *session) runOnce(ctx context.Context, sc *sandbox.Scratch, bin *testbin.Binary, active int, guard *sandbox.Guard, id string, tests []string) (testjson.Verdict, error) {
	run := func() (testjson.Verdict, error) {
		v, _, err := s.watchedRun(ctx, sc, bin, testbin.RunSpec{Tests: tests, Active: active, Seed: s.cfg.seed(), Failfast: true})
		return v, err
	}
	return guarded(ctx, guard, id, run)
}

// guarded runs run under g (nil: no guard), with the guard's note, when
// the mutant wrote into the package directory, among the verdict's notes.
func guarded(ctx context.Context, g *sandbox.Guard, id string, run func() (testjson.Verdict, error)) (testjson.Verdict, error) {
	v, note, err := sandbox.Guarded(ctx, g, id, run)
	if note != "" {
		v.Notes = append(v.Notes, note)
	}
	return v, err
}

// watchedRun runs r's tests (r without Dir, TempDir, Timeout, Memory,
// Watch: watchedRun sets them) in sc, a fresh copy, with a deadline per
// test (testWatch) and the whole process's backstop, and classifies the
// run; it returns the parsed stream too. rapid does not minimize a
// failing case (runSpec.NoShrink). A run whose timeout or crash came
// after a property had failed (the library printed its count of tests to
// the failure: e.g. a timeout while the test went on) is a kill by that
// property, with that count. A timeout that the watch did not explain (a
// loop by its CPU time, or a test blocked asleep) came from a test that
// grew, outlasted its own time, or ran where its usage cannot be read: it
// runs again once beside the others with patience x its full deadlines,
// and counts only if it times out again.
func (s *session) watchedRun(ctx context.Context, sc *sandbox.Scratch, bin *testbin.Binary, r testbin.RunSpec) (testjson.Verdict, *testjson.Stream, error) {
	v, st, confirmed, err := s.watchedOnce(ctx, sc, bin, r, 1)
	if err != nil || v.Outcome != outcome.Timeout || confirmed || ctx.Err() != nil {
		return v, st, err
	}
	first := v.Reason
	v, st, _, err = s.watchedOnce(ctx, sc, bin, r, patience)
	if err == nil && v.Outcome != outcome.Timeout {
		v.Notes = append(v.Notes, fmt.Sprintf("timed out unexplained (%s), then ran again with %d x the deadlines", first, patience))
	}
	return v, st, err
}

// patience scales the full deadlines of the run that confirms a timeout
// without CPU evidence.
const patience = 4

// watchedOnce is one watched run with the full deadlines scaled by
// scale; confirmed reports a timeout the watch explained (a loop by its
// CPU time, or a test blocked asleep).
func (s *session) watchedOnce(ctx context.Context, sc *sandbox.Scratch, bin *testbin.Binary, r testbin.RunSpec, scale int) (v testjson.Verdict, st *testjson.Stream, confirmed bool, err error) {
	if err := sc.Reset(); err != nil {
		return testjson.Verdict{}, nil, false, err
	}
	rule := func(test string) testwatch.Rule {
		tr := s.rule(test)
		tr.Full *= time.Duration(scale)
		return tr
	}
	w := testwatch.New(rule)
	defer w.Close()
	r.Dir, r.TempDir, r.Timeout, r.Memory, r.Watch = sc.WorkDir(), sc.TempDir(), time.Duration(scale)*s.backstop(r.Tests), s.cfg.memory(), w.Attach
	r.NoShrink = true
	st, res, err := bin.Run(ctx, r)
	w.Close()
	if err != nil {
		return testjson.Verdict{}, nil, false, err
	}
	v = testjson.Classify(st, res)
	if why := w.Why(); v.Outcome == outcome.Timeout && why != "" {
		v.Reason += ": " + why
		confirmed = true
	}
	if v.Outcome == outcome.Timeout || v.Outcome == outcome.Crashed {
		if k, ok := testjson.FailedProperty(st); ok {
			k.Notes = v.Notes
			v = k
		}
	}
	return v, st, confirmed, nil
}

// buildAlone builds the session's test binary with the single mutant m
// of target t applied (mutate.Apply and its own overlay).
func (s *session) buildAlone(ctx context.Context, dir string, t *target, m mutate.Mutant) (*testbin.Binary, error) {
	files, err := mutate.Apply(t.pkg, m)
	if err != nil {
		return nil, err
	}
	ov, err := mutate.WriteOverlay(dir, relocate(files, t.pkg.Dir, t.tmpl.PkgDir()))
	if err != nil {
		return nil, err
	}
	out := filepath.Join(dir, "pkg.test")
	if err := testbin.Build(ctx, testbin.BuildSpec{Dir: s.tmpl.PkgDir(), Overlay: ov, Out: out}); err != nil {
		return nil, err
	}
	return &testbin.Binary{Path: out, Rapid: s.bin.Rapid}, nil
}

func firstLine(s string) string {
	for i, c := range s {
		if c == '\n' {
			return s[:i]
		}
	}
	return s
}
