package testjson

import (
	"regexp"
	"strconv"
)

// ttfPatterns read tests-to-failure from the failure messages of the
// property-based testing libraries. Each count includes the failing test,
// as in QuickCheck: rapid and gopter print the tests that passed before it.
var ttfPatterns = []struct {
	lib    string
	re     *regexp.Regexp
	passed bool // the number counts the passing tests only
}{
	{"rapid", regexp.MustCompile(`\[rapid\] (?:failed|panic) after (\d+) tests`), true},
	{"mutprop", regexp.MustCompile(`\[mutprop\] (?:failed|panic) after (\d+) tests`), false}, // mutproptest.Run
	{"gopter", regexp.MustCompile(`Falsified after (\d+) passed tests`), true},
	{"gopter", regexp.MustCompile(`Error on property after (\d+) passed tests`), true},
	{"quick", regexp.MustCompile(`#(\d+): failed on input`), false},
}

// TestsToFailure extracts the number of generated tests up to and including
// the failing one from a failing test's output: rapid's "failed after N
// tests" (N+1), mutproptest's "[mutprop] failed after N tests" (N),
// gopter's "Falsified after N passed tests" (N+1) and testing/quick's
// "#N: failed on input" (N, CheckError.Count). It returns
// the library's name, or ok false when the output has no such message.
func TestsToFailure(output string) (n int, lib string, ok bool) {
	for _, p := range ttfPatterns {
		m := p.re.FindStringSubmatch(output)
		if m == nil {
			continue
		}
		v, err := strconv.Atoi(m[1])
		if err != nil {
			continue
		}
		if p.passed {
			v++
		}
		return v, p.lib, true
	}
	return 0, "", false
}

// rapidPassed reads rapid's line for a property that passed every case.
var rapidPassed = regexp.MustCompile(`\[rapid\] OK, passed (\d+) tests`)

// CasesPassed returns the number of generated cases a passing test ran,
// from rapid's "[rapid] OK, passed N tests" (the sum over its
// properties); ok is false when the output has no such line.
func CasesPassed(output string) (n int, ok bool) {
	for _, m := range rapidPassed.FindAllStringSubmatch(output, -1) {
		v, err := strconv.Atoi(m[1])
		if err != nil {
			return 0, false
		}
		n += v
		ok = true
	}
	return n, ok
}
