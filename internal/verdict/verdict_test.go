package verdict

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/internal/testorder"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

// stream parses a test binary's test2json framing, "^" standing for the
// framing byte.
func stream(s string) *testjson.Stream {
	return testjson.Parse([]byte(strings.ReplaceAll(s, "^", "\x16")))
}

// testifyBlock is a failed testify assertion as the test prints it.
const testifyBlock = "    x_test.go:12: \n        \tError Trace:\t/src/x_test.go:12\n        \tError:      \tNot equal: \n"

// TestAFailedTestDecidesTheVerdictWhateverEndsTheProcess: a run's
// verdict, read from its events (testjson.Classify) then with what its
// watch saw (Settle). A failure, a property's failure line or a testify
// block before the deadline or the crash makes a kill; otherwise the
// timeout is blamed on the test the watch stopped, with its evidence.
func TestAFailedTestDecidesTheVerdictWhateverEndsTheProcess(t *testing.T) {
	t.Parallel()
	timedOut := proc.Result{End: proc.EndTimedOut, Duration: time.Second}
	died := proc.Result{End: proc.EndExited, ExitCode: 2}
	loopWhy := "it used 120ms of CPU, more than 5 x the 4ms its tests use alone"
	for _, c := range []struct {
		name          string
		out           string
		res           proc.Result
		why, stopped  string
		want          outcome.Outcome
		killedBy      string // the first killer
		culprit       string
		ttf           int  // TestsToFailure of killedBy (the failing case's number); 0: none
		confirmed     bool // the watch's evidence explained the timeout, before a failure made it a kill
		needsPatience bool
	}{
		{"a failed test, then a loop the deadline ends", "^=== RUN   TestA\n    a_test.go:3: wrong\n^--- FAIL: TestA (0.00s)\n^=== RUN   TestB\n",
			timedOut, loopWhy, "TestB", outcome.Killed, "TestA", "", 0, false, false},
		{"a failed test, then a crash", "^=== RUN   TestA\n^--- FAIL: TestA (0.00s)\n^=== RUN   TestB\npanic: boom\n",
			died, "", "", outcome.Killed, "TestA", "", 0, false, false},
		{"a property failed, then shrinking looped past the deadline", "^=== RUN   TestP\n    p_test.go:9: [rapid] failed after 3 tests: bad\n",
			timedOut, loopWhy, "TestP", outcome.Killed, "TestP", "", 4, true, false},
		{"a property failed, then the process crashed", "^=== RUN   TestP\n    p_test.go:9: [rapid] failed after 7 tests: bad\nfatal error: stack overflow\n",
			died, "", "", outcome.Killed, "TestP", "", 8, false, false},
		{"a testify block, then the watch stopped the run", "^=== RUN   TestX\n" + testifyBlock,
			timedOut, "an assertion failed", "TestX", outcome.Killed, "TestX", "", 0, true, false},
		{"a loop the CPU shows: a timeout blamed on it, confirmed", "^=== RUN   TestA\n^--- PASS: TestA (0.00s)\n^=== RUN   TestB\n",
			timedOut, loopWhy, "TestB", outcome.Timeout, "", "TestB", 0, true, false},
		{"the watch blames the test its rule stopped, not the first running", "^=== RUN   TestA\n^=== PAUSE TestA\n^=== RUN   TestB\n",
			timedOut, "blocked: 1ms of CPU and 0s waiting for one", "TestB", outcome.Timeout, "", "TestB", 0, true, false},
		{"a timeout the watch did not explain: read again with patience", "^=== RUN   TestA\n",
			timedOut, "", "TestA", outcome.Timeout, "", "TestA", 0, false, true},
		{"a crash without a failure stays a crash", "^=== RUN   TestA\npanic: boom\n",
			died, "", "", outcome.Crashed, "", "TestA", 0, false, false},
		{"a deadlock the runtime saw: a timeout, as the deadline would find it", "^=== RUN   TestA\nfatal error: all goroutines are asleep - deadlock!\n",
			died, "", "", outcome.Timeout, "", "TestA", 0, true, false},
		{"a failed property, then a deadlock: the kill", "^=== RUN   TestP\n    p_test.go:9: [rapid] failed after 3 tests: bad\nfatal error: all goroutines are asleep - deadlock!\n",
			died, "", "", outcome.Killed, "TestP", "", 4, true, false},
		{"every test passed", "^=== RUN   TestA\n^--- PASS: TestA (0.00s)\n^PASS\n",
			proc.Result{End: proc.EndExited}, "", "", outcome.Survived, "", "", 0, false, false},
	} {
		st := stream(c.out)
		v, confirmed := Settle(testjson.Classify(st, c.res), st, c.why, c.stopped)
		if v.Outcome != c.want || confirmed != c.confirmed || NeedsPatience(v, confirmed) != c.needsPatience {
			t.Errorf("%s: %s (confirmed %v, patience %v; %q), want %s (confirmed %v, patience %v)",
				c.name, v.Outcome, confirmed, NeedsPatience(v, confirmed), v.Reason, c.want, c.confirmed, c.needsPatience)
			continue
		}
		if c.killedBy != "" && (len(v.KilledBy) == 0 || v.KilledBy[0] != c.killedBy) {
			t.Errorf("%s: killed by %v, want %s first", c.name, v.KilledBy, c.killedBy)
		}
		if c.ttf != 0 && v.TestsToFailure[c.killedBy] != c.ttf {
			t.Errorf("%s: tests to failure %v, want %s: %d", c.name, v.TestsToFailure, c.killedBy, c.ttf)
		}
		if v.Outcome == outcome.Timeout || v.Outcome == outcome.Crashed {
			if v.Culprit != c.culprit {
				t.Errorf("%s: blamed on %q, want %q", c.name, v.Culprit, c.culprit)
			}
		}
		if c.confirmed && c.why != "" && v.Outcome == outcome.Timeout && !strings.HasSuffix(v.Reason, ": "+c.why) {
			t.Errorf("%s: reason %q, want the watch's evidence %q at its end", c.name, v.Reason, c.why)
		}
	}
}

// TestSettleKeepsTheRunsNotesWhenAFailureTurnsItIntoAKill: processes
// killed outside the group are noted whatever the outcome.
func TestSettleKeepsTheRunsNotesWhenAFailureTurnsItIntoAKill(t *testing.T) {
	t.Parallel()
	st := stream("^=== RUN   TestP\n    p_test.go:9: [rapid] failed after 2 tests: bad\n")
	v, _ := Settle(testjson.Verdict{Outcome: outcome.Timeout, Notes: []string{"killed a process"}}, st, "", "TestP")
	if v.Outcome != outcome.Killed || !slices.Equal(v.Notes, []string{"killed a process"}) {
		t.Errorf("verdict %+v, want a kill with the timeout's note", v)
	}
}

// behaviour is what each test does against a simulated mutant: "pass",
// "fail", "loop" (a timeout) or "crash".
type behaviour map[string]string

// run simulates a failfast run of tests against the mutant, in order.
func (b behaviour) run(tests []string) testjson.Verdict {
	var v testjson.Verdict
	for _, name := range tests {
		switch b[name] {
		case "pass":
			v.Passed = append(v.Passed, name)
		case "fail":
			v.Outcome, v.KilledBy = outcome.Killed, []string{name}
			return v
		case "loop":
			v.Outcome, v.Culprit = outcome.Timeout, name
			return v
		case "crash":
			v.Outcome, v.Culprit = outcome.Crashed, name
			return v
		default:
			panic("unknown test " + name)
		}
	}
	v.Outcome = outcome.Survived
	return v
}

// search drives a Search over stages as gotest's runMutant does: it
// returns the mutant's outcome, the test it is blamed on or killed by, and
// the runs, each as its tests.
func search(b behaviour, stages [][]string) (outcome.Outcome, string, []string) {
	var s Search
	var runs []string
	for i := 0; i < len(stages); i++ {
		runs = append(runs, strings.Join(stages[i], ","))
		v := b.run(stages[i])
		step := s.Next(stages[i], v)
		switch step.Action {
		case Stop:
			f, _ := s.Final()
			return f.Outcome, f.Culprit, runs
		case RunRest:
			if len(step.Rest) > 0 {
				stages = slices.Insert(stages, i+1, step.Rest)
			}
			continue
		case Decide:
			return v.Outcome, v.KilledBy[0], runs
		}
	}
	f, _ := s.Final()
	return f.Outcome, f.Culprit, runs
}

// TestAfterATimeoutOrCrashTheTestsNotReachedRunUntilASecond: a failure
// among the tests a timeout or a crash cut off decides the verdict; a
// second timeout or crash ends the search, and the first stands.
func TestAfterATimeoutOrCrashTheTestsNotReachedRunUntilASecond(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name    string
		b       behaviour
		stages  [][]string
		want    outcome.Outcome
		by      string // the killer, or the test the timeout or crash is blamed on
		runsAre string // the runs, ";" between them
	}{
		{"a loop, then a failure in the same process", behaviour{"A": "loop", "B": "fail"}, [][]string{{"A", "B"}},
			outcome.Killed, "B", "A,B;B"},
		{"a crash, then a pass and a failure", behaviour{"A": "crash", "B": "pass", "C": "fail"}, [][]string{{"A", "B", "C"}},
			outcome.Killed, "C", "A,B,C;B,C"},
		{"what passed before the loop does not run again", behaviour{"A": "pass", "B": "loop", "C": "fail"}, [][]string{{"A", "B", "C"}},
			outcome.Killed, "C", "A,B,C;C"},
		{"a loop alone, then a later stage fails", behaviour{"A": "loop", "B": "pass", "C": "fail"}, [][]string{{"A"}, {"B", "C"}},
			outcome.Killed, "C", "A;B,C"},
		{"two loops before the failure: the first timeout stands", behaviour{"A": "loop", "B": "loop", "C": "fail"}, [][]string{{"A", "B", "C"}},
			outcome.Timeout, "A", "A,B,C;B,C"},
		{"a loop, then a crash: the timeout stands", behaviour{"A": "loop", "B": "crash", "C": "fail"}, [][]string{{"A"}, {"B"}, {"C"}},
			outcome.Timeout, "A", "A;B"},
		{"a loop, the others pass: a timeout", behaviour{"A": "loop", "B": "pass"}, [][]string{{"A"}, {"B"}},
			outcome.Timeout, "A", "A;B"},
		{"a first failure ends the search at once", behaviour{"A": "fail", "B": "loop"}, [][]string{{"A"}, {"B"}},
			outcome.Killed, "A", "A"},
		{"every test passes", behaviour{"A": "pass", "B": "pass"}, [][]string{{"A"}, {"B"}},
			outcome.Survived, "", "A;B"},
	} {
		got, by, runs := search(c.b, c.stages)
		if got != c.want || by != c.by || strings.Join(runs, ";") != c.runsAre {
			t.Errorf("%s: %s by %q after runs %q, want %s by %q after %q", c.name, got, by, strings.Join(runs, ";"), c.want, c.by, c.runsAre)
		}
	}
}

// TestAKillThatDidNotHoldRunsTheTestsItDidNotReach: the killers and what
// passed are left out.
func TestAKillThatDidNotHoldRunsTheTestsItDidNotReach(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		tests, passed, killers, want []string
	}{
		{[]string{"A", "B", "C"}, []string{"A"}, []string{"B"}, []string{"C"}},
		{[]string{"A", "B", "C"}, nil, []string{"A"}, []string{"B", "C"}},
		{[]string{"A", "B"}, []string{"A"}, []string{"B"}, nil},
	} {
		step := Unheld(c.tests, c.passed, c.killers)
		if step.Action != RunRest || !slices.Equal(step.Rest, c.want) {
			t.Errorf("Unheld(%v, passed %v, killers %v) = %+v, want the rest %v", c.tests, c.passed, c.killers, step, c.want)
		}
	}
}

// TestAQuickTimeoutRunsAgainAloneOnlyWhenNothingElseRanAway: a timeout
// whose loop showed on under ConfirmBelow of CPU runs its test again
// alone, when no second test ran away; that run decides if it passes or
// fails.
func TestAQuickTimeoutRunsAgainAloneOnlyWhenNothingElseRanAway(t *testing.T) {
	t.Parallel()
	timeout := func(culprit string) *testjson.Verdict {
		return &testjson.Verdict{Outcome: outcome.Timeout, Culprit: culprit}
	}
	for _, c := range []struct {
		name  string
		s     Search
		need  time.Duration
		alone bool
	}{
		{"a loop shown on 50 ms of CPU", Search{First: timeout("TestA")}, 50 * time.Millisecond, true},
		{"a loop shown on ConfirmBelow of CPU", Search{First: timeout("TestA")}, ConfirmBelow, false},
		{"a loop shown on 2 s of CPU", Search{First: timeout("TestA")}, 2 * time.Second, false},
		{"a second test ran away too", Search{First: timeout("TestA"), Second: true}, 50 * time.Millisecond, false},
		{"a crash, not a timeout", Search{First: &testjson.Verdict{Outcome: outcome.Crashed, Culprit: "TestA"}}, 50 * time.Millisecond, false},
		{"a timeout outside the tests", Search{First: timeout("")}, 50 * time.Millisecond, false},
		{"no timeout", Search{}, 50 * time.Millisecond, false},
	} {
		asked := ""
		test, ok := c.s.RerunAlone(func(test string) time.Duration { asked = test; return c.need })
		if ok != c.alone || (ok && (test != "TestA" || asked != "TestA")) {
			t.Errorf("%s: RerunAlone = %q, %v (asked for %q), want %v", c.name, test, ok, asked, c.alone)
		}
	}
	for o, decides := range map[outcome.Outcome]bool{outcome.Survived: true, outcome.Killed: true, outcome.Timeout: false, outcome.Crashed: false} {
		if got := AloneDecides(testjson.Verdict{Outcome: o}); got != decides {
			t.Errorf("AloneDecides(%s) = %v, want %v", o, got, decides)
		}
	}
}

// TestTheOrderOfTestsComesFromTheirCPUAlone: a test's speed is the CPU it
// used alone, so a load that stretches its wall time across a class's
// bound does not move it to another stage (testorder.Class).
func TestTheOrderOfTestsComesFromTheirCPUAlone(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name             string
		cpu, quiet, busy time.Duration // CPU alone, wall time on a quiet and on a busy machine
		want             time.Duration
	}{
		{"measured: its CPU", 40 * time.Millisecond, 45 * time.Millisecond, 300 * time.Millisecond, 40 * time.Millisecond},
		{"unmeasured: its wall time", 0, 45 * time.Millisecond, 45 * time.Millisecond, 45 * time.Millisecond},
	} {
		quiet, busy := Speed(c.cpu, c.quiet), Speed(c.cpu, c.busy)
		if quiet != c.want || busy != c.want {
			t.Errorf("%s: speed %v quiet and %v busy, want %v", c.name, quiet, busy, c.want)
		}
		if testorder.Class(quiet) != testorder.Class(busy) {
			t.Errorf("%s: the load moved the test from class %d to %d", c.name, testorder.Class(quiet), testorder.Class(busy))
		}
	}
	// The wall time would have: the busy run crosses the 100 ms bound.
	if testorder.Class(45*time.Millisecond) == testorder.Class(300*time.Millisecond) {
		t.Fatal("the table's busy wall time does not cross a class bound: it tests nothing")
	}
}
