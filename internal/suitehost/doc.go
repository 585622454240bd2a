// Package suitehost measures the suites a package's tests register with
// mutproptest, in worker processes of the package's own test binary, and
// renders what they measured.
//
//   - find.go: Tests reads the package's test files for the tests (and
//     TestMain) that may register a suite.
//   - describe.go: Describe runs them in describe mode and reads the
//     suites they register.
//   - measure.go: Measure runs a suite's cells against its black-box
//     mutants and the white-box mutants its host gives, on propsuite.Run and
//     propsuite.Processes; the result per property and per mutant (result.go).
//   - render.go: Tables, the console tables, and JSONKey, the JSON
//     report's "mutpropSuites" key.
package suitehost
