package testjson

import (
	"testing"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

// testifyBlock is what testify's assert.Equal prints through t.Errorf.
const testifyBlock = "    x_test.go:12: \n" +
	"        \tError Trace:\t/src/x_test.go:12\n" +
	"        \tError:      \tNot equal: \n" +
	"        \t            \texpected: 1\n" +
	"        \t            \tactual  : 2\n" +
	"        \tTest:       \tTestX\n"

func TestAssertFailureReadsTheFirstTestifyBlock(t *testing.T) {
	t.Parallel()
	second := "    x_test.go:30: \n        \tError Trace:\t/src/x_test.go:30\n        \tError:      \tShould be true\n"
	for _, c := range []struct {
		out, want string
		ok        bool
	}{
		{testifyBlock + second, "x_test.go:12: Not equal:", true},
		{second, "x_test.go:30: Should be true", true},
		// An "Error:" line without the trace before it is not testify's.
		{"    x_test.go:3: \n        \tError:      \tboom\n", "", false},
		{"    x_test.go:3: plain failure\n", "", false},
	} {
		got, ok := AssertFailure(c.out)
		if got != c.want || ok != c.ok {
			t.Errorf("AssertFailure(%q) = %q, %v; want %q, %v", c.out, got, ok, c.want, c.ok)
		}
	}
}

// TestAFailedAssertionIsTheKillsReason: a test that failed at several
// assertions is named by the first, whether it ran to its end or was
// stopped after the first (a timeout then counts as the kill).
func TestAFailedAssertionIsTheKillsReason(t *testing.T) {
	t.Parallel()
	ended := frame("=== RUN   TestX\n" + testifyBlock + "    x_test.go:30: later\n--- FAIL: TestX (0.00s)\nFAIL\n")
	v := Classify(Parse(ended), proc.Result{ExitCode: 1})
	if v.Outcome != outcome.Killed || v.Reason != "x_test.go:12: Not equal:" {
		t.Errorf("ended: %+v, want killed with the first block's message", v)
	}
	stopped := frame("=== RUN   TestX\n" + testifyBlock)
	if v := Classify(Parse(stopped), proc.Result{End: proc.EndTimedOut}); v.Outcome != outcome.Timeout {
		t.Fatalf("stopped: %+v, want a timeout before FailedProperty", v)
	}
	k, ok := FailedProperty(Parse(stopped))
	if !ok || k.Outcome != outcome.Killed || len(k.KilledBy) != 1 || k.KilledBy[0] != "TestX" || k.Reason != "x_test.go:12: Not equal:" {
		t.Errorf("stopped: FailedProperty = %+v, %v; want killed by TestX with the first block's message", k, ok)
	}
}
