// Package failmsg is the fixture of a killed mutant's reason: each
// function is checked by one test, and each test fails its own way (after
// progress lines, after 50 MB of output, in a subtest, after a log, by a
// panic, by a rapid property).
package failmsg

// Neg is checked by TestProgress.
func Neg(x int) int { return -x }

// Half is checked by TestHuge.
func Half(x int) int { return x / 2 }

// Twice is checked by TestSub.
func Twice(x int) int { return x * 2 }

// Inc is checked by TestLogThenFail.
func Inc(x int) int { return x + 1 }

// Sign is checked by TestPanic.
func Sign(x int) int {
	if x < 0 {
		return -1
	}
	return 1
}

// Max is checked by TestRapid.
func Max(a, b int) int {
	if a > b {
		return a
	}
	return b
}
