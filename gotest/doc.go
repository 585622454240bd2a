// Package gotest scores a Go package's own tests (plain tests, examples,
// rapid, testing/quick and gopter properties) against its mutants by
// driving its compiled test binary: the user-package host of mutprop's one
// execution path.
//
// Stages, one file each:
//
//	preflight.go Preflight: go list before anything is built; refuses, on
//	             one line, what cannot be scored (InputError: the
//	             arguments' fault)
//	score.go     Score: load (mutate.Load), enumerate, schematize into an
//	             -overlay, build once, baseline (twice: a failing or flaky
//	             baseline is refused, naming the tests), per-test coverage,
//	             then the pool; mutant -> covering tests from line ranges
//	pool.go      the worker pool: each worker owns a scratch directory and
//	             pulls mutants from a shared queue; the fastest covering test
//	             runs alone first, then the others with -test.failfast (or,
//	             with Matrix, every covering test alone); mutants left out of
//	             the schemata, and every mutant in overlay mode, are built
//	             alone (mutate.Apply) and are not-viable when that fails
//	build.go     Build: go test -c -vet=off -trimpath [-overlay] [-cover]
//	binary.go    Binary: -test.list, and RunTests with -test.v=test2json,
//	             -test.paniconexit0, MUTPROP_ACTIVE, pinned rapid seeds
//	event.go     ParseStream: the -test.v=test2json framing (lines starting
//	             with ^V), parsed the way go tool test2json does; Go 1.26 no
//	             longer ships a prebuilt test2json, and spawning "go tool
//	             test2json" per run would cost more than most test runs
//	classify.go  Classify: a verdict from the event stream, never the exit
//	             code (timeout, killed, crashed, survived)
//	ttf.go       TestsToFailure from rapid, gopter and testing/quick messages
//	trials.go    Config.Trials: every test that kills a mutant run N times
//	             alone with seeds runner.TrialSeed(Seed, mutant, test, "",
//	             i), into PackageResult.Trials (report.SummarizeTrials
//	             compares them)
//	quickseed.go QuickSeedOverlay: testing/quick's quick.go rewritten, as
//	             an -overlay entry, to seed its default source from
//	             MUTPROP_QUICK_SEED
//	coverage.go  coverage profiles and source spans
//	scratch.go   scratch working directories: a copy of the package's
//	             testdata without testdata/rapid and testdata/fuzz, and a
//	             TMPDIR beside each, emptied before every run
//	treeguard.go the guard of the package directory while mutants run: it
//	             detects writes into it, names the mutant that makes them
//	             again when rerun alone, and restores the files
//	matrix.go    SummarizeMatrix: kills per test, redundant tests, a greedy
//	             minimal killing set
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
// groups, deadlines, memory caps).
//
// # Seeds
//
// rapid runs with -rapid.seed=Config.Seed and -rapid.nofailfile, so every
// mutant sees the same inputs and no fail file is written. testing/quick has
// no seed flag (its Config.Rand defaults to a time-seeded source) and
// gopter seeds from the clock unless the test fixes its parameters: their
// verdicts can differ between runs on weak properties; pin a seed in the
// test (quick.Config{Rand: rand.New(rand.NewSource(1))}) to avoid it.
// With Config.Trials the binaries are built over QuickSeedOverlay, which
// seeds testing/quick's default source from mutprop too: Config.Seed in
// every run, each trial's own seed in the trials; gopter's trials are
// reported unseeded.
//
// # Outcomes
//
// killed (a test failed; a panic in a test is a failure), survived (every
// covering test passed), timeout (no result within Timeouts.For(baseline of
// the tests run)), crashed (a test started and never finished: a fatal
// error, a stack overflow, os.Exit, a signal), not-viable (ill-typed,
// dropped before the build and counted in Stats.IllTyped, or a single
// mutant build that failed), no-coverage (no test executes the mutated
// code). The score is Stryker's: detected (killed, timeout, crashed) over
// valid (all but not-viable), no-coverage mutants counting as undetected.
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
