package gotest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/mod/modfile"

	"github.com/mutprop/mutprop/internal/blackboxmut"
	"github.com/mutprop/mutprop/internal/coverage"
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

// Isolation values (Config.Isolation): how many mutants a test process
// runs.
const (
	// IsolationBatch runs several mutants in one test process where
	// isolation allows (mutate's batches): every black-box mutant of a
	// function for a test, each its own seed.
	IsolationBatch = "batch"
	// IsolationProcess runs each mutant in test processes of its own.
	IsolationProcess = "process"
)

// batchSize bounds the mutants of one batch job: a job's mutants are
// journaled together when it ends, so an interrupt loses at most one
// job's work per worker. The batches do not depend on the workers. A
// test that most mutants meet first makes one large group: at 128, its
// batch held one worker while the other had nothing left (shlex's 89
// mutants in 4 batches, ten timeouts in one: 1.9 to 2.1 s a run, 1.6 s
// at 32; eight modules alternated, the others unchanged).
const batchSize = 32

// slowBatchSize bounds a batch whose first test takes 100 ms or more
// alone (testorder.Class 1 and above): such a test costs 30 process
// starts or more, so a batch saves little, and one batch of 32 ran its
// mutants one after another on one worker while the other had nothing
// left (go-immutable-radix: 19 mutants of TestRadix, 65 s, at the end).
const slowBatchSize = 4

// batchSizeOf is the most mutants a batch whose first test is test (in
// session s) holds: by the test's speed class, not its measured time, so
// that the batches are the same in every run.
func batchSizeOf(s *session, test string) int {
	if testorder.Class(s.speed(test)) > 0 {
		return slowBatchSize
	}
	return batchSize
}

// batch reports whether the run makes batch builds and runs batches.
func (cfg *Config) batch() bool {
	return !cfg.mode().overlay() && cfg.Isolation != IsolationProcess
}

// batchBuild prepares the batch build of the module copied at tmpl: the
// switch package, and the overlay entries of the rewritten tests of the
// packages in dirs (the user's directories of the test packages of the
// module). The switch is an overlay entry under goroot/src, the GOROOT
// of the go command that builds in the copy, whose build cache then
// keeps it compiled from run to run; with goroot "" it is written into
// the copy (never the user's tree). It returns the switch package's
// import path and the overlay entries, and records the tests that call
// the switch by directory of the copy (switched).
func (rs *runState) batchBuild(tmpl *sandbox.Template, dirs []string, goroot string) (string, map[string][]byte, error) {
	files := map[string][]byte{}
	path := mutate.SwitchDir
	if goroot != "" {
		files[filepath.Join(goroot, "src", mutate.SwitchDir, "switch.go")] = mutate.SwitchSource()
	} else {
		var err error
		if path, err = writeSwitch(tmpl.Root()); err != nil {
			return "", nil, fmt.Errorf("batch build: %w", err)
		}
	}
	userRoot, err := sandbox.ModuleRoot(dirs[0])
	if err != nil {
		return "", nil, fmt.Errorf("batch build: %w", err)
	}
	if rs.switched == nil {
		rs.switched = map[string]map[string]bool{}
	}
	for _, d := range dirs {
		rel, err := filepath.Rel(userRoot, d)
		if err != nil {
			return "", nil, fmt.Errorf("batch build: %w", err)
		}
		copyDir := tmpl.At(rel).PkgDir()
		if rs.switched[copyDir] != nil {
			continue
		}
		names := map[string]bool{}
		rs.switched[copyDir] = names
		tests, _ := filepath.Glob(filepath.Join(d, "*_test.go"))
		for _, file := range tests {
			src, err := os.ReadFile(file)
			if err != nil {
				return "", nil, fmt.Errorf("batch build: %w", err)
			}
			out, rewritten, err := mutate.RewriteTests(file, src, path)
			if err != nil {
				// A file the build may leave out (another platform, a
				// newer Go): its tests, if built, never call the switch
				// and are not batched.
				rs.cfg.logf("%s: not batched: %v", file, err)
				continue
			}
			for _, n := range rewritten {
				names[n] = true
			}
			if !bytes.Equal(out, src) { // a file of helpers has no test of its own
				files[filepath.Join(copyDir, filepath.Base(file))] = out
			}
		}
	}
	return path, files, nil
}

// writeSwitch writes the switch package into the module copied at root
// and returns its import path, MODULE/SwitchDir.
func writeSwitch(root string) (string, error) {
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", err
	}
	mod := modfile.ModulePath(data)
	if mod == "" {
		return "", fmt.Errorf("%s has no module path", filepath.Join(root, "go.mod"))
	}
	dir := filepath.Join(root, mutate.SwitchDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "switch.go"), mutate.SwitchSource(), 0o644); err != nil {
		return "", err
	}
	return mod + "/" + mutate.SwitchDir, nil
}

// testDirs lists the user's directories of the test packages of the
// module whose copy is tmpl: the live targets' with tests, and the
// test-only packages (Config.TestPackages).
func (rs *runState) testDirs(live []*target, tmpl *sandbox.Template) []string {
	var dirs []string
	for _, t := range live {
		if t.tmpl.Root() == tmpl.Root() && HasTests(t.pkg.Dir) {
			dirs = append(dirs, t.pkg.Dir)
		}
	}
	for _, tp := range rs.cfg.TestPackages {
		if root, err := sandbox.ModuleRoot(tp.Dir); err == nil {
			if r0, err := sandbox.ModuleRoot(live[0].pkg.Dir); err == nil && root == r0 {
				dirs = append(dirs, tp.Dir)
			}
		}
	}
	return dirs
}

// batchable reports whether test calls the switch at its start: a test
// or fuzz target of a rewritten file (not an example, which runs once per
// process whatever -test.count says).
func (s *session) batchable(test string) bool {
	return s.switched[s.tmpl.PkgDir()][test]
}

// bbBatch is a batch job: black-box mutants of one wrapped function of a
// target, in job order, run together (runBlackboxBatch).
type bbBatch struct {
	t    *target
	jobs []job
}

// blackboxBatches takes the black-box mutants that can run in batches out
// of jobs: those with a schema, whose function no test calls while its
// package initializes, and whose tests all call the switch. They are
// grouped by target and wrapped function in job order: classicBatchSize
// at most a batch of those that run every test to its budget, first,
// then sampleBatchSize at most of per-case samples; the other jobs are
// returned in their order.
func (rs *runState) blackboxBatches(jobs []job) ([]bbBatch, []job) {
	if !rs.cfg.batch() {
		return nil, jobs
	}
	type key struct {
		t  *target
		fn string
	}
	var order []key
	groups := map[key][]job{}
	var rest []job
	for _, j := range jobs {
		r := j.result()
		m := r.Mutant
		tests := r.Tests()
		if rs.cfg.Matrix {
			tests = r.CoveredBy
		}
		if m.Origin != mutate.OriginBlackbox || m.Schema == 0 || !j.t.batchable(r, tests) {
			rest = append(rest, j)
			continue
		}
		k := key{j.t, m.Original}
		if groups[k] == nil {
			order = append(order, k)
		}
		groups[k] = append(groups[k], j)
	}
	// The mutants that run every test to its budget cost hundreds of
	// times a per-case sample: they go first, in smaller batches, so that
	// the workers share them.
	var classic, samples []bbBatch
	for _, k := range order {
		var full, sample []job
		for _, j := range groups[k] {
			if rs.cfg.Blackbox.Sample(j.result().Mutant) {
				sample = append(sample, j)
			} else {
				full = append(full, j)
			}
		}
		for g := range slices.Chunk(full, classicBatchSize) {
			classic = append(classic, bbBatch{t: k.t, jobs: g})
		}
		for g := range slices.Chunk(sample, sampleBatchSize) {
			samples = append(samples, bbBatch{t: k.t, jobs: g})
		}
	}
	return append(classic, samples...), rest
}

// classicBatchSize bounds a batch of black-box mutants that run every
// test to its budget (not per-case samples).
const classicBatchSize = 25

// sampleBatchSize bounds a batch of per-case samples: each runs one case
// per test, so 512 of them cost about what 25 classic mutants do, and a
// process start per test and batch is paid 4 times less often than at
// 128 (the insert study's run --blackbox: 9.9 s against 10.7 s, the mean
// of 4 runs each, interleaved).
const sampleBatchSize = 512

// batchable reports whether the mutant of r can run in a batch against
// tests (its names in the target): each calls the switch, its session's
// tests leave no state behind, and the mutant's site does not run while
// its test binary initializes. The tests the mutant runs alone later
// need none of that.
func (t *target) batchable(r *MutantResult, tests []string) bool {
	for _, name := range tests {
		ref, ok := t.refs[name]
		if !ok || !ref.s.initKnown || ref.s.leaks != "" || ref.s.leaky[ref.name] || !ref.s.batchable(ref.name) || ref.s.initReached[r.Mutant.Schema] {
			return false
		}
	}
	return true
}

// runBlackboxBatch runs a batch of black-box mutants as runMatrix runs
// each: every test a mutant infects runs against it alone, at the
// mutant's own seed, and its kills are confirmed on the original at that
// seed. Here a test process runs one test against every mutant of the
// batch that it infects, one iteration each (runSteps), and one process
// per test package confirms every kill of the batch. It returns the
// mutants' results in the batch's order.
func (rs *runState) runBlackboxBatch(ctx context.Context, w int, b bbBatch) []MutantResult {
	t := b.t
	results := make([]MutantResult, len(b.jobs))
	seeds := make([]uint64, len(b.jobs))
	reasons := make([]map[string]string, len(b.jobs))
	notes := make([][]string, len(b.jobs))
	var tests []string // every test some mutant runs against, in first-seen order
	for i, j := range b.jobs {
		r := *j.result()
		r.PerTest, r.TestsToFailure, r.Outcome = map[string]outcome.Outcome{}, map[string]int{}, outcome.Survived
		results[i], seeds[i], reasons[i] = r, rs.cfg.mutantSeed(r.Mutant), map[string]string{}
		for _, name := range rs.batchTests(&results[i]) {
			if !slices.Contains(tests, name) {
				tests = append(tests, name)
			}
		}
	}
	for _, name := range tests {
		ref := t.refs[name]
		// Each mutant's step is followed by the reruns that confirm a
		// kill (flakiness.ConfirmKill), in the same process: a test that
		// passed its step skips them (mutate.Step.Confirm).
		suspect := rs.kills.suspect(ref.s, ref.name)
		var idx, at, reruns []int // each mutant's, the place of its step in all, its confirming reruns
		var steps, all []mutate.Step
		for i := range results {
			if slices.Contains(rs.batchTests(&results[i]), name) {
				idx = append(idx, i)
				st := mutate.Step{Active: results[i].Mutant.Schema, Seed: seeds[i]}
				kr := flakiness.NewKillRuns(name, 0, suspect)
				if rs.cfg.Blackbox.Sample(results[i].Mutant) {
					st.Checks, kr.Sample = 1, true
				}
				n := kr.Need() - 1
				steps, at, reruns = append(steps, st), append(at, len(all)), append(reruns, n)
				all = append(all, st)
				st.Confirm = true
				for range n {
					all = append(all, st)
				}
			}
		}
		owner := make([]int, len(all)) // the mutant of each step of all
		for k, a := range at {
			for j := a; j <= a+reruns[k]; j++ {
				owner[j] = k
			}
		}
		got := ref.s.runSteps(ctx, w, t, []string{ref.name}, all, func(j int) string { return results[idx[owner[j]]].Mutant.ID }, false)
		if ctx.Err() != nil {
			return nil
		}
		vs := make([]testjson.Verdict, len(steps))
		again := make([][]testjson.Verdict, len(steps))
		for k, a := range at {
			vs[k], again[k] = got[a], got[a+1:a+1+reruns[k]]
		}
		held := rs.holdBatchKills(ctx, w, t, ref, steps, vs, again, func(k int) *MutantResult { return &results[idx[k]] })
		if ctx.Err() != nil {
			return nil
		}
		for k, v := range vs {
			i := idx[k]
			r := &results[i]
			notes[i] = append(notes[i], v.Notes...)
			notes[i] = append(notes[i], held[k]...)
			r.PerTest[name], reasons[i][name] = v.Outcome, v.Reason
			if v.Outcome == outcome.Killed {
				r.KilledBy = append(r.KilledBy, name)
				if n, ok := v.TestsToFailure[ref.name]; ok {
					r.TestsToFailure[name] = n
				}
			}
		}
	}
	rs.confirmBatch(ctx, w, t, results, seeds, notes)
	if ctx.Err() != nil {
		return nil
	}
	rank := map[outcome.Outcome]int{outcome.Survived: 0, outcome.Timeout: 1, outcome.Crashed: 2, outcome.Killed: 3}
	for i := range results {
		r := &results[i]
		r.Outcome, r.Reason = outcome.Survived, ""
		for _, name := range rs.batchTests(r) {
			if o, ok := r.PerTest[name]; ok && rank[o] > rank[r.Outcome] {
				r.Outcome, r.Reason = o, reasons[i][name]
			}
		}
		rs.sampleOutcome(r)
		r.Reason = withNotes(r.Reason, notes[i])
	}
	return results
}

// sampleOutcome gives a per-case sample (blackboxmut.Config.Sample) its
// status, ignored, with a reason that says what its tests' first cases
// did; PerTest keeps their verdicts for the per-case score.
func (rs *runState) sampleOutcome(r *MutantResult) {
	if !rs.cfg.Blackbox.Sample(r.Mutant) {
		return
	}
	what := "no test detected it at its first case"
	if r.Outcome.Detected() {
		what = "detected at its first case: " + r.Reason
	}
	r.Outcome, r.Reason = outcome.Ignored, "per-case sample (its tests ran their first case only; --blackbox-classic): "+what
}

// batchTests are the tests a black-box mutant runs against: those that
// give it an input it perturbs, or every covering one with Matrix.
func (rs *runState) batchTests(r *MutantResult) []string {
	if rs.cfg.Matrix {
		return r.CoveredBy
	}
	return r.Tests()
}

// confirmBatch confirms the kills of a batch of black-box mutants as
// confirmKills does each mutant's: per test package, one batch runs on
// the original, iteration i at mutant i's seed with the tests that killed
// it; a killer that does not pass there did not kill the mutant.
func (rs *runState) confirmBatch(ctx context.Context, w int, t *target, results []MutantResult, seedOf []uint64, notes [][]string) {
	var sessions []*session
	for _, r := range results {
		for _, name := range r.KilledBy {
			if s := t.refs[name].s; seeds(s.bin) && !slices.Contains(sessions, s) {
				sessions = append(sessions, s)
			}
		}
	}
	for _, s := range sessions {
		var idx []int
		var steps []mutate.Step
		var union []string
		for i, r := range results {
			var local []string
			for _, name := range r.KilledBy {
				if ref := t.refs[name]; ref.s == s {
					local = append(local, ref.name)
				}
			}
			if len(local) == 0 {
				continue
			}
			for _, l := range local {
				if !slices.Contains(union, l) {
					union = append(union, l)
				}
			}
			idx = append(idx, i)
			steps = append(steps, mutate.Step{Active: 0, Seed: seedOf[i], Tests: local, Checks: confirmChecks(r, t, s)})
		}
		vs := s.runSteps(ctx, w, t, union, steps, func(k int) string { return results[idx[k]].Mutant.ID + " (original)" }, false)
		if ctx.Err() != nil {
			return
		}
		for k, v := range vs {
			i := idx[k]
			r := &results[i]
			for _, name := range slices.Clone(r.KilledBy) {
				ref := t.refs[name]
				if ref.s != s || slices.Contains(v.Passed, ref.name) {
					continue
				}
				why := "fails"
				if v.Outcome == outcome.Timeout || v.Outcome == outcome.Crashed {
					why = "does not pass (" + string(v.Outcome) + ")"
				}
				r.PerTest[name] = outcome.Survived
				r.TestsToFailure[name] = blackboxmut.FailsOnOriginal
				r.KilledBy = slices.DeleteFunc(r.KilledBy, func(k string) bool { return k == name })
				notes[i] = append(notes[i], fmt.Sprintf("%s %s on the original with seed %d: not a kill", name, why, seedOf[i]))
			}
		}
	}
	for i := range results {
		if len(results[i].KilledBy) == 0 {
			results[i].KilledBy = nil
		}
	}
}

// confirmChecks is how many generated cases the confirmation of r's
// kills by the tests of session s needs: up to the case that failed on
// the mutant, the most of its killers there; 0 (every case) when one of
// them failed without a count. A test that passes them on the original
// at the mutant's seed saw the mutant change its verdict there.
func confirmChecks(r MutantResult, t *target, s *session) int {
	n := 0
	for _, name := range r.KilledBy {
		if t.refs[name].s != s {
			continue
		}
		c := r.TestsToFailure[name]
		if c <= 0 {
			return 0
		}
		n = max(n, c)
	}
	return n
}

// runSteps runs tests (of the session) under each step, in as few
// processes as the steps allow, and returns each step's verdict, as a
// run of its own gives it: a batch runs the steps in order; a step in
// which the process ended (a timeout, a crash, a cap) runs again alone,
// and its verdict is that run's (runSeeded); the steps after it go on in
// a fresh process. With failfast, a failing test ends its batch too
// (-test.failfast), and the rest go on in a fresh process. id names step k's mutant for the guard's notes. A run
// that writes into the package directory runs its steps again alone,
// each under the guard. On cancellation the verdicts are incomplete.
func (s *session) runSteps(ctx context.Context, w int, t *target, tests []string, steps []mutate.Step, id func(k int) string, failfast bool) []testjson.Verdict {
	out := make([]testjson.Verdict, len(steps))
	alone := func(k int) {
		st := steps[k]
		run := tests
		if len(st.Tests) > 0 {
			run = st.Tests
		}
		v, err := s.runSeeded(ctx, s.scratch(w), s.bin, st.Active, t.guard, id(k), run, st.Seed, failfast, st.Checks)
		if err != nil {
			v = testjson.Verdict{Outcome: outcome.Crashed, Reason: err.Error()}
		}
		out[k] = v
	}
	for i := 0; i < len(steps) && ctx.Err() == nil; {
		if len(steps)-i == 1 {
			alone(i)
			break
		}
		sc := s.scratch(w)
		spec := testbin.RunSpec{Tests: tests, Schedule: steps[i:], Dir: sc.WorkDir(), TempDir: sc.TempDir(),
			Memory: s.cfg.memory(), NoShrink: s.noShrink(tests), Failfast: failfast, Restore: s.restore}
		b, note, err := s.runGuarded(ctx, t, "a batch of "+id(i), spec, sc)
		if ctx.Err() != nil {
			return out
		}
		vs := b.Verdicts
		if escaped := (*testwatch.EscapedError)(nil); errors.As(err, &escaped) && len(vs) > 0 {
			// Processes left the group: its steps run again alone, each
			// one's escapees named in its reason.
			s.cfg.logf("%s: a batch of %s: %v: its %d mutants run again alone", s.pkg.Path, id(i), err, len(vs))
			for k := i; k < i+len(vs); k++ {
				alone(k)
			}
			i += len(vs)
			continue
		}
		if err != nil || note != "" || len(vs) == 0 {
			// The batch could not run, wrote into the package directory,
			// or ended before its first step: its first step runs alone.
			if note != "" {
				s.cfg.logf("%s: %s: each mutant runs alone", s.pkg.Path, note)
				for k := i; k < len(steps); k++ {
					alone(k)
				}
				return out
			}
			alone(i)
			i++
			continue
		}
		last := len(vs) - 1
		copy(out[i:], vs[:last])
		k := i + last
		switch vs[last].Outcome {
		case outcome.Timeout, outcome.Crashed:
			alone(k)
		default:
			out[k] = vs[last]
		}
		i = k + 1
	}
	return out
}

// IsolationCheck is what Config.VerifyIsolation found: the mutants a batch
// ran that ran again one per process, and each one whose verdict differed.
type IsolationCheck struct {
	Checked     int
	Differences []string // "ID: batch VERDICT, one per process VERDICT"
}

// verifyIsolation runs Config.VerifyIsolation mutants of the batches again
// one per process (runMutant), chosen by a shuffle seeded from the run's
// seed, and records each difference of verdict (status, killers, each
// test's outcome and count) in the run's result.
func (rs *runState) verifyIsolation(ctx context.Context, batched []job) {
	jobs := slices.Clone(batched)
	r := rand.New(rand.NewPCG(rs.cfg.seed(), 0x6d75747072 /* "mutpr" */))
	r.Shuffle(len(jobs), func(i, j int) { jobs[i], jobs[j] = jobs[j], jobs[i] })
	jobs = jobs[:min(len(jobs), rs.cfg.VerifyIsolation)]
	check := &IsolationCheck{Checked: len(jobs)}
	again := make([]MutantResult, len(jobs))
	rs.forEach(ctx, len(jobs), func(w, k int) error {
		prior := *jobs[k].result()
		prior.Outcome, prior.Reason, prior.KilledBy, prior.PerTest, prior.TestsToFailure = "", "", nil, nil, nil
		again[k] = rs.runMutant(ctx, w, jobs[k].t, prior)
		return nil
	})
	if ctx.Err() != nil {
		return
	}
	for k, j := range jobs {
		if b, p := verdictText(*j.result()), verdictText(again[k]); b != p {
			check.Differences = append(check.Differences, fmt.Sprintf("%s: batch %s, one per process %s", j.result().Mutant.ID, b, p))
		}
	}
	slices.Sort(check.Differences)
	rs.isolation = check
	rs.cfg.logf("isolation: %d mutants of the batches ran again one per process: %d differences", check.Checked, len(check.Differences))
}

// verdictText is what a mutant's verdict must keep whatever its
// isolation: the status, the killers, each test's outcome and count.
func verdictText(r MutantResult) string {
	per := make([]string, 0, len(r.PerTest))
	for test, o := range r.PerTest {
		per = append(per, fmt.Sprintf("%s=%s/%d", test, o, r.TestsToFailure[test]))
	}
	slices.Sort(per)
	killers := slices.Clone(r.KilledBy)
	slices.Sort(killers)
	return fmt.Sprintf("%s by %v [%s]", r.Outcome, killers, strings.Join(per, " "))
}

// opBatch is a batch job of operator and named mutants: those whose first
// stage is the same test alone (testorder.Stages), run together there
// (runOperatorBatch).
type opBatch struct {
	t    *target
	s    *session
	test string // the test's name in the session
	jobs []job
}

// operatorBatches takes out of jobs the operator and named mutants whose
// first stage a batch can run: with a schema, not reached while the
// package initializes, their first test calls the switch, and its
// session's tests leave no state behind. They are grouped by target and
// first test in job order, batchSizeOf at most a group; the other jobs are
// returned in their order.
func (rs *runState) operatorBatches(jobs []job) ([]opBatch, []job) {
	if !rs.cfg.batch() || rs.cfg.Matrix {
		return nil, jobs
	}
	type key struct {
		t    *target
		s    *session
		test string
	}
	var order []key
	groups := map[key][]job{}
	var rest []job
	for _, j := range jobs {
		r := j.result()
		m := r.Mutant
		if m.Origin == mutate.OriginBlackbox || m.Schema == 0 || len(r.Tests()) == 0 {
			rest = append(rest, j)
			continue
		}
		first := j.t.stages(r.Tests())[0]
		// Only the first test runs in the batch: a later one (a fuzz
		// target, which calls no switch) runs alone, as without batches.
		if len(first.tests) != 1 || !j.t.batchable(r, r.Tests()[:1]) {
			rest = append(rest, j)
			continue
		}
		k := key{j.t, first.s, first.tests[0]}
		if groups[k] == nil {
			order = append(order, k)
		}
		groups[k] = append(groups[k], j)
	}
	var out []opBatch
	for _, k := range order {
		if len(groups[k]) < 2 {
			rest = append(rest, groups[k]...)
			continue
		}
		for g := range slices.Chunk(groups[k], batchSizeOf(k.s, k.test)) {
			out = append(out, opBatch{t: k.t, s: k.s, test: k.test, jobs: g})
		}
	}
	return out, rest
}

// runOperatorBatch runs the first stage of a batch of operator and named
// mutants in as few processes as it allows: a timeout or a crash ends a
// process, and so does a kill that left state behind, and the rest go on
// in a fresh one; a kill's reruns (kill confirmation) run right after it
// (runFirstSteps). The second stage of those that survived runs so too
// (secondStages). A mutant goes on from there as runMutant runs it, its
// kills confirmed with those reruns; one whose first stage ended
// otherwise runs again from the start, alone, so that its timeout or
// crash is classified as it always is. It returns the mutants' results
// in the batch's order.
func (rs *runState) runOperatorBatch(ctx context.Context, w int, b opBatch) []MutantResult {
	steps := make([]mutate.Step, len(b.jobs))
	for i, j := range b.jobs {
		steps[i] = mutate.Step{Active: j.result().Mutant.Schema, Seed: rs.cfg.seed()}
	}
	start := time.Now()
	vs, reps, foci := b.s.runFirstSteps(ctx, w, b.t, []string{b.test}, steps, func(k int) string { return b.jobs[k].result().Mutant.ID })
	if ctx.Err() != nil {
		return nil
	}
	given := make([][]stageRun, len(b.jobs))
	for i, v := range vs {
		if v != nil {
			given[i] = []stageRun{{tests: []string{b.test}, v: *v, reruns: reps[i], focus: foci[i]}}
		}
	}
	rs.secondStages(ctx, w, b, given)
	if ctx.Err() != nil {
		return nil
	}
	// A mutant's duration is its share of the batches and the time of its
	// own runs after them.
	share := time.Since(start) / time.Duration(len(b.jobs))
	out := make([]MutantResult, len(b.jobs))
	for i, j := range b.jobs {
		r := *j.result()
		own := time.Now()
		if given[i] != nil {
			out[i] = rs.runMutantFrom(ctx, w, b.t, r, given[i])
		} else {
			out[i] = rs.runMutant(ctx, w, b.t, r)
		}
		if ctx.Err() != nil {
			return nil
		}
		out[i].Duration = share + time.Since(own)
	}
	return out
}

// stageRun is a mutant's stage that a batch ran: its tests (those that
// call the switch), its verdict, and its kill's reruns.
type stageRun struct {
	tests  []string
	v      testjson.Verdict
	reruns map[string]flakiness.Runs
	// focus is, by killing test, the subtest that failed first in the
	// kill's iteration (firstFailedLeaf): the kill's reruns in a process
	// of their own run it alone, where the batch's did not run.
	focus map[string]string
}

// secondStages runs in batches the second stage of the mutants of b
// whose first stage survived (given: the stages a batch ran, by mutant),
// where the stage's tests are b's session's and none of them leaves
// state behind alone (session.leaky): each step runs the tests of
// its mutant's stage that call the switch, stops at the first failure,
// and is followed by its kill's reruns, as runFirstSteps runs them. It
// appends each such stage's run to its mutant's given.
func (rs *runState) secondStages(ctx context.Context, w int, b opBatch, given [][]stageRun) {
	var idx []int
	var steps []mutate.Step
	var union []string
	for i, j := range b.jobs {
		if len(given[i]) != 1 || given[i][0].v.Outcome != outcome.Survived {
			continue
		}
		r := j.result()
		stages := b.t.stages(r.Tests())
		if len(stages) < 2 || stages[1].s != b.s {
			continue
		}
		sw, _ := rs.switchable(stages[1], b.s.bin, r.Mutant.Schema)
		if len(sw) == 0 || slices.ContainsFunc(sw, func(name string) bool { return b.s.leaky[name] }) {
			continue // a test that leaves state alone runs in the mutant's own process
		}
		idx = append(idx, i)
		steps = append(steps, mutate.Step{Active: r.Mutant.Schema, Seed: rs.cfg.seed(), Tests: sw})
		for _, name := range sw {
			if !slices.Contains(union, name) {
				union = append(union, name)
			}
		}
	}
	if len(steps) < 2 {
		return // one runs as runStage runs it
	}
	vs, reps, foci := b.s.runFirstSteps(ctx, w, b.t, union, steps, func(k int) string { return b.jobs[idx[k]].result().Mutant.ID })
	for k, i := range idx {
		if vs[k] != nil {
			given[i] = append(given[i], stageRun{tests: steps[k].Tests, v: *vs[k], reruns: reps[k], focus: foci[k]})
		}
	}
}

// runFirstSteps runs tests (the session's names; a step's Tests narrow
// it to its own) under each step in batches: each step is followed by
// the reruns that confirm a kill (mutate.Step.Confirm), which skip
// unless the test failed, and a kill ends the batch once they ran
// (mutate.Step.Ends), unless the package-level variables and the working
// directory are as the batch found them: the rest go on in a fresh
// process. A step stops at its first failure (mutate.Step.Failfast). It
// returns each step's verdict when it is a kill or survived, with a
// kill's reruns (the killRunner's Repeat) and its focus (stageRun.focus),
// and nil for a step in which
// the process ended otherwise (its mutant runs again alone) or that
// could not run in a batch.
func (s *session) runFirstSteps(ctx context.Context, w int, t *target, tests []string, steps []mutate.Step, id func(k int) string) ([]*testjson.Verdict, []map[string]flakiness.Runs, []map[string]string) {
	out := make([]*testjson.Verdict, len(steps))
	reps := make([]map[string]flakiness.Runs, len(steps))
	foci := make([]map[string]string, len(steps))
	need := s.rerunsNeeded(tests)
	ran := func(v testjson.Verdict) bool {
		return len(v.Passed) > 0 || len(v.KilledBy) > 0 || v.Culprit != ""
	}
	for i := 0; i < len(steps)-1 && ctx.Err() == nil; {
		var all []mutate.Step
		var owner []int // each step's mutant
		for k := i; k < len(steps); k++ {
			st := steps[k]
			st.Ends, st.Failfast = true, true
			all, owner = append(all, st), append(owner, k)
			st.Ends, st.Confirm = false, true
			for range need {
				all, owner = append(all, st), append(owner, k)
			}
		}
		sc := s.scratch(w)
		spec := testbin.RunSpec{Tests: tests, Schedule: all, Dir: sc.WorkDir(), TempDir: sc.TempDir(),
			Memory: s.cfg.memory(), NoShrink: s.noShrink(tests), Restore: s.restore}
		b, note, err := s.runGuarded(ctx, t, "a batch of "+id(i), spec, sc)
		vs := b.Verdicts
		if ctx.Err() != nil || err != nil || note != "" || len(vs) == 0 {
			// Each runs alone: the batch wrote into the package
			// directory, processes left its group
			// (testwatch.EscapedError), or it could not run.
			if note != "" {
				s.cfg.logf("%s: %s: each mutant runs alone", s.pkg.Path, note)
			}
			if err != nil && ctx.Err() == nil {
				s.cfg.logf("%s: a batch of %s: %v: each mutant runs alone", s.pkg.Path, id(i), err)
			}
			return out, reps, foci
		}
		next := i
		again := map[int][]testjson.Verdict{} // each step's Confirm verdicts
		for j, v := range vs {
			k := owner[j]
			if all[j].Confirm {
				again[k] = append(again[k], v)
				continue
			}
			if !ran(v) {
				break // a kill ended the batch: the rest go on in a fresh one
			}
			if v.Outcome != outcome.Timeout && v.Outcome != outcome.Crashed {
				out[k] = &v
			}
			for _, name := range v.KilledBy {
				if f := firstFailedLeaf(b.Streams[j], name); f != "" {
					if foci[k] == nil {
						foci[k] = map[string]string{}
					}
					foci[k][name] = f
				}
			}
			next = k + 1
		}
		for k := i; k < next; k++ {
			if out[k] != nil {
				reps[k] = killReruns(out[k].KilledBy, again[k])
			}
		}
		if next == i {
			break // nothing ran: the others run alone
		}
		i = next
	}
	return out, reps, foci
}

// runStage runs a mutant's stage (its tests, in a process that stops at
// the first failure, at the run's seed), as runMutantFrom reads it, with
// the stream. pre, when set, is the run a batch made of the stage's tests
// that call the switch: its stream is nil, and its kill's focus
// (stageRun.focus) is returned instead. Where a batch could run the
// mutant (switchable), the
// process goes on after a kill with the reruns that confirm it
// (mutate.Step.Confirm), as runFirstSteps's batches do: they are
// returned by killing test (the killRunner's Repeat), and no process of
// their own is started. The stage's fuzz targets and examples, which
// call no switch and which a test binary runs after its tests, run next
// in a process of their own, if every test passed. A stage whose run
// timed out without the watch's explanation, or that could not run so,
// runs in a process of its own.
func (rs *runState) runStage(ctx context.Context, w int, t *target, id string, st stage, bin *testbin.Binary, active int, pre *stageRun) (_ testjson.Verdict, _ *testjson.Stream, _ map[string]flakiness.Runs, focus map[string]string, _ error) {
	alone := func(tests []string) (testjson.Verdict, *testjson.Stream, map[string]flakiness.Runs, map[string]string, error) {
		v, stream, err := st.s.runWith(ctx, st.s.scratch(w), t.guard, id, bin,
			testbin.RunSpec{Tests: tests, Active: active, Seed: rs.cfg.seed(), Failfast: true})
		return v, stream, nil, nil, err
	}
	sw, after := rs.switchable(st, bin, active)
	if len(sw) == 0 {
		return alone(st.tests)
	}
	var v testjson.Verdict
	var stream *testjson.Stream // nil: a batch's (its focus in focus)
	var reruns map[string]flakiness.Runs
	ok := true
	if pre != nil && slices.Equal(pre.tests, sw) {
		v, reruns, focus = pre.v, pre.reruns, pre.focus
	} else {
		v, stream, reruns, ok = rs.runStageSteps(ctx, w, t, id, stage{s: st.s, tests: sw}, active)
	}
	switch {
	case ctx.Err() != nil:
		return testjson.Verdict{}, nil, nil, nil, ctx.Err()
	case !ok:
		return alone(st.tests)
	case len(after) == 0 || v.Outcome != outcome.Survived:
		return v, stream, reruns, focus, nil
	}
	// Every test passed: the fuzz targets and examples run on, as in the
	// stage's process they would have.
	av, astream, _, _, err := alone(after)
	av.Passed = append(slices.Clone(v.Passed), av.Passed...)
	return av, astream, nil, nil, err
}

// runStageSteps runs a stage whose tests all call the switch as runStage
// says: its verdict, its stream and its kill's reruns; ok is unset where
// the stage must run in a process of its own instead.
func (rs *runState) runStageSteps(ctx context.Context, w int, t *target, id string, st stage, active int) (testjson.Verdict, *testjson.Stream, map[string]flakiness.Runs, bool) {
	s := st.s
	step := mutate.Step{Active: active, Seed: rs.cfg.seed(), Failfast: true}
	steps := []mutate.Step{step}
	step.Confirm = true
	for range s.rerunsNeeded(st.tests) {
		steps = append(steps, step)
	}
	sc := s.scratch(w)
	// The process starts with the mutant, as one of its own does: code that
	// runs while the packages initialize, or once, runs under it.
	spec := testbin.RunSpec{Tests: st.tests, Active: active, Schedule: steps, Dir: sc.WorkDir(), TempDir: sc.TempDir(),
		Memory: s.cfg.memory(), NoShrink: s.noShrink(st.tests), Restore: s.restore}
	b, note, err := s.runGuarded(ctx, t, id, spec, sc)
	switch {
	case ctx.Err() != nil:
		return testjson.Verdict{}, nil, nil, false
	case err != nil || note != "" || len(b.Verdicts) == 0:
		// Processes left the group, the run wrote into the package
		// directory, or it could not run: a process of its own says.
		if err != nil {
			s.cfg.logf("%s: %s's run with its kill's reruns: %v: it runs again in a process of its own", s.pkg.Path, id, err)
		}
		return testjson.Verdict{}, nil, nil, false
	case len(b.Verdicts) == 1 && verdict.NeedsPatience(b.Verdicts[0], b.Explained):
		return testjson.Verdict{}, nil, nil, false // Run reads it again with more patience
	}
	v := b.Verdicts[0]
	return v, b.Streams[0], killReruns(v.KilledBy, b.Verdicts[1:]), true
}

// runGuarded runs spec, a batch of the session's binary, from scratch sc
// under t's tree guard (what names the run in its notes), and adds the
// kills' reruns it ran to the confirmations' worker time.
func (s *session) runGuarded(ctx context.Context, t *target, what string, spec testbin.RunSpec, sc *sandbox.Scratch) (testwatch.Batch, string, error) {
	b, note, err := sandbox.Guarded(ctx, t.guard, what, func() (testwatch.Batch, error) {
		return testwatch.RunSteps(ctx, s.bin, spec, s.rule, sc.Reset)
	})
	s.kills.countReruns(t, b.Confirming)
	return b, note, err
}

// rerunsNeeded is how many reruns a kill by one of tests (the session's
// names) needs in its process (flakiness.KillRuns.Need, the kill's own
// run left out): the Confirm steps that follow a step.
func (s *session) rerunsNeeded(tests []string) int {
	need := 0
	for _, test := range tests {
		need = max(need, flakiness.NewKillRuns(test, 0, s.kills.suspect(s, test)).Need()-1)
	}
	return need
}

// killReruns reads the Confirm steps that followed a step whose tests
// killers failed (again: their verdicts, in order): by killer, the runs
// it failed and those it passed; a rerun it skipped did not follow a
// failure. It returns nil when a rerun ended its process (a timeout, a
// crash): holdKills runs them again in processes of their own.
func killReruns(killers []string, again []testjson.Verdict) map[string]flakiness.Runs {
	var out map[string]flakiness.Runs
	for _, v := range again {
		if v.Outcome == outcome.Timeout || v.Outcome == outcome.Crashed {
			return nil
		}
		for _, test := range killers {
			switch {
			case slices.Contains(v.KilledBy, test):
				out = addRun(out, test, flakiness.Runs{Fail: 1})
			case slices.Contains(v.Passed, test):
				out = addRun(out, test, flakiness.Runs{Pass: 1})
			}
		}
	}
	return out
}

// switchable splits a mutant's stage st for runStage: the tests that call
// the switch, where the mutant has a schema in the session's batch build,
// then the fuzz targets and examples, which a test binary runs after its
// tests. sw is empty where the stage cannot run so: another test calls no
// switch. The process runs one mutant, from its start, and a kill's
// reruns in it as Repeat makes them: neither a site reached while the
// packages initialize nor state the tests leave behind stands in the way.
func (rs *runState) switchable(st stage, bin *testbin.Binary, active int) (sw, after []string) {
	s := st.s
	if !rs.cfg.batch() || active == 0 || bin != s.bin {
		return nil, nil
	}
	for _, name := range st.tests {
		switch {
		case s.batchable(name):
			sw = append(sw, name)
		case strings.HasPrefix(name, "Fuzz") || strings.HasPrefix(name, "Example"):
			after = append(after, name)
		default:
			return nil, nil
		}
	}
	return sw, after
}

// addRun adds r to test's runs in m, made on first use.
func addRun(m map[string]flakiness.Runs, test string, r flakiness.Runs) map[string]flakiness.Runs {
	if m == nil {
		m = map[string]flakiness.Runs{}
	}
	c := m[test]
	c.Pass, c.Fail = c.Pass+r.Pass, c.Fail+r.Fail
	m[test] = c
	return m
}

// leakCheckDue reports whether the session's batches need measureLeaks:
// a recorded build, batches, tests of its package that call the switch,
// and batches that pay (weighBatches).
func (s *session) leakCheckDue() bool {
	return s.recorded && s.cfg.batch() && len(s.switched[s.tmpl.PkgDir()]) > 0 && !s.unpaid
}

// weighBatches decides, before the flaky-test search, whether batches of
// operator mutants can pay for the leak check they need, from empty runs
// of the test binary. The check runs the tests together twice, with the
// probes recording; a batch saves the start of a test process, about two
// for each mutant the tests reach (its stages). Where the tests together
// take longer than two empty runs of the binary (its start, its packages'
// initialization, TestMain) for each mutant they reach, one process per
// mutant is the quicker: hashicorp's go-immutable-radix, whose 29 tests
// take 7 s together, ran in 185 s in batches against 156 s one per
// process, whose 1,041 mutants each cost 2 ms to start. Then unpaid is
// set and leaks says why: the leak check does not run, and every
// operator mutant runs as --isolation process runs it; black-box batches
// are not concerned. A quick suite (milliseconds) always batches.
func (s *session) weighBatches(ctx context.Context) {
	if !s.leakCheckDue() {
		return
	}
	reached := map[int]bool{}
	for _, sites := range s.reached {
		for n := range sites {
			reached[n] = true
		}
	}
	if len(reached) == 0 {
		return
	}
	// One run settles it where batches pay twice over (a quick suite, a
	// slow TestMain); the median of processRuns decides the rest.
	saved := func(start time.Duration) time.Duration { return 2 * time.Duration(len(reached)) * start }
	start, ok := s.emptyRun(ctx, s.scratch(0).WorkDir(), 1)
	if ok && saved(start) < 2*s.baselineTime {
		start, ok = s.emptyRun(ctx, s.scratch(0).WorkDir(), processRuns)
	}
	if ok && saved(start) < s.baselineTime {
		s.unpaid = true
		s.leaks = fmt.Sprintf("the tests together take %v, longer than two process starts for each of the %d mutants they reach (%v each): batches would save less than the leak check they need costs",
			s.baselineTime.Round(time.Millisecond), len(reached), start.Round(100*time.Microsecond))
	}
}

// measureLeaks runs the session's tests that call the switch, and that a
// mutant may run (mutantTests), twice in one process on the original, as
// a batch runs them, from worker w, and sets leaks when they
// leave state behind, which a batch would carry from one mutant to the
// next: a test that fails the second time, a package-level variable (of
// the mutated packages or the tests) that a run changes again, or a file
// the tests write into the module's copy. Their mutants then run one per
// process. When the baseline's last run of the tests together that passed
// wrote into the copy (session.written), nothing runs: that says it.
// The baseline's end logs what it found (leakNotes): the check runs
// beside the flaky-test search (baselineStages), and adds a failure that
// does not recur when it runs again to the search's observations o (nil
// after the search: a failure stands).
func (s *session) measureLeaks(ctx context.Context, w int, o *flakiness.Observations) error {
	s.leaks, s.restore, s.initReached, s.initKnown = "", false, nil, false
	s.leaky, s.leakyWhy, s.varying, s.slowCheck = nil, "", nil, ""
	var tests []string
	for _, t := range s.mutantTests(nil) {
		if s.batchable(t) {
			tests = append(tests, t)
		}
	}
	if len(tests) == 0 {
		return nil
	}
	if len(s.written) > 0 {
		// The baseline's run together wrote them: a run twice would too
		// (a test that is no batch's writing them costs speed, not a
		// verdict: one process per mutant is the reference).
		s.leaks = writesNote(s.written)
		return ctx.Err()
	}
	sc := s.scratch(w)
	file, probe := filepath.Join(s.work, "state.out"), filepath.Join(s.work, "record-twice.out")
	steps := []mutate.Step{{Seed: s.cfg.seed()}, {Seed: s.cfg.seed()}}
	// The switch puts the variables back before the second run, and
	// records whether that gave the state before the first (restore).
	spec := testbin.RunSpec{Tests: tests, Schedule: steps, State: file, Probe: probe, Dir: sc.WorkDir(), TempDir: sc.TempDir(),
		Memory: s.cfg.memory(), NoShrink: s.noShrink(tests), Restore: true}
	rules := func(test string) testwatch.Rule {
		// A check of the original, with the probes recording: slow, not
		// looping. Its CPU shows no loop until 4 times what a mutant's
		// run allows (rapid v1.2.0's TestCollectionsWithImpossibleMinSize
		// used 40 ms of CPU there, 5 x the 8 ms it used alone, and the
		// whole suite went to one process per mutant).
		r := s.rule(test)
		r.First, r.Full, r.Need = 4*r.First, 4*r.Full, 4*r.Need
		return r
	}
	vs, err := testwatch.RunBatch(ctx, s.bin, spec, rules, sc.Reset)
	if failed := checkFailed(vs); o != nil && err == nil && len(failed) > 0 {
		// A test that failed on the original here may be flaky rather
		// than leaky (google/uuid's TestVersion6 fails when the clock's
		// 4,096th tick falls between two calls, more often on the
		// instrumented build): the check runs once more, in a fresh
		// process. A failure that recurs stands; one that does not is a
		// flaky test's, and joins the search's observations (o), whose
		// screen decides as for a failure there.
		first := vs
		if err := removeAll(file, probe); err != nil {
			return err
		}
		vs, err = testwatch.RunBatch(ctx, s.bin, spec, rules, sc.Reset)
		if err == nil && len(vs) == 2 && len(checkFailed(vs)) == 0 {
			for _, test := range failed {
				if slow := observeCheck(o, test, first); slow != "" {
					s.slowCheck = fmt.Sprintf("the leak check's first run timed out in %s (%s), and its second, in a fresh process, passed: a slow run, not counted as a failure", test, slow)
				}
				observeCheck(o, test, vs)
			}
		}
	}
	switch {
	case errors.As(err, new(*testwatch.EscapedError)):
		s.leaks = "the tests start processes that leave the test binary's process group"
	case err != nil:
		return err
	}
	switch {
	case s.leaks != "":
	case len(vs) < 2 || vs[0].Outcome != outcome.Survived:
		s.leaks = "the tests did not run twice in one process"
		if len(vs) > 0 && vs[0].Outcome != outcome.Survived {
			s.leaks += fmt.Sprintf(" (%s: %s)", vs[0].Outcome, vs[0].Reason)
		}
	case vs[1].Outcome != outcome.Survived:
		s.leaks = fmt.Sprintf("the tests fail when they run a second time in one process (%s: %s)", vs[1].Outcome, vs[1].Reason)
	}
	// byTest: what the tests together left may come from a few of them,
	// which then run alone in processes of their own (leakyTests).
	byTest := false
	if s.leaks == "" {
		changed, err := sc.Changed()
		switch {
		case err != nil:
			s.leaks = "the files the tests write are unknown: " + err.Error()
		case len(changed) > 0:
			s.leaks, byTest = writesNote(changed), true
		}
	}
	var states map[string]stateRecord // the run's state records, read once
	if s.leaks == "" {
		var err error
		states, err = readStates(file)
		s.leaks, s.restore, byTest = compareStates(states, err)
	}
	if names, end := endsApart(states); s.leaks != "" && len(names) > 0 {
		// Put back, the second run started as the first did and ended
		// elsewhere: values drawn anew at each run (random data, the
		// clock), or state the variables do not hold.
		fresh, err := s.endsApartFresh(ctx, w, tests, rules, names, end)
		if err != nil {
			return err
		}
		if fresh {
			s.leaks, s.restore, s.varying, byTest = "", true, names, false
		} else {
			s.leaks = "a package-level variable ends each run of the tests in one process differently (" + someNames(names) +
				") though it is put back before each, and as the first in a fresh process: the tests keep state that the variables do not hold"
		}
	}
	if s.leaks != "" && byTest && len(tests) > 1 {
		leaky, err := s.leakyTests(ctx, w, tests, rules)
		if err != nil {
			return err
		}
		if len(leaky) < len(tests) {
			s.leaky, s.leakyWhy, s.leakChecked, s.leaks, s.restore = leaky, s.leaks, len(tests), "", false
		}
	}
	if s.leaks != "" {
		return ctx.Err()
	}
	b, err := os.ReadFile(probe)
	if err == nil {
		s.initReached, err = unswitchable(b)
	}
	if err != nil {
		s.leaks = "the sites the tests reach are unknown: " + err.Error()
		return ctx.Err()
	}
	s.initKnown = true
	return ctx.Err()
}

// checkFailed names the tests that failed in the leak check's runs vs,
// or stopped one (a verdict's culprit), sorted, nil when none did.
func checkFailed(vs []testjson.Verdict) []string {
	var names []string
	for _, v := range vs {
		if v.Outcome != outcome.Survived {
			names = append(names, v.KilledBy...)
			if v.Culprit != "" {
				names = append(names, v.Culprit)
			}
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// observeCheck adds test's outcome in each of the leak check's runs vs
// (with the other tests, on mutprop's build) to o: failed where it
// killed or stopped the run, passed otherwise. A run it stopped by a
// timeout is left out, and its reason returned: the check's deadlines
// are not the search's, whose runs judge no test's time, and a test's
// CPU there counts the work of goroutines that earlier tests left
// running (iancoleman/strcase's TestConcurrency leaves 10,000; in about
// one check in twenty, a 2 ms test after it was stopped with 110 ms of
// CPU). A mutant's timeout in so quick a test runs again alone, in a
// fresh process, before it stands (verdict.Search.RerunAlone).
func observeCheck(o *flakiness.Observations, test string, vs []testjson.Verdict) (timeout string) {
	for _, v := range vs {
		failed := slices.Contains(v.KilledBy, test) || v.Culprit == test
		if failed && v.Outcome == outcome.Timeout {
			timeout = v.Reason
			continue
		}
		o.Add(test, flakiness.WithOthers, failed, v.Reason)
	}
	return timeout
}

// removeAll removes the files at paths, those that exist.
func removeAll(paths ...string) error {
	for _, p := range paths {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("leak check: %w", err)
		}
	}
	return nil
}

// leakNotes says what measureLeaks found, for the log: why each mutant
// runs in processes of its own, or that batches put variables back and
// how many mutants run one per process.
func (s *session) leakNotes() []string {
	if s.leaks != "" {
		return []string{"each mutant runs in processes of its own: " + s.leaks}
	}
	var notes []string
	if s.slowCheck != "" {
		notes = append(notes, s.slowCheck)
	}
	if len(s.leaky) > 0 {
		names := slices.Sorted(maps.Keys(s.leaky))
		more := ""
		if len(names) > 5 {
			names, more = names[:5], fmt.Sprintf(" and %d more", len(names)-5)
		}
		notes = append(notes, fmt.Sprintf("%s; alone, %d of the %d tests leave state behind (%s%s): a mutant whose batch would run one runs in processes of its own, the others in batches",
			s.leakyWhy, len(s.leaky), s.leakChecked, strings.Join(names, ", "), more))
	}
	switch {
	case len(s.varying) > 0:
		notes = append(notes, fmt.Sprintf("the tests leave package-level variables that differ from run to run, in fresh processes too (%s): a batch puts them back before each mutant",
			someNames(s.varying)))
	case s.restore:
		notes = append(notes, "the tests assign package-level variables: a batch puts them back before each mutant")
	}
	if n := len(s.initReached); n > 0 {
		notes = append(notes, fmt.Sprintf("%d mutants' sites run as the package initializes or in the tests' first run only: they run one per process", n))
	}
	return notes
}

// writesNote is why a package whose tests wrote changed (entries of the
// module's copy) runs one process per mutant.
func writesNote(changed []string) string {
	return "the tests write into the module: " + strings.Join(changed[:min(len(changed), 3)], ", ")
}

// unswitchable reads the recording of a run of the tests twice in one
// process (mutate's "t ITERATION NAME" marks each test's start) and
// returns the schema numbers a batch cannot switch: those whose sites
// run before the first test, while the packages initialize, and those
// whose sites the first run reaches and the second does not (code that
// runs once, a lazy initialization: a batch's first mutant would run it
// for all the others).
func unswitchable(rec []byte) (map[int]bool, error) {
	rec, _, err := mutate.SplitBlackboxData(rec)
	if err != nil {
		return nil, err
	}
	seg := "init"
	lines := map[string][]string{}
	for _, l := range strings.Split(string(rec), "\n") {
		if rest, ok := strings.CutPrefix(l, "t "); ok {
			seg, _, _ = strings.Cut(rest, " ")
			continue
		}
		lines[seg] = append(lines[seg], l)
	}
	reached := map[string]map[int]bool{}
	for seg, ls := range lines {
		r, _, err := coverage.ParseProbeFile([]byte(strings.Join(ls, "\n")))
		if err != nil {
			return nil, err
		}
		reached[seg] = r
	}
	out := maps.Clone(reached["init"])
	if out == nil {
		out = map[int]bool{}
	}
	for n := range reached["0"] {
		if !reached["1"][n] {
			out[n] = true
		}
	}
	return out, nil
}

// compareStates reads the records of a state file (mutate.StateEnv) of
// two iterations (readStates, and its error), the variables put back
// before the second (mutate.RestoreEnv), and says
// how the state before the tests, after the first run and after the
// second differ, naming the variables that changed, "" when they do not
// or when putting the variables back undoes the difference: restore is
// then set where a batch must put them back before each mutant. vars is
// set when the leak is a variable's change, which the tests that make it
// may explain alone (leakyTests).
func compareStates(last map[string]stateRecord, err error) (leak string, restore, vars bool) {
	if err != nil {
		return "the package-level variables could not be read: " + err.Error(), false, false
	}
	switch {
	case last["-1"].whole == "" || last["0"].whole == "" || last["1"].whole == "":
		return "the package-level variables were not recorded", false, false
	case last["-1"].whole == last["0"].whole && last["0"].whole == last["1"].whole:
		return "", false, false
	case last["r1"].whole == last["-1"].whole && last["0"].whole == last["1"].whole:
		// A test assigns a variable (a setting it never resets): put
		// back, the second run starts as the first did, and ends the
		// same.
		return "", true, false
	case last["0"].whole != last["1"].whole:
		return "a package-level variable changes with every run of the tests" + changedVars(last["0"], last["1"], " (%s)") +
			", and assigning it back does not undo it", false, true
	}
	// A cache or a table the first run fills in place: the first mutant
	// of a batch would fill it for the others.
	return "the first run of the tests sets a package-level variable (state made lazily" + changedVars(last["-1"], last["0"], ": %s") +
		"), and assigning it back does not undo it", false, true
}

// readStates reads a state file (mutate.StateEnv): the last record of
// each label.
func readStates(path string) (map[string]stateRecord, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	last := map[string]stateRecord{}
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if f := strings.Fields(l); len(f) >= 2 {
			last[f[0]] = stateRecord{whole: f[1], each: f[2:]}
		}
	}
	return last, nil
}

// leakyTests runs each of tests alone in a fresh process of its own, on
// the original, and returns those that leave state behind there: a run
// that changed the package-level variables or the names in the working
// directory, wrote into the module's copy, or did not pass (a test that
// fails when it runs again has made the whole package leak already). A
// test that leaves nothing behind alone leaves nothing in a batch of such
// tests either: each starts from the state a fresh process starts from,
// whatever ran before it, so batches run them and no other (batchable).
// A lazy cache is a change too: the test that fills it is left out, and
// so is any other that would fill it first in another order.
func (s *session) leakyTests(ctx context.Context, w int, tests []string, rules func(string) testwatch.Rule) (map[string]bool, error) {
	sc := s.scratch(w)
	leaky := map[string]bool{}
	for i, name := range tests {
		file := filepath.Join(s.work, fmt.Sprintf("state-%d.out", i))
		steps := []mutate.Step{{Seed: s.cfg.seed()}}
		spec := testbin.RunSpec{Tests: []string{name}, Schedule: steps, State: file, Dir: sc.WorkDir(), TempDir: sc.TempDir(),
			Memory: s.cfg.memory(), NoShrink: s.noShrink([]string{name})}
		vs, err := testwatch.RunBatch(ctx, s.bin, spec, rules, sc.Reset)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err != nil || len(vs) < 1 || vs[0].Outcome != outcome.Survived {
			leaky[name] = true
			continue
		}
		changed, err := sc.Changed()
		last, rerr := readStates(file)
		if err != nil || len(changed) > 0 || rerr != nil || last["-1"].whole == "" || last["0"].whole != last["-1"].whole {
			leaky[name] = true
		}
	}
	return leaky, nil
}

// endsApart reads the state records of measureLeaks' run: where the
// variables, put back before the second run of the tests, equalled their
// values before the first, yet the two runs ended differently, it
// returns the variables that ended them apart (in the file's order) and
// the first run's end.
func endsApart(last map[string]stateRecord) ([]string, stateRecord) {
	if last["r1"].whole == "" || last["r1"].whole != last["-1"].whole || last["0"].whole == last["1"].whole {
		return nil, stateRecord{}
	}
	return changedNames(last["0"], last["1"]), last["0"]
}

// endsApartFresh runs tests together once more, in a fresh process, and
// reports whether each of the variables names, which ended two runs in
// one process apart, ends this run apart from end (the first of those
// runs) too: values drawn anew at each run, in every process (a buffer
// of random bytes, a time), rather than state kept elsewhere that the
// second run went on from. Put back before each mutant, they start each
// one as a fresh process does.
func (s *session) endsApartFresh(ctx context.Context, w int, tests []string, rules func(string) testwatch.Rule, names []string, end stateRecord) (bool, error) {
	sc := s.scratch(w)
	file := filepath.Join(s.work, "state-fresh.out")
	spec := testbin.RunSpec{Tests: tests, Schedule: []mutate.Step{{Seed: s.cfg.seed()}}, State: file, Dir: sc.WorkDir(), TempDir: sc.TempDir(),
		Memory: s.cfg.memory(), NoShrink: s.noShrink(tests)}
	vs, err := testwatch.RunBatch(ctx, s.bin, spec, rules, sc.Reset)
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if err != nil || len(vs) < 1 || vs[0].Outcome != outcome.Survived {
		return false, nil
	}
	last, err := readStates(file)
	if err != nil || last["0"].whole == "" {
		return false, nil
	}
	apart := changedNames(end, last["0"])
	for _, n := range names {
		if !slices.Contains(apart, n) {
			return false, nil
		}
	}
	return true, nil
}

// stateRecord is a line of a state file: the hash of all the variables,
// and each one's as NAME=HASH.
type stateRecord struct {
	whole string
	each  []string
}

// changedVars names the variables whose hashes differ between a and b,
// three at most, in format; "" when none is named.
func changedVars(a, b stateRecord, format string) string {
	names := changedNames(a, b)
	if len(names) == 0 {
		return ""
	}
	return fmt.Sprintf(format, someNames(names))
}

// someNames joins names, three at most, and says how many more there are.
func someNames(names []string) string {
	if len(names) > 3 {
		return strings.Join(names[:3], ", ") + fmt.Sprintf(" and %d more", len(names)-3)
	}
	return strings.Join(names, ", ")
}

// changedNames lists the variables whose hashes differ between a and b,
// in b's order.
func changedNames(a, b stateRecord) []string {
	before := map[string]string{}
	for _, kv := range a.each {
		if name, h, ok := strings.Cut(kv, "="); ok {
			before[name] = h
		}
	}
	var names []string
	for _, kv := range b.each {
		if name, h, ok := strings.Cut(kv, "="); ok && before[name] != h {
			names = append(names, name)
		}
	}
	return names
}

// holdBatchKills confirms the kills of a batch of one test (ref) as
// holdKills confirms a kill (flakiness.ConfirmKill): each step that
// killed was followed, in its process, by the reruns a kill needs
// (again: their verdicts, mutate.Step.Confirm). A kill whose reruns all
// failed holds. One whose reruns did not all fail goes through holdKills
// alone, in processes of its own, which decides it: a kill that does not
// hold turns its verdict in vs into survived, with the mutant's records
// (noteDropped). It returns each step's notes.
func (rs *runState) holdBatchKills(ctx context.Context, w int, t *target, ref testRef, steps []mutate.Step, vs []testjson.Verdict, again [][]testjson.Verdict, result func(k int) *MutantResult) [][]string {
	notes := make([][]string, len(vs))
	start := time.Now()
	held := 0 // the kills their reruns held (holdKills counts the others)
	for k := range vs {
		if vs[k].Outcome != outcome.Killed || !slices.Contains(vs[k].KilledBy, ref.name) {
			continue
		}
		failed := 0
		for _, v := range again[k] {
			if v.Outcome == outcome.Killed && slices.Contains(v.KilledBy, ref.name) {
				failed++
			}
		}
		if failed == len(again[k]) {
			held++
			continue
		}
		// Not every rerun failed: the kill is decided as one process per
		// mutant decides it.
		r := result(k)
		kr := killRun{t: t, s: ref.s, w: w, bin: ref.s.bin, active: steps[k].Active, id: r.Mutant.ID, seed: steps[k].Seed, failfast: true,
			sample: rs.cfg.Blackbox.Sample(r.Mutant)}
		kv, dropped, more := rs.holdKills(ctx, kr, vs[k], nil)
		if ctx.Err() != nil {
			return notes
		}
		notes[k] = noteDropped(r, dropped, more)
		vs[k] = kv
	}
	rs.kills.count(t, time.Since(start), held, held, nil)
	return notes
}
