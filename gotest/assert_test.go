package gotest_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

// TestAnAssertionFailureInALoopIsAKillAtOnce scores testdata/assertloop's
// variant, which fails every one of a million assertions of TestEvery:
// the run ends at the first failure block, a kill by TestEvery with that
// block's message. The test never ends once it failed, and its deadlines
// are a minute at least: a run that went on to its deadline would take
// far longer.
func TestAnAssertionFailureInALoopIsAKillAtOnce(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := testfix.Module(t, filepath.Join("testdata", "assertloop.txtar"))
	_, m, log := scoreNamed(t, dir, "named:wrong", proc.Timeouts{Factor: 1e5, Const: time.Minute})
	if m.Outcome != outcome.Killed || len(m.KilledBy) != 1 || m.KilledBy[0] != "TestEvery" {
		t.Fatalf("%s: %s by %v (%s), want killed by TestEvery\n%s", m.Mutant.ID, m.Outcome, m.KilledBy, m.Reason, log)
	}
	if m.Reason != "code_test.go:11: Not equal:" {
		t.Errorf("reason %q, want the first failure block's message", m.Reason)
	}
	if m.Duration > 30*time.Second {
		t.Errorf("the mutant took %v: it ran past the first failure", m.Duration)
	}
}

// TestAFailedSubtestIsAKillAtOnce scores testdata/subtestloop's variant,
// which fails every row of TestTable: the run ends where TestTable goes
// on to its second row, a kill by TestTable with the first row's message.
// The test never ends once it failed, and its deadlines are a minute at
// least: a run that went on to its deadline would take far longer, and
// would be a timeout.
func TestAFailedSubtestIsAKillAtOnce(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	dir := testfix.Module(t, filepath.Join("testdata", "subtestloop.txtar"))
	_, m, log := scoreNamed(t, dir, "named:wrong", proc.Timeouts{Factor: 1e5, Const: time.Minute})
	if m.Outcome != outcome.Killed || len(m.KilledBy) != 1 || m.KilledBy[0] != "TestTable" {
		t.Fatalf("%s: %s by %v (%s), want killed by TestTable\n%s", m.Mutant.ID, m.Outcome, m.KilledBy, m.Reason, log)
	}
	if m.Reason != "code_test.go:14: Code(1) = 87, want 84" {
		t.Errorf("reason %q, want the first failed row's message", m.Reason)
	}
	if m.Duration > 30*time.Second {
		t.Errorf("the mutant took %v: it ran past the first failure", m.Duration)
	}
}
