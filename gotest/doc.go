// Package gotest scores Go packages' tests (plain tests, examples, rapid,
// testing/quick and gopter properties, suites registered with mutproptest)
// against the packages' mutants by driving their compiled test binaries:
// the user-package host of mutprop's one execution engine. A package's own
// tests count for its mutants, and by default so do the tests of the other
// matched packages of its module whose coverage reaches them.
//
// Stages, one file each:
//
//	preflight.go Preflight: go list before anything is built; refuses, on
//	             one line, what cannot be scored (InputError: the
//	             arguments' fault); packages that hold only tests are
//	             returned apart, as test packages
//	score.go     Config, Score and the results; which source ranges a
//	             mutant changes and which tests' coverage reaches them;
//	             speed classes
//	session.go   the run of one Score call: mutants numbered across
//	             packages (mutate.Load, Enumerate), one schemata overlay
//	             per module (with the binary's own coverage recording,
//	             mutate.SchemataOptions.Coverage), one session per test
//	             package (its schemata binary, the tests, baseline,
//	             per-test coverage), each mutant's covering tests across
//	             sessions, the deadlines; then the mutants, the trials,
//	             the suites and the floor
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
//	tmpclean.go  the run directory's lock, and the removal of the
//	             directories of runs killed by SIGKILL
//	probe.go     the infection probes: a probed mutant runs only against
//	             the covering tests whose recording run infected it
//	pool.go      the mutants' runs, scheduled by engine.Run: each worker
//	             owns its copies of the module and pulls mutants from a
//	             shared queue; the fastest covering test runs alone first,
//	             then the others grouped by test package with
//	             -test.failfast (or, with Matrix, every covering test
//	             alone); each test has its own deadline from its
//	             start, read from the streamed test events
//	             (timeout_watch.go); mutants
//	             left out of the schemata, and every mutant in overlay
//	             mode, are built alone (mutate.Apply) and are not-viable
//	             when that fails
//	build.go     buildTestBinary: go test -c -vet=off [-overlay] [-cover
//	             -coverpkg: overlay mode's coverage build] [-ldflags=-w],
//	             in the module's copy and without -trimpath, as go test
//	             builds
//	binary.go    testBinary: -test.list, and runTests with -test.v=test2json,
//	             -test.paniconexit0, MUTPROP_ACTIVE, pinned rapid seeds
//	event.go     parseStream: the -test.v=test2json framing (lines starting
//	             with ^V), parsed the way go tool test2json does; Go 1.26 no
//	             longer ships a prebuilt test2json, and spawning "go tool
//	             test2json" per run would cost more than most test runs
//	classify.go  classify: a verdict from the event stream, never the exit
//	             code (timeout, killed, crashed, survived)
//	ttf.go       testsToFailure from rapid, gopter and testing/quick messages
//	trials.go    Config.Trials: every test that kills a mutant run N times
//	             alone with seeds runner.TrialSeed(Seed, mutant, test, "",
//	             i), into PackageResult.Trials (report.SummarizeTrials
//	             compares them)
//	quickseed.go quickSeedOverlay: testing/quick's quick.go rewritten, as
//	             an -overlay entry, to seed its default source from
//	             MUTPROP_QUICK_SEED
//	coverage.go  coverage profiles and source spans (overlay mode)
//	scratch.go   the module's copies: a template of the whole module, and
//	             each worker's copy, brought back to the template before
//	             every run, with a TMPDIR beside it
//	treeguard.go the guard of the package directory while mutants run: it
//	             detects writes into it, names the mutant that makes them
//	             again when rerun alone, and restores the files
//	inode_*.go   what the copies and the guard read of the file system
//	             that differs between systems
//	matrix.go    SummarizeMatrix: kills per test, redundant tests, a greedy
//	             minimal killing set, read from a report.KillMatrix
//	suite.go     registered suites (mutproptest): the tests that register
//	             them, read from the test files; described by the test
//	             binary, then measured in its worker processes (runner.Pool)
//	             against their black-box mutants and the covered white-box
//	             mutants; suite_report.go renders them (tables, JSON)
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
// and its writes into the package directory (treeguard.go). Children that
// stay in the group die with it, and writes into the working or temporary
// directory land in the scratch area: neither is reported.
package gotest
