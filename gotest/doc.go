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
// verdicts (internal/testjson), each test's own deadline and the watched
// run of a test binary (internal/testwatch), coverage and probe files
// (internal/coverage), registered suites (internal/suitehost), go list's
// preflight (internal/preflight), the baseline's policy on failing and
// flaky tests (internal/flakiness), black-box mutants
// (internal/blackboxmut) and trials (internal/trials).
//
// Stages, one file each:
//
//	score.go     Config, Score and the results; SelectMutants, the
//	             selection runcache plans from too
//	plan.go      Plan (which mutants, and an earlier run's outcomes) and
//	             Observer (each package ready, each outcome known), with
//	             their defaults AllMutants and NoObserver
//	session.go   the run of one Score call, stage by stage (score):
//	             enumerate, live, overlays (one per module), testSessions
//	             (per test package: its binary, tests, baseline, per-test
//	             coverage), coveringTests (probes), guard, mutants,
//	             trials, suites, floors
//	baseline.go  the baseline's runs: the tests together, each alone with
//	             the recording on, together k more times; the failing
//	             tests screened by internal/flakiness on the session's
//	             builds (mutprop's and a plain go test -c); the floor
//	progress.go  what the baseline is doing, said every 10 s, and its
//	             deadline's error (Config.BaselineTimeout)
//	probe.go     the infection probes: a probed mutant runs only against
//	             the covering tests whose recording run infected it
//	pool.go      the mutants' runs, scheduled by engine.Run, in
//	             internal/testorder's stages: the fastest covering test
//	             alone first, then the others grouped by test package and
//	             speed class, quickest first, with -test.failfast, going on
//	             after a timeout or crash to find a failure (or, with Matrix, every
//	             covering test alone), each run watched by testwatch.Run
//	             (the rules from the baseline: session.rule); what follows
//	             each run is internal/verdict's Search; mutants without a
//	             schema are built alone, not-viable if that fails
//	confirm.go   every kill confirmed (internal/flakiness.ConfirmKill):
//	             its test runs again against the mutant, in one process
//	             then in fresh ones, and on the original at the seed; a
//	             kill that does not recur is unstable, one whose test fails
//	             on the original is a flaky test's, and neither counts
//	one.go       RunMutant: one mutant against chosen tests through the
//	             stages above (mutprop show --test), with each run's output
//	trials.go    Config.Trials: internal/trials over the session's binaries
//	blackbox.go  Config.Blackbox: internal/blackboxmut in the schemata
//	matrix.go    SummarizeMatrix, from report.KillMatrixOf
//	suite.go     registered suites (mutproptest), measured by
//	             internal/suitehost
//
// # Host choice
//
// For a user's package the host of the worker processes is the package's
// own test binary, built once over a schemata overlay: the tests are
// ordinary go tests, so a worker run is one process with MUTPROP_ACTIVE set
// and a -test.run pattern. Processes are started through proc (process
// groups, deadlines, memory caps) and scheduled by engine.Run; a
// registered suite's worker processes are the same binary, started by
// propsuite.Processes on engine.Pool.
//
// # Seeds
//
// rapid runs with -rapid.seed=Config.Seed and -rapid.nofailfile, so every
// mutant sees the same inputs and no fail file is written. testing/quick has
// no seed flag (its Config.Rand defaults to a time-seeded source): the
// binaries are built over testbin.QuickSeedOverlay, which seeds its
// default source from mutprop, Config.Seed in every run and each trial's
// own seed in the trials. gopter seeds from the clock unless the test
// fixes its parameters: its verdicts can differ between runs on weak
// properties, and its trials are reported unseeded.
//
// # Outcomes
//
// killed (a test failed; a panic in a test is a failure), survived (every
// covering test passed, or no covering test infects a probed mutant),
// timeout (a test used more CPU than the deadline factor times what it
// used alone in the baseline, and half its first deadline; or it was
// blocked past its full deadline, or ran past internal/testwatch's
// Stretch x it in its own time),
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
// hostile_test.go): a loop, a sleep or a deadlock is a timeout (the
// process group is killed, or the runtime reported the deadlock first,
// which its timers make depend on the load); a stack overflow,
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
