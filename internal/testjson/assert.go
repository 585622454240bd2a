package testjson

import (
	"regexp"
	"strings"
)

// testify's assertions report a failure with t.Errorf of a labelled block:
//
//	file_test.go:12:
//	    	Error Trace:	/path/file_test.go:12
//	    	Error:      	Not equal:
//	    	            	expected: 1
//
// A t.Errorf marks the test failed for good, so the block is the test's
// verdict before the test ends: a test that goes on failing at every
// input (an assertion in a loop over a million cases) need not run to its
// end, nor to its deadline, to count as a kill.
var (
	assertTrace = regexp.MustCompile(`^\s*Error Trace:\t`)
	assertError = regexp.MustCompile(`^\s*Error:\s*\t(.*)$`)
)

// AssertScan follows a test binary's output line by line for the first
// failure block of testify's assertions.
type AssertScan struct {
	at     string // the last "file_test.go:12:" line
	traced bool   // an "Error Trace:" line came after it
	done   bool
}

// Line reads one line (without its newline); it reports true at the
// block's "Error:" line, once: the block is then complete enough to name
// the failure (AssertFailure).
func (a *AssertScan) Line(line string) bool {
	if a.done {
		return false
	}
	switch {
	case strings.Contains(line, "Error Trace:\t") && assertTrace.MatchString(line):
		a.traced = true
	case a.traced && assertError.MatchString(line):
		a.done = true
		return true
	case isMessageLine(line):
		a.at, a.traced = strings.TrimSpace(line), false
	}
	return false
}

// AssertFailure returns the first failure block of testify's assertions
// in out as a reason, "file_test.go:12: Not equal:", bounded.
func AssertFailure(out string) (string, bool) {
	var a AssertScan
	for line := range strings.Lines(out) {
		line = strings.TrimRight(line, "\r\n")
		if a.Line(line) {
			msg := strings.TrimSpace(assertError.FindStringSubmatch(line)[1])
			return bound(strings.TrimSpace(a.at + " " + msg)), true
		}
	}
	return "", false
}
