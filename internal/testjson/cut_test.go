package testjson

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

// TestAStreamIsCutWhereAFailedSubtestsTestGoesOn is SubtestCut's rule as a
// table: a sequential test whose subtest failed is cut at its next
// subtest or its own output; not a parallel test, not while one of its
// parallel subtests runs, not a panic, and not a test run again.
func TestAStreamIsCutWhereAFailedSubtestsTestGoesOn(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		stream string
		cut    string // the line the stream is cut at ("" none)
		test   string
	}{
		{"the next row of a table", "=== RUN   TestT\n=== RUN   TestT/1\n--- FAIL: TestT/1 (0.00s)\n=== RUN   TestT/2\n", "=== RUN   TestT/2", "TestT"},
		{"the test's own output after its rows", "=== RUN   TestT\n=== RUN   TestT/1\n--- FAIL: TestT/1 (0.00s)\n=== NAME  TestT\n", "=== NAME  TestT", "TestT"},
		{"a nested row", "=== RUN   TestT\n=== RUN   TestT/a\n=== RUN   TestT/a/1\n--- FAIL: TestT/a/1 (0.00s)\n=== RUN   TestT/a/2\n", "=== RUN   TestT/a/2", "TestT"},
		{"rows that pass", "=== RUN   TestT\n=== RUN   TestT/1\n--- PASS: TestT/1 (0.00s)\n=== RUN   TestT/2\n=== NAME  TestT\n", "", ""},
		{"the test ends after the row", "=== RUN   TestT\n=== RUN   TestT/1\n--- FAIL: TestT/1 (0.00s)\n--- FAIL: TestT (0.00s)\n=== RUN   TestU\n=== RUN   TestU/1\n", "", ""},
		{"a panic in the row", "=== RUN   TestT\n=== RUN   TestT/1\n--- FAIL: TestT/1 (0.00s)\n--- FAIL: TestT (0.00s)\n", "", ""},
		{"a parallel test", "=== RUN   TestT\n=== PAUSE TestT\n=== CONT  TestT\n=== RUN   TestT/1\n--- FAIL: TestT/1 (0.00s)\n=== RUN   TestT/2\n", "", ""},
		{"a parallel row still running", "=== RUN   TestT\n=== RUN   TestT/1\n=== PAUSE TestT/1\n=== RUN   TestT/2\n=== PAUSE TestT/2\n=== CONT  TestT/1\n--- FAIL: TestT/1 (0.00s)\n=== NAME  TestT/2\n", "", ""},
		{"the parallel rows ended", "=== RUN   TestT\n=== RUN   TestT/1\n=== PAUSE TestT/1\n=== CONT  TestT/1\n--- FAIL: TestT/1 (0.00s)\n=== NAME  TestT\n", "=== NAME  TestT", "TestT"},
		{"another test's row", "=== RUN   TestT\n=== RUN   TestT/1\n--- FAIL: TestT/1 (0.00s)\n--- FAIL: TestT (0.00s)\n=== RUN   TestU\n=== NAME  TestU\n", "", ""},
		{"the test run again (-test.count)", "=== RUN   TestT\n=== RUN   TestT/1\n--- FAIL: TestT/1 (0.00s)\n--- FAIL: TestT (0.00s)\n=== RUN   TestT\n=== RUN   TestT/1\n", "", ""},
		{"the switch saw the test failed", "=== RUN   TestT\n" + FailedEvent + "TestT\n", FailedEvent + "TestT", "TestT"},
		{"the switch saw it in a row", "=== RUN   TestT\n=== RUN   TestT/1\n" + FailedEvent + "TestT\n", FailedEvent + "TestT", "TestT"},
		{"the switch saw a parallel test failed", "=== RUN   TestT\n=== PAUSE TestT\n=== CONT  TestT\n" + FailedEvent + "TestT\n", "", ""},
		{"the switch saw it beside a parallel row", "=== RUN   TestT\n=== RUN   TestT/1\n=== PAUSE TestT/1\n" + FailedEvent + "TestT\n", "", ""},
	} {
		var cut SubtestCut
		line, test := "", ""
		for l := range strings.Lines(c.stream) {
			event, name, ok := readFrame(l)
			if !ok {
				t.Fatalf("%s: %q is no framing line", c.name, l)
			}
			if got, ok := cut.Frame(event, name); ok {
				line, test = strings.TrimRight(l, "\n"), got
				break
			}
		}
		if line != c.cut || test != c.test {
			t.Errorf("%s: cut at %q (%q), want %q (%q)", c.name, line, test, c.cut, c.test)
		}
	}
}

// tableRun is a run of a table test under a mutant that fails its first
// row, prints without end, and fails its second.
const tableRun = `=== RUN   TestTable
=== RUN   TestTable/1
    table_test.go:9: Code(1) = 87, want 84
--- FAIL: TestTable/1 (0.00s)
=== NAME  TestTable
    table_test.go:20: case 0: got 3, want 4
    table_test.go:20: case 1: got 5, want 6
=== RUN   TestTable/2
    table_test.go:9: Code(2) = 90, want 87
--- FAIL: TestTable/2 (0.00s)
--- FAIL: TestTable (1.20s)
FAIL
`

// readCutUpTo parses whole up to the line that starts with upTo (""
// whole) with the cut on, and classifies it with the process's result.
func readCutUpTo(whole []byte, upTo string, res proc.Result) (*Stream, Verdict) {
	out := whole
	if upTo != "" {
		out = whole[:strings.Index(string(whole), upTo)]
	}
	p := NewParser()
	p.CutAtFailedSubtest()
	_, _ = p.Write(out)
	st := p.Stream()
	return st, Classify(st, res)
}

// TestACutRunHasOneVerdictWhereverTheStopLanded: a stream that cuts reads
// the same verdict, a kill by the table test with its first row's
// message, whether the process was stopped at the cut, a few lines past
// it, or ran to its end; a stream that does not cut reads the run whole.
func TestACutRunHasOneVerdictWhereverTheStopLanded(t *testing.T) {
	t.Parallel()
	whole := frame(tableRun)
	stopped := proc.Result{End: proc.EndTimedOut, ExitCode: -1}
	var first Verdict
	for i, c := range []struct {
		upTo string // the run's output ends before it ("" whole)
		res  proc.Result
	}{
		{"    table_test.go:20: case 0", stopped},
		{"=== RUN   TestTable/2", stopped},
		{"    table_test.go:9: Code(2)", stopped},
		{"", proc.Result{ExitCode: 1}},
	} {
		st, v := readCutUpTo(whole, c.upTo, c.res)
		if i == 0 {
			first = v
			if st.Cut != "TestTable" || v.Outcome != outcome.Killed || !reflect.DeepEqual(v.KilledBy, []string{"TestTable"}) || v.Reason != "table_test.go:9: Code(1) = 87, want 84" {
				t.Fatalf("cut %q: %s by %v (%q), want a kill by TestTable with its first row's message", st.Cut, v.Outcome, v.KilledBy, v.Reason)
			}
			if !strings.Contains(st.Output, "TestTable failed in a subtest and went on: its run is read up to here") {
				t.Errorf("the cut stream's output does not say where the run stopped:\n%s", st.Output)
			}
			continue
		}
		if !reflect.DeepEqual(v, first) {
			t.Errorf("output up to %q: %+v, want %+v", c.upTo, v, first)
		}
	}
	v := Classify(Parse(whole), proc.Result{ExitCode: 1})
	if v.Outcome != outcome.Killed || v.Reason == "" || Parse(whole).Cut != "" {
		t.Errorf("a stream read whole: %s (%q), cut %q", v.Outcome, v.Reason, Parse(whole).Cut)
	}
}

// TestEachIterationIsCutAndTheNextIsRead: with -test.count (a kill's
// reruns, a batch), a cut ends only its iteration: the next is read from
// its start, each cut iteration counts as a failed end of the test, and
// its post-cut lines (the test's own --- FAIL) do not count again.
func TestEachIterationIsCutAndTheNextIsRead(t *testing.T) {
	t.Parallel()
	pass := "=== RUN   TestTable\n=== RUN   TestTable/1\n--- PASS: TestTable/1 (0.00s)\n--- PASS: TestTable (0.00s)\n"
	run := strings.TrimSuffix(tableRun, "FAIL\n")
	p := NewParser()
	p.CutAtFailedSubtest()
	_, _ = p.Write(frame(run + run + pass + "PASS\n"))
	its := p.Iterations()
	if len(its) != 3 {
		t.Fatalf("%d iterations, want 3", len(its))
	}
	for i, want := range []string{StatusFail, StatusFail, StatusPass} {
		if got := its[i].Tests["TestTable"].Status; got != want {
			t.Errorf("iteration %d: TestTable %s, want %s", i, got, want)
		}
	}
	if e := its[2].Ended["TestTable"]; e.Fail != 2 || e.Pass != 1 {
		t.Errorf("ends %+v, want 2 failed and 1 passed", e)
	}
	if its[0].Result != StatusFail || its[2].Result != StatusPass {
		t.Errorf("results %q, %q", its[0].Result, its[2].Result)
	}
	if strings.Contains(its[0].Output, "case 0") || !strings.Contains(its[1].Output, "Code(1) = 87") {
		t.Errorf("the first iteration read past its cut, or the second was not read:\n%s\n---\n%s", its[0].Output, its[1].Output)
	}
}

// TestTheTestsAfterACutTestAreRead: in a run of several tests, the cut
// ends only the cut test's run: the next test, and a parallel test that
// goes on after it, are read, their verdicts counted.
func TestTheTestsAfterACutTestAreRead(t *testing.T) {
	t.Parallel()
	run := `=== RUN   TestP
=== PAUSE TestP
=== RUN   TestTable
=== RUN   TestTable/1
    table_test.go:9: Code(1) = 87, want 84
--- FAIL: TestTable/1 (0.00s)
=== NAME  TestTable
    table_test.go:20: case 0: got 3, want 4
--- FAIL: TestTable (0.10s)
=== RUN   TestNext
--- PASS: TestNext (0.00s)
=== CONT  TestP
    p_test.go:5: wrong
--- FAIL: TestP (0.00s)
FAIL
`
	p := NewParser()
	p.CutAtFailedSubtest()
	_, _ = p.Write(frame(run))
	st := p.Stream()
	v := Classify(st, proc.Result{ExitCode: 1})
	if !reflect.DeepEqual(v.KilledBy, []string{"TestP", "TestTable"}) || !reflect.DeepEqual(v.Passed, []string{"TestNext"}) {
		t.Errorf("killed by %v, passed %v; want TestP and TestTable (in start order), TestNext", v.KilledBy, v.Passed)
	}
	if e := st.Ended["TestTable"]; e.Fail != 1 {
		t.Errorf("TestTable's ends %+v, want one failed", e)
	}
	if strings.Contains(st.Output, "case 0") {
		t.Errorf("the cut test's output past its cut was read:\n%s", st.Output)
	}
}

// floodRun is a run of a test under a mutant that fails a case with
// t.Errorf and goes on checking more: the switch printed FailedEvent at
// the loop's next turn, and the test then panicked.
const floodRun = `=== RUN   TestFlood
    flood_test.go:12: Seed: 7
    flood_test.go:15: case 0: got 3, want 4
    flood_test.go:15: case 0: got 5, want 6
` + FailedEvent + `TestFlood
    flood_test.go:15: case 1: got 7, want 8
    flood_test.go:15: case 2: got 9, want 10
--- FAIL: TestFlood (2.00s)
panic: runtime error: index out of range [3] with length 3
FAIL
`

// TestATestThatFailedAndGoesOnIsAKillAtTheSwitchsLine: the stream of a
// test that failed and went on is cut at the switch's line, a kill by
// the test with the last message before it, whether the process was
// stopped there, a few lines later, or ended in a panic; the cut note
// says so.
func TestATestThatFailedAndGoesOnIsAKillAtTheSwitchsLine(t *testing.T) {
	t.Parallel()
	whole := frame(floodRun)
	want := Verdict{Outcome: outcome.Killed, KilledBy: []string{"TestFlood"}, Reason: "flood_test.go:15: case 0: got 5, want 6"}
	for _, c := range []struct {
		upTo string
		res  proc.Result
	}{
		{"    flood_test.go:15: case 1", proc.Result{End: proc.EndTimedOut, ExitCode: -1}},
		{"--- FAIL: TestFlood", proc.Result{End: proc.EndTimedOut, ExitCode: -1}},
		{"", proc.Result{ExitCode: 2}},
	} {
		st, v := readCutUpTo(whole, c.upTo, c.res)
		if st.Cut != "TestFlood" || v.Outcome != want.Outcome || !reflect.DeepEqual(v.KilledBy, want.KilledBy) || v.Reason != want.Reason {
			t.Errorf("output up to %q: cut %q, %s by %v (%q), want %s by %v (%q)", c.upTo, st.Cut, v.Outcome, v.KilledBy, v.Reason, want.Outcome, want.KilledBy, want.Reason)
		}
		if !strings.Contains(st.Output, "TestFlood had failed and went on: its run is read up to here") {
			t.Errorf("output up to %q: the cut stream's output does not say where the run stopped:\n%s", c.upTo, st.Output)
		}
	}
	// Without the cut (a run where every test's verdict counts), the
	// switch's line is no output of the test's.
	st := Parse(whole)
	if st.Cut != "" || strings.Contains(st.Tests["TestFlood"].Output, "MUTPROP-FAILED") {
		t.Errorf("a stream read whole: cut %q, the test's output:\n%s", st.Cut, st.Tests["TestFlood"].Output)
	}
}

// rowsRun is a run of a table test whose first row's own loop fails
// cases with t.Errorf: the switch's line came from that loop, while the
// row was still running.
const rowsRun = `=== RUN   TestRows
=== RUN   TestRows/0
    rows_test.go:9: row 0 case 0
    rows_test.go:9: row 0 case 1
` + FailedEvent + `TestRows
    rows_test.go:9: row 0 case 2
--- FAIL: TestRows/0 (0.00s)
=== NAME  TestRows
--- FAIL: TestRows (0.00s)
FAIL
`

// TestACutInARunningSubtestTakesItsLastMessage: a cut at the switch's
// line, printed from a row that had not ended, is a kill by the table
// test with the row's last message before the line, wherever the
// process stopped.
func TestACutInARunningSubtestTakesItsLastMessage(t *testing.T) {
	t.Parallel()
	whole := frame(rowsRun)
	for _, upTo := range []string{"    rows_test.go:9: row 0 case 2", "--- FAIL: TestRows/0", ""} {
		st, v := readCutUpTo(whole, upTo, proc.Result{End: proc.EndTimedOut, ExitCode: -1})
		if st.Cut != "TestRows" || v.Outcome != outcome.Killed || !reflect.DeepEqual(v.KilledBy, []string{"TestRows"}) || v.Reason != "rows_test.go:9: row 0 case 1" {
			t.Errorf("output up to %q: cut %q, %s by %v (%q), want killed by TestRows (row 0 case 1)", upTo, st.Cut, v.Outcome, v.KilledBy, v.Reason)
		}
	}
}
