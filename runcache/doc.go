// Package runcache is the outcome cache of mutprop run
// (RESULTS/cache/outcomes.json): it keeps the verdict of every mutant of
// the last runs with hashes of what the verdict depends on, so that a run
// reuses the verdicts nothing has invalidated:
//
//   - every verdict: the mutated package's build inputs (its non-test
//     source and embedded files) and those of the packages of the module
//     it imports; go.mod, go.sum (go.work, vendor/modules.txt); the go
//     command's version and target (go env); mutprop's executable; the
//     flags that change verdicts (Options.Flags);
//   - a killed mutant, in addition: the test package of the test that
//     killed it (its test files, the other files of its directory, its
//     testdata, and the build inputs of everything its test binary links);
//   - any other verdict (survived, no-coverage, timeout, crashed,
//     not-viable, and every one with --matrix): every test package that
//     counts for the mutated package and links it (a test added anywhere
//     that reaches the code may kill it), and that set itself.
//
// When every selected mutant of every package is in the cache, Score
// builds and runs nothing: the result is made from the cache and reported
// as a run's (console, journal, JSON, HTML). Otherwise the verdicts that
// hold are given to gotest.Score as Config.Prior (like a resumed journal's)
// and the rest run; Score still builds, runs the baseline and measures
// coverage. The cache is written (temporary file and rename) after a run
// that finished.
//
// The files, one concept each:
//
//   - cache.go: Score, and the cache file (read, written).
//   - hash.go: the hashes of the tree (go list -deps -test, package
//     directories, module files, go env, the executable).
//   - plan.go: which mutants a run selects, which cached verdicts still
//     hold, and how they reach gotest.Score's hooks.
package runcache
