// Package viamain is mutprop's example of a suite registered in TestMain
// (mutproptest.Main) rather than in a test: under go test the suite's
// properties run after the package's tests as TestMutpropSuite; under
// mutprop run the test binary serves the suite's trials before running any
// test.
//
// The environment variable VIAMAIN_BREAK makes the property "upper-bound"
// wrong, so that a test can check that go test then fails.
package viamain

// Max returns the larger of a and b.
func Max(a, b int) int {
	if a > b {
		return a
	}
	return b
}
