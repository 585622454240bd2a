package testjson

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

func TestABinaryThatRunsOutOfMemoryUnderItsCapSaysSo(t *testing.T) {
	t.Parallel()
	for _, msg := range []string{
		"runtime: out of memory: cannot allocate 67108864-byte block (272367616 in use)\nfatal error: out of memory\n",
		"fatal error: runtime: cannot allocate memory\n",
	} {
		out := append(frame("=== RUN   TestAlloc\n"), []byte(msg+"\ngoroutine 7 [running]:\n")...)
		mc := proc.MemoryCap{Soft: 512 << 20, Hard: 1 << 30}
		v := Classify(Parse(out), proc.Result{ExitCode: 2, Memory: mc})
		want := "ran out of memory (GOMEMLIMIT 512 MiB, resident cap 1 GiB): fatal error: "
		if v.Outcome != outcome.Crashed || !strings.HasPrefix(v.Reason, want) || !strings.HasSuffix(v.Reason, " in TestAlloc") {
			t.Errorf("verdict %+v, want crashed with reason %q... in TestAlloc", v, want)
		}
	}
	// Another fatal error is not blamed on the cap.
	out := append(frame("=== RUN   TestLock\n"), []byte("fatal error: all goroutines are asleep - deadlock!\n")...)
	v := Classify(Parse(out), proc.Result{ExitCode: 2, Memory: proc.MemoryCap{Hard: 1 << 30}})
	if v.Outcome != outcome.Crashed || strings.Contains(v.Reason, "memory") {
		t.Errorf("verdict %+v: a deadlock is not a memory cap", v)
	}
}

// TestATimeoutNamesAFewOfTheTestsRunning: a process stopped while a
// test ran 40 parallel subtests names the test and its first four
// subtests, then how many more, not all 40.
func TestATimeoutNamesAFewOfTheTestsRunning(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("=== RUN   TestTable\n")
	for i := range 40 {
		fmt.Fprintf(&b, "=== RUN   TestTable/row%02d\n=== PAUSE TestTable/row%02d\n", i, i)
	}
	for i := range 40 {
		fmt.Fprintf(&b, "=== CONT  TestTable/row%02d\n", i)
	}
	v := Classify(Parse(frame(b.String())), proc.Result{End: proc.EndTimedOut, Duration: time.Second})
	want := "no result within 1s (running TestTable, TestTable/row00, TestTable/row01, TestTable/row02, TestTable/row03 and 36 more)"
	if v.Outcome != outcome.Timeout || v.Reason != want {
		t.Errorf("verdict %s %q, want timeout %q", v.Outcome, v.Reason, want)
	}
}

// TestATestWhoseRowFailedIsAKillWhateverStoppedIt: parallel rows go on
// after one of them failed, and the process is stopped at a deadline (or
// crashes) before the test ends: the failed row has decided the verdict,
// a kill by the test with the row's message, as when the test ends. With
// no row failed, the same stop is a timeout.
func TestATestWhoseRowFailedIsAKillWhateverStoppedIt(t *testing.T) {
	t.Parallel()
	rows := "=== RUN   TestTable\n=== RUN   TestTable/a\n=== PAUSE TestTable/a\n=== RUN   TestTable/b\n=== PAUSE TestTable/b\n" +
		"=== CONT  TestTable/a\n=== CONT  TestTable/b\n"
	failed := rows + "=== NAME  TestTable/a\n    table_test.go:12: a: got 3, want 4\n--- FAIL: TestTable/a (0.00s)\n"
	for _, res := range []proc.Result{{End: proc.EndTimedOut, Duration: time.Second}, {ExitCode: 2}} {
		v := Classify(Parse(frame(failed)), res)
		if v.Outcome != outcome.Killed || len(v.KilledBy) != 1 || v.KilledBy[0] != "TestTable" || v.Reason != "table_test.go:12: a: got 3, want 4" {
			t.Errorf("end %v: verdict %s by %v (%q), want killed by TestTable with row a's message", res.End, v.Outcome, v.KilledBy, v.Reason)
		}
	}
	if v := Classify(Parse(frame(rows)), proc.Result{End: proc.EndTimedOut, Duration: time.Second}); v.Outcome != outcome.Timeout {
		t.Errorf("no row failed: verdict %s (%q), want timeout", v.Outcome, v.Reason)
	}
}

func TestProcessesThatLeftTheGroupAreNotedWhateverTheOutcome(t *testing.T) {
	t.Parallel()
	out := frame("=== RUN   TestA\n--- PASS: TestA (0.00s)\nPASS\n")
	esc := []proc.Process{{Pid: 10, Pgid: 10, Name: "sleep"}, {Pid: 11, Pgid: 11, Name: "sh"}}
	v := Classify(Parse(out), proc.Result{Escaped: esc})
	want := "killed 2 processes that had left the test binary's process group: sleep (pid 10), sh (pid 11)"
	if v.Outcome != outcome.Survived || len(v.Notes) != 1 || v.Notes[0] != want {
		t.Errorf("verdict %+v, want survived with the note %q", v, want)
	}
}

func TestClassifyBatchReadsTheFinalFAILAsAnEarlierIterationsNotTheLasts(t *testing.T) {
	t.Parallel()
	f := func(s string) string { return strings.ReplaceAll(s, "^", "\x16") }
	run := func(out string) []Verdict {
		p := NewParser()
		p.Write([]byte(f(out)))
		return ClassifyBatch(p.Iterations(), proc.Result{End: proc.EndExited})
	}
	got := run("^=== RUN   TestA\n    a_test.go:4: [rapid] failed after 0 tests: bad\n^--- FAIL: TestA (0.00s)\n" +
		"^=== RUN   TestA\n    a_test.go:4: [rapid] OK, passed 1 tests\n^--- PASS: TestA (0.00s)\n^FAIL\n")
	if len(got) != 2 || got[0].Outcome != outcome.Killed || got[0].TestsToFailure["TestA"] != 1 || got[1].Outcome != outcome.Survived {
		t.Fatalf("verdicts %+v, want a kill at the first case, then survived", got)
	}
	// Without an earlier failure, a FAIL after passing tests is TestMain's.
	got = run("^=== RUN   TestA\n^--- PASS: TestA (0.00s)\n^=== RUN   TestA\n^--- PASS: TestA (0.00s)\n^FAIL\n")
	if len(got) != 2 || got[0].Outcome != outcome.Survived || got[1].Outcome != outcome.Killed || got[1].KilledBy[0] != "TestMain" {
		t.Fatalf("verdicts %+v, want survived, then a kill by TestMain", got)
	}
}
