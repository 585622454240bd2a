// Package testbin builds a package's test binary and runs it the way
// mutprop runs every test: a baseline, a mutant's run, a trial.
//
//   - build.go: Build runs go test -c -vet=off [-overlay] [-cover
//     -coverpkg] [-ldflags=-w], in the module's copy and without
//     -trimpath, as go test builds.
//   - binary.go: Open reads a binary's flags (rapid's, mutproptest's);
//     List runs -test.list; Run runs the given tests with
//     -test.v=test2json and -test.paniconexit0, the active mutant
//     (MUTPROP_ACTIVE), rapid's seed pinned, a trial's budget and trace
//     (-rapid.checks, -rapid.log, -mutprop.tests), and with
//     -test.testlogfile when asked (RunSpec.TestLog), and returns the
//     parsed stream (testjson) with the process's result (proc); OwnEnv
//     names the variables a binary gets from mutprop, not from the user.
//   - quickseed.go: QuickSeedOverlay rewrites testing/quick's quick.go, as
//     an -overlay entry, to seed its default source from QuickSeedEnv,
//     take a trial's budget from QuickBudgetEnv and count each check's
//     cases under QuickCountEnv.
package testbin
