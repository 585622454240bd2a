package gotest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
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
	alone := map[*session]*testBinary{}
	binary := func(s *session) (*testBinary, int, error) {
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
	if rs.cfg.Matrix {
		return rs.runMatrix(ctx, w, t, binary, r)
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

// runMatrix runs every covering test alone against the mutant.
func (rs *runState) runMatrix(ctx context.Context, w int, t *target, binary func(*session) (*testBinary, int, error), r MutantResult) (out MutantResult) {
	r.PerTest = map[string]outcome.Outcome{}
	r.TestsToFailure = map[string]int{}
	rank := map[outcome.Outcome]int{outcome.Survived: 0, outcome.Timeout: 1, outcome.Crashed: 2, outcome.Killed: 3}
	r.Outcome = outcome.Survived
	var notes []string
	defer func() { out.Reason = withNotes(out.Reason, notes) }()
	for _, name := range r.CoveredBy {
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
			v = Verdict{Outcome: outcome.Crashed, Reason: err.Error()}
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
// under the scratch's guard of the package directory when it has one. The
// first run has a tight deadline (firstTimeout); a run that times out
// counts as a timeout when it used more CPU than the deadline factor times
// its tests' in the baseline, for at least half its deadline
// (timeoutEvidence: a mutant that loops), unless its memory or output
// grew: then it runs again with the full deadline, to end on its cap or
// time out. One that did not compute that long (blocked, or starved on a
// loaded machine, where a deadline is a guess) runs again with the full
// deadline alone (no other test process) when there are several workers,
// before it counts.
func (s *session) runOnce(ctx context.Context, sc *scratch, bin *testBinary, active int, guard *treeGuard, id string, tests []string) (Verdict, error) {
	deadline := s.firstTimeout(tests)
	var last proc.Result // of the last run
	run := func() (Verdict, error) {
		if err := sc.reset(); err != nil {
			return Verdict{}, err
		}
		st, res, err := bin.runTests(ctx, runSpec{
			Tests: tests, Active: active, Dir: sc.workDir(), TempDir: sc.tempDir(), Timeout: deadline,
			Seed: s.cfg.seed(), Failfast: true, Memory: s.cfg.memory(),
		})
		if err != nil {
			return Verdict{}, err
		}
		last = res
		return classify(st, res), nil
	}
	guarded := func() (Verdict, error) {
		if guard == nil {
			return run()
		}
		return guard.do(ctx, id, run)
	}
	s.alone.RLock()
	v, err := guarded()
	s.alone.RUnlock()
	if err != nil || v.Outcome != outcome.Timeout || ctx.Err() != nil {
		return v, err
	}
	computed, grew, why := s.timeoutEvidence(tests, deadline, last)
	if computed && !grew {
		v.Reason += ": " + why
		return v, nil
	}
	deadline = s.timeout(tests)
	how := "alone "
	if computed {
		// It computed past the factor already (a timeout whatever the
		// load), but its memory or output grew: given the full deadline
		// beside the other workers, it may end on its cap instead.
		how = ""
	} else {
		s.retried.Add(1)
		if s.cfg.workers() > 1 {
			s.alone.Lock()
			defer s.alone.Unlock()
		}
	}
	first := v.Reason
	if v, err = guarded(); err != nil {
		return v, err
	}
	switch {
	case v.Outcome == outcome.Timeout && computed:
		v.Reason += ": its first run " + why
	case v.Outcome == outcome.Survived:
		// A killed or crashed rerun's reason speaks for itself.
		v.Notes = append(v.Notes, "timed out at its first deadline ("+first+"), ran again "+how+"with the full one")
	}
	return v, nil
}

// buildAlone builds the session's test binary with the single mutant m
// of target t applied (mutate.Apply and its own overlay).
func (s *session) buildAlone(ctx context.Context, dir string, t *target, m mutate.Mutant) (*testBinary, error) {
	files, err := mutate.Apply(t.pkg, m)
	if err != nil {
		return nil, err
	}
	ov, err := mutate.WriteOverlay(dir, relocate(files, t.pkg.Dir, t.tmpl.pkgDir()))
	if err != nil {
		return nil, err
	}
	out := filepath.Join(dir, "pkg.test")
	if err := buildTestBinary(ctx, buildSpec{Dir: s.tmpl.pkgDir(), Overlay: ov, Out: out}); err != nil {
		return nil, err
	}
	return &testBinary{Path: out, Rapid: s.bin.Rapid}, nil
}

func firstLine(s string) string {
	for i, c := range s {
		if c == '\n' {
			return s[:i]
		}
	}
	return s
}
