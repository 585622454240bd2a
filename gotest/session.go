package gotest

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/internal/coverage"
	"github.com/mutprop/mutprop/internal/sandbox"
	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/internal/testlog"
	"github.com/mutprop/mutprop/internal/testorder"
	"github.com/mutprop/mutprop/internal/testwatch"
	"github.com/mutprop/mutprop/internal/verdict"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

// runState is what the packages of one Score call share: the module
// copies and the workers' scratch copies.
type runState struct {
	cfg *Config
	tmp string

	mods map[string]*sandbox.Template // the module copies, by the user's module root

	scratchMu sync.Mutex
	scratches map[string]*sandbox.Scratch // by module copy and worker (the first package's view)

	// quick holds testbin.QuickSeedOverlay's entries, added to every build's
	// overlay (Config.Trials); nil without trials.
	quick map[string][]byte

	kills killChecks // what confirming kills keeps (confirm.go)
	// switched holds, by package directory of a module copy, the tests
	// that call the switch of a batch build (batchBuild): those a batch
	// can run.
	switched map[string]map[string]bool
	// isolation is what Config.VerifyIsolation found.
	isolation *IsolationCheck
	// observe, when set, sees every watched run of a test binary, with
	// its verdict and parsed stream (RunMutant).
	observe func(s *session, bin *testbin.Binary, spec testbin.RunSpec, v testjson.Verdict, st *testjson.Stream)
}

// target is a package whose mutants are scored.
type target struct {
	pkg   *mutate.Package
	pr    *PackageResult
	muts  []mutate.Mutant
	index []int
	tmpl  *sandbox.Template
	live  bool     // scored: Selection.Live
	own   *session // its own tests; nil when it has none
	// refs maps the names of the tests that cover its mutants, as they
	// appear in its results (its own tests bare, others' as
	// "importpath.TestName"), to the test.
	refs  map[string]testRef
	guard *sandbox.Guard
	// atInit holds the IDs of its mutants whose code runs as the package
	// initializes (coverage.AtInit): the tests of their own file meet
	// them first (near).
	atInit map[string]bool
}

// testRef is one test of a test package.
type testRef struct {
	s    *session
	name string
}

// session is one test package: its binaries, tests and timings.
type session struct {
	*runState
	pkg  *mutate.Package // the package under test
	tmpl *sandbox.Template
	work string // its files in the run's temporary directory

	bin   *testbin.Binary
	tests []string
	// testFile is the file that declares each test function, by base
	// name (declaredIn).
	testFile map[string]string
	// baseline is each test's slower duration of its two baseline runs
	// (with the others, and alone through the guarded copies): the
	// deadlines derive from it.
	baseline map[string]time.Duration
	// original is each test's median duration in the baseline's runs of
	// the tests together that passed, on the original path (no guarded
	// copy): the floor counts it. originalRuns are those runs' durations
	// until the flaky-test search ends (settleOriginal); originalMu
	// guards them while that search runs on the workers.
	original     map[string]time.Duration
	originalRuns map[string][]time.Duration
	originalMu   sync.Mutex
	// printed is each test's time as its first run together printed it
	// (to the hundredth of a second): settleOriginal keeps the median
	// within its rounding.
	printed map[string]time.Duration
	// cases is, for each test whose output said so (rapid's "OK, passed
	// N tests"), the generated cases it ran in that run: the floor counts
	// a run that needs fewer as that share of its duration.
	cases    map[string]int
	overhead time.Duration // the baseline's process time outside tests
	// processCost is an empty run of the test binary, measured at the
	// end (measureProcess): the floor's cost of one more process.
	processCost time.Duration
	// usage is what each test's process used alone, recording: what
	// confirms a mutant's timeout without a rerun (timeoutEvidence).
	usage map[string]testwatch.Usage
	aside []SetAside
	// inputs are what the tests read in the baseline's run together
	// (readInputs); nil when unknown.
	inputs []testlog.Input
	// shrinks are the tests that need rapid's minimization of a failing
	// case: they fail with -rapid.shrinktime=0s and pass without it
	// (findShrinkers). Every process that runs one keeps it (noShrink).
	shrinks map[string]bool
	// endless are the tests that did not end alone within their deadline
	// in a baseline run, said once: the confirming runs alone would say
	// it again each time. Runs alone on several workers write it.
	endless sync.Map
	// recorded: the measured binary records its own per-test coverage
	// and infections (schemata mode: mutate.SchemataOptions.Coverage and
	// Probes), held in reached and infected by test: the schema numbers
	// whose guarded site its run reached, and the probed ones it
	// infected. Otherwise (overlay mode) a coverage build at coverPath
	// measures cover: per test, the blocks it executed in each package it
	// was built to cover (by import path). A test without an entry told
	// nothing: it covers and infects every mutant.
	recorded  bool
	coverPkgs []string // the import paths whose mutants its tests count for
	// everyTest is set when some mutant the tests count for has no
	// schema: built alone, it runs every test.
	everyTest         bool
	reached, infected map[string]map[int]bool
	// data is each test's data coverage of the wrapped functions, by
	// their first schema number (mutate.BlackboxOptions.Data).
	data map[string]map[int]mutate.BlackboxData
	// initReached holds the schema numbers whose sites run while the
	// binary initializes, before any test, or in the tests' first run
	// only (measureLeaks, unswitchable); initKnown is set when that was
	// measured. Batches leave those mutants out.
	initReached map[int]bool
	initKnown   bool
	// leaks, when set, says why the session's tests cannot share a
	// process among mutants: they leave state behind (measureLeaks).
	leaks string
	// unpaid is set when batches would cost more than they save
	// (weighBatches): the leak check does not run, and leaks says why.
	unpaid bool
	// leaky holds the tests that each change the package-level variables
	// or the working directory when they run alone in a fresh process,
	// where the tests together leave state behind but the others, alone,
	// do not (measureLeaks, leakyTests): a batch runs none of them;
	// leakyWhy is what the tests together left, leakChecked how many
	// tests ran alone.
	leaky       map[string]bool
	leakyWhy    string
	leakChecked int
	// slowCheck says what timed out in the leak check's first run and
	// passed in its second (measureLeaks): a slow run, not a failure.
	slowCheck string
	// leaksMeasured is set when measureLeaks ran beside the flaky-test
	// search on tests that all passed so far (baselineStages).
	leaksMeasured bool
	// restore is set when the tests change package-level variables that
	// assigning their first values back undoes (measureLeaks): every
	// batch puts them back before each mutant (testbin.RunSpec.Restore).
	restore bool
	// varying names the variables that the tests' runs end differently
	// although each starts from the same values, in one process or in
	// two (endsApartFresh): restore is set for them.
	varying []string
	// written lists the entries of the module's copy that the last run
	// of the tests together that passed created, changed or removed
	// (recordTogether): measureLeaks needs no run to see them.
	written   []string
	coverPath string
	cover     map[string]map[string][]coverage.Span

	build, baselineTime, coverTime, floorBuild time.Duration
	// togetherTime is what the last runTogether took to record its run:
	// without the runs that a test past Config.TestLimit ended.
	togetherTime time.Duration
	// floorDone delivers the floor build's end (measureFloor, started
	// beside the session's own build); nil without a floor.
	floorDone chan error
	floorOnce sync.Once
	floorErr  error
	plain     *testbin.Binary // the floor's plain build, once it ended

	// prog is what the baseline is doing, said every baselineEvery.
	prog baselineProgress
}

// waitFloor waits for the floor's build, when there is one, and returns
// its error; it may be called from any goroutine, any number of times.
func (s *session) waitFloor() error {
	s.floorOnce.Do(func() {
		if s.floorDone != nil {
			s.floorErr = <-s.floorDone
		}
	})
	return s.floorErr
}

// scratch returns worker w's copy of the session's module, made on first
// use and kept for every stage of the run.
func (s *session) scratch(w int) *sandbox.Scratch { return s.runState.scratch(s.tmpl, w) }

func (rs *runState) scratch(t *sandbox.Template, w int) *sandbox.Scratch {
	rs.scratchMu.Lock()
	defer rs.scratchMu.Unlock()
	if rs.scratches == nil {
		rs.scratches = map[string]*sandbox.Scratch{}
	}
	key := fmt.Sprintf("%s\x1f%d", t.Root(), w)
	sc := rs.scratches[key]
	if sc == nil {
		sc = sandbox.NewScratch(t, filepath.Join(rs.tmp, fmt.Sprintf("w%d-%s", w, filepath.Base(filepath.Dir(t.Root())))))
		rs.scratches[key] = sc
	}
	// The same copy, seen from t's package directory.
	return sc.For(t)
}

// testProcesses counts the test processes that ran in the run's copies
// so far (sandbox.Scratch.Resets).
func (rs *runState) testProcesses() int {
	rs.scratchMu.Lock()
	defer rs.scratchMu.Unlock()
	n := 0
	for _, sc := range rs.scratches {
		n += sc.Resets()
	}
	return n
}

// closeWatches releases the watches of the run's copies.
func (rs *runState) closeWatches() {
	rs.scratchMu.Lock()
	defer rs.scratchMu.Unlock()
	for _, sc := range rs.scratches {
		sc.Close()
	}
}

// module returns the copy of the module that holds pkgDir, made on first
// use.
func (rs *runState) module(pkgDir string) (*sandbox.Template, error) {
	root, err := sandbox.ModuleRoot(pkgDir)
	if err != nil {
		return nil, err
	}
	if rs.mods == nil {
		rs.mods = map[string]*sandbox.Template{}
	}
	t, ok := rs.mods[root]
	if !ok {
		start := time.Now()
		dst := filepath.Join(rs.tmp, fmt.Sprintf("mod%d", len(rs.mods)), "src")
		if t, err = sandbox.CopyModule(root, dst); err != nil {
			return nil, err
		}
		rs.mods[root] = t
		rs.cfg.logf("copied module %s in %v", root, time.Since(start).Round(time.Millisecond))
	}
	rel, err := filepath.Rel(root, pkgDir)
	if err != nil {
		return nil, err
	}
	return t.At(rel), nil
}

// score runs the whole pipeline over the loaded packages, one stage after
// the other. A stage that ends the run early returns a nil result.
func (rs *runState) score(ctx context.Context, pkgs []*mutate.Package, res *Result) error {
	targets, err := rs.enumerate(ctx, pkgs, res)
	if err != nil {
		return err
	}
	live, err := rs.live(targets)
	if err != nil || len(live) == 0 {
		return err
	}
	overlays, err := rs.overlays(ctx, live)
	if err != nil {
		return err
	}
	sessions, err := rs.testSessions(ctx, targets, live, overlays) // build, baseline, coverage
	if err != nil {
		return err
	}
	recordInputs(live, sessions) // baseline.go
	jobs, err := rs.coveringTests(live, sessions)
	if err != nil {
		return err
	}
	rs.guard(targets, live)
	defer unguard(live)
	if err := rs.mutants(ctx, live, jobs); err != nil {
		return err
	}
	if rs.cfg.Trials > 0 {
		if err := rs.runTrials(ctx, live, sessions); err != nil {
			return err
		}
	}
	for _, t := range live {
		if t.own != nil {
			t.pr.Suites = t.own.runSuites(ctx, t.pr)
		}
		t.pr.Strength = t.strengthFuncs(sessions)
	}
	return rs.floors(ctx, live, sessions)
}

// enumerate lists each package's mutants (Config.Enumerate), selects them
// (Filter, Shard) and copies its module: a target per package, its result
// added to res.
func (rs *runState) enumerate(ctx context.Context, pkgs []*mutate.Package, res *Result) ([]*target, error) {
	cfg := rs.cfg
	var targets []*target
	for _, pkg := range pkgs {
		pr := &PackageResult{Path: pkg.Path, Name: pkg.Name, Dir: pkg.Dir, Package: pkg, Files: pkg.Filenames, Workers: cfg.workers(), Timeouts: cfg.Timeouts}
		res.Packages = append(res.Packages, pr)
		all, stats, err := cfg.Enumerate(ctx, pkg) // operator mutants, then black-box ones (blackbox.go)
		if err != nil {
			return nil, err
		}
		pr.Stats = stats
		cfg.logf("%s: %s", pkg.Path, stats)
		sel, err := cfg.selectMutants(pkg, all, pr)
		if err != nil {
			return nil, err
		}
		t := &target{pkg: pkg, pr: pr, muts: sel.Mutants, index: sel.Index, live: sel.Live, refs: map[string]testRef{}}
		if t.tmpl, err = rs.module(pkg.Dir); err != nil {
			return nil, fmt.Errorf("score %s: %w", pkg.Path, err)
		}
		targets = append(targets, t)
	}
	return targets, nil
}

// live returns the targets that are scored (Selection.Live); the others
// are reported ready, with nothing to build or run.
func (rs *runState) live(targets []*target) ([]*target, error) {
	var live []*target
	for _, t := range targets {
		if t.live {
			live = append(live, t)
			continue
		}
		rs.cfg.logf("%s: no mutant left by the filter: nothing to build or run", t.pkg.Path)
		if err := rs.cfg.observer().Ready(t.pr); err != nil {
			return nil, err
		}
	}
	return live, nil
}

// overlays writes one overlay per module with every live package's
// schemata, mutants numbered across packages so that one MUTPROP_ACTIVE
// names one mutant in a binary that holds several packages' schemata
// (none in overlay mode), and testing/quick's seeding (Config.Seed). It
// returns the overlay files by module copy.
func (rs *runState) overlays(ctx context.Context, live []*target) (map[string]string, error) {
	cfg := rs.cfg
	goroot, err := testbin.GoRoot(ctx)
	if err == nil {
		rs.quick, err = testbin.QuickSeedOverlay(goroot)
	}
	switch {
	case err != nil && cfg.Trials > 0:
		return nil, fmt.Errorf("score: trials: %w", err)
	case err != nil:
		rs.quick = nil
		cfg.logf("testing/quick stays seeded from the clock (%v): its inputs change from run to run", err)
	}
	overlays := map[string]map[string][]byte{}
	switches := map[string]string{}
	base := 0
	for _, t := range live {
		if cfg.mode().overlay() {
			break
		}
		root := t.tmpl.Root()
		// The switch is built in process isolation too: there it runs one
		// mutant from the environment, and cuts a test that failed and goes
		// on (mutate.FailedFrame) as a batch does.
		if _, ok := switches[root]; !ok {
			// The go command that builds in the copy may be another
			// toolchain (go.mod's toolchain line), with a GOROOT of its
			// own.
			own, err := testbin.GoRootIn(ctx, root)
			if err != nil {
				own = ""
				cfg.logf("%s: the switch is built with the module's copy, not kept in the go command's cache: %v", root, err)
			}
			path, tests, err := rs.batchBuild(t.tmpl, rs.testDirs(live, t.tmpl), own)
			if err != nil {
				return nil, fmt.Errorf("score: %w", err)
			}
			switches[root] = path
			overlays[root] = tests
		}
		files, used, err := rs.schemata(ctx, t, base, switches[root]) // blackbox.go
		if err != nil {
			return nil, err
		}
		base += used
		if overlays[root] == nil {
			overlays[root] = map[string][]byte{}
		}
		maps.Copy(overlays[root], relocate(files, t.pkg.Dir, t.tmpl.PkgDir()))
	}
	paths := map[string]string{}
	for root, files := range overlays {
		maps.Copy(files, rs.quick)
		path, err := mutate.WriteOverlay(filepath.Join(rs.tmp, "schemata", fmt.Sprint(len(paths))), files)
		if err != nil {
			return nil, fmt.Errorf("score: %w", err)
		}
		paths[root] = path
	}
	return paths, nil
}

// testSessions opens a session per test package that counts: every live
// package with tests, then (unless OwnTests) the test-only packages. Each
// is built over its module's overlay, its baseline run and its per-test
// coverage measured (session.prepare).
func (rs *runState) testSessions(ctx context.Context, targets, live []*target, overlays map[string]string) ([]*session, error) {
	cfg := rs.cfg
	var sessions []*session
	everyTest := unguarded(live)
	for i, t := range targets {
		if !t.live || !HasTests(t.pkg.Dir) {
			continue
		}
		own := (*target)(nil)
		if cfg.OwnTests {
			own = t
		}
		s, err := rs.openSession(ctx, t.pkg, t.tmpl, fmt.Sprintf("pkg%d", i), coverPkgs(live, t.tmpl, own), overlays, everyTest)
		if err != nil || s == nil {
			if err != nil {
				return nil, err
			}
			continue
		}
		t.own = s
		t.pr.SetAside = s.aside
		t.pr.Build, t.pr.Baseline, t.pr.Coverage = s.build, s.baselineTime, s.coverTime
		for _, name := range s.tests {
			t.pr.Tests = append(t.pr.Tests, TestInfo{Name: name, Baseline: s.baseline[name]})
		}
		sessions = append(sessions, s)
	}
	for i, tp := range cfg.TestPackages {
		if cfg.OwnTests {
			break
		}
		tmpl, err := rs.module(tp.Dir)
		if err != nil {
			return nil, fmt.Errorf("score %s: %w", tp.Path, err)
		}
		pkg := &mutate.Package{Path: tp.Path, Dir: tp.Dir, Name: filepath.Base(tp.Dir)}
		s, err := rs.openSession(ctx, pkg, tmpl, fmt.Sprintf("tests%d", i), coverPkgs(live, tmpl, nil), overlays, everyTest)
		if err != nil {
			return nil, err
		}
		if s != nil {
			sessions = append(sessions, s)
		}
	}
	for _, t := range live {
		if t.own == nil && cfg.OwnTests {
			return nil, fmt.Errorf("score %s: the package has no tests (--own-tests counts only a package's own)", t.pkg.Path)
		}
	}
	if len(sessions) == 0 {
		return nil, fmt.Errorf("score %s: no tests to run", live[0].pkg.Path)
	}
	return sessions, nil
}

// coverPkgs lists the live packages of tmpl's module whose mutants a test
// package's tests count for: only own's when own is not nil (OwnTests).
func coverPkgs(live []*target, tmpl *sandbox.Template, own *target) []string {
	var out []string
	for _, lt := range live {
		if lt.tmpl.Root() == tmpl.Root() && (own == nil || lt == own) {
			out = append(out, lt.pkg.Path)
		}
	}
	return out
}

// unguarded reports whether a live package has a mutant without a schema:
// built alone, it runs every test, whatever the tests reach.
func unguarded(live []*target) bool {
	for _, t := range live {
		for _, m := range t.muts {
			if m.Schema == 0 {
				return true
			}
		}
	}
	return false
}

// openSession prepares the session of the test package pkg, whose tests
// count for coverPkgs (none: no session, and a nil result), in the run's
// directory work; everyTest says that some mutant runs every test
// (unguarded).
func (rs *runState) openSession(ctx context.Context, pkg *mutate.Package, tmpl *sandbox.Template, work string, coverPkgs []string, overlays map[string]string, everyTest bool) (*session, error) {
	s := &session{runState: rs, pkg: pkg, tmpl: tmpl, work: filepath.Join(rs.tmp, work), everyTest: everyTest}
	if err := os.MkdirAll(s.work, 0o755); err != nil {
		return nil, fmt.Errorf("score %s: %w", pkg.Path, err)
	}
	if len(coverPkgs) == 0 {
		return nil, nil
	}
	if err := s.prepare(ctx, overlays[tmpl.Root()], coverPkgs); err != nil {
		return nil, err
	}
	return s, nil
}

// coveringTests finds each mutant's covering tests across test packages
// (a mutant with a prior result keeps it; one with none is no-coverage),
// drops the probed mutants no covering test infects (survived), and
// reports the targets ready and those mutants finished. It returns the
// mutants to run.
func (rs *runState) coveringTests(live []*target, sessions []*session) ([]job, error) {
	cfg := rs.cfg
	var jobs, uncovered []job
	for _, t := range live {
		pr := t.pr
		pr.Mutants = make([]MutantResult, len(t.muts))
		t.atInit = map[string]bool{}
		for _, m := range t.muts {
			if coverage.AtInit(t.pkg, m) {
				t.atInit[m.ID] = true
			}
		}
		for i, m := range t.muts {
			r := &pr.Mutants[i]
			r.Mutant, r.Index = m, t.index[i]
			if prev, ok := cfg.plan().Prior(t.pkg.Path, m); ok {
				*r = prev
				r.Mutant, r.Index = m, t.index[i]
				continue
			}
			r.CoveredBy = t.coveringTests(m, sessions)
			if len(r.CoveredBy) == 0 {
				r.Outcome = outcome.NoCoverage
				uncovered = append(uncovered, job{t: t, i: i})
				continue
			}
			jobs = append(jobs, job{t: t, i: i})
		}
		t.addForeignTests(sessions)
	}
	var uninfected []job
	if cfg.probes() {
		uninfected = applyProbes(jobs)
		jobs = slices.DeleteFunc(jobs, func(j job) bool { return j.result().Outcome != "" })
		for _, t := range live {
			cfg.logf("%s: probes: %d of %d probed mutants infected by no covering test (survived without running)",
				t.pkg.Path, t.pr.Uninfected, t.pr.Probed)
		}
	}
	obs := cfg.observer()
	for _, t := range live {
		if err := obs.Ready(t.pr); err != nil {
			return nil, err
		}
	}
	for _, j := range append(uncovered, uninfected...) {
		obs.Finished(j.t.pr, *j.result())
	}
	return engine.PilotFirst(jobs), nil
}

// guard sets a guard on each live package's directory while its mutants
// (and their trials and suites) run; unguard takes them off.
func (rs *runState) guard(targets, live []*target) {
	for _, t := range live {
		g, err := sandbox.NewGuard(t.pkg.Dir, filepath.Join(rs.tmp, "pristine", fmt.Sprint(slices.Index(targets, t))), rs.cfg.logf)
		if err != nil {
			rs.cfg.logf("%s: the package directory is not guarded: %v", t.pkg.Path, err)
			continue
		}
		t.guard = g
	}
}

func unguard(live []*target) {
	for _, t := range slices.Backward(live) {
		if t.guard != nil {
			t.guard.Finish()
		}
	}
}

// mutants runs the jobs (runMutants) and sets each package's run time.
func (rs *runState) mutants(ctx context.Context, live []*target, jobs []job) error {
	start := time.Now()
	rs.runMutants(ctx, live, jobs)
	for _, t := range live {
		t.pr.Run = time.Since(start)
	}
	return ctx.Err()
}

// floors measures the floor: each test package's plain build and run,
// then what each package's tests cost.
func (rs *runState) floors(ctx context.Context, live []*target, sessions []*session) error {
	for _, s := range sessions {
		if err := s.waitFloor(); err != nil {
			return err
		}
	}
	for _, s := range sessions {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		s.measureProcess(ctx, s.scratch(0).WorkDir())
	}
	for _, t := range live {
		t.measureFloor()
	}
	return nil
}

// processRuns is how many empty runs of a test binary measureProcess
// takes the median of.
const processRuns = 5

// measureProcess times the session's test binary running no test
// (-test.run=^$: it starts, initializes its packages, runs TestMain's
// setup, exits), the median of processRuns runs: what one more process
// costs outside its tests. The overhead the baseline reads instead, the
// process's time less its tests' printed times, counts the rounding of
// every printed time (the insert study's: 2.5 ms in one run, 10.3 ms in
// the next). It keeps the baseline's figure where a run fails. The runs
// start in dir, where the tests run.
func (s *session) measureProcess(ctx context.Context, dir string) {
	if s.cfg.NoFloor {
		return
	}
	if d, ok := s.emptyRun(ctx, dir, processRuns); ok {
		s.processCost = d
	}
}

// emptyRun is the median of n runs of the session's test binary that run
// no test, started in dir; ok is false when there is no binary or a run
// failed.
func (s *session) emptyRun(ctx context.Context, dir string, n int) (d time.Duration, ok bool) {
	if s.bin == nil {
		return 0, false
	}
	var ds []time.Duration
	for range n {
		res, err := proc.Run(ctx, proc.Spec{Path: s.bin.Path, Args: []string{"-test.run=^$"}, Dir: dir,
			Env: testbin.BaseEnv(), Timeout: 10 * time.Second})
		if err != nil || res.End != proc.EndExited || res.ExitCode != 0 {
			return 0, false
		}
		ds = append(ds, res.Duration)
	}
	return median(ds), true
}

// job is one mutant of a target.
type job struct {
	t *target
	i int
}

func (j job) result() *MutantResult { return &j.t.pr.Mutants[j.i] }

// HasTests reports whether dir holds test files: the packages mutprop run
// builds a test binary for.
func HasTests(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), "_test.go") {
			return true
		}
	}
	return false
}

// relocate moves the files of an overlay from the directory from to the
// directory to.
func relocate(files map[string][]byte, from, to string) map[string][]byte {
	out := make(map[string][]byte, len(files))
	for path, b := range files {
		if rel, err := filepath.Rel(from, path); err == nil && !strings.HasPrefix(rel, "..") {
			path = filepath.Join(to, rel)
		}
		out[path] = b
	}
	return out
}

// prepare builds the session's test binary (the schemata over overlay;
// in overlay mode also a coverage binary of the original sources that
// covers coverPkgs), lists its tests and runs the baseline, which
// measures per-test coverage.
func (s *session) prepare(ctx context.Context, overlay string, coverPkgs []string) error {
	cfg := s.cfg
	start := time.Now()
	binPath := filepath.Join(s.work, "pkg.test")
	s.recorded, s.coverPkgs = !cfg.mode().overlay(), coverPkgs
	builds := []testbin.BuildSpec{{Dir: s.tmpl.PkgDir(), Overlay: overlay, Out: binPath, Tags: cfg.Tags}}
	if !s.recorded {
		s.coverPath = filepath.Join(s.work, "pkg.cover.test")
		builds = append(builds, testbin.BuildSpec{Dir: s.tmpl.PkgDir(), Out: s.coverPath, CoverPkg: strings.Join(coverPkgs, ","), Tags: cfg.Tags})
	}
	if !cfg.NoFloor {
		// The floor's plain build runs beside the session's own, not
		// after the mutants: on a small module it is the run's largest
		// fixed cost. Its time, measured beside the other build, is a
		// little more than alone: the floor a little less strict.
		s.floorDone = make(chan error, 1)
		go func() { s.floorDone <- s.measureFloor(ctx) }()
	}
	errs := make([]error, len(builds))
	var wg sync.WaitGroup
	for i, b := range builds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = testbin.Build(ctx, b)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("score %s: build: %w", s.pkg.Path, err)
	}
	s.build = time.Since(start)
	cfg.logf("%s: built in %v (%s)", s.pkg.Path, s.build.Round(time.Millisecond), cfg.mode())

	base := s.scratch(0)
	if err := base.Reset(); err != nil {
		return fmt.Errorf("score %s: %w", s.pkg.Path, err)
	}
	var err error
	if s.bin, err = testbin.Open(ctx, binPath, base.WorkDir()); err != nil {
		return err
	}
	s.bin.QuickSeed = s.quick != nil && overlay != ""
	listed, err := s.bin.List(ctx, base.WorkDir())
	if err != nil {
		return err
	}
	var skipped []string
	for _, t := range listed {
		switch {
		case cfg.Run != nil && !cfg.Run.MatchString(t):
		case cfg.Skip != nil && cfg.Skip.MatchString(t):
			skipped = append(skipped, t)
		default:
			s.tests = append(s.tests, t)
		}
	}
	if len(skipped) > 0 {
		cfg.logf("%s: --skip leaves out %d of the tests: %s", s.pkg.Path, len(skipped), someNames(skipped))
	}
	s.testFile = declaredIn(s.tmpl.PkgDir())
	switch {
	case len(s.tests) == 0 && cfg.Skip != nil:
		return fmt.Errorf("score %s: no test is left once --skip %s leaves out its matches (of %d listed)", s.pkg.Path, cfg.Skip, len(listed))
	case len(s.tests) == 0 && cfg.Run != nil:
		return fmt.Errorf("score %s: no test matches %s (of %d listed)", s.pkg.Path, cfg.Run, len(listed))
	case len(s.tests) == 0:
		return fmt.Errorf("score %s: no tests to run (of %d listed)", s.pkg.Path, len(listed))
	}

	if err := s.runBaseline(ctx, coverPkgs); err != nil {
		return err
	}
	if s.leakCheckDue() && !s.leaksMeasured {
		if err := s.measureLeaks(ctx, 0, nil); err != nil {
			return err
		}
	}
	for _, n := range s.leakNotes() {
		cfg.logf("%s: %s", s.pkg.Path, n)
	}
	cfg.logf("%s: baseline passed: %d tests together in %v, each alone with coverage recording in %v", s.pkg.Path, len(s.tests),
		s.baselineTime.Round(time.Millisecond), s.coverTime.Round(time.Millisecond))
	for _, a := range s.aside {
		cfg.logf("%s: set aside %s: %s", s.pkg.Path, a.Test, a.Reason)
	}
	cfg.logf("%s: deadlines: %s", s.pkg.Path, s.deadlineNote())
	return nil
}

// covers reports whether test, of the session, runs code that mutant m
// of package pkg changes: in schemata mode, whether its run reached m's
// guarded site (a mutant without a schema, built alone, counts as
// covered); in overlay mode, whether its coverage blocks overlap the
// source m changes. A test whose coverage is unknown covers everything
// of the packages its session counts for (OwnTests: its own).
func (s *session) covers(test string, pkg *mutate.Package, m mutate.Mutant) bool {
	if !slices.Contains(s.coverPkgs, pkg.Path) {
		return false
	}
	if s.recorded {
		reached, ok := s.reached[test]
		return !ok || m.Schema == 0 || reached[m.Schema]
	}
	blocks, ok := s.cover[test]
	return !ok || coverage.CoversAny(blocks[pkg.Path], coverage.MutantSpans(pkg, m))
}

// timeout is the deadline of a run of tests: the configured factor times
// their baseline (with the process's own overhead) plus the constant.
func (s *session) timeout(tests []string) time.Duration {
	return s.cfg.Timeouts.For(s.baselineOf(tests))
}

// baselineOf is the baseline time of a run of tests, with the process's
// own overhead.
func (s *session) baselineOf(tests []string) time.Duration {
	d := s.overhead
	for _, t := range tests {
		d += s.baseline[t]
	}
	return d
}

// measureTimeout is the deadline of a coverage or probe run of the
// original code: the test passed the baseline, so it ends, but
// instrumentation slows it and a loaded machine more: three times its
// mutant deadline plus 10 s. A run cut short measures nothing (the test
// then counts as covering and infecting everything).
func (s *session) measureTimeout(test string) time.Duration {
	return 3*s.timeout([]string{test}) + 10*time.Second
}

// forEach calls fn for each of n jobs from the run's workers, scheduled by
// the engine (w is the worker's number, which names its scratch copies).
// It stops handing out jobs at cancellation or at fn's first error and
// returns the context's error, or else that error.
func (rs *runState) forEach(ctx context.Context, n int, fn func(w, i int) error) error {
	return engine.Run(ctx, engine.Schedule{Workers: rs.cfg.workers()}, engine.All(n), fn)
}

// name is how the target's results name a test: bare for its own tests,
// "importpath.TestName" for another package's.
func (t *target) name(s *session, test string) string {
	if s.pkg.Path == t.pkg.Path {
		return test
	}
	return s.pkg.Path + "." + test
}

// coveringTests returns the tests (of every session) that execute code
// the mutant changes, in the order they meet it (testorder.Sort). A
// zero-width change (an insertion, a named variant's guard) counts as its
// enclosing function; a change outside any function (a package-level
// initialiser) is covered by every test.
func (t *target) coveringTests(m mutate.Mutant, sessions []*session) []string {
	var cands []testorder.Test
	for si, s := range sessions {
		for ti, test := range s.tests {
			if !s.covers(test, t.pkg, m) {
				continue
			}
			name := t.name(s, test)
			t.refs[name] = testRef{s: s, name: test}
			cands = append(cands, testorder.Test{Name: name, Own: s.pkg.Path == t.pkg.Path, Order: si<<20 | ti, Speed: s.speed(test),
				Near: t.near(m, name)})
		}
	}
	testorder.Sort(cands)
	out := make([]string, len(cands))
	for i, c := range cands {
		out[i] = c.Name
	}
	return out
}

// near reports whether the test named name (as t's results name it) is
// near mutant m (testorder.Test.Near): m's code runs as the package
// initializes, every test reaches it, and the test is one of the
// package's own, declared in the _test.go file of m's file (si_test.go
// for si.go). The rule reads no run, so the order is the same in every
// mode, shard and selection of mutants. In humanize, the table of si.go
// met TestSI 23rd of 28 tests.
func (t *target) near(m mutate.Mutant, name string) bool {
	ref, ok := t.refs[name]
	if !ok || !t.atInit[m.ID] || ref.s.pkg.Path != t.pkg.Path {
		return false
	}
	return ref.s.testFile[ref.name] == strings.TrimSuffix(m.File, ".go")+"_test.go"
}

// declaredIn maps each function declared in the test files of dir (a
// test package's directory) to its file's base name. A name declared in
// several files (build tags) takes the first file, in name order. Files
// that do not parse are left out.
func declaredIn(dir string) map[string]string {
	out := map[string]string{}
	files, _ := filepath.Glob(filepath.Join(dir, "*_test.go")) // sorted
	fset := token.NewFileSet()
	for _, file := range files {
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				if _, seen := out[fd.Name.Name]; !seen {
					out[fd.Name.Name] = filepath.Base(file)
				}
			}
		}
	}
	return out
}

// speed is what orders a test by speed class (testorder.Class): the CPU
// it used alone in the baseline, or its wall time where that was not
// measured (verdict.Speed).
func (s *session) speed(test string) time.Duration {
	return verdict.Speed(s.usage[test].CPU, s.baseline[test])
}

// addForeignTests lists, after the package's own tests, the other
// packages' tests that cover some of its mutants.
func (t *target) addForeignTests(sessions []*session) {
	for _, s := range sessions {
		if s.pkg.Path == t.pkg.Path {
			continue
		}
		for _, test := range s.tests {
			name := t.name(s, test)
			if _, ok := t.refs[name]; ok {
				t.pr.Tests = append(t.pr.Tests, TestInfo{Name: name, Baseline: s.baseline[test]})
			}
		}
	}
}

// measureFloor sets the target's floor: its own package's plain build and
// the time the tests each of its mutants had to run take, as one process
// running every mutant would spend it (testTime: a killing test up to
// the case that failed, when its output counted them), and how many processes
// one per mutant would start, with the time each costs outside its tests.
func (t *target) measureFloor() {
	if t.own != nil {
		t.pr.FloorBuild, t.pr.FloorOverhead = t.own.floorBuild, t.own.overhead
		if t.own.processCost > 0 {
			t.pr.FloorOverhead = t.own.processCost
		}
	}
	for _, r := range t.pr.Mutants {
		if r.Outcome == outcome.NoCoverage || r.Outcome == outcome.NotViable || r.Outcome == "" {
			continue
		}
		if r.PerTest != nil && r.Mutant.Origin == mutate.OriginBlackbox {
			// Each test that gives the mutant an input ran against it, to
			// its count; a kill was confirmed on the original in a
			// process of its own.
			for name, o := range r.PerTest {
				t.pr.FloorTests += t.testTime(name, r, o)
				t.pr.FloorProcesses++
			}
			if len(r.KilledBy) > 0 {
				t.pr.FloorProcesses++
			}
			continue
		}
		t.pr.FloorProcesses++
		for _, name := range r.Tests() {
			if len(r.KilledBy) > 0 && name == r.KilledBy[0] {
				// The killer ran up to its failure: the share of its
				// cases it needed, where its library printed them.
				t.pr.FloorTests += t.testTime(name, r, outcome.Killed)
				break
			}
			if ref, ok := t.refs[name]; ok {
				t.pr.FloorTests += ref.s.original[ref.name]
			}
		}
	}
}

// testTime is the time test takes against the mutant of r, where it
// ended with o: its duration on the original, or the share of it that
// the cases it needed make of those it ran there (a kill at its n-th
// case, a per-case sample's first case), when its output counted them.
func (t *target) testTime(test string, r MutantResult, o outcome.Outcome) time.Duration {
	ref, ok := t.refs[test]
	if !ok {
		return 0
	}
	d, all := ref.s.original[ref.name], ref.s.cases[ref.name]
	need := 0
	switch n := r.TestsToFailure[test]; {
	case o == outcome.Killed && n > 0:
		need = n
	case r.Outcome == outcome.Ignored: // a per-case sample
		need = 1
	}
	if all > 0 && need > 0 && need < all {
		return d * time.Duration(need) / time.Duration(all)
	}
	return d
}
