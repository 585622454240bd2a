// Package runcache is the outcome cache of mutprop run
// (RESULTS/cache/outcomes.json): it keeps the verdict of every mutant of
// the last runs with hashes of what the verdict depends on, so that a run
// reuses the verdicts nothing has invalidated. Its key follows go test's
// own cache (cmd/go's computeTestInputsID): what the tests read counts,
// and nothing else of the environment does.
//
//   - every verdict: the mutated package's build inputs (its non-test
//     source and embedded files) and those of the packages of the module
//     it imports; go.mod, go.sum (go.work, vendor/modules.txt); the go
//     command's version and target (go env); mutprop's executable; the
//     run's settings (Options.Settings: runsettings.Settings.Key, every
//     flag that changes verdicts, not --workers);
//   - a killed mutant, in addition: the test package of the test that
//     killed it: its test files, the other files of its directory, its
//     testdata, the build inputs of everything its test binary links,
//     and what its tests read (below);
//   - any other verdict (survived, no-coverage, timeout, crashed,
//     not-viable, and every one with --matrix): the same of every test
//     package that counts for the mutated package and links it (a test
//     added anywhere that reaches the code may kill it), and that set
//     itself.
//
// What a test package's tests read is its test binary's -test.testlogfile
// log from the baseline (gotest.PackageResult.Inputs, internal/testlog):
// each file opened or stat'ed, inside the module (relative to its root) or
// outside it, each directory changed into, each variable looked up. The
// cache records them, and a later run hashes them again as they are then:
// a file's content, a directory's entries, a stat's type and size, a
// variable's value or absence. A variable no test reads (HOSTNAME, the
// shell's) changes nothing. The log is the original's, from the
// baseline: a mutant that makes a test read another file is keyed on
// what the original read. The log starts in m.Run, so environ.go adds
// the variables an init function or TestMain may read before: those the
// module code a test binary links, or its test files, name by literal in
// os.Getenv, os.LookupEnv or syscall.Getenv calls. The runtime's own
// (GODEBUG, GOGC, GOMAXPROCS, GOTRACEBACK) count for every test package,
// as GODEBUG does for go test.
//
// The cache keeps the verdicts of each set of settings apart, up to the 8
// used last (maxConfigs): a run with other flags adds its own and evicts
// only the least recently used past 8. A change of the go command,
// mutprop's build or the module files drops that set's verdicts.
//
// When every selected mutant of every package is in the cache, Score
// builds and runs nothing: the result is made from the cache and reported
// as a run's (console, journal, JSON, HTML). Otherwise the verdicts that
// hold are given to gotest.Score as Plan.Prior (like a resumed journal's)
// and the rest run; Score still builds, runs the baseline and measures
// coverage. The cache is written (temporary file and rename) after a run
// that finished.
//
// The tree's hashes (runlog.Tree, Cache.Tree) are also what the journal
// checks its verdicts against on --resume: Open computes them, with
// Options.NoCache too (then the cache file is neither read nor written).
//
// The files, one concept each:
//
//   - cache.go: Open, Score, and the cache file (read, written, its sets
//     of settings).
//   - hash.go: the hashes of the tree (go list -deps -test, package
//     directories, module files, go env, the executable).
//   - environ.go: the variables read before the test log starts.
//   - plan.go: which mutants a run selects, which cached verdicts still
//     hold, and how they reach gotest.Score's hooks.
package runcache
