package gotest

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mutprop/mutprop/internal/blackboxmut"
	"github.com/mutprop/mutprop/internal/flakiness"
	"github.com/mutprop/mutprop/internal/sandbox"
	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/internal/testorder"
	"github.com/mutprop/mutprop/internal/testwatch"
	"github.com/mutprop/mutprop/internal/verdict"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
)

// runMutants runs the jobs in a pool of workers over every target's
// mutants. Each worker owns its copies of the modules and pulls from a
// shared queue; the queue stops at cancellation and the running processes
// are killed by their contexts. Black-box mutants that batches can run
// go first, a batch a job (blackboxBatches), then the others one a job.
func (rs *runState) runMutants(ctx context.Context, targets []*target, jobs []job) {
	total := 0
	for _, t := range targets {
		total += len(t.pr.Mutants)
	}
	done := total - len(jobs)
	batches, jobs := rs.blackboxBatches(jobs)
	opBatches, jobs := rs.operatorBatches(jobs)
	work := map[*target]time.Duration{} // the worker time of each target's mutants
	defer func() {
		for _, t := range targets {
			rs.confirmed(t, work[t])
		}
	}()
	defer func() {
		if ctx.Err() == nil && rs.cfg.VerifyIsolation > 0 {
			var batched []job
			for _, b := range batches {
				batched = append(batched, b.jobs...)
			}
			for _, b := range opBatches {
				batched = append(batched, b.jobs...)
			}
			rs.verifyIsolation(ctx, batched)
		}
	}()
	procs := rs.testProcesses()
	defer func() {
		// Before verifyIsolation's reruns, which a defer above makes.
		if ctx.Err() == nil && len(jobs)+len(batches)+len(opBatches) > 0 {
			rs.cfg.logf("the mutants ran in %d test processes", rs.testProcesses()-procs)
		}
	}()
	if len(opBatches) > 0 {
		n := 0
		for _, b := range opBatches {
			n += len(b.jobs)
		}
		rs.cfg.logf("%d operator and named mutants run their first test in %d batches", n, len(opBatches))
	}
	if len(batches) > 0 {
		n := 0
		for _, b := range batches {
			n += len(b.jobs)
		}
		rs.cfg.logf("%d black-box mutants run in %d batches, one test process per test and batch", n, len(batches))
	}

	var mu sync.Mutex
	finish := func(j job, r MutantResult) {
		mu.Lock()
		defer mu.Unlock()
		*j.result() = r
		work[j.t] += r.Duration
		done++
		obs := rs.cfg.observer()
		obs.Finished(j.t.pr, r)
		obs.Progress(done, total, r)
	}
	rs.forEach(ctx, len(batches)+len(opBatches)+len(jobs), func(w, k int) error {
		start := time.Now()
		if k >= len(batches) && k < len(batches)+len(opBatches) {
			b := opBatches[k-len(batches)]
			results := rs.runOperatorBatch(ctx, w, b)
			if ctx.Err() != nil {
				return nil // interrupted: the batch did not finish
			}
			for i, j := range b.jobs {
				finish(j, results[i])
			}
			return nil
		}
		if k < len(batches) {
			b := batches[k]
			results := rs.runBlackboxBatch(ctx, w, b)
			if ctx.Err() != nil {
				return nil // interrupted: the batch did not finish
			}
			each := time.Since(start) / time.Duration(len(b.jobs))
			for i, j := range b.jobs {
				results[i].Duration = each
				finish(j, results[i])
			}
			return nil
		}
		j := jobs[k-len(batches)-len(opBatches)]
		r := rs.runMutant(ctx, w, j.t, *j.result())
		if ctx.Err() != nil {
			return nil // interrupted: the mutant did not finish
		}
		r.Duration = time.Since(start)
		finish(j, r)
		return nil
	})
}

// stage is one run of a mutant: tests of one test package in one process.
type stage struct {
	s     *session
	tests []string // the session's names
}

// stages splits the mutant's tests into runs (testorder.Stages): the
// first alone, then one process per test package and speed class.
func (t *target) stages(tests []string) []stage {
	group := func(name string) *session { return t.refs[name].s }
	speed := func(name string) time.Duration { ref := t.refs[name]; return ref.s.speed(ref.name) }
	var out []stage
	for _, names := range testorder.Stages(tests, group, speed) {
		st := stage{s: group(names[0])}
		for _, name := range names {
			st.tests = append(st.tests, t.refs[name].name)
		}
		out = append(out, st)
	}
	return out
}

// runMutant runs one mutant against its covering tests (fastest first). A
// mutant without a schema (schemata left it out, or overlay mode) is built
// alone first, into each test package that runs it; if that build fails
// it is not-viable and never runs.
func (rs *runState) runMutant(ctx context.Context, w int, t *target, r MutantResult) MutantResult {
	return rs.runMutantFrom(ctx, w, t, r, nil)
}

// runMutantFrom is runMutant with the runs of the mutant's first stages
// that a batch made (killed or survived, with a kill's reruns:
// killRun.repeated), in order.
func (rs *runState) runMutantFrom(ctx context.Context, w int, t *target, r MutantResult, given []stageRun) MutantResult {
	alone := map[*session]*testbin.Binary{}
	binary := func(s *session) (*testbin.Binary, int, error) {
		if !rs.cfg.mode().overlay() && r.Mutant.Schema != 0 {
			return s.bin, r.Mutant.Schema, nil
		}
		if b := alone[s]; b != nil {
			return b, 0, nil
		}
		dir, err := os.MkdirTemp(rs.tmp, "m-")
		if err != nil {
			return nil, 0, err
		}
		b, err := s.buildAlone(ctx, dir, t, r.Mutant, false)
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
	case r.Mutant.Origin == mutate.OriginBlackbox:
		// Each test's strength needs each test's verdict: the tests
		// that give the mutant an input it perturbs (all the covering
		// ones with Matrix) run alone.
		tests := r.Tests()
		if rs.cfg.Matrix {
			tests = r.CoveredBy
		}
		return rs.runMatrix(ctx, w, t, binary, r, tests)
	case rs.cfg.Matrix:
		return rs.runMatrix(ctx, w, t, binary, r, r.CoveredBy)
	}
	var notes []string
	// search decides, run by run, what follows (verdict.Search): a
	// failure decides, a first timeout or crash stands only if no test
	// after it fails.
	var search verdict.Search
	var firstIn *session // the session whose run first ended so
	stages := t.stages(r.Tests())
stages:
	for i := 0; i < len(stages); i++ {
		st := stages[i]
		bin, active, err := binary(st.s)
		if err != nil {
			if ctx.Err() != nil {
				return r
			}
			r.Outcome, r.Reason = outcome.NotViable, firstLine(err.Error())
			return r
		}
		var v testjson.Verdict
		var stream *testjson.Stream
		var reruns map[string]flakiness.Runs // a kill's reruns the stage's process made
		var focus map[string]string          // a batch's kill's (stageRun.focus)
		var pre *stageRun
		if i < len(given) {
			pre = &given[i]
		}
		if v, stream, reruns, focus, err = rs.runStage(ctx, w, t, r.Mutant.ID, st, bin, active, pre); err != nil {
			r.Outcome, r.Reason = outcome.Crashed, withNotes(err.Error(), notes)
			return r
		}
		notes = append(notes, v.Notes...)
		if v.Outcome == outcome.Killed {
			// A kill counts only if it recurs, and its test passes on
			// the original at the seed (confirm.go). When none does, the
			// tests the run did not reach run next, then the later
			// stages, as after a timeout.
			k := killRun{t: t, s: st.s, w: w, bin: bin, active: active, id: r.Mutant.ID,
				tests: st.tests, seed: rs.cfg.seed(), failfast: true, original: true, repeated: reruns, focus: focus}
			kv, dropped, more := rs.holdKills(ctx, k, v, stream)
			if ctx.Err() != nil {
				return r
			}
			notes = noteDropped(&r, dropped, append(notes, more...))
			if kv.Outcome != outcome.Killed {
				// Not a kill: the tests the run did not reach run next,
				// then the later stages (verdict.Unheld).
				if rest := verdict.Unheld(st.tests, kv.Passed, v.KilledBy).Rest; len(rest) > 0 {
					stages = slices.Insert(stages, i+1, stage{s: st.s, tests: rest})
				}
				continue
			}
			v = kv
		}
		step := search.Next(st.tests, v)
		if step.First {
			firstIn = st.s
		}
		switch step.Action {
		case verdict.Stop:
			break stages // a second timeout or crash: the first stands
		case verdict.RunRest:
			if len(step.Rest) > 0 {
				stages = slices.Insert(stages, i+1, stage{s: st.s, tests: step.Rest})
			}
			continue
		}
		t.setVerdict(&r, st.s, v, notes)
		if step.Action == verdict.Decide {
			return r
		}
	}
	if culprit, ok := search.RerunAlone(func(test string) time.Duration { return firstIn.rule(test).AloneNeed() }); ok {
		// A loop shown by so little CPU is weak evidence when nothing
		// else ran away. It runs again alone, in a fresh process, as in
		// the baseline; it stands if it times out.
		if bin, active, err := binary(firstIn); err == nil {
			var done bool
			if notes, done = rs.runAlone(ctx, w, t, &r, firstIn, bin, active, *search.First, culprit, notes); done {
				return r
			}
		}
	}
	if first, ok := search.Final(); ok {
		r.Outcome, r.Reason, r.KilledBy, r.TestsToFailure = first.Outcome, withNotes(first.Reason, notes), nil, nil
		return r
	}
	r.Outcome, r.Reason = outcome.Survived, withNotes("", notes)
	return r
}

// runAlone runs culprit, the test blamed for the mutant's first timeout
// (first), alone against it on bin in session s, its kills confirmed.
// When that run decides (verdict.AloneDecides: it passed or failed), it
// sets r's verdict with notes and reports done; done too when ctx was
// cancelled, r then unchanged. It returns the notes with those of its
// runs.
func (rs *runState) runAlone(ctx context.Context, w int, t *target, r *MutantResult, s *session, bin *testbin.Binary, active int,
	first testjson.Verdict, culprit string, notes []string) (_ []string, done bool) {
	alone, how := []string{culprit}, "passed alone"
	v, stream, err := s.runWith(ctx, s.scratch(w), t.guard, r.Mutant.ID, bin,
		testbin.RunSpec{Tests: alone, Active: active, Seed: rs.cfg.seed(), Failfast: true})
	if err != nil {
		return notes, false
	}
	if v.Outcome == outcome.Killed {
		kv, dropped, more := rs.holdKills(ctx, killRun{t: t, s: s, w: w, bin: bin, active: active, id: r.Mutant.ID,
			tests: alone, seed: rs.cfg.seed(), failfast: true, original: true}, v, stream)
		if ctx.Err() != nil {
			return notes, true
		}
		notes = noteDropped(r, dropped, append(notes, more...))
		if kv.Outcome != outcome.Killed {
			how = "failed alone, but not again"
		}
		v = kv
	}
	if !verdict.AloneDecides(v) {
		return notes, false
	}
	notes = append(notes, v.Notes...)
	if v.Outcome == outcome.Survived {
		notes = append(notes, fmt.Sprintf("%s, then %s %s", first.Reason, t.name(s, first.Culprit), how))
	}
	t.setVerdict(r, s, v, notes)
	return notes, true
}

// setVerdict sets r's outcome, reason, killers and tests-to-failure from
// the verdict v of a run of session s, with notes.
func (t *target) setVerdict(r *MutantResult, s *session, v testjson.Verdict, notes []string) {
	r.Outcome, r.Reason = v.Outcome, withNotes(v.Reason, notes)
	r.KilledBy, r.TestsToFailure = nil, nil
	for _, k := range v.KilledBy {
		r.KilledBy = append(r.KilledBy, t.name(s, k))
	}
	if len(v.TestsToFailure) > 0 {
		r.TestsToFailure = map[string]int{}
		for k, n := range v.TestsToFailure {
			r.TestsToFailure[t.name(s, k)] = n
		}
	}
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
// it runs against) alone against the mutant, with the mutant's seed
// (Config.mutantSeed). Its kills are confirmed (holdMatrixKills); a
// black-box mutant's then on the original at its seed (confirmKills): a
// test that fails there does not kill it.
func (rs *runState) runMatrix(ctx context.Context, w int, t *target, binary func(*session) (*testbin.Binary, int, error), r MutantResult, tests []string) (out MutantResult) {
	r.PerTest = map[string]outcome.Outcome{}
	r.TestsToFailure = map[string]int{}
	rank := matrixRank
	r.Outcome = outcome.Survived
	seed := rs.cfg.mutantSeed(r.Mutant)
	reasons := map[string]string{}
	var notes []string
	defer func() { out.Reason = withNotes(out.Reason, notes) }()
	checks := 0
	if rs.cfg.Blackbox.Sample(r.Mutant) {
		checks = 1
	}
	if r.Mutant.Origin == mutate.OriginBlackbox {
		defer func() {
			if ctx.Err() != nil || out.Outcome == outcome.NotViable {
				return
			}
			notes = append(notes, rs.confirmKills(ctx, w, t, &out, seed)...)
			out.Outcome, out.Reason = outcome.Survived, ""
			for _, name := range tests {
				if o, ok := out.PerTest[name]; ok && rank[o] > rank[out.Outcome] {
					out.Outcome, out.Reason = o, reasons[name]
				}
			}
			rs.sampleOutcome(&out)
		}()
	}
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
		v, err := ref.s.runSeeded(ctx, ref.s.scratch(w), bin, active, t.guard, r.Mutant.ID, []string{ref.name}, seed, true, checks)
		if err != nil {
			v = testjson.Verdict{Outcome: outcome.Crashed, Reason: err.Error()}
		}
		if ctx.Err() != nil {
			return r
		}
		notes = append(notes, v.Notes...)
		r.PerTest[name] = v.Outcome
		reasons[name] = v.Reason
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
	notes = append(notes, rs.holdMatrixKills(ctx, w, t, binary, &r, tests, seed, reasons)...)
	return r
}

// matrixRank orders the outcomes of a mutant's tests run alone: the
// mutant's is the highest.
var matrixRank = map[outcome.Outcome]int{outcome.Survived: 0, outcome.Timeout: 1, outcome.Crashed: 2, outcome.Killed: 3}

// runSeeded runs tests in a fresh copy of the module with seed, stopping
// at the first failing test when failfast, and after checks generated
// cases of each rapid property when checks is positive; it classifies
// the run, under the scratch's guard of the package directory when it
// has one (runWith). Each test has its own deadline, read from the events
// the binary streams (watchedRun): a test that loops is stopped by its
// own rule, whatever the others take, and a starved one runs on in place;
// nothing runs alone.
func (s *session) runSeeded(ctx context.Context, sc *sandbox.Scratch, bin *testbin.Binary, active int, guard *sandbox.Guard, id string, tests []string, seed uint64, failfast bool, checks int) (testjson.Verdict, error) {
	v, _, err := s.runWith(ctx, sc, guard, id, bin, testbin.RunSpec{Tests: tests, Active: active, Seed: seed, Failfast: failfast, Checks: checks})
	return v, err
}

// confirmKills checks the kills of black-box mutant r, run with seed:
// the tests that killed it run together on the original (no active
// mutant) at that seed, once per test package, up to the case that
// failed on the mutant (confirmChecks), and a test that does not pass
// there did not kill the mutant. Its outcome becomes survived, its
// tests-to-failure blackboxmut.FailsOnOriginal (left out of the per-case
// score), and a note says so. A test package whose binary takes no seed
// (seeds) needs no check: the baseline passed it with every seed.
func (rs *runState) confirmKills(ctx context.Context, w int, t *target, r *MutantResult, seed uint64) []string {
	bySession := map[*session][]string{}
	var order []*session
	for _, name := range r.KilledBy {
		ref := t.refs[name]
		if !seeds(ref.s.bin) {
			continue
		}
		if _, ok := bySession[ref.s]; !ok {
			order = append(order, ref.s)
		}
		bySession[ref.s] = append(bySession[ref.s], ref.name)
	}
	var notes []string
	for _, s := range order {
		names := bySession[s]
		run := func() (testjson.Verdict, error) {
			v, _, err := s.watchedRun(ctx, s.scratch(w), s.bin, testbin.RunSpec{Tests: names, Seed: seed, Checks: confirmChecks(*r, t, s)})
			return v, err
		}
		v, err := guarded(ctx, t.guard, r.Mutant.ID+" (original)", run)
		if ctx.Err() != nil {
			return notes
		}
		for _, n := range names {
			if err == nil && slices.Contains(v.Passed, n) {
				continue
			}
			name := t.name(s, n)
			why := "fails"
			switch {
			case err != nil:
				why = "could not run (" + firstLine(err.Error()) + ")"
			case v.Outcome == outcome.Timeout || v.Outcome == outcome.Crashed:
				why = "does not pass (" + string(v.Outcome) + ")"
			}
			r.PerTest[name] = outcome.Survived
			r.TestsToFailure[name] = blackboxmut.FailsOnOriginal
			r.KilledBy = slices.DeleteFunc(r.KilledBy, func(k string) bool { return k == name })
			notes = append(notes, fmt.Sprintf("%s %s on the original with seed %d: not a kill", name, why, seed))
		}
	}
	if len(r.KilledBy) == 0 {
		r.KilledBy = nil
	}
	return notes
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

// watchedRun runs r's tests (r without Dir, TempDir, Memory, NoShrink:
// watchedRun sets them) in sc, reset first, with a deadline per test from
// its baseline (testwatch.Run), and classifies the run; it returns the
// parsed stream too. rapid stops at the first failing case unless one of
// the tests needs its shrinking (noShrink).
func (s *session) watchedRun(ctx context.Context, sc *sandbox.Scratch, bin *testbin.Binary, r testbin.RunSpec) (testjson.Verdict, *testjson.Stream, error) {
	r.Dir, r.TempDir, r.Memory, r.NoShrink = sc.WorkDir(), sc.TempDir(), s.cfg.memory(), s.noShrink(r.Tests)
	v, st, err := testwatch.Run(ctx, bin, r, s.rule, sc.Reset)
	if err == nil && s.observe != nil && ctx.Err() == nil {
		s.observe(s, bin, r, v, st)
	}
	return v, st, err
}

// rule is the deadline rule of test, from its baseline and what it used
// alone (testwatch.RuleFor). The process outside its tests ("") has for
// baseline its overhead, at least the deadlines' floor: the overhead is
// the process's time less its tests', zero when parallel tests overlap,
// and the garbage collector and leaked goroutines run between tests.
func (s *session) rule(test string) testwatch.Rule {
	if test == "" {
		return testwatch.RuleFor(s.cfg.Timeouts, max(s.overhead, s.cfg.Timeouts.Resolved().Floor), testwatch.Usage{})
	}
	return testwatch.RuleFor(s.cfg.Timeouts, s.baseline[test], s.usage[test])
}

// buildAlone builds the session's test binary with the single mutant m
// of target t applied (mutate.Apply and its own overlay); with quick,
// testing/quick seeded too (testbin.QuickSeedOverlay): the trials' binary
// of a mutant without a schema.
func (s *session) buildAlone(ctx context.Context, dir string, t *target, m mutate.Mutant, quick bool) (*testbin.Binary, error) {
	files, err := mutate.Apply(t.pkg, m)
	if err != nil {
		return nil, err
	}
	files = relocate(files, t.pkg.Dir, t.tmpl.PkgDir())
	b := &testbin.Binary{Path: filepath.Join(dir, "pkg.test"), Rapid: s.bin.Rapid}
	if quick {
		maps.Copy(files, s.quick)
		b.QuickSeed, b.MutpropSeed = s.quick != nil, s.bin.MutpropSeed
	}
	ov, err := mutate.WriteOverlay(dir, files)
	if err != nil {
		return nil, err
	}
	if err := testbin.Build(ctx, testbin.BuildSpec{Dir: s.tmpl.PkgDir(), Overlay: ov, Out: b.Path, Tags: s.cfg.Tags}); err != nil {
		return nil, err
	}
	return b, nil
}

// firstLine is s up to its first newline.
func firstLine(s string) string { return strings.SplitN(s, "\n", 2)[0] }
