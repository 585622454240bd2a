package gotest_test

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/gotest"
	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

// TestALoopInAQuickTestEndsOnItsOwnDeadlineNotTheProcesss scores
// testdata/looptime.txtar's variant, which loops in TestLoop (10 ms) in one
// process with TestSlow (2 s, after it in the file): a deadline for the
// whole process would be the factor x their 2 s; TestLoop's own is the
// factor x 10 ms + the constant, and the run ends there, a timeout of
// TestLoop.
func TestALoopInAQuickTestEndsOnItsOwnDeadlineNotTheProcesss(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	pr, m, log := scoreNamed(t, copyTestdata(t, "looptime"), "named:loop", proc.Timeouts{})
	if m.Outcome != outcome.Timeout {
		t.Fatalf("%s: %s (%s), want a timeout\n%s", m.Mutant.ID, m.Outcome, m.Reason, log)
	}
	if !strings.Contains(m.Reason, "(running TestLoop)") {
		t.Errorf("reason %q does not name TestLoop", m.Reason)
	}
	var slow time.Duration
	for _, ti := range pr.Tests {
		if ti.Name == "TestSlow" {
			slow = ti.Baseline
		}
	}
	if slow < time.Second {
		t.Fatalf("TestSlow's baseline %v: the fixture wants a slow test beside the loop", slow)
	}
	// TestLoop's deadline is 5 x 10 ms + 250 ms; a starved run goes on
	// to at most 4 x that (1.2 s) by its CPU time. The process's would be
	// 5 x (2 s + 10 ms) + 250 ms at least: 10 s. The bound, 4 x TestSlow's
	// baseline, leaves a loaded machine room below the process's.
	if m.Duration >= 4*slow {
		t.Errorf("the loop's mutant took %v: the slow test's budget (5 x %v), not its own", m.Duration, slow)
	}
}

// TestAFailureAfterALoopDecidesTheVerdict scores testdata/loopthenfail's
// variants: TestLoop loops (or ends the process) and stops, then
// TestWrong, which the stopped run never reached, runs and fails. The
// mutant is killed by TestWrong: which test meets a mutant first follows
// the tests' speed classes, and a failure must not hide behind a timeout
// or a crash.
func TestAFailureAfterALoopDecidesTheVerdict(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	for _, id := range []string{"named:loopfail", "named:exitfail"} {
		_, m, log := scoreNamed(t, testfix.Module(t, filepath.Join("testdata", "loopthenfail.txtar")), id, proc.Timeouts{})
		if m.Outcome != outcome.Killed || len(m.KilledBy) != 1 || m.KilledBy[0] != "TestWrong" {
			t.Errorf("%s: %s by %v (%s), want killed by TestWrong\n%s", m.Mutant.ID, m.Outcome, m.KilledBy, m.Reason, log)
		}
		if !strings.HasSuffix(m.Reason, "Next(5) = 0, want 6") {
			t.Errorf("%s: reason %q, want TestWrong's failure", id, m.Reason)
		}
	}
}

// TestARunawayIsALoopByItsCPUTime scores testdata/runaway's variants: a
// recursion without end and an allocation without end in a quick test.
// Each is stopped by its CPU time past 5 x its test's CPU alone, as a
// loop that allocates nothing is: a timeout named by that rule, never a
// crash on Go's stack limit or the memory cap, which it would meet
// later, after a time that depends on the machine.
func TestARunawayIsALoopByItsCPUTime(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	for _, id := range []string{"named:recurse", "named:hoard"} {
		_, m, log := scoreNamed(t, testfix.Module(t, filepath.Join("testdata", "runaway.txtar")), id, proc.Timeouts{})
		if m.Outcome != outcome.Timeout {
			t.Errorf("%s: %s (%s), want a timeout\n%s", id, m.Outcome, m.Reason, log)
			continue
		}
		if !strings.Contains(m.Reason, "(running TestDepth): it used ") || !strings.Contains(m.Reason, fmt.Sprintf(" of CPU, more than %g x the ", proc.DefaultTimeouts.Factor)) {
			t.Errorf("%s: reason %q, want TestDepth stopped by its CPU time", id, m.Reason)
		}
	}
}

// scoreNamed scores the named mutant id of the module in dir, alone, with
// the deadlines to, and returns its package's result, the mutant's, and
// the run's log.
func scoreNamed(t *testing.T, dir, id string, to proc.Timeouts) (*gotest.PackageResult, gotest.MutantResult, string) {
	t.Helper()
	var log bytes.Buffer
	cfg := gotest.Config{
		Dir: dir, Patterns: []string{"."}, Workers: 2, Seed: 1, Timeouts: to,
		TempDir: t.TempDir(), NoFloor: true, Log: &log,
		Plan: keepPlan(func(m mutate.Mutant) bool { return m.ID == id }),
	}
	res, err := gotest.Score(context.Background(), cfg)
	if err != nil {
		t.Fatalf("score: %v\n%s", err, log.String())
	}
	pr := res.Packages[0]
	if len(pr.Mutants) != 1 {
		t.Fatalf("mutants %+v: want %s only", pr.Mutants, id)
	}
	m := pr.Mutants[0]
	t.Logf("%s %s in %v: %s", m.Outcome, m.Mutant.ID, m.Duration, m.Reason)
	return pr, m, log.String()
}

// TestAQuickLoopThatDoesNotRecurAloneIsNoTimeout scores testdata/warm's
// variant: TestTiny computes past the CPU that shows a loop only after
// TestFirst ran in its process. Stopped there on less than
// verdict.ConfirmBelow of CPU, with no other test run away, it runs
// again alone and passes: the variant survives, with a note.
func TestAQuickLoopThatDoesNotRecurAloneIsNoTimeout(t *testing.T) {
	testfix.EndToEnd(t)
	t.Parallel()
	_, m, log := scoreNamed(t, testfix.Module(t, filepath.Join("testdata", "warm.txtar")), "named:shift", proc.Timeouts{})
	if m.Outcome != outcome.Survived {
		t.Fatalf("%s: %s (%s), want survived\n%s", m.Mutant.ID, m.Outcome, m.Reason, log)
	}
	if !strings.Contains(m.Reason, "(running TestTiny)") || !strings.HasSuffix(m.Reason, "then TestTiny passed alone") {
		t.Errorf("reason %q, want TestTiny's stop and its pass alone", m.Reason)
	}
}
