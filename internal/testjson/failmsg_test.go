package testjson

import (
	"strings"
	"testing"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

func TestFailureMessageRanksPanicsMarkersMessagesThenPrintedLines(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", 300)
	for _, tc := range []struct{ name, out, want string }{
		{"a printed line before the message", "=== RUN   TestA\nprogress: 1\n    a_test.go:3: boom\n--- FAIL: TestA (0.00s)\n", "a_test.go:3: boom"},
		{"the last message before --- FAIL", "    a_test.go:3: checking\n    a_test.go:4: got 1\n        want 2\n--- FAIL: TestA (0.00s)\n    a_test.go:9: cleanup\n", "a_test.go:4: got 1"},
		{"a panic after --- FAIL", "    a_test.go:3: checking\n--- FAIL: TestA (0.00s)\npanic: boom [recovered]\ngoroutine 7 [running]:\n", "panic: boom"},
		{"gopter's printed marker", "progress\n! Max: Falsified after 3 passed tests.\n    a_test.go:3: failed with initial seed: 1\n", "! Max: Falsified after 3 passed tests."},
		{"quick's marker in a message", "    a_test.go:3: starting\n    a_test.go:5: #4: failed on input 7\n    a_test.go:6: done\n", "a_test.go:5: #4: failed on input 7"},
		{"printed lines only", "=== RUN   TestA\nfirst\nsecond\n--- FAIL: TestA (0.00s)\n", "first"},
		{"an example's output", "=== RUN   ExampleA\n--- FAIL: ExampleA (0.00s)\ngot:\n1\nwant:\n2\n", "got:"},
		{"dropped output is no message", "[mutprop: 100 bytes of output dropped here]\n--- FAIL: TestA (0.00s)\n", ""},
		{"a long line is bounded at a rune", "    a_test.go:3: " + long + "\n", ("a_test.go:3: " + long)[:199] + "..."},
		{"nothing", "=== RUN   TestA\n--- FAIL: TestA (0.00s)\n", ""},
	} {
		if got, _ := failureMessage(tc.out); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestAKilledTestsOwnPrintedLineGivesWayToItsSubtestsMessage: a test that
// prints and logs (rapid's TestCollectionsWithImpossibleMinSize logs its
// seed), then runs a failing subtest, is explained by the subtest's
// message; of several failing subtests, the first to start.
func TestAKilledTestsOwnPrintedLineGivesWayToItsSubtestsMessage(t *testing.T) {
	t.Parallel()
	out := frame(`=== RUN   TestT
progress: starting
    t_test.go:2: random seed 2
=== RUN   TestT/z
    t_test.go:5: z failed
--- FAIL: TestT/z (0.00s)
=== RUN   TestT/a
    t_test.go:5: a failed
--- FAIL: TestT/a (0.00s)
=== NAME  TestT
--- FAIL: TestT (0.00s)
FAIL
`)
	v := Classify(Parse(out), proc.Result{ExitCode: 1})
	if v.Outcome != outcome.Killed || v.Reason != "t_test.go:5: z failed" {
		t.Errorf("verdict %+v, want killed with the first failing subtest's message", v)
	}
}

func TestATimeoutAfterAPropertyFailedIsAKillWithItsCount(t *testing.T) {
	t.Parallel()
	out := "\x16=== RUN   TestProp\n    prop_test.go:9: [rapid] failed after 7 tests: boom\n    more\n"
	v, ok := FailedProperty(Parse([]byte(out)))
	if !ok || v.Outcome != outcome.Killed || len(v.KilledBy) != 1 || v.KilledBy[0] != "TestProp" || v.TestsToFailure["TestProp"] != 8 {
		t.Fatalf("got %+v, %v: want killed by TestProp after 8 tests", v, ok)
	}
	if !strings.HasPrefix(v.Reason, "[rapid] failed after 7 tests") {
		t.Errorf("reason %q", v.Reason)
	}
	if _, ok := FailedProperty(Parse([]byte("\x16=== RUN   TestProp\nlooping\n"))); ok {
		t.Error("a run with no failure message is no kill")
	}
}
