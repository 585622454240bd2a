package gotest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/mutprop/mutprop/mutate"
)

// runMutants runs the jobs (indices into pr.Mutants) in a pool of workers.
// Each worker owns a scratch directory and pulls from a shared queue; the
// queue stops at cancellation and the running processes are killed by
// their contexts.
func (s *session) runMutants(ctx context.Context, pr *PackageResult, jobs []int) {
	total := len(pr.Mutants)
	done := total - len(jobs)
	guard, err := newTreeGuard(s.pkg.Dir, filepath.Join(s.tmp, "pristine"), s.cfg.logf)
	if err != nil {
		s.cfg.logf("%s: the package directory is not guarded: %v", s.pkg.Path, err)
		guard = nil
	} else {
		defer guard.finish()
	}
	var mu sync.Mutex
	s.forEach(ctx, jobs, guard, func(sc *scratch, i int) error {
		start := time.Now()
		r := s.runMutant(ctx, sc, pr.Mutants[i])
		if ctx.Err() != nil {
			return nil // interrupted: the mutant did not finish
		}
		r.Duration = time.Since(start)
		mu.Lock()
		defer mu.Unlock()
		pr.Mutants[i] = r
		done++
		if s.cfg.Progress != nil {
			s.cfg.Progress(done, total, r)
		}
		return nil
	})
	pr.Retried = int(s.retried.Load())
}

// forEach calls fn for each of jobs from the run's workers, each with its
// own copy of the module (guard, when not nil, watches the user's package
// directory). It stops handing out jobs at cancellation and returns the
// context's error, or else the first error fn returned.
func (s *session) forEach(ctx context.Context, jobs []int, guard *treeGuard, fn func(sc *scratch, i int) error) error {
	var mu sync.Mutex
	var firstErr error
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < s.cfg.workers(); w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			sc := s.scratch(w)
			sc.guard = guard
			for i := range work {
				if err := fn(sc, i); err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
				}
			}
		}(w)
	}
	for _, i := range jobs {
		select {
		case work <- i:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
	}
	close(work)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	return firstErr
}

// indexes returns 0, 1, ..., n-1.
func indexes(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// runMutant runs one mutant against its covering tests (r.CoveredBy,
// fastest first). A mutant without a schema (schemata left it out, or
// overlay mode) is built alone first; if that build fails it is
// not-viable and never runs.
func (s *session) runMutant(ctx context.Context, sc *scratch, r MutantResult) MutantResult {
	bin, active := s.bin, r.Mutant.Schema
	if s.cfg.Mode == ModeOverlay || active == 0 {
		dir, err := os.MkdirTemp(s.tmp, "m-")
		if err != nil {
			r.Outcome, r.Reason = Crashed, err.Error()
			return r
		}
		defer os.RemoveAll(dir)
		b, err := s.buildAlone(ctx, dir, r.Mutant)
		if err != nil {
			if ctx.Err() != nil {
				return r
			}
			r.Outcome = NotViable
			r.Reason = firstLine(err.Error())
			return r
		}
		bin, active = b, 0
	}
	if s.cfg.Matrix {
		return s.runMatrix(ctx, sc, bin, active, r)
	}
	// Stage 1: the fastest covering test alone; most mutants die here.
	// Stage 2: the others in one process, stopping at the first failure.
	tests := r.Tests()
	stages := [][]string{tests[:1]}
	if len(tests) > 1 {
		stages = append(stages, tests[1:])
	}
	var notes []string
	for _, tests := range stages {
		v, err := s.runOnce(ctx, sc, bin, active, r.Mutant.ID, tests)
		if err != nil {
			r.Outcome, r.Reason = Crashed, withNotes(err.Error(), notes)
			return r
		}
		notes = append(notes, v.Notes...)
		r.Outcome, r.KilledBy, r.Reason, r.TestsToFailure = v.Outcome, v.KilledBy, withNotes(v.Reason, notes), v.TestsToFailure
		if v.Outcome != Survived {
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
func (s *session) runMatrix(ctx context.Context, sc *scratch, bin *Binary, active int, r MutantResult) (out MutantResult) {
	r.PerTest = map[string]string{}
	r.TestsToFailure = map[string]int{}
	rank := map[string]int{Survived: 0, Timeout: 1, Crashed: 2, Killed: 3}
	r.Outcome = Survived
	var notes []string
	defer func() { out.Reason = withNotes(out.Reason, notes) }()
	for _, t := range r.CoveredBy {
		v, err := s.runOnce(ctx, sc, bin, active, r.Mutant.ID, []string{t})
		if err != nil {
			v = Verdict{Outcome: Crashed, Reason: err.Error()}
		}
		if ctx.Err() != nil {
			return r
		}
		notes = append(notes, v.Notes...)
		r.PerTest[t] = v.Outcome
		if v.Outcome == Killed {
			r.KilledBy = append(r.KilledBy, t)
			if n, ok := v.TestsToFailure[t]; ok {
				r.TestsToFailure[t] = n
			}
		}
		if rank[v.Outcome] > rank[r.Outcome] {
			r.Outcome, r.Reason = v.Outcome, v.Reason
		}
	}
	return r
}

// runOnce runs tests in a fresh copy of the module and classifies the run,
// under the scratch's guard of the package directory when it has one. A
// run that times out among the other workers' runs is run again alone,
// with no other test process, before it counts as a timeout: on a loaded
// machine a deadline is a guess.
func (s *session) runOnce(ctx context.Context, sc *scratch, bin *Binary, active int, id string, tests []string) (Verdict, error) {
	run := func() (Verdict, error) {
		if err := sc.reset(); err != nil {
			return Verdict{}, err
		}
		st, res, err := bin.RunTests(ctx, RunSpec{
			Tests: tests, Active: active, Dir: sc.workDir(), TempDir: sc.tempDir(), Timeout: s.timeout(tests),
			Seed: s.cfg.seed(), Failfast: true, Memory: s.cfg.memory(),
		})
		if err != nil {
			return Verdict{}, err
		}
		return Classify(st, res), nil
	}
	guarded := func() (Verdict, error) {
		if sc.guard == nil {
			return run()
		}
		return sc.guard.do(ctx, id, run)
	}
	s.alone.RLock()
	v, err := guarded()
	s.alone.RUnlock()
	if err != nil || v.Outcome != Timeout || ctx.Err() != nil || s.cfg.workers() == 1 {
		return v, err
	}
	s.alone.Lock()
	defer s.alone.Unlock()
	s.retried.Add(1)
	first := v.Reason
	if v, err = guarded(); err != nil {
		return v, err
	}
	if v.Outcome != Timeout {
		v.Notes = append(v.Notes, "timed out among other runs ("+first+"), ran again alone")
	}
	return v, nil
}

// buildAlone builds the single-mutant test binary of m (mutate.Apply and
// its own overlay).
func (s *session) buildAlone(ctx context.Context, dir string, m mutate.Mutant) (*Binary, error) {
	files, err := mutate.Apply(s.pkg, m)
	if err != nil {
		return nil, err
	}
	ov, err := mutate.WriteOverlay(dir, files)
	if err != nil {
		return nil, err
	}
	out := filepath.Join(dir, "pkg.test")
	if err := Build(ctx, BuildSpec{Dir: s.pkg.Dir, Overlay: ov, Out: out}); err != nil {
		return nil, err
	}
	return &Binary{Path: out, Rapid: s.bin.Rapid}, nil
}

func firstLine(s string) string {
	for i, c := range s {
		if c == '\n' {
			return s[:i]
		}
	}
	return s
}
