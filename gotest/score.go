package gotest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"github.com/mutprop/mutprop/internal/flakiness"
	"github.com/mutprop/mutprop/internal/sandbox"
	"github.com/mutprop/mutprop/internal/testlog"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/report"
)

// Settings of Config.Flaky: what the baseline does with a flaky test, one
// that both passes and fails without any mutant under the same conditions.
const (
	// FlakyRefuse ("" too) refuses the package, naming the flaky tests.
	FlakyRefuse = flakiness.Refuse
	// FlakySkip sets the flaky tests aside (PackageResult.SetAside, with
	// their record) and scores the package with the others.
	FlakySkip = flakiness.Skip
)

// Mode is how Score builds the mutants. The zero value, "", means
// ModeSchemata.
type Mode string

// Modes of Score. They are untyped, so that a flag's string compares with
// them; Config.Mode takes them as a Mode.
const (
	ModeSchemata = "schemata" // one build with every mutant behind a runtime switch
	ModeOverlay  = "overlay"  // one build per mutant (the cross-check)
)

// String names m: "schemata" for the zero value.
func (m Mode) String() string {
	if m == "" {
		return ModeSchemata
	}
	return string(m)
}

// overlay reports whether m builds each mutant alone.
func (m Mode) overlay() bool { return m == ModeOverlay }

// Config configures Score. The zero value (with Dir and Patterns) means the
// defaults.
type Config struct {
	Dir      string   // where patterns are resolved; "" is the current directory
	Patterns []string // package patterns; none means "."
	Workers  int      // worker processes; 0 means 1
	Seed     uint64   // rapid's -rapid.seed for every run; 0 means 1
	Timeouts proc.Timeouts
	Memory   *proc.MemoryCap // nil means proc.DefaultMemoryCapFor(Workers)
	Mode     Mode            // ModeSchemata ("" too) or ModeOverlay
	// Tags are build tags for every go command Score starts (go list,
	// go test -c), as go's -tags flag; the process's GOFLAGS still applies.
	Tags []string
	// Matrix runs every covering test against every mutant, each alone,
	// instead of stopping at the first kill.
	Matrix bool
	// NoProbes turns off the infection probes of schemata mode. With
	// probes (the default, but not with Matrix), the baseline's run of
	// each test alone also records the probed mutants it infects
	// (mutate.SchemataOptions), and a probed mutant runs only against the
	// covering tests that infect it: those in whose run the value of its
	// expression differs from the original's at least once. A mutant no
	// test infects is survived without running.
	NoProbes bool
	// Run restricts the tests to those matching it (like go test -run, on
	// top-level names); nil means all.
	Run *regexp.Regexp
	// Skip leaves out the tests Run selected whose name matches it (like
	// go test -skip, on top-level names); nil leaves out none.
	Skip *regexp.Regexp
	// Operators to use; nil means mutate's defaults.
	Operators []*mutate.Operator
	// Plan, when set, chooses the mutants Score runs and gives the
	// outcomes an earlier run recorded (plan.go); nil runs every mutant.
	Plan Plan
	// Observer, when set, follows the run: each package as it is ready,
	// each outcome as it is known (plan.go); nil observes nothing.
	Observer Observer
	// Log, when set, receives one line per stage.
	Log io.Writer
	// TempDir is where the run's temporary directory goes; "" is os.TempDir.
	TempDir string
	// StrictBaseline refuses a package when a test fails on mutprop's
	// instrumented build but passes under go test, or is flaky, instead of
	// setting that test aside (PackageResult.SetAside).
	StrictBaseline bool
	// Flaky is what the baseline does with a flaky test, one that both
	// passes and fails without any mutant under the same conditions:
	// FlakyRefuse ("" too) refuses the package, naming it; FlakySkip sets
	// it aside (PackageResult.SetAside) and scores the package with the
	// other tests. StrictBaseline refuses it either way.
	Flaky string
	// OwnTests counts only a package's own tests for its mutants. By
	// default every test package among the loaded ones (in the same
	// module) counts for every mutated package whose code its tests
	// cover: its tests are listed as "importpath.TestName".
	OwnTests bool
	// TestPackages are packages that hold only tests (no non-test files
	// to mutate) whose tests count for the mutated packages (not with
	// OwnTests).
	TestPackages []TestPackage
	// NoFloor skips the plain go test -c build that measures the floor
	// (PackageResult.Floor).
	NoFloor bool
	// BaselineTimeout, when positive, bounds each test package's baseline
	// (its runs without a mutant, the search for flaky tests included;
	// not its build): past it, Score fails naming the tests that were
	// running. Each run of the baseline stops after 10 minutes anyway.
	BaselineTimeout time.Duration
	// TestLimit bounds each test in the baseline's runs of all the tests
	// together (testLimitRule): a test past it is stopped there and set
	// aside with the reason (refused with StrictBaseline), and the others
	// run together again without it. Zero is DefaultTestLimit; a negative
	// limit is none (a run then stops after 10 minutes, or at the memory
	// cap).
	TestLimit time.Duration
	// Trials, when positive, measures how fast each test that reaches a
	// killed mutant finds it (trials.go): after the mutants, every test
	// that covers or killed it runs Trials times, trial i with the seed
	// propsuite.TrialSeed(Seed, mutant ID, test, "", i), into
	// PackageResult.Trials, and the mutant's KilledBy gains every test
	// that killed it in a trial. Test binaries are then built with
	// testbin.QuickSeedOverlay, so that testing/quick takes its seed from mutprop
	// (Seed in every run but the trials) as rapid does.
	Trials int
	// TrialBudget is the cases each trial runs at most (rapid's
	// -rapid.checks, testing/quick's default MaxCount, mutproptest's
	// -mutprop.tests; gopter reads no flag); 0 leaves each library's
	// default.
	TrialBudget int
	// Blackbox, when set, adds black-box mutants of the mutated
	// packages' functions after their operator mutants (blackbox.go):
	// schemata mode only.
	Blackbox *Blackbox
	// Isolation is how many mutants a test process runs (batch.go):
	// IsolationBatch ("" too) runs several where isolation allows and
	// batches pay (weighBatches), IsolationProcess each in processes of
	// its own. Schemata mode only:
	// overlay mode builds each mutant alone.
	Isolation string
	// VerifyIsolation, when positive, runs that many of the mutants a
	// batch ran again, one per process, chosen at random from Seed, and
	// reports each difference of verdict (Result.Isolation).
	VerifyIsolation int

	// oneMutant is set by RunMutant: the baseline runs the tests
	// together and alone once each (their deadlines and coverage), and a
	// test that fails there ends the run; there is no search for flaky
	// tests.
	oneMutant bool
}

// SetAside is a test left out of a package's run, with the reason: it
// passes under go test but fails on mutprop's build, or it is flaky.
type SetAside = flakiness.SetAside

// TestPackage is a package of tests only.
type TestPackage struct {
	Path string // import path
	Dir  string // directory
}

// TestInfo is one test of the package as the baseline saw it.
type TestInfo struct {
	Name     string
	Baseline time.Duration // the slower of the two baseline runs
}

// MutantResult is one mutant and its outcome: the one result of a mutant
// from the engine to every output. The run's journal and the outcome
// cache (packages runlog, runcache) store it as JSON, so a field is never
// renamed; the report model (report.Mutant) is made from it.
type MutantResult struct {
	Mutant  mutate.Mutant   `json:"def"`
	Outcome outcome.Outcome `json:"outcome"` // Killed, Survived, Timeout, Crashed, NotViable, NoCoverage; "" if not run (interrupted)
	// KilledBy lists the tests that failed: the first one, or every one
	// with Matrix; with Trials, the first one then every other test that
	// failed in a trial.
	KilledBy  []string `json:"killedBy,omitempty"`
	CoveredBy []string `json:"coveredBy,omitempty"`
	// InfectedBy, for a probed mutant (Mutant.Probed), lists the covering
	// tests that infect it, which are those it runs against; nil for a
	// mutant without probe, which runs against CoveredBy.
	InfectedBy []string `json:"infectedBy"`
	// TestsToFailure holds, per killing test whose output says so, the
	// generated tests up to the failing one.
	TestsToFailure map[string]int `json:"testsToFailure,omitempty"`
	Reason         string         `json:"reason,omitempty"`
	Duration       time.Duration  `json:"duration,omitempty"`
	// PerTest is the outcome of each covering test run alone (Matrix only).
	PerTest map[string]outcome.Outcome `json:"perTest,omitempty"`
	// Diff is a unified diff of an undetected mutant against the
	// original, for the reports: the journal sets it (runlog.NewMutant),
	// Score does not.
	Diff string `json:"diff,omitempty"`
	// Unstable, when set, says which kills did not recur: their test
	// passed when it ran again against the mutant, with the same seed and
	// binary ("TestF failed 1 of 2 runs against the mutant ..."; several
	// joined by "; "). They are not kills: the outcome is the other
	// tests' (confirm.go).
	Unstable string `json:"unstable,omitempty"`
	// Flaky lists the killing tests that failed on the original too, at
	// the mutant's seed, with the evidence: their kills are not kills.
	Flaky []FlakyTest `json:"flaky,omitempty"`
	// Index is the mutant's position among the package's mutants that
	// Filter kept, the same in every shard.
	Index int `json:"index"`
}

// Tests returns the tests the mutant runs against: InfectedBy for a
// probed mutant, CoveredBy for the others.
func (r MutantResult) Tests() []string {
	if r.InfectedBy != nil {
		return r.InfectedBy
	}
	return r.CoveredBy
}

// PackageResult is the outcome of one package.
type PackageResult struct {
	Path, Name, Dir string
	Package         *mutate.Package
	Files           []string // absolute paths of its non-test files
	Stats           mutate.Stats
	Tests           []TestInfo
	// Mutants are the selected mutants (Filter, then Shard), in order.
	Mutants []MutantResult
	// Universe counts the mutants Filter kept, before Shard; Blackbox
	// the black-box ones among them.
	Universe, Blackbox int
	// Probed counts the probed mutants; Uninfected those of them no test
	// infects (survived without running).
	Probed, Uninfected int
	// Durations of the stages: the build, the baseline's run of the tests
	// together, their runs alone that record coverage and infections (the
	// baseline's second run), the mutants.
	Build, Baseline, Coverage, Run time.Duration
	// Suites are the suites the package's tests register (mutproptest).
	Suites []SuiteResult
	// Strength holds, per wrapped function, its black-box mutants with
	// each test's verdict and the tests that call it with their data
	// coverage: report.SummarizeStrength's input (Config.Blackbox).
	Strength []report.StrengthFunc
	// SetAside are the tests the baseline left out.
	SetAside []SetAside
	// Inputs holds, by import path, what the tests of each test package
	// that counts for this one read in the baseline (its test binary's
	// -test.testlogfile log, as the user's inputs: testlog.Places.Map),
	// with the variables the runtime reads (testlog.RuntimeEnv). A test
	// package whose log could not be read has no entry.
	Inputs map[string][]testlog.Input
	// Timeouts are the deadlines' parameters.
	Timeouts proc.Timeouts
	// Floor is the least time any tool needs for this package's mutants:
	// FloorBuild (one plain go test -c of the package, warm cache; zero
	// with NoFloor) plus FloorTests (per mutant that ran, the baseline
	// durations of the tests that had to run on it: up to the killing
	// test, or all of them) divided by Workers.
	FloorBuild, FloorTests time.Duration
	Workers                int
	// FloorProcesses is how many test processes one process per mutant
	// starts at the least (a black-box mutant's: one per test that gives
	// it an input, and one to confirm its kills), FloorOverhead what one
	// costs outside its tests: the median of 5 runs of the test binary
	// with no test, at the end (the baseline's reading where they fail).
	FloorProcesses int
	FloorOverhead  time.Duration
	// Trials are the trials of each killed mutant's tests that reach it
	// (Config.Trials), by mutant in Mutants' order, then by test name.
	Trials []report.TrialCell
	// Confirm is what confirming the kills of this run's mutants cost
	// and found.
	Confirm ConfirmStats
}

// ConfirmStats is what confirming a package's kills cost and found
// (confirm.go): every kill runs its test again against the mutant, then
// on the original.
type ConfirmStats struct {
	// Kills counts the kills confirmed; Held those that held, Unstable
	// those whose test passed again against the mutant, Flaky those whose
	// test failed on the original.
	Kills, Held, Unstable, Flaky int
	// Originals counts the runs on the original: one per test package,
	// killing test and seed.
	Originals int
	// Time is the worker time the confirming runs took, a part of Work,
	// the worker time of the mutants that ran: the processes of their
	// own, and the reruns a batch runs in its process, as its switch
	// measured their tests (testwatch.Batch.Confirming).
	Time, Work time.Duration
}

// Floor returns FloorBuild + FloorTests / Workers, or 0 when no floor
// was measured (NoFloor, or the plain build failed): the tests' part
// alone would make any run look many times its floor.
func (pr *PackageResult) Floor() time.Duration {
	if pr.FloorBuild <= 0 {
		return 0
	}
	w := max(pr.Workers, 1)
	return pr.FloorBuild + pr.FloorTests/time.Duration(w)
}

// Result is what Score found.
type Result struct {
	Packages []*PackageResult
	// Interrupted is set when the context was cancelled: the mutants that
	// did not finish have an empty Outcome.
	Interrupted bool
	// Isolation is what Config.VerifyIsolation found; nil without it.
	Isolation *IsolationCheck
}

// runKey names the temporary directory of a run of kind (Score's "run",
// RunMutant's "one") in dir for sandbox.MakeRunDir: the same from run to
// run of this user in this directory, so that the module's copy keeps its
// paths and the go build cache its builds.
func runKey(kind, dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00%d\x00%s", kind, os.Getuid(), abs))
	return kind + "-" + hex.EncodeToString(sum[:6])
}

// removeRunDir removes a run's temporary directory, then releases its
// lock: a run that starts meanwhile and wants the same name
// (sandbox.MakeRunDir) finds it held, never half removed and free.
func removeRunDir(tmp string, release func()) {
	os.RemoveAll(tmp)
	release()
}

// Score loads the packages, makes their mutants, builds each package's test
// binary once with every mutant behind a runtime switch (ModeSchemata), or
// once per mutant (ModeOverlay), checks that the tests pass and are not
// flaky, measures per-test coverage, and runs every mutant against the
// tests that cover it in a pool of worker processes. The user's tree is
// never written: sources go through -overlay, binaries and working
// directories live in a temporary directory removed on return.
//
// An error means the run could not be done (load, build, a failing or flaky
// baseline). When ctx is cancelled, Score returns what finished, with
// Interrupted set, and no error.
func Score(ctx context.Context, cfg Config) (*Result, error) {
	pkgs, err := mutate.LoadWith(ctx, mutate.LoadConfig{Dir: cfg.Dir, Tags: cfg.Tags}, cfg.Patterns...)
	if err != nil {
		return nil, err
	}
	tmp, err := sandbox.MakeRunDir(cfg.TempDir, runKey("run", cfg.Dir))
	if err != nil {
		return nil, fmt.Errorf("score: %w", err)
	}
	defer removeRunDir(tmp, sandbox.ClaimRunDir(tmp, cfg.logf))
	if cfg.Memory == nil {
		m := proc.DefaultMemoryCapFor(cfg.workers()) // read once, not per run
		cfg.Memory = &m
	}
	rs := &runState{cfg: &cfg, tmp: tmp}
	defer rs.closeWatches()
	res := &Result{}
	err = rs.score(ctx, pkgs, res)
	res.Isolation = rs.isolation
	if ctx.Err() != nil {
		res.Interrupted = true
		return res, nil
	}
	return res, err
}

// mode returns cfg.Mode.
func (cfg *Config) mode() Mode { return cfg.Mode }

// probes reports whether the run uses infection probes.
func (cfg *Config) probes() bool {
	return !cfg.NoProbes && !cfg.Matrix && !cfg.mode().overlay()
}

func (cfg *Config) logf(format string, args ...any) {
	if cfg.Log != nil {
		fmt.Fprintf(cfg.Log, format+"\n", args...)
	}
}

func (cfg *Config) workers() int {
	if cfg.Workers <= 0 {
		return 1
	}
	return cfg.Workers
}

func (cfg *Config) seed() uint64 {
	if cfg.Seed == 0 {
		return 1
	}
	return cfg.Seed
}

// testLimit is Config.TestLimit resolved: 0 for none.
func (cfg *Config) testLimit() time.Duration {
	switch {
	case cfg.TestLimit < 0:
		return 0
	case cfg.TestLimit == 0:
		return DefaultTestLimit
	}
	return cfg.TestLimit
}

func (cfg *Config) memory() proc.MemoryCap {
	if cfg.Memory == nil {
		return proc.DefaultMemoryCapFor(cfg.workers())
	}
	return *cfg.Memory
}

// Selection is a package's mutants as Score picks them: Filter, then
// Shard.
type Selection struct {
	Mutants []mutate.Mutant // kept by Filter and Shard
	Index   []int           // each kept mutant's index among those Filter kept
	// Universe counts the mutants Filter kept, before Shard; Blackbox
	// the black-box ones among them.
	Universe, Blackbox int
	// Live reports that the package is scored (built, its mutants run, its
	// tests counted): some mutant passed Filter, or there is no Filter.
	Live bool
}

// SelectMutants applies Plan.Filter, then Plan.Shard, to all, the
// mutants of pkg: the selection Score runs, which runcache plans from
// too.
func (cfg *Config) SelectMutants(pkg *mutate.Package, all []mutate.Mutant) (Selection, error) {
	sel, _, err := cfg.selection(pkg, all)
	return sel, err
}

// selection is SelectMutants; filtered reports that Plan.Filter gave a
// predicate.
func (cfg *Config) selection(pkg *mutate.Package, all []mutate.Mutant) (sel Selection, filtered bool, err error) {
	plan := cfg.plan()
	keep, err := plan.Filter(pkg)
	if err != nil {
		return Selection{}, false, err
	}
	for _, m := range all {
		if keep != nil && !keep(m) {
			continue
		}
		sel.Universe++
		if m.Origin == mutate.OriginBlackbox {
			sel.Blackbox++
		}
		if plan.Shard(pkg.Path, m) {
			sel.Mutants = append(sel.Mutants, m)
			sel.Index = append(sel.Index, sel.Universe-1)
		}
	}
	sel.Live = sel.Universe > 0 || keep == nil
	return sel, keep != nil, nil
}

// selectMutants is SelectMutants for Score: it sets pr.Universe and logs
// what Filter and Shard kept.
func (cfg *Config) selectMutants(pkg *mutate.Package, all []mutate.Mutant, pr *PackageResult) (Selection, error) {
	sel, filtered, err := cfg.selection(pkg, all)
	if err != nil {
		return Selection{}, err
	}
	pr.Universe, pr.Blackbox = sel.Universe, sel.Blackbox
	if filtered || len(sel.Mutants) < sel.Universe {
		cfg.logf("%s: %d mutants selected (%d after the filter)", pkg.Path, len(sel.Mutants), pr.Universe)
	}
	return sel, nil
}
