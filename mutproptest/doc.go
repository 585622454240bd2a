// Package mutproptest registers mutprop suites (properties, generators and
// black-box mutants, as a propsuite.Suite) in a Go package's own tests, the
// way net/http/httptest and testing/fstest serve tests:
//
//	func TestInsertSuite(t *testing.T) { mutproptest.Run(t, suite) }
//	// or
//	func TestMain(m *testing.M) { mutproptest.Main(m, suite) }
//
// The test binary then plays three parts, chosen by its environment:
//
//   - Under plain go test, the suite's properties run on the original code
//     as ordinary tests (one subtest per property, -mutprop.tests tests
//     each, seeded by -mutprop.seed), and the test fails when a property
//     fails, panics or gives up. With Main, they run after the package's
//     tests as the test TestMutpropSuite.
//   - Under mutprop run, the test binary, built once over the package's
//     schemata, is re-executed as a worker (as go test -fuzz re-executes
//     its test binary): with propsuite.SuiteWorkerEnv naming the suite, Run
//     (or Main) serves trial requests with propsuite.Serve on standard input
//     and output instead of testing. On Linux standard output is moved to
//     standard error first, so that what the code under test prints cannot
//     corrupt the protocol (elsewhere it can). A worker process serves one
//     schemata mutant (MUTPROP_ACTIVE): the white-box mutants of the
//     package are measured by running the suite's test of the original in
//     that process (propsuite.HostedTest), the black-box mutants by the suite
//     itself.
//   - With propsuite.SuiteDescribeEnv set, the binary only describes its
//     suites (propsuite.SuiteInfo), which is how mutprop run learns their
//     mutants, properties, generators and protocol.
//
// mutprop run finds the tests that register suites by reading the
// package's test files: call Run from a top-level test, directly or
// through a helper function of the same test package.
//
// Func builds a suite for the black-box properties of one function, with
// every-point black-box mutants (package blackbox).
package mutproptest
