package testjson

import "strings"

// SubtestCut finds, in a stream as it comes, the framing line at which a
// mutant's run may end early: a top-level test one of whose subtests
// failed has failed for good, and once it goes on, nothing it does next
// can change the verdict. It goes on when the failed subtest's t.Run
// returns to it (test2json's "=== NAME" line for the test, which
// testing prints there; also at the test's own output) or when it starts
// another subtest. A table test that checks a hundred rows, or checks
// 100,000 random cases with t.Errorf after a failed row, then costs its
// first failed row. A test that fails with t.Error in a loop of its own
// and goes on is cut the same way, at the line FailedEvent that the
// switch of a batch build prints at a turn of that loop (mutate's Tick).
//
// The cut is a function of the stream's framing lines alone, so the
// watch that stops the process (package testwatch) and the Parser that
// reads its output find it at the same line, and the verdict is read
// from the stream up to there whether the process was stopped or had
// already ended. It is made only where nothing else runs beside the
// test:
//
//	| the test                                        | cut where it goes on              |
//	|-------------------------------------------------|-----------------------------------|
//	| sequential, its subtests sequential             | yes                               |
//	| failed, then turns a loop of its test files     | yes, at FailedEvent               |
//	| called t.Parallel (top-level tests run beside)  | no                                |
//	| has a parallel subtest that has not ended       | no                                |
//	| panicked in the failed subtest                  | no: the panic ends the process    |
//
// A panic prints the subtest's and the test's "--- FAIL" lines and the
// panic, and the process ends: no line of the test follows, so a crash's
// message is never cut off.
type SubtestCut struct {
	failed   map[string]bool // top-level tests with a failed subtest
	parallel map[string]bool // top-level tests that called t.Parallel
	pending  map[string]bool // parallel subtests that have not ended
}

// Frame reads one framing line (ReadFrame's event and name) and reports
// whether the stream is cut there, with the top-level test that failed.
// The cut line itself is not part of the verdict's stream.
func (c *SubtestCut) Frame(event, name string) (test string, cut bool) {
	if c.failed == nil {
		c.failed, c.parallel, c.pending = map[string]bool{}, map[string]bool{}, map[string]bool{}
	}
	top, _, sub := strings.Cut(name, "/")
	switch event {
	case "=== RUN ":
		if !sub {
			// A test's run again (-test.count) starts afresh.
			delete(c.failed, top)
			delete(c.parallel, top)
			return "", false
		}
		return top, c.goesOn(top)
	case "=== NAME ":
		return top, c.goesOn(top)
	case "=== PAUSE ":
		if sub {
			c.pending[name] = true
		} else {
			c.parallel[top] = true
		}
	case FailedEvent:
		// The switch saw the test failed, at a turn of a loop of its test
		// files: it goes on after its failure.
		c.failed[top] = true
		return top, c.goesOn(top)
	case "--- FAIL: ", "--- PASS: ", "--- SKIP: ":
		delete(c.pending, name)
		if sub && event == "--- FAIL: " {
			c.failed[top] = true
		}
	}
	return "", false
}

// goesOn reports whether top, which is going on, failed in a subtest
// with nothing running beside it.
func (c *SubtestCut) goesOn(top string) bool {
	if !c.failed[top] || c.parallel[top] {
		return false
	}
	prefix := top + "/"
	for name := range c.pending {
		if strings.HasPrefix(name, prefix) {
			return false
		}
	}
	return true
}
