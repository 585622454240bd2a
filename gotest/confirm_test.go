package gotest

import (
	"testing"

	"github.com/mutprop/mutprop/internal/testjson"
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
