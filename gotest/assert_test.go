package gotest_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

// TestAFailureThatEndsATestForGoodIsAKillAtOnce scores two fixtures whose
// variant fails a test for good, then the test goes on for ever:
// testdata/assertloop's TestEvery fails every one of a million testify
// assertions, testdata/subtestloop's TestTable fails every row of its
// table. The run ends at the first failure block, or where the test goes
// on after its first failed row, a kill by that test with its message.
// The tests never end once they failed, and their deadlines are a minute
// at least: a run that went on to its deadline would take far longer,
// and be a timeout.
func TestAFailureThatEndsATestForGoodIsAKillAtOnce(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	for _, c := range []struct {
		fixture, test, reason string
	}{
		{"assertloop.txtar", "TestEvery", "code_test.go:11: Not equal:"},
		{"subtestloop.txtar", "TestTable", "code_test.go:14: Code(1) = 87, want 84"},
	} {
		t.Run(c.fixture, func(t *testing.T) {
			t.Parallel()
			dir := testfix.Module(t, filepath.Join("testdata", c.fixture))
			_, m, log := scoreNamed(t, dir, "named:wrong", proc.Timeouts{Factor: 1e5, Const: time.Minute})
			if m.Outcome != outcome.Killed || len(m.KilledBy) != 1 || m.KilledBy[0] != c.test {
				t.Fatalf("%s: %s by %v (%s), want killed by %s\n%s", m.Mutant.ID, m.Outcome, m.KilledBy, m.Reason, c.test, log)
			}
			if m.Reason != c.reason {
				t.Errorf("reason %q, want the first failure's message %q", m.Reason, c.reason)
			}
			if m.Duration > 30*time.Second {
				t.Errorf("the mutant took %v: it ran past the first failure", m.Duration)
			}
		})
	}
}
