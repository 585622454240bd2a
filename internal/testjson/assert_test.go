package testjson

import (
	"math/rand/v2"
	"regexp"
	"strings"
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

// messageLine is what isMessageLine reads by hand.
var messageLine = regexp.MustCompile(`^ +[^ :]+\.go:\d+:( |$)`)

// TestAMessageLineIsWhatItsExpressionMatches compares isMessageLine with
// messageLine, and AssertScan's look for a trace line with assertTrace,
// on lines that match, lines that nearly do, and 100,000 random lines
// over the bytes that matter.
func TestAMessageLineIsWhatItsExpressionMatches(t *testing.T) {
	lines := []string{
		"    x_test.go:12: got 1, want 2", "    x_test.go:12:", "    x_test.go:12:x", " a.go:1: ", "x_test.go:12: no indent",
		"\tx_test.go:12: a tab", "    x_test.go: no line", "    a b.go:1: a space", "    [rapid] draw xs: []int{1}",
		"    insert_test.go:216: [rapid] failed after 0 tests: Insert(1, [])", "", " ", "    .go:1: ", "    x.go:12:34: column",
		"    é.go:1: ", "    \xff.go:1: ", "    x.go:1:\t", "    x.go:1", "    x.go::", "    x.go:1: :",
		"        \tError Trace:\t/src/x_test.go:12", "Error Trace:\tx", "  Error Trace: no tab", "\tError Trace:\t",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	// Each slot of a message line's shape, filled with what fits or
	// with what nearly does.
	slots := [][]string{
		{" ", "    ", "", "\t", "x "},
		{"x", "x_test", "", "a b", "é", "\xff", "a:b"},
		{".go", ".g", "go", "", ".go.go"},
		{":", "", " ", "::"},
		{"1", "12", "", "x", "1 "},
		{":", "", ";", ":1:"},
		{" ", "", "x", "\t", " got 1", "Error Trace:\t"},
	}
	for range 100000 {
		var b strings.Builder
		for _, slot := range slots {
			b.WriteString(slot[rng.IntN(len(slot))])
		}
		lines = append(lines, b.String())
	}
	matched := 0
	for _, l := range lines {
		got, want := isMessageLine(l), messageLine.MatchString(l)
		if got != want {
			t.Errorf("isMessageLine(%q) = %v, messageLine says %v", l, got, want)
		}
		if want {
			matched++
		}
		var a AssertScan
		a.Line(l)
		if want := assertTrace.MatchString(l); a.traced != want {
			t.Errorf("AssertScan.Line(%q): traced %v, assertTrace says %v", l, a.traced, want)
		}
	}
	if matched < 100 {
		t.Errorf("only %d of %d lines are message lines: the test tells little", matched, len(lines))
	}
}
