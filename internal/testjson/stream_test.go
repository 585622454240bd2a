package testjson

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

// frame prefixes each framing line with the ^V marker, as a test binary
// run with -test.v=test2json does.
func frame(s string) []byte {
	var b strings.Builder
	for _, line := range strings.SplitAfter(s, "\n") {
		t := strings.TrimLeft(line, " ")
		if strings.HasPrefix(t, "=== ") || strings.HasPrefix(t, "--- ") || t == "PASS\n" || t == "FAIL\n" {
			b.WriteByte(marker)
		}
		b.WriteString(line)
	}
	return []byte(b.String())
}

func TestAStreamWithPassingFailingAndSkippedTestsIsParsed(t *testing.T) {
	t.Parallel()
	out := frame(`=== RUN   TestA
--- PASS: TestA (0.02s)
=== RUN   TestB
    b_test.go:9: boom
--- FAIL: TestB (0.00s)
=== RUN   TestC
=== RUN   TestC/sub
--- SKIP: TestC (0.00s)
    --- SKIP: TestC/sub (0.00s)
FAIL
`)
	s := Parse(out)
	if s.Result != StatusFail {
		t.Errorf("result %q, want fail", s.Result)
	}
	for name, want := range map[string]string{"TestA": StatusPass, "TestB": StatusFail, "TestC": StatusSkip, "TestC/sub": StatusSkip} {
		if got := s.Tests[name]; got == nil || got.Status != want {
			t.Errorf("%s: %+v, want %s", name, got, want)
		}
	}
	if s.Tests["TestA"].Elapsed.Milliseconds() != 20 {
		t.Errorf("TestA elapsed %v, want 20ms", s.Tests["TestA"].Elapsed)
	}
	if !strings.Contains(s.Tests["TestB"].Output, "boom") {
		t.Errorf("TestB output %q lacks its message", s.Tests["TestB"].Output)
	}
	v := Classify(s, proc.Result{ExitCode: 1})
	if v.Outcome != outcome.Killed || len(v.KilledBy) != 1 || v.KilledBy[0] != "TestB" || v.Reason != "b_test.go:9: boom" {
		t.Errorf("verdict %+v, want killed by TestB", v)
	}
}

func TestAKilledTestThatOnlyGroupsSubtestsIsExplainedByTheFailingSubtest(t *testing.T) {
	t.Parallel()
	out := frame(`=== RUN   TestAllocs
=== RUN   TestAllocs/Sum64
    xxhash_test.go:196: got 1 allocation(s) (want zero)
--- FAIL: TestAllocs (0.00s)
    --- FAIL: TestAllocs/Sum64 (0.00s)
FAIL
`)
	v := Classify(Parse(out), proc.Result{ExitCode: 1})
	if v.Outcome != outcome.Killed || v.Reason != "xxhash_test.go:196: got 1 allocation(s) (want zero)" {
		t.Errorf("verdict %+v, want killed by TestAllocs with its subtest's message", v)
	}
}

func TestATestLastsAtLeastAsLongAsItsLongestParallelSubtest(t *testing.T) {
	t.Parallel()
	// go test reports a parent done when its function returns, before
	// its parallel subtests run (go-cmp's TestDiff).
	s := Parse(frame(`=== RUN   TestDiff
=== RUN   TestDiff/a
=== PAUSE TestDiff/a
=== RUN   TestDiff/b
=== PAUSE TestDiff/b
=== CONT  TestDiff/a
=== RUN   TestDiff/a/deep
=== CONT  TestDiff/b
--- PASS: TestDiff (0.01s)
    --- PASS: TestDiff/b (0.15s)
    --- PASS: TestDiff/a (0.02s)
        --- PASS: TestDiff/a/deep (0.38s)
=== RUN   TestPlain
--- PASS: TestPlain (0.20s)
    --- PASS: TestPlain/sub (0.05s)
PASS
`))
	got := s.Elapsed()
	for name, want := range map[string]int64{"TestDiff": 380, "TestPlain": 200} {
		if got[name].Milliseconds() != want {
			t.Errorf("%s: %v, want %dms", name, got[name], want)
		}
	}
	if s.Tests["TestDiff"].Elapsed.Milliseconds() != 10 {
		t.Errorf("TestDiff's own reported time %v, want 10ms", s.Tests["TestDiff"].Elapsed)
	}
}

func TestOutputThatImitatesFramingIsOnlyOutput(t *testing.T) {
	t.Parallel()
	out := append(frame("=== RUN   TestA\n"), []byte("--- FAIL: TestA (0.00s)\nFAIL\n")...)
	out = append(out, frame("--- PASS: TestA (0.00s)\nPASS\n")...)
	s := Parse(out)
	if s.Tests["TestA"].Status != StatusPass || s.Result != StatusPass {
		t.Errorf("a test printing '--- FAIL' forged its result: %+v, result %q", s.Tests["TestA"], s.Result)
	}
	if v := Classify(s, proc.Result{}); v.Outcome != outcome.Survived {
		t.Errorf("verdict %+v, want survived", v)
	}
}

func TestAMarkerInTheMiddleOfALineStartsAFramingLine(t *testing.T) {
	t.Parallel()
	out := append([]byte("=== RUN   TestA\n"), []byte("no newline")...)
	out = append(out, frame("--- PASS: TestA (0.00s)\nPASS\n")...)
	out = append([]byte{marker}, out...)
	s := Parse(out)
	if s.Tests["TestA"] == nil || s.Tests["TestA"].Status != StatusPass {
		t.Errorf("TestA: %+v, want pass", s.Tests["TestA"])
	}
}

func TestAStackOverflowInATestIsACrash(t *testing.T) {
	t.Parallel()
	out := frame("=== RUN   TestA\n--- PASS: TestA (0.00s)\n=== RUN   TestFib\n")
	out = append(out, []byte("runtime: goroutine stack exceeds 16777216-byte limit\nruntime: sp=0xc0201603a0 stack=[0xc020160000, 0xc040160000]\nfatal error: stack overflow\n\ngoroutine 7 [running]:\n")...)
	v := Classify(Parse(out), proc.Result{ExitCode: 2})
	if v.Outcome != outcome.Crashed || !strings.Contains(v.Reason, "stack exceeds") || !strings.Contains(v.Reason, "TestFib") {
		t.Errorf("verdict %+v, want crashed in TestFib with the runtime's message", v)
	}
}

func TestABinaryKilledAtItsDeadlineIsATimeoutWhateverItPrinted(t *testing.T) {
	t.Parallel()
	out := frame("=== RUN   TestLoop\n")
	v := Classify(Parse(out), proc.Result{End: proc.EndTimedOut, ExitCode: -1, Signal: "killed"})
	if v.Outcome != outcome.Timeout || len(v.KilledBy) != 0 || !strings.Contains(v.Reason, "TestLoop") {
		t.Errorf("verdict %+v, want a timeout in TestLoop", v)
	}
}

func TestAFailureBeforeTheDeadlineOrACapIsAKill(t *testing.T) {
	t.Parallel()
	// TestA failed; TestB, running beside it or after it, then met the
	// deadline or a cap. Which came first depends on the order and the
	// machine's load, the kill does not.
	out := frame("=== RUN   TestA\n    a_test.go:3: wrong\n--- FAIL: TestA (0.00s)\n=== RUN   TestB\n")
	for _, end := range []proc.End{proc.EndTimedOut, proc.EndMemoryExceeded, proc.EndOutputExceeded} {
		v := Classify(Parse(out), proc.Result{End: end, ExitCode: -1, Signal: "killed"})
		if v.Outcome != outcome.Killed || len(v.KilledBy) != 1 || v.KilledBy[0] != "TestA" || v.Reason != "a_test.go:3: wrong" {
			t.Errorf("end %v: verdict %+v, want killed by TestA with its message", end, v)
		}
		if v.Culprit != "TestB" {
			t.Errorf("end %v: culprit %q, want TestB", end, v.Culprit)
		}
	}
}

func TestABinaryThatExitsWithoutAResultIsACrashNotASurvivor(t *testing.T) {
	t.Parallel()
	out := frame("=== RUN   TestA\n--- PASS: TestA (0.00s)\n")
	v := Classify(Parse(out), proc.Result{ExitCode: 0})
	if v.Outcome != outcome.Crashed {
		t.Errorf("verdict %+v, want crashed: the binary never printed PASS", v)
	}
}

func TestAPanicInATestIsAKill(t *testing.T) {
	t.Parallel()
	out := frame("=== RUN   TestP\n--- FAIL: TestP (0.00s)\n")
	out = append(out, []byte("panic: unexpected call to os.Exit(0) during test [recovered]\n")...)
	v := Classify(Parse(out), proc.Result{ExitCode: 2})
	if v.Outcome != outcome.Killed || v.KilledBy[0] != "TestP" {
		t.Errorf("verdict %+v, want killed by TestP", v)
	}
}

func TestTestsToFailureIsReadFromRapidGopterAndQuickMessages(t *testing.T) {
	t.Parallel()
	cases := []struct {
		out  string
		n    int
		lib  string
		none bool
	}{
		{out: "    prop_test.go:12: [rapid] failed after 7 tests: Max(1, 2) = 0\n    To reproduce, specify -run=\"TestMax\" -rapid.seed=1", n: 8, lib: "rapid"},
		{out: "[rapid] panic after 0 tests: runtime error: index out of range", n: 1, lib: "rapid"},
		{out: "! reverse twice: Falsified after 41 passed tests.\nARG_0: [1 2]", n: 42, lib: "gopter"},
		{out: "! p: Error on property evaluation after 0 passed tests: Check paniced: boom", n: 1, lib: "gopter"},
		{out: "    quick_test.go:10: #3: failed on input []int{-1}", n: 3, lib: "quick"},
		{out: "    plain_test.go:5: Abs(-1) = -1", none: true},
	}
	for _, c := range cases {
		n, lib, ok := TestsToFailure(c.out)
		if c.none {
			if ok {
				t.Errorf("%q: got %d from %s, want nothing", c.out, n, lib)
			}
			continue
		}
		if !ok || n != c.n || lib != c.lib {
			t.Errorf("%q: got %d, %q, %v; want %d from %s", c.out, n, lib, ok, c.n, c.lib)
		}
	}
}

func TestATestThatLogsWithoutEndCostsAFixedBudgetAndKeepsItsLastLines(t *testing.T) {
	// 64 MiB of log lines in one test, then rapid's verdict and the
	// framing: parsing allocates a small multiple of the budget, not of
	// the output (string concatenation per line was quadratic).
	var b strings.Builder
	b.Write(frame("=== RUN   TestNoisy\n"))
	line := "    noisy_test.go:7: still going, still going, still going\n"
	for b.Len() < 64<<20 {
		b.WriteString(line)
	}
	b.WriteString("    noisy_test.go:9: [rapid] failed after 17 tests: boom\n")
	b.Write(frame("--- FAIL: TestNoisy (9.00s)\nFAIL\n"))
	out := []byte(b.String())

	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	s := Parse(out)
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16*OutputBudget {
		t.Errorf("parsing %d MiB allocated %d MiB, want at most %d KiB", len(out)>>20, alloc>>20, 16*OutputBudget>>10)
	}
	ev := s.Tests["TestNoisy"]
	if ev == nil || ev.Status != StatusFail || s.Result != StatusFail {
		t.Fatalf("TestNoisy %+v, result %q: want a failed test and a failed binary", ev, s.Result)
	}
	if n := len(ev.Output); n > OutputBudget+100 {
		t.Errorf("the test's output keeps %d bytes, budget %d", n, OutputBudget)
	}
	if n := len(s.Output); n > OutputBudget+100 {
		t.Errorf("the stream's output keeps %d bytes, budget %d", n, OutputBudget)
	}
	if !strings.Contains(ev.Output, "bytes of output dropped") || !strings.HasPrefix(ev.Output, line) {
		t.Errorf("the kept output does not show its head and the drop:\n%.300s", ev.Output)
	}
	if v := Classify(s, proc.Result{ExitCode: 1}); v.Outcome != outcome.Killed || v.TestsToFailure["TestNoisy"] != 18 {
		t.Errorf("verdict %+v, want killed by TestNoisy with 18 tests to failure (rapid: 17 passed, read from the kept tail)", v)
	}
}

func TestReadFrameNamesTheEventAndTheTest(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		line, event, name string
		ok                bool
	}{
		{"\x16=== RUN   TestA\n", "=== RUN ", "TestA", true},
		{"\x16=== PAUSE TestA\n", "=== PAUSE ", "TestA", true},
		{"\x16=== CONT  TestA\n", "=== CONT ", "TestA", true},
		{"\x16=== NAME  TestA/sub\n", "=== NAME ", "TestA/sub", true},
		{"\x16    --- FAIL: TestA/sub (0.25s)\n", "--- FAIL: ", "TestA/sub", true},
		{"\x16--- PASS: TestA (1.50s)", "--- PASS: ", "TestA", true},
		{"=== RUN   TestForged\n", "", "", false}, // no marker: output
		{"\x16PASS\n", "", "", false},
		{"", "", "", false},
	} {
		event, name, ok := ReadFrame([]byte(c.line))
		if event != c.event || name != c.name || ok != c.ok {
			t.Errorf("ReadFrame(%q) = %q, %q, %v; want %q, %q, %v", c.line, event, name, ok, c.event, c.name, c.ok)
		}
	}
}

// TestAStreamReadInPiecesIsTheStreamReadWhole: a Parser fed a stream in
// pieces of any size, framing lines and markers cut anywhere, reads what
// Parse reads from the whole.
func TestAStreamReadInPiecesIsTheStreamReadWhole(t *testing.T) {
	t.Parallel()
	out := append(frame(`=== RUN   TestA
    a_test.go:3: hello
--- PASS: TestA (0.01s)
=== RUN   TestB
=== PAUSE TestB
=== RUN   TestC
no newline here`), frame(`=== CONT  TestB
    b_test.go:9: boom
--- FAIL: TestB (0.00s)
--- PASS: TestC (0.03s)
FAIL
`)...)
	whole := Parse(out)
	for _, size := range []int{1, 2, 3, 7, 64, len(out)} {
		p := NewParser()
		for b := out; len(b) > 0; {
			k := min(size, len(b))
			_, _ = p.Write(b[:k])
			b = b[k:]
		}
		got := p.Stream()
		if got.Result != whole.Result || got.Output != whole.Output || strings.Join(got.Order, ",") != strings.Join(whole.Order, ",") {
			t.Errorf("pieces of %d: result %q, order %v, output %q; whole: %q, %v, %q", size, got.Result, got.Order, got.Output, whole.Result, whole.Order, whole.Output)
		}
		for name, w := range whole.Tests {
			if g := got.Tests[name]; g == nil || *g != *w {
				t.Errorf("pieces of %d: %s = %+v, want %+v", size, name, g, w)
			}
		}
	}
	if whole.Tests["TestB"].Status != StatusFail || whole.Tests["TestC"].Status != StatusPass {
		t.Errorf("tests %+v", whole.Tests)
	}
}

// TestALongStreamKeepsEveryTestsEnd: 3 MiB of output between a test's
// start and the next one's; the Parser's memory stays bounded, and it
// still sees TestA end.
func TestALongStreamKeepsEveryTestsEnd(t *testing.T) {
	t.Parallel()
	p := NewParser()
	_, _ = p.Write(frame("=== RUN   TestA\n"))
	line := []byte(strings.Repeat("x", 1023) + "\n")
	for range 3 << 10 {
		_, _ = p.Write(line)
	}
	_, _ = p.Write(frame("--- PASS: TestA (0.50s)\n=== RUN   TestB\n--- PASS: TestB (0.00s)\nPASS\n"))
	s := p.Stream()
	if s.Tests["TestA"].Status != StatusPass || s.Result != StatusPass {
		t.Errorf("TestA %+v, result %q: want both passed", s.Tests["TestA"], s.Result)
	}
	if n := len(s.Output); n > 2*OutputBudget {
		t.Errorf("kept %d bytes of output, want at most about %d", n, OutputBudget)
	}
}

// TestAStreamCountsTheEndsOfATestRunSeveralTimes parses a run of
// -test.count=3: TestF failed, passed, then failed again; Tests holds its
// last run, Ended all three, subtests apart.
func TestAStreamCountsTheEndsOfATestRunSeveralTimes(t *testing.T) {
	t.Parallel()
	out := frame(`=== RUN   TestF
    f_test.go:9: unlucky
--- FAIL: TestF (0.00s)
=== RUN   TestF
=== RUN   TestF/sub
--- PASS: TestF (0.00s)
    --- PASS: TestF/sub (0.00s)
=== RUN   TestF
    f_test.go:9: unlucky
--- FAIL: TestF (0.00s)
FAIL
`)
	s := Parse(out)
	if got := s.Ended["TestF"]; got != (Ends{Pass: 1, Fail: 2}) {
		t.Errorf("TestF ended %+v, want 1 pass and 2 failures", got)
	}
	if _, ok := s.Ended["TestF/sub"]; ok {
		t.Errorf("a subtest's ends are counted: %+v", s.Ended)
	}
	// The stream is its last iteration's (Parser.Iterations): TestF's
	// last run, failed, without the subtest of the run before.
	if s.Tests["TestF"].Status != StatusFail || len(s.Order) != 1 {
		t.Errorf("TestF %+v, order %v: want its last run, failed, and TestF alone", s.Tests["TestF"], s.Order)
	}
}

func TestCasesAddsUpTheChecksToTheFirstFailure(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		out  string
		want Count
		none bool
	}{
		{name: "rapid fails", out: "    p_test.go:12: [rapid] failed after 7 tests: boom", want: Count{Cases: 8, Lib: "rapid", Failed: true}},
		{name: "rapid passes", out: "    p_test.go:12: [rapid] OK, passed 100 tests (1.2ms)", want: Count{Cases: 100, Lib: "rapid"}},
		{name: "two rapid checks, the second fails",
			out:  "[rapid] OK, passed 100 tests (1ms)\n[rapid] failed after 4 tests: x\n",
			want: Count{Cases: 105, Lib: "rapid", Failed: true}},
		{name: "gopter passes one property, fails the next, passes a third",
			out:  "+ a: OK, passed 100 tests.\n! b: Falsified after 41 passed tests.\n+ c: OK, passed 100 tests.\n",
			want: Count{Cases: 142, Lib: "gopter", Failed: true}},
		{name: "gopter's panic", out: "! p: Error on property evaluation after 2 passed tests: Check paniced: boom", want: Count{Cases: 3, Lib: "gopter", Failed: true}},
		{name: "mutproptest passes", out: "[mutprop] OK, passed 50 tests", want: Count{Cases: 50, Lib: "mutprop"}},
		{name: "quick's own line", out: "    q_test.go:10: #3: failed on input 1", want: Count{Cases: 3, Lib: "quick", Failed: true}},
		{name: "quick's count line counts its failing check once",
			out:  "mutprop-quick: ran 100 tests\nmutprop-quick: ran 3 tests\n    q_test.go:10: #3: failed on input 1\n",
			want: Count{Cases: 103, Lib: "quick"}},
		{name: "quick panics", out: "mutprop-quick: ran 3 tests\npanic: boom\n", want: Count{Cases: 3, Lib: "quick"}},
		{name: "quick traced to an os.Exit",
			out:  "mutprop-quick: test #1\nmutprop-quick: test #2\nmutprop-quick: ran 2 tests\nmutprop-quick: test #1\nmutprop-quick: test #2\nmutprop-quick: test #3\n",
			want: Count{Cases: 5, Lib: "quick", Traced: true}},
		{name: "rapid traced to a fatal error",
			out:  "[TestX] [rapid] test #1 start (seed 5)\n[TestX] [rapid] draw x: 1\n[TestX] [rapid] test #1 OK (1µs)\n[TestX] [rapid] test #2 start (seed 6)\nfatal error: stack overflow\n",
			want: Count{Cases: 2, Lib: "rapid", Traced: true}},
		{name: "a plain test", out: "    plain_test.go:5: Abs(-1) = -1", none: true},
	}
	for _, c := range cases {
		got, ok := Cases(c.out)
		if c.none {
			if ok {
				t.Errorf("%s: got %+v, want nothing", c.name, got)
			}
			continue
		}
		if !ok || got != c.want {
			t.Errorf("%s: got %+v (%v), want %+v", c.name, got, ok, c.want)
		}
	}
}

func TestIterationsSplitACountRunAtEachTopLevelTestThatStartsAgain(t *testing.T) {
	t.Parallel()
	f := func(s string) string { return strings.ReplaceAll(s, "^", "\x16") }
	out := f("^=== RUN   TestA\n^=== PAUSE TestA\n^=== RUN   TestB\n^--- PASS: TestB (0.00s)\n^=== CONT  TestA\n^--- PASS: TestA (0.00s)\n" +
		"^=== RUN   TestA\n^=== PAUSE TestA\n^=== RUN   TestB\n    b_test.go:4: B bad\n^--- FAIL: TestB (0.00s)\n^=== CONT  TestA\n^--- PASS: TestA (0.00s)\n" +
		"^=== RUN   TestA\nloop\n")
	p := NewParser()
	p.Write([]byte(out))
	its := p.Iterations()
	if len(its) != 3 {
		t.Fatalf("%d iterations, want 3", len(its))
	}
	if its[0].Result != StatusPass || its[1].Result != StatusFail || its[2].Result != "" {
		t.Errorf("results %q %q %q, want pass, fail and none", its[0].Result, its[1].Result, its[2].Result)
	}
	if got := its[1].Tests["TestB"]; got == nil || got.Status != StatusFail || !strings.Contains(got.Output, "B bad") {
		t.Errorf("iteration 1's TestB = %+v, want its failure", got)
	}
	if got := its[2].Tests["TestA"]; got == nil || got.Status != StatusRunning || len(its[2].Tests) != 1 {
		t.Errorf("iteration 2 = %+v, want TestA running alone", its[2].Tests)
	}
	if strings.Contains(its[0].Output, "B bad") || !strings.Contains(its[2].Output, "loop") {
		t.Errorf("outputs not split by iteration: %q / %q", its[0].Output, its[2].Output)
	}
}

// TestTookIsTheTimeBetweenATestsLinesAsRead feeds a parser line by line
// on a clock of its own: a test's time is the span from its start line to
// its end line, which tells 3 ms from the 0.00s it prints; a test that
// paused (t.Parallel) spans the others' runs, so its printed time stands.
func TestTookIsTheTimeBetweenATestsLinesAsRead(t *testing.T) {
	t.Parallel()
	clock := time.Unix(0, 0)
	p := NewParser()
	p.now = func() time.Time { return clock }
	feed := func(after time.Duration, text string) {
		clock = clock.Add(after)
		if _, err := p.Write(frame(text)); err != nil {
			t.Fatal(err)
		}
	}
	feed(0, "=== RUN   TestA\n")
	feed(3*time.Millisecond, "--- PASS: TestA (0.00s)\n")
	feed(time.Millisecond, "=== RUN   TestP\n=== PAUSE TestP\n")
	feed(time.Millisecond, "=== RUN   TestB\n=== RUN   TestB/sub\n")
	feed(7*time.Millisecond, "    --- PASS: TestB/sub (0.01s)\n--- PASS: TestB (0.01s)\n")
	feed(0, "=== CONT  TestP\n")
	feed(50*time.Millisecond, "--- PASS: TestP (0.02s)\nPASS\n")
	got := p.Stream().Took()
	want := map[string]time.Duration{"TestA": 3 * time.Millisecond, "TestB": 7 * time.Millisecond, "TestP": 20 * time.Millisecond}
	for name, d := range want {
		if got[name] != d {
			t.Errorf("%s took %v, want %v", name, got[name], d)
		}
	}
	if e := p.Stream().Elapsed()["TestA"]; e != 0 {
		t.Errorf("TestA's printed time %v, want 0", e)
	}
	// The times the binary measured win, but for the test that paused
	// (its wait is in its measure), and for a name the stream never saw.
	st := p.Stream()
	st.SetMeasured(map[string]time.Duration{"TestA": 2500 * time.Microsecond, "TestP": 70 * time.Millisecond, "TestZ": time.Second})
	got = st.Took()
	want = map[string]time.Duration{"TestA": 2500 * time.Microsecond, "TestB": 7 * time.Millisecond, "TestP": 20 * time.Millisecond}
	for name, d := range want {
		if got[name] != d {
			t.Errorf("measured: %s took %v, want %v", name, got[name], d)
		}
	}
	if _, ok := got["TestZ"]; ok {
		t.Errorf("measured: TestZ, which never ran, took %v", got["TestZ"])
	}
}
