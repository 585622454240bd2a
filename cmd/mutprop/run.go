package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/preflight"
	"github.com/mutprop/mutprop/internal/sandbox"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/report"
	"github.com/mutprop/mutprop/runlog"
	"github.com/mutprop/mutprop/runreport"
	"github.com/mutprop/mutprop/runsettings"
)

const runDescription = `
Score the tests of Go packages (plain tests, examples, rapid, testing/quick,
gopter) against their mutants: build the test binary once with every mutant
behind a runtime switch, check that the tests pass twice (together, then
each alone while the binary records which mutants each test reaches: the
per-test coverage), then run each mutant against the tests that cover it
in worker processes. The user's files are never written; generated files
("// Code generated ... DO NOT EDIT.") are not mutated, nor the elements
of data tables (composite literals of more than 256 constants: a sound, a
font, a word list), which the mutants line counts.

Deadlines: each test has its own, from its start: --timeout-factor x its
baseline + --timeout-const. A test whose CPU time since its start passes
the factor x the CPU it used alone, and half of the factor x its
baseline + at most 50ms, is a timeout as soon as it does (a loop),
whether or not it also allocates or prints. A blocked test stops at its
full deadline; a test starved by a loaded machine runs on, since its
wait for a CPU does not count.

Probes (weak mutation as a filter, on by default in schemata mode): a
mutated expression that is pure (no calls but conversions and builtins)
and of boolean, integer or string type is compared with the original at
each evaluation in each test's recording run. A mutant runs
only against the tests that infect it (change the value at least once);
one that no test infects is reported survived without running, since the
tests' runs would be the original's. A mutant of an element of a lookup
table (an unexported package-level array or slice that the package only
indexes) runs only against the tests that read that element. Like
per-test coverage, this assumes a test does the same thing each run
(rapid's seed is pinned; testing/quick and unseeded math/rand are not).
--probes=false runs every covering test.

Score = detected (killed, timeout, crashed) / valid (all but not-viable),
as in Stryker; no-coverage mutants count as undetected.

Journal and resume: every finished mutant is appended to a journal as it
finishes, by default RESULTS/run.jsonl (RESULTS is --results, .mutprop in
the current directory; run-K-of-N.jsonl for --shard K/N). A new run
replaces the default journal; an explicit --journal FILE that exists needs
--resume. A run holds RESULTS/lock: a second run in the same RESULTS
waits for it, naming its PID. After an interrupt or a kill, the same
command with --resume runs only the mutants the journal lacks, and those
whose code, tests or what their tests read changed since (one line says
how many and why), and reports them all. A torn
last line (a kill in the middle of a write) is ignored with a warning.
Two runs with the same flags give the same JSON report but for durations
(and messages that quote durations, or the failing case of testing/quick,
which takes no seed): tests are ordered by speed class, not by their
measured time, and lists of tests are sorted.

Outcome cache: RESULTS/cache keeps each mutant's verdict with hashes of
what it depends on (its package's code, the code and files of the tests
that killed or covered it, the files and environment variables those
tests read, as go test's cache records them, go.mod, go and mutprop
versions, the flags that change verdicts, not --workers); a run reuses
the verdicts that still hold, and when all do it builds and runs nothing.
It keeps the verdicts of the last 8 sets of flags. --no-cache neither
reads nor writes it.

Shards: --shard K/N runs a deterministic 1/N of the mutants (by a hash of
package and mutant ID). 'mutprop merge --json FILE JOURNAL...' combines the
shards' journals into the report of the unsharded run.

CI gates: --min-score P fails the run (exit 1) when the score is below P
percent, or when no mutant was scored (but with --since, no mutant on the
changed lines passes, saying that the gate was not applied); --since REV keeps only the mutants on lines changed since the git
revision REV (git diff -U0 REV, plus untracked files).

Survivors and timeouts print on stderr as "file:line:col: survived: ..."
lines; --annotations github prints them as GitHub workflow commands
instead, gitlab=FILE writes a GitLab code-quality report. --baseline FILE
accepts known survivors: only undetected mutants missing from it exit 1
(docs/ci.md describes the formats).

Packages: with several packages, those without test files or using cgo are
skipped with a warning; a single one is refused. --tags passes build tags
to go list and go test.
` + trialsDescription + blackboxDescription + `
Exit codes:
  0    every package was scored (and passed --min-score)
  1    the score is below --min-score, or undetected mutants are not in
       --baseline
  2    bad usage or input: unknown flag or value, a path or package that
       does not exist, a directory outside any module, a journal that is
       malformed or belongs to another run, --since outside git, an output
       (--json, --html, --annotations gitlab=FILE, --baseline with
       --update-baseline, --results) that cannot be written, two outputs
       that are one file, --mem-limit under 32: all checked before any
       build
  3    the packages cannot be scored: they do not compile, have no tests,
       use cgo, their tests fail or are flaky without mutants, or the run
       failed (I/O)
  130  interrupted (SIGINT/SIGTERM): workers are stopped, temporary files
       removed and the journal kept; a second interrupt, half a second
       or more after the first, exits at once`

// runFlags are mutprop run's flags.
type runFlags struct {
	seed      uint64
	workers   int
	factor    float64
	tconst    time.Duration
	memLimit  int64
	mode      string
	matrix    bool
	trials    int
	tbudget   int // --trial-budget (run_trials.go)
	probes    bool
	jsonOut   string
	htmlOut   string
	runRE     string
	skipRE    string
	ops       string
	verbose   bool
	results   string
	journal   string
	noJournal bool
	resume    bool
	shard     string
	minScore  string
	since     string
	tags      string
	strict    bool
	flaky     string
	budget    time.Duration
	baseline  time.Duration // --baseline-timeout
	testLimit time.Duration // --test-limit
	noFloor   bool
	ownTests  bool
	noCache   bool
	isolation string
	verifyIso int
	ci        ciFlags
	blackbox  blackboxFlags // run_blackbox.go
}

func (f *runFlags) register(fs *flag.FlagSet) {
	fs.Uint64Var(&f.seed, "seed", 1, "the `seed` of every run's random inputs: rapid's -rapid.seed and testing/quick's default source")
	fs.IntVar(&f.workers, "workers", runtime.NumCPU(), "worker processes")
	fs.Float64Var(&f.factor, "timeout-factor", proc.DefaultTimeouts.Factor, "a mutant's deadline is `k` x its tests' baseline time + --timeout-const")
	fs.DurationVar(&f.tconst, "timeout-const", proc.DefaultTimeouts.Const, "constant added to each deadline")
	fs.Int64Var(&f.memLimit, "mem-limit", -1, "resident-memory cap of each test process (its whole process group) in `MiB`, GOMEMLIMIT seven eighths of it; 0 for none; -1 sizes it from the machine's memory and --workers (3/4 of memory shared by the workers, 512 MiB to 4 GiB)")
	fs.StringVar(&f.mode, "mode", gotest.ModeSchemata, "schemata (one build) or overlay (one build per mutant, the cross-check)")
	fs.BoolVar(&f.matrix, "matrix", false, "run every covering test against every mutant: kill matrix, redundant tests, minimal killing set")
	fs.IntVar(&f.trials, "trials", 0, trialsUsage)
	fs.IntVar(&f.tbudget, "trial-budget", 0, trialBudgetUsage)
	fs.BoolVar(&f.probes, "probes", true, "run a mutant only against the covering tests that infect it (schemata mode, not with --matrix); --probes=false runs every covering test")
	fs.StringVar(&f.jsonOut, "json", "", "write the report (mutation-testing-report-schema) to `FILE`")
	fs.StringVar(&f.htmlOut, "html", "", "write a self-contained HTML report to `FILE`")
	fs.StringVar(&f.runRE, "run", "", "only tests whose name matches `REGEXP`")
	fs.StringVar(&f.skipRE, "skip", "", "leave out the tests whose name matches `REGEXP`, as go test -skip does: a test that fails without any mutant, to score the others")
	fs.StringVar(&f.ops, "operators", "", "comma-separated operators (default all)")
	fs.BoolVar(&f.verbose, "v", false, "print one line per mutant: its status, killer and tests to the failure (the counterexample: mutprop show --test TEST ID)")
	fs.StringVar(&f.results, "results", ".mutprop", "results `DIR` that holds the default journal")
	fs.StringVar(&f.journal, "journal", "", "append every finished mutant to `FILE` (default RESULTS/run.jsonl)")
	fs.BoolVar(&f.noJournal, "no-journal", false, "keep no journal")
	fs.BoolVar(&f.resume, "resume", false, "continue the run recorded in the journal: run only the mutants it lacks")
	fs.StringVar(&f.shard, "shard", "", "run only shard `K/N` of the mutants (combine the journals with 'mutprop merge')")
	fs.StringVar(&f.minScore, "min-score", "", "exit 1 when the mutation score is below `P` percent (0-100)")
	fs.StringVar(&f.since, "since", "", "only mutants on lines changed since the git revision `REV`")
	fs.StringVar(&f.tags, "tags", "", "comma-separated build `tags` for go list and go test")
	fs.BoolVar(&f.strict, "strict-baseline", false, "refuse a package when a test fails on mutprop's instrumented build but passes under go test, or is flaky (default: set it aside, named with the reason)")
	fs.StringVar(&f.flaky, "flaky", gotest.FlakyRefuse, "what to do with a flaky test, one that both passes and fails without a mutant: refuse (the package, naming it) or skip (set it aside, say so, and score the other tests)")
	fs.BoolVar(&f.ownTests, "own-tests", false, "count only a package's own tests for its mutants (default: every test package the patterns match, in the same module, counts for the packages whose code its tests cover)")
	fs.DurationVar(&f.budget, "budget", 0, "the wall time a run may take, e.g. 10m: a package whose mutants would pass it is told, before its mutant stage, how long they take and what --shard N would make of it, then an estimate after a pilot of mutants (0: no budget)")
	fs.DurationVar(&f.baseline, "baseline-timeout", 0, "bound each package's baseline (its runs without a mutant, the search for flaky tests included) to `D`: past it the run stops (exit 3), naming the tests that were running (0: no bound; each run stops after 10m)")
	fs.DurationVar(&f.testLimit, "test-limit", gotest.DefaultTestLimit, "stop a test of the baseline's runs together once it used `D` of CPU (or was blocked as long, or ran 4 x D in all), and set it aside, named with the reason: each mutant it covers would cost as much (0: no limit)")
	fs.BoolVar(&f.noFloor, "no-floor", false, "skip the plain go test -c build that measures the floor (the least time any tool needs) printed at the end")
	fs.BoolVar(&f.noCache, "no-cache", false, "neither read nor write the outcome cache (RESULTS/cache): run every mutant")
	fs.IntVar(&f.verifyIso, "verify-isolation", 0, "run `N` random mutants of the batches again, one per process, and report each difference of verdict (0 expected)")
	fs.StringVar(&f.isolation, "isolation", gotest.IsolationBatch, "how many mutants a test process runs: batch (several, where isolation allows and where it pays: a function's black-box mutants for a test; operator mutants unless the tests take longer than two process starts per mutant) or process (each mutant in processes of its own)")
	f.ci.register(fs)
	f.blackbox.register(fs)
}

// cmdRun scores a Go package's tests against its mutants (gotest.Score).
func cmdRun(ctx context.Context, e *cli.Env, args []string) int {
	fs := cli.NewFlagSet(e, "run", "PACKAGES", runDescription)
	var f runFlags
	f.register(fs)
	if c := cli.ParseFlags(fs, args); c >= 0 {
		return c
	}
	if err := runWith(ctx, e, &f, fs.Args()); err != nil {
		if errors.Is(err, errInterrupted) {
			return cli.ExitInterrupted
		}
		return cli.Fail(e, "run", err)
	}
	return cli.ExitOK
}

// errInterrupted ends a run stopped by an interrupt (its message is
// already printed).
var errInterrupted = errors.New("interrupted")

// minScore is --min-score, the gate on a run's mutation score: the zero
// value is no gate.
type minScore struct {
	percent float64
	set     bool
}

// parseMinScore parses --min-score: "" for no gate, else a percentage
// from 0 to 100, with or without "%".
func parseMinScore(s string) (minScore, error) {
	if s == "" {
		return minScore{}, nil
	}
	v, err := strconv.ParseFloat(strings.TrimSuffix(s, "%"), 64)
	if err != nil || v < 0 || v > 100 {
		return minScore{}, cli.UsageError("--min-score %q: want a percentage from 0 to 100", s)
	}
	return minScore{percent: v, set: true}, nil
}

// check ends a run whose score is below the gate (exit 1). A run that
// scored nothing (no valid mutant) passes only when --since (since: its
// revision) left no mutant on the changed lines, as cargo-mutants'
// --in-diff and Stryker pass an empty diff, and it says so on w: a change
// without code must not fail CI. Otherwise nothing scored fails the gate
// (exit 1): a gate that passes on nothing would hide a wrong package or
// filter.
func (m minScore) check(w io.Writer, cmd string, score report.Score, since string) error {
	switch {
	case !m.set:
		return nil
	case score.Valid == 0 && since != "":
		fmt.Fprintf(w, "mutprop %s: no mutants on the lines changed since %s: the --min-score %g%% gate was not applied\n", cmd, since, m.percent)
		return nil
	case score.Valid == 0:
		return cli.WithCode(cli.ExitFailed, fmt.Errorf("no valid mutant was scored (%d mutants, none but not-viable or ignored): --min-score %g%% cannot pass on nothing", score.Total, m.percent))
	case score.Percent < m.percent:
		return cli.WithCode(cli.ExitFailed, fmt.Errorf("mutation score %.1f%% (%d/%d) is below --min-score %g%%", score.Percent, score.Detected, score.Valid, m.percent))
	}
	return nil
}

// validate checks the flags that do not need the packages.
func (f *runFlags) validate(patterns []string) (min minScore, shard engine.Shard, err error) {
	if err := f.blackbox.listWithoutEquals(patterns); err != nil {
		return min, shard, err
	}
	for _, p := range patterns {
		if strings.HasPrefix(p, "-") {
			return min, shard, cli.UsageError("flag %s after the packages: flags come first (mutprop run [flags] PACKAGES)", p)
		}
	}
	switch {
	case f.mode != gotest.ModeSchemata && f.mode != gotest.ModeOverlay:
		return min, shard, cli.UsageError("--mode %q: want schemata or overlay", f.mode)
	case f.isolation != gotest.IsolationBatch && f.isolation != gotest.IsolationProcess:
		return min, shard, cli.UsageError("--isolation %q: want batch or process", f.isolation)
	case f.verifyIso < 0:
		return min, shard, cli.UsageError("--verify-isolation %d: want 0 or more", f.verifyIso)
	case f.verifyIso > 0 && f.isolation == gotest.IsolationProcess:
		return min, shard, cli.UsageError("--verify-isolation compares batches with one process per mutant: it needs --isolation batch")
	case f.workers < 1:
		return min, shard, cli.UsageError("--workers %d: want at least 1", f.workers)
	case f.noJournal && (f.resume || f.journal != ""):
		return min, shard, cli.UsageError("--no-journal contradicts --resume and --journal")
	case f.baseline < 0:
		return min, shard, cli.UsageError("--baseline-timeout %v: want a positive duration, or 0 for none", f.baseline)
	case f.testLimit < 0:
		return min, shard, cli.UsageError("--test-limit %v: want a positive duration, or 0 for none", f.testLimit)
	case f.budget < 0:
		return min, shard, cli.UsageError("--budget %v: want a positive duration, or 0 for none", f.budget)
	case f.flaky != gotest.FlakyRefuse && f.flaky != gotest.FlakySkip:
		return min, shard, cli.UsageError("--flaky %q: want refuse or skip", f.flaky)
	}
	if err := f.validateRun(); err != nil {
		return min, shard, err
	}
	if min, err = parseMinScore(f.minScore); err != nil {
		return min, shard, err
	}
	if err := f.validateTrials(); err != nil {
		return min, shard, err
	}
	if err := f.blackbox.validate(f.mode, patterns); err != nil {
		return min, shard, err
	}
	if f.shard != "" {
		if shard, err = engine.ParseShard(f.shard); err != nil {
			return min, shard, cli.UsageError("--shard: %v", err)
		}
		if f.noJournal {
			return min, shard, cli.UsageError("--shard needs a journal: a shard's results are only useful merged")
		}
		if min.set {
			return min, shard, cli.UsageError("--min-score applies to a whole run: pass it to 'mutprop merge' of the shards")
		}
	}
	if f.runRE != "" {
		if _, err := regexp.Compile(f.runRE); err != nil {
			return min, shard, cli.UsageError("--run: %v", err)
		}
	}
	if f.skipRE != "" {
		if _, err := regexp.Compile(f.skipRE); err != nil {
			return min, shard, cli.UsageError("--skip: %v", err)
		}
	}
	if f.ops != "" {
		if _, err := mutate.SelectOperators(f.ops); err != nil {
			return min, shard, cli.UsageError("--operators: %v", err)
		}
	}
	return min, shard, nil
}

// memLimitFloor is the least --mem-limit in MiB: a test binary that
// does nothing holds 15 to 18 MiB resident as it starts, so a smaller cap
// would end every run, the baseline's included.
const memLimitFloor = 32

// validateRun checks the flags of a test run that mutprop run and
// mutprop show --test share: the deadlines and the memory cap.
func (f *runFlags) validateRun() error {
	switch {
	case f.factor <= 0:
		return cli.UsageError("--timeout-factor %g: want a positive factor", f.factor)
	case f.tconst < 0:
		return cli.UsageError("--timeout-const %v: want 0 or more", f.tconst)
	case f.memLimit < -1:
		return cli.UsageError("--mem-limit %d: want -1 (sized from the machine), 0 (none) or more MiB", f.memLimit)
	case f.memLimit > 0 && f.memLimit < memLimitFloor:
		return cli.UsageError("--mem-limit %d: want at least %d MiB, the floor (a test binary that does nothing holds 15 to 18 MiB as it starts), or 0 for no cap", f.memLimit, memLimitFloor)
	}
	return nil
}

// runWith runs mutprop run with the flags f on the patterns, in steps:
// check the flags and outputs, list the packages, open the journal, score
// (through the outcome cache), then report.
func runWith(ctx context.Context, e *cli.Env, f *runFlags, patterns []string) error {
	started := time.Now()
	min, shard, err := f.validate(patterns)
	if err != nil {
		return err
	}
	ci, err := f.ci.open(patterns)
	if err != nil {
		return err
	}
	if err := f.checkOutputs(e, shard); err != nil {
		return err
	}
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	settings := f.settings(patterns)
	cfg, err := f.config(e, settings)
	if err != nil {
		return err
	}
	plan := &runPlan{shard: shard}
	cfg.Plan = plan
	listed, testOnly, err := f.packages(ctx, e, &cfg, patterns, plan)
	if err != nil {
		return interruptedOr(ctx, err)
	}
	release, err := f.lockResults(ctx, e)
	if err != nil {
		return interruptedOr(ctx, err)
	}
	defer release()
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	if f.trials > 0 {
		// Trials run every killed mutant again, and testing/quick's seed
		// is pinned, which can change verdicts: no outcome cache.
		f.noCache = true
	}
	cache, err := f.openCache(ctx, e, &cfg, settings, listed, testOnly, started) // the cache and the tree's hashes (cache.go)
	if err != nil {
		return interruptedOr(ctx, err)
	}
	var journal *runlog.Journal
	if !f.noJournal {
		if journal, err = f.openJournal(e, settings, cache.Tree(), shard); err != nil {
			return err
		}
		defer journal.Close()
		plan.journal = journal
	}
	prog := f.follow(e, &cfg, journal, len(listed) > 1, cancel)
	res, err := f.score(runCtx, cache, &cfg) // gotest.Score through the outcome cache (cache.go)
	wall := time.Since(started)
	prog.Finish()
	if journal != nil && err == nil && ctx.Err() == nil && res != nil && !res.Interrupted {
		// What 'mutprop merge' needs besides the mutants (suites,
		// stages, trials, strength), once every mutant is known.
		if err := journal.Ended(res); err != nil {
			return cli.CannotRun("%v", err)
		}
	}
	if err := f.closeJournal(e, journal); err != nil {
		return err
	}
	if ctx.Err() != nil {
		return interrupted(e, res, journal)
	}
	if err != nil {
		return cli.WithCode(cli.ExitError, err)
	}
	return f.report(e, ci, res, runDone{listed: listed, journal: journal, wall: wall, min: min, shard: shard})
}

// settings are the run's settings (runsettings.Settings): the engine's
// configuration, the journal's header and the outcome cache's key all
// come from them.
func (f *runFlags) settings(patterns []string) runsettings.Settings {
	return runsettings.Settings{
		Packages: patterns, Since: f.since, Shard: f.shard,
		Seed: f.seed, Mode: f.mode, Operators: f.ops, Run: f.runRE, Skip: f.skipRE, Tags: f.tagList(),
		Matrix: f.matrix, NoProbes: !f.probes, TimeoutFactor: f.factor, TimeoutConst: f.tconst, MemLimit: f.memLimit, TestLimit: f.testLimit,
		OwnTests: f.ownTests, StrictBaseline: f.strict, Flaky: f.flaky, Trials: f.trials, Blackbox: f.blackbox.config(),
		Workers: f.workers, NoFloor: f.noFloor, BaselineTimeout: f.baseline,
		Isolation: f.isolation, VerifyIsolation: f.verifyIso, TrialBudget: f.tbudget,
	}
}

// config is the gotest configuration of the settings, before the
// packages are known.
func (f *runFlags) config(e *cli.Env, s runsettings.Settings) (gotest.Config, error) {
	cfg, err := s.Config()
	if err != nil {
		return cfg, cli.UsageError("%v", err)
	}
	cfg.Log = e.Stderr
	return cfg, nil
}

// tagList is --tags as a list: the comma-separated tags, without blanks;
// nil for none. Every go command of the run gets them (gotest.Config.Tags),
// not through the process's GOFLAGS.
func (f *runFlags) tagList() []string {
	var tags []string
	for _, t := range strings.Split(f.tags, ",") {
		if t = strings.TrimSpace(t); t != "" {
			tags = append(tags, t)
		}
	}
	return tags
}

// packages lists the packages to score and the test-only packages whose
// tests count (checkPackages), checks --blackbox against them, and sets
// cfg's packages and plan's filter of --since.
func (f *runFlags) packages(ctx context.Context, e *cli.Env, cfg *gotest.Config, patterns []string, plan *runPlan) (listed, testOnly []preflight.ListedPackage, err error) {
	listed, testOnly, err = checkPackages(ctx, e, patterns, cfg.Tags, f.ownTests)
	if err != nil {
		return nil, nil, err
	}
	for _, p := range listed {
		cfg.Patterns = append(cfg.Patterns, p.ImportPath)
	}
	if err := f.blackbox.checkTags(ctx, e.Stderr, listed, cfg.Tags); err != nil {
		return nil, nil, err
	}
	for _, p := range testOnly {
		cfg.TestPackages = append(cfg.TestPackages, gotest.TestPackage{Path: p.ImportPath, Dir: p.Dir})
	}
	if f.since != "" {
		if plan.since, err = sinceFilter(ctx, listed, f.since); err != nil {
			return nil, nil, err
		}
	}
	return listed, testOnly, nil
}

// runPlan is mutprop run's gotest.Plan: the mutants of --since's lines
// (since: nil for all), of --shard's part (shard), and the outcomes of
// the journal's earlier run (journal: nil for none).
type runPlan struct {
	since   func(*mutate.Package) (func(mutate.Mutant) bool, error)
	shard   engine.Shard
	journal *runlog.Journal
}

// Filter keeps the mutants on lines changed since --since; all without it.
func (p *runPlan) Filter(pkg *mutate.Package) (func(mutate.Mutant) bool, error) {
	if p.since == nil {
		return nil, nil
	}
	return p.since(pkg)
}

// Shard keeps --shard's part of the mutants; all without it.
func (p *runPlan) Shard(pkgPath string, m mutate.Mutant) bool {
	return p.shard.N <= 1 || p.shard.Has(pkgPath+"\x1f"+m.ID)
}

// Prior gives the journal's outcome of m, when resuming.
func (p *runPlan) Prior(pkgPath string, m mutate.Mutant) (gotest.MutantResult, bool) {
	if p.journal == nil {
		return gotest.MutantResult{}, false
	}
	return p.journal.Prior(pkgPath, m)
}

// follow sets cfg's observer (runObserver): each package's mutants go to
// the journal (nil for none; cancel stops the run when it breaks), the
// progress bars and the budget's estimate. It returns the progress, to
// finish.
func (f *runFlags) follow(e *cli.Env, cfg *gotest.Config, journal *runlog.Journal, multi bool, cancel func()) *runreport.Progress {
	prog := &runreport.Progress{W: e.Stderr, Verbose: f.verbose, Multi: multi}
	budget := &runreport.Budget{W: e.Stderr, Limit: f.budget, Note: prog.Note}
	cfg.Observer = &runObserver{journal: journal, prog: prog, budget: budget, cancel: cancel}
	return prog
}

// runObserver is mutprop run's gotest.Observer: it records each package
// and outcome in the journal (nil for none; cancel stops the run when it
// breaks), and feeds the progress bars and the budget's estimate.
type runObserver struct {
	journal *runlog.Journal
	prog    *runreport.Progress
	budget  *runreport.Budget
	cancel  func()
}

// Ready records pr in the journal and shows it ready.
func (o *runObserver) Ready(pr *gotest.PackageResult) error {
	if o.journal != nil {
		if err := o.journal.Ready(pr); err != nil {
			return cli.UsageError("%v", err)
		}
	}
	o.budget.Ready(pr)
	o.prog.Ready(pr)
	return nil
}

// Finished records m in the journal.
func (o *runObserver) Finished(pr *gotest.PackageResult, m gotest.MutantResult) {
	if o.journal != nil && o.journal.Finished(pr, m) != nil {
		o.cancel() // the journal is broken: stop, and say so below
	}
}

// Progress moves the progress bars and the budget's estimate.
func (o *runObserver) Progress(done, total int, m gotest.MutantResult) {
	o.prog.Mutant(done, total, m)
	o.budget.Mutant(m)
}

// closeJournal closes the journal (nil for none), after saying what
// --resume reused.
func (f *runFlags) closeJournal(e *cli.Env, journal *runlog.Journal) error {
	if journal == nil {
		return nil
	}
	if f.resume {
		fmt.Fprintf(e.Stderr, "mutprop run: %s\n", journal.ResumeNote())
	}
	if err := journal.Close(); err != nil {
		return cli.CannotRun("%v", err)
	}
	return nil
}

// interrupted says how far an interrupted run went, and how to go on.
func interrupted(e *cli.Env, res *gotest.Result, journal *runlog.Journal) error {
	finished, total := 0, 0
	if res != nil {
		for _, p := range res.Packages {
			for _, m := range p.Mutants {
				total++
				if m.Outcome != "" {
					finished++
				}
			}
		}
	}
	note := "no journal: rerun from the start"
	if journal != nil {
		note = fmt.Sprintf("journal %s; run again with --resume to finish", journal.Path())
	}
	fmt.Fprintf(e.Stderr, "mutprop run: interrupted: %d of %d mutants finished (%s)\n", finished, total, note)
	return errInterrupted
}

// runDone is what reporting a finished run needs besides its result.
type runDone struct {
	listed  []preflight.ListedPackage
	journal *runlog.Journal // nil for none
	wall    time.Duration
	min     minScore
	shard   engine.Shard
}

// report renders the finished run from one model (runreport.Report): the
// CI verdicts first, since the JSON report holds the baseline's, then the
// tables and reports, the CI outputs, the journal and floor lines, and the
// gates.
func (f *runFlags) report(e *cli.Env, ci *ciReport, res *gotest.Result, d runDone) error {
	pkgs, err := runlog.Live(res)
	if err != nil {
		return cli.CannotRun("%v", err)
	}
	rep, err := runreport.New(pkgs, runreport.Options{Blackbox: f.blackbox.on, Trials: f.trials, TrialBudget: f.tbudget, Seed: f.seed})
	if err != nil {
		return cli.CannotRun("%v", err)
	}
	verdicts := ci.assess(e, rep, ciRun{cmd: "run", dirs: listedDirs(d.listed), complete: d.shard.N <= 1 && f.since == "" && f.ops == ""})
	if err := runreport.Write(e.Stdout, rep, runreport.Outputs{JSON: f.jsonOut, HTML: f.htmlOut, Matrix: f.matrix, TrialCells: f.verbose}); err != nil {
		return cli.CannotRun("%v", err)
	}
	gate, err := ci.report(verdicts, rep)
	if err != nil {
		return err
	}
	if d.journal != nil {
		fmt.Fprintf(e.Stderr, "mutprop run: journal %s\n", d.journal.Path())
	}
	if line := runreport.FloorLine(pkgs, d.wall); line != "" {
		fmt.Fprintln(e.Stdout, line)
	}
	if c := res.Isolation; c != nil {
		fmt.Fprintf(e.Stdout, "isolation: %d mutants of the batches ran again one per process: %d differences\n", c.Checked, len(c.Differences))
		for _, d := range c.Differences {
			fmt.Fprintf(e.Stdout, "  %s\n", d)
		}
	}
	if err := d.min.check(e.Stderr, "run", rep.Score, f.since); err != nil {
		return err
	}
	return gate
}

// interruptedOr returns errInterrupted when ctx was cancelled, else err.
func interruptedOr(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return errInterrupted
	}
	return err
}

// checkOutputs checks the outputs before any work: each report can be
// written, no two outputs (the journal included) are one file, and the
// results directory, when the run uses it, can be written or made.
func (f *runFlags) checkOutputs(e *cli.Env, shard engine.Shard) error {
	journal := [2]string{"--journal", f.journalPath(shard)}
	if f.journal == "" {
		journal[0] = "the journal"
	}
	if err := f.ci.checkOutputs(e, [][2]string{{"--json", f.jsonOut}, {"--html", f.htmlOut}}, journal); err != nil {
		return err
	}
	if f.usesResults() {
		return cli.CheckWritableDir("--results", f.results)
	}
	return nil
}

// usesResults reports whether the run writes into the results directory:
// its default journal, or the outcome cache.
func (f *runFlags) usesResults() bool {
	return !f.noCache || !f.noJournal && f.journal == ""
}

// lockResults takes the results directory's lock for the run's life
// (sandbox.LockResults), when the run uses the directory: a second run in
// it waits for the first, as cargo-mutants does, rather than replace its
// journal and cache, or fail a job that a queue would have run next.
func (f *runFlags) lockResults(ctx context.Context, e *cli.Env) (release func(), err error) {
	if !f.usesResults() {
		return func() {}, nil
	}
	if err := runlog.EnsureResultsDir(f.results); err != nil {
		return nil, cli.CannotRun("results directory: %v", err)
	}
	release, err = sandbox.LockResults(ctx, f.results, func(holder string) {
		fmt.Fprintf(e.Stderr, "mutprop run: waiting for the run that holds %s (%s); interrupt to stop\n",
			filepath.Join(f.results, sandbox.ResultsLockName), holder)
	})
	if err != nil && ctx.Err() == nil {
		return nil, cli.CannotRun("results directory: %v", err)
	}
	return release, err
}

// journalPath is the journal's file: --journal, or the default one in the
// results directory; "" with --no-journal.
func (f *runFlags) journalPath(shard engine.Shard) string {
	switch {
	case f.noJournal:
		return ""
	case f.journal != "":
		return f.journal
	case shard.N > 1:
		return filepath.Join(f.results, fmt.Sprintf("run-%d-of-%d.jsonl", shard.K, shard.N))
	}
	return filepath.Join(f.results, "run.jsonl")
}

// openJournal opens the journal the flags name, or the default one in the
// results directory (replaced unless --resume), for a run with settings s
// in tree (nil when it could not be hashed). Resumed, it says which
// journaled verdicts run again because what they depend on changed.
func (f *runFlags) openJournal(e *cli.Env, s runsettings.Settings, tree *runlog.Tree, shard engine.Shard) (*runlog.Journal, error) {
	path := f.journalPath(shard)
	if f.journal == "" {
		if err := runlog.EnsureResultsDir(f.results); err != nil {
			return nil, cli.CannotRun("results directory: %v", err)
		}
		if !f.resume {
			if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
				return nil, cli.CannotRun("results directory: %v", err)
			}
		}
	}
	j, warnings, err := runlog.OpenJournal(path, s, tree, f.resume)
	if err != nil {
		return nil, cli.UsageError("%v", err)
	}
	for _, w := range warnings {
		fmt.Fprintln(e.Stderr, "mutprop run: warning:", w)
	}
	if note := j.StaleNote(); note != "" {
		fmt.Fprintln(e.Stderr, "mutprop run:", note)
	}
	return j, nil
}
