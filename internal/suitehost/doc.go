// Package suitehost measures the suites a package's tests register with
// mutproptest, in worker processes of the package's own test binary. It
// returns what they measured as data (propsuite.HostedResult); mutprop
// run's reports (package runreport) render it.
//
//   - find.go: Tests reads the package's test files for the tests (and
//     TestMain) that may register a suite.
//   - describe.go: Describe runs them in describe mode and reads the
//     suites they register.
//   - run.go: Run describes the package's suites and measures each.
//   - measure.go: Measure runs a suite's cells against its black-box
//     mutants and the white-box mutants its host gives, on propsuite.Run and
//     propsuite.Processes; the result per property and per mutant
//     (propsuite.HostedResult).
package suitehost
