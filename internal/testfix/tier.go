package testfix

import "testing"

// EndToEndSkip is the message of a test that EndToEnd skips.
const EndToEndSkip = "end to end: builds and runs test binaries, or runs mutprop, a scenario or a browser; runs without -short"

// EndToEnd marks t as a test of the long tier and skips it under
// go test -short. The long tier holds the tests that build and run test
// binaries of fixture modules, run mutprop, reproduce a scenario or
// render in a browser: seconds to minutes each on 2 cores. Every other
// test stays in the fast loop, go test -short ./..., unless Slow says
// why it takes seconds.
func EndToEnd(t testing.TB) {
	t.Helper()
	long(t, EndToEndSkip)
}

// Slow marks t as a test of the long tier that runs in its own process
// but takes seconds on 2 cores, for the reason why, and skips it under
// go test -short.
func Slow(t testing.TB, why string) {
	t.Helper()
	long(t, "slow: "+why+"; runs without -short")
}

// long is the one place the tier's rule is written: a test of the long
// tier skips under -short.
func long(t testing.TB, msg string) {
	t.Helper()
	if testing.Short() {
		t.Skip(msg)
	}
}
