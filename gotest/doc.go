// Package gotest scores Go packages' tests (plain tests, examples, rapid,
// testing/quick and gopter properties, suites registered with mutproptest)
// against the packages' mutants by driving their compiled test binaries:
// the user-package host of mutprop's one execution engine. A package's own
// tests count for its mutants, and by default so do the tests of the other
// matched packages of its module whose coverage reaches them.
//
// gotest orchestrates; each other job is a package of its own, under
// internal/: the sandbox (module copies, their reset, the guard of the
// package directory, the run directory's lock: internal/sandbox), the test
// binary (build, list, run: internal/testbin), test2json parsing and
// verdicts (internal/testjson), each test's own deadline
// (internal/testwatch), coverage and probe files
// (internal/coverage) and registered suites (internal/suitehost).
//
// Stages, one file each:
//
//	preflight.go Preflight: go list before anything is built; refuses, on
//	             one line, what cannot be scored (InputError: the
//	             arguments' fault); packages that hold only tests are
//	             returned apart, as test packages
//	score.go     Config, Score and the results; SelectMutants, the
//	             selection runcache plans from too; speed classes
//	session.go   the run of one Score call, stage by stage (score):
//	             enumerate (mutants numbered across packages, Filter,
//	             Shard, the module copies), live, overlays (one per
//	             module, with the binary's own coverage recording),
//	             testSessions (per test package: its binary, tests,
//	             baseline, per-test coverage), coveringTests (each
//	             mutant's covering tests across sessions, probes), guard,
//	             mutants, trials, suites, floors
//	baseline.go  the baseline: the tests together on the original path,
//	             each alone with the recording on (its coverage,
//	             infections and duration through the guarded copies), then
//	             together k more times; a test that failed is flaky first
//	             (it passed and failed under one condition: refused, or set
//	             aside with Config.Flaky = FlakySkip), else it runs again
//	             alone and on a plain go test -c build: failing there
//	             refuses the package, unless the failure needed rapid's
//	             pinned seed (a run without it passes: set aside),
//	             otherwise it is set aside (SetAside;
//	             StrictBaseline refuses instead); the floor's plain build
//	flaky.go     the baseline's repetitions, each test's record per
//	             condition, and decide, the verdict flaky tests get first
//	probe.go     the infection probes: a probed mutant runs only against
//	             the covering tests whose recording run infected it
//	pool.go      the mutants' runs, scheduled by engine.Run: each worker
//	             owns its copies of the module and pulls mutants from a
//	             shared queue; the fastest covering test runs alone first,
//	             then the others grouped by test package with
//	             -test.failfast (or, with Matrix, every covering test
//	             alone); each test has its own deadline from its start,
//	             read from the streamed test events (internal/testwatch,
//	             the rules from the baseline: timeout_watch.go);
//	             mutants left out of the schemata, and every mutant in
//	             overlay mode, are built alone (mutate.Apply) and are
//	             not-viable when that fails
//	trials.go    Config.Trials: every test that kills a mutant run N times
//	             alone with seeds runner.TrialSeed(Seed, mutant, test, "",
//	             i), into PackageResult.Trials (report.SummarizeTrials
//	             compares them)
//	matrix.go    SummarizeMatrix: kills per test, redundant tests, a greedy
//	             minimal killing set, from report.KillMatrixOf
//	suite.go     registered suites (mutproptest): found, described and
//	             measured by internal/suitehost in worker processes of the
//	             package's test binary, against their black-box mutants
//	             and the covered white-box mutants
//
// # Host choice
//
// For a user's package the host of the worker processes is the package's
// own test binary, built once over a schemata overlay: the tests are
// ordinary go tests, so a worker run is one process with MUTPROP_ACTIVE set
// and a -test.run pattern. Processes are started through proc (process
// groups, deadlines, memory caps) and scheduled by engine.Run; a
// registered suite's worker processes are the same binary, started by
// runner.Pool on engine.Pool.
//
// # Seeds
//
// rapid runs with -rapid.seed=Config.Seed and -rapid.nofailfile, so every
// mutant sees the same inputs and no fail file is written. testing/quick has
// no seed flag (its Config.Rand defaults to a time-seeded source) and
// gopter seeds from the clock unless the test fixes its parameters: their
// verdicts can differ between runs on weak properties; pin a seed in the
// test (quick.Config{Rand: rand.New(rand.NewSource(1))}) to avoid it.
// With Config.Trials the binaries are built over quickSeedOverlay, which
// seeds testing/quick's default source from mutprop too: Config.Seed in
// every run, each trial's own seed in the trials; gopter's trials are
// reported unseeded.
//
// # Outcomes
//
// killed (a test failed; a panic in a test is a failure), survived (every
// covering test passed, or no covering test infects a probed mutant),
// timeout (no result within the run's first deadline, after using more
// CPU than the deadline factor times its tests' in the baseline and for
// at least half that deadline; or else no result again alone within
// Timeouts.For(baseline of the tests run)),
// crashed (a test started and never finished: a fatal error, a stack
// overflow, os.Exit, a signal; or the process group passed its memory cap
// or output budget),
// not-viable (ill-typed, dropped before the build and counted in
// Stats.IllTyped, or a single mutant build that failed), no-coverage (no
// test executes the mutated code). The score is Stryker's: detected
// (killed, timeout, crashed) over valid (all but not-viable), no-coverage
// mutants counting as undetected.
//
// How hostile mutants end (internal/testdata/hostile, checked by
// hostile_test.go): a loop, a sleep or an undetected deadlock is a timeout
// (the process group is killed); a stack overflow, a detected deadlock,
// os.Exit(1) and an allocation past the memory cap are crashed (the reason
// names the runtime's fatal error, and the cap when memory ran out);
// os.Exit(0) (a panic under -test.paniconexit0) and runtime.Goexit fail
// the test: killed. What a mutant does besides its tests' verdict is
// appended to its reason whatever the outcome: the processes that left
// the test binary's process group and were killed (proc.Result.Escaped),
// and its writes into the package directory (sandbox.Guard). Children that
// stay in the group die with it, and writes into the working or temporary
// directory land in the scratch area: neither is reported.
package gotest
