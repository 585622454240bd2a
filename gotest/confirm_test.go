package gotest

import (
	"testing"

	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

// TestTheRunsThatConfirmAKillFocusOnItsFirstFailedRow: a table test
// whose row "b" failed (its subtest "b/deep" with it) and whose row "c"
// failed later is narrowed to "b/deep", the first failure without a
// failed subtest; a test without a failed subtest, or no stream, runs
// whole.
func TestTheRunsThatConfirmAKillFocusOnItsFirstFailedRow(t *testing.T) {
	t.Parallel()
	const v = "\x16"
	st := testjson.Parse([]byte(v + "=== RUN   TestAll\n" +
		v + "=== RUN   TestAll/a\n" + v + "--- PASS: TestAll/a (0.00s)\n" +
		v + "=== RUN   TestAll/b\n" + v + "=== RUN   TestAll/b/deep\n" + v + "--- FAIL: TestAll/b/deep (0.00s)\n" + v + "--- FAIL: TestAll/b (0.00s)\n" +
		v + "=== RUN   TestAll/c\n" + v + "--- FAIL: TestAll/c (0.00s)\n" +
		v + "--- FAIL: TestAll (0.00s)\n" +
		v + "=== RUN   TestAllOther\n" + v + "--- FAIL: TestAllOther (0.00s)\n" + v + "FAIL\n"))
	for test, want := range map[string]string{"TestAll": "TestAll/b/deep", "TestAllOther": "", "TestNone": ""} {
		if got := firstFailedLeaf(st, test); got != want {
			t.Errorf("firstFailedLeaf(%s) = %q, want %q", test, got, want)
		}
	}
	if got := firstFailedLeaf(nil, "TestAll"); got != "" {
		t.Errorf("without a stream: %q, want none", got)
	}
}

// TestTheRunWithShrinkingTestsPassedIsTheCrashAfterThem: a run that
// TestShrink failed for want of rapid's shrinking, then that the memory
// cap ended in TestLoops, reads as TestLoops' crash once TestShrink
// passed its rerun: no run of all the tests again. A run that ended
// normally, or that ended in TestShrink, is made again.
func TestTheRunWithShrinkingTestsPassedIsTheCrashAfterThem(t *testing.T) {
	t.Parallel()
	const v = "\x16"
	shrink := v + "=== RUN   TestShrink\n    x_test.go:9: [rapid] failed after 3 tests: not minimal\n" + v + "--- FAIL: TestShrink (0.00s)\n"
	capped := proc.Result{End: proc.EndMemoryExceeded, PeakRSS: 5 << 30, Memory: proc.MemoryCap{Hard: 4 << 30}}
	st := testjson.Parse([]byte(shrink + v + "=== RUN   TestLoops\n"))
	if before := testjson.Classify(st, capped); before.Outcome != outcome.Killed {
		t.Fatalf("the first run reads as %s, want a kill by TestShrink", before.Outcome)
	}
	got, ok := withShrinkers(st, capped, []string{"TestShrink"})
	if !ok || got.Outcome != outcome.Crashed || got.Culprit != "TestLoops" || len(got.KilledBy) != 0 {
		t.Errorf("withShrinkers = %+v, %v: want TestLoops' crash at the memory cap", got, ok)
	}
	if st.Tests["TestShrink"].Status != testjson.StatusFail {
		t.Errorf("withShrinkers changed the first run's stream")
	}
	ended := testjson.Parse([]byte(shrink + v + "=== RUN   TestOther\n" + v + "--- PASS: TestOther (0.00s)\n" + v + "FAIL\n"))
	if _, ok := withShrinkers(ended, proc.Result{ExitCode: 1}, []string{"TestShrink"}); ok {
		t.Errorf("a run that ended normally stands for its rerun: its final FAIL may be TestMain's")
	}
	inShrink := testjson.Parse([]byte(v + "=== RUN   TestShrink\n"))
	if _, ok := withShrinkers(inShrink, capped, []string{"TestShrink"}); ok {
		t.Errorf("a run that ended in the shrinking test stands for its rerun")
	}
}
