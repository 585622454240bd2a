package testbin

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testfix"
	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/mutate"
	"github.com/mutprop/mutprop/outcome"
)

// switchBinary builds testdata/switch.txtar's test binary with the
// switch package, as a batch build writes it.
func switchBinary(t *testing.T) *Binary {
	t.Helper()
	dir := testfix.Module(t, "testdata/switch.txtar")
	if err := os.MkdirAll(filepath.Join(dir, mutate.SwitchDir), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, mutate.SwitchDir, "switch.go"), mutate.SwitchSource(), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := &Binary{Path: filepath.Join(t.TempDir(), "p.test")}
	if err := Build(t.Context(), BuildSpec{Dir: dir, Out: bin.Path}); err != nil {
		t.Fatal(err)
	}
	return bin
}

// ran is, per iteration, each test's status as "TestA=pass TestB=skip".
func ran(its []*testjson.Stream) []string {
	var got []string
	for _, it := range its {
		var line []string
		for _, name := range it.Order {
			line = append(line, name+"="+string(it.Tests[name].Status))
		}
		got = append(got, strings.Join(line, " "))
	}
	return got
}

// TestTheSwitchRunsEachStepsTestsAsItsFlagsSay runs a batch build's
// switch (mutate.SwitchSource) through a schedule and reads which tests
// each iteration ran: a failure ends a Failfast step's iteration (the
// tests after it skip, and the next steps run), a Confirm step reruns
// only the tests that failed since its kill, and a test that skipped
// there is no failure to rerun. A panic in a Failfast step is its test's
// failure, with the reason a process that ended there gives; elsewhere it
// ends the process.
func TestTheSwitchRunsEachStepsTestsAsItsFlagsSay(t *testing.T) {
	t.Parallel()
	bin := switchBinary(t)
	its, _, _, err := bin.RunBatch(t.Context(), RunSpec{Tests: []string{"TestA", "TestB", "TestC", "TestP"}, Dir: t.TempDir(), Timeout: time.Minute,
		Schedule: []mutate.Step{
			{Active: 2, Failfast: true},
			{Active: 2, Confirm: true},
			{Active: 2, Confirm: true},
			{Active: 1, Failfast: true},
			{Active: 3},
			{Active: 3, Confirm: true},
			{Active: 4, Failfast: true},
			{Active: 4, Failfast: true, Confirm: true},
			{Active: 5},
			{Active: 1},
		}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"TestA=pass TestB=fail TestC=skip TestP=skip", // failfast: the tests after TestB skip
		"TestA=skip TestB=fail TestC=skip TestP=skip", // a confirm: TestB only, not TestC, which never ran
		"TestA=skip TestB=fail TestC=skip TestP=skip",
		"TestA=pass TestB=pass TestC=pass TestP=pass",
		"TestA=pass TestB=fail TestC=pass TestP=pass", // no failfast: the others run
		"TestA=skip TestB=fail TestC=skip TestP=skip",
		"TestA=pass TestB=pass TestC=pass TestP=fail", // its panic is its failure: the process goes on
		"TestA=skip TestB=skip TestC=skip TestP=fail",
		"TestA=pass TestB=pass TestC=pass TestP=fail", // no failfast: the panic ends the process
	}
	if got := ran(its); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the iterations ran\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	const reason = "panic: assignment to entry in nil map"
	for _, k := range []int{6, 7, 8} {
		if k < len(its) {
			if r := its[k].KillReason("TestP"); r != reason {
				t.Errorf("iteration %d: TestP's reason %q, want %q", k, r, reason)
			}
		}
	}
}

// TestABatchMeasuresTheKillsReruns runs TestSlowFail's kill (200 ms)
// and its two reruns (20 ms each), then a mutant under which it passes,
// whose confirm skips it: the reruns' time counts, neither the kill's
// nor a skip.
func TestABatchMeasuresTheKillsReruns(t *testing.T) {
	t.Parallel()
	bin := switchBinary(t)
	spec := RunSpec{Tests: []string{"TestSlowFail"}, Dir: t.TempDir(), Timeout: time.Minute, ConfirmTimes: true,
		Schedule: []mutate.Step{{Active: 9}, {Active: 9, Confirm: true}, {Active: 9, Confirm: true}, {Active: 1}, {Active: 1, Confirm: true}}}
	its, _, confirming, err := bin.RunBatch(t.Context(), spec)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"TestSlowFail=fail", "TestSlowFail=fail", "TestSlowFail=fail", "TestSlowFail=pass", "TestSlowFail=skip"}
	if got := ran(its); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("the iterations ran\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if confirming < 40*time.Millisecond || confirming >= 200*time.Millisecond {
		t.Errorf("the reruns took %v, want two runs of 20 ms (40 ms to 200 ms, the kill's run left out)", confirming)
	}
	spec.ConfirmTimes = false
	if _, _, confirming, err := bin.RunBatch(t.Context(), spec); err != nil || confirming != 0 {
		t.Errorf("without ConfirmTimes: %v, %v; want 0, no error", confirming, err)
	}
}

// TestTheSwitchPutsTheVariablesBackBeforeEachIteration runs TestR,
// which fails unless its counter starts at 0, four times in one process:
// without RunSpec.Restore it fails from the second run on; with it, each
// run starts from the counter's first value, until mutant 6 changes a
// variable in place, which assigning back does not undo: the process
// then panics before the next run, or, with RunSpec.State, records the
// differing hash and goes on.
func TestTheSwitchPutsTheVariablesBackBeforeEachIteration(t *testing.T) {
	t.Parallel()
	bin := switchBinary(t)
	steps := []mutate.Step{{}, {}, {Active: 6}, {}}
	run := func(restore bool, state string) []*testjson.Stream {
		its, _, _, err := bin.RunBatch(t.Context(), RunSpec{Tests: []string{"TestR"}, Dir: t.TempDir(), Timeout: time.Minute,
			Schedule: steps, Restore: restore, State: state})
		if err != nil {
			t.Fatal(err)
		}
		return its
	}
	check := func(what string, its []*testjson.Stream, want ...string) {
		t.Helper()
		if got := ran(its); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: the iterations ran\n%s\nwant\n%s", what, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
	check("without restore", run(false, ""), "TestR=pass", "TestR=fail", "TestR=fail", "TestR=fail")
	its := run(true, "")
	check("with restore", its, "TestR=pass", "TestR=pass", "TestR=pass", "TestR=fail")
	const reason = "panic: mutprop: the package-level variables, put back, differ from their values before the first test"
	if len(its) == 4 {
		if r := its[3].KillReason("TestR"); r != reason {
			t.Errorf("the fourth run's reason %q, want %q", r, reason)
		}
	}
	state := filepath.Join(t.TempDir(), "state")
	check("with restore and a state file", run(true, state), "TestR=pass", "TestR=pass", "TestR=pass", "TestR=pass")
	b, err := os.ReadFile(state)
	if err != nil {
		t.Fatal(err)
	}
	hash := map[string][]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if f := strings.Fields(l); len(f) == 4 {
			hash[f[0]] = f[1:]
		}
	}
	// "LABEL HASH sw.count=H sw.box=H": r3 differs from -1 in box only.
	first, r1, r2, r3 := hash["-1"], hash["r1"], hash["r2"], hash["r3"]
	if first == nil || !slices.Equal(r1, first) || !slices.Equal(r2, first) || r3 == nil || r3[0] == first[0] ||
		r3[1] != first[1] || r3[2] == first[2] || !strings.HasPrefix(r3[2], "sw.box=") {
		t.Errorf("the state file: want r1 and r2 equal to -1, r3 another hash, from sw.box alone:\n%s", b)
	}
}

// TestTheSwitchMeasuresEachTestsTime runs TestA and TestSleep without a
// schedule, with RunSpec.TestTimes: the binary measures both, TestSleep
// its 30 ms, and Took gives TestA less than TestSleep, where its printed
// time is 0.
func TestTheSwitchMeasuresEachTestsTime(t *testing.T) {
	t.Parallel()
	bin := switchBinary(t)
	st, _, err := bin.Run(t.Context(), RunSpec{Tests: []string{"TestA", "TestSleep"}, Dir: t.TempDir(), Timeout: time.Minute, TestTimes: true})
	if err != nil {
		t.Fatal(err)
	}
	m := st.Measured()
	if d := m["TestSleep"]; d < 30*time.Millisecond || d > 30*time.Second {
		t.Errorf("the binary measured TestSleep's %v, want 30 ms or a little more (all: %v)", d, m)
	}
	if _, ok := m["TestA"]; !ok {
		t.Errorf("the binary measured no time for TestA: %v", m)
	}
	took := st.Took()
	if d := took["TestA"]; d <= 0 || d >= took["TestSleep"] {
		t.Errorf("TestA took %v: want more than 0 and less than TestSleep's %v", d, took["TestSleep"])
	}
	if d := st.Elapsed()["TestA"]; d != 0 {
		t.Errorf("TestA's printed time %v: want 0, below what Took measured", d)
	}
}

// TestTheSwitchCutsATestThatFailedAndGoesOn: under a mutant, a test whose
// loop goes on after a t.Errorf is cut at the loop's next look, in a
// batch and in a process that runs one mutant from the environment
// alike; its iteration fails with its first case's message, and the next
// iteration is read whole. Without a mutant, and with a test that
// passes, the switch prints nothing.
func TestTheSwitchCutsATestThatFailedAndGoesOn(t *testing.T) {
	t.Parallel()
	if mutate.FailedFrame != testjson.FailedEvent {
		t.Fatalf("the switch prints %q, the parser reads %q", mutate.FailedFrame, testjson.FailedEvent)
	}
	bin := switchBinary(t)
	its, res, _, err := bin.RunBatch(t.Context(), RunSpec{Tests: []string{"TestFlood"}, Dir: t.TempDir(), Timeout: time.Minute, CutAtFailedSubtest: true,
		Schedule: []mutate.Step{{Active: 7}, {Active: 7, Confirm: true}, {Active: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(ran(its), "\n"), "TestFlood=fail\nTestFlood=fail\nTestFlood=pass"; got != want {
		t.Fatalf("the iterations ran\n%s\nwant\n%s", got, want)
	}
	for k, it := range its[:2] {
		if it.Cut != "TestFlood" || it.KillReason("TestFlood") != "sw_test.go:64: case 0" || strings.Contains(it.Output, "case 1") {
			t.Errorf("iteration %d: cut %q, reason %q, want a cut after case 0; output:\n%s", k, it.Cut, it.KillReason("TestFlood"), it.Output)
		}
	}
	// The test ended at the cut, on its own goroutine: no later case ran.
	if strings.Contains(string(res.Output), "case 1") {
		t.Errorf("TestFlood went on after its cut:\n%.2000s", res.Output)
	}
	if its[2].Cut != "" {
		t.Errorf("the passing iteration was cut at %q", its[2].Cut)
	}
	for _, active := range []int{7, 0} {
		st, _, err := bin.Run(t.Context(), RunSpec{Tests: []string{"TestFlood"}, Active: active, Dir: t.TempDir(), Timeout: time.Minute, CutAtFailedSubtest: true})
		if err != nil {
			t.Fatal(err)
		}
		if cut := active != 0; (st.Cut == "TestFlood") != cut || (st.Tests["TestFlood"].Status == testjson.StatusFail) != cut {
			t.Errorf("mutant %d from the environment: cut %q, TestFlood %s", active, st.Cut, st.Tests["TestFlood"].Status)
		}
	}
}

// TestTheSwitchEndsOnlyTheTestsOwnGoroutine runs TestFloodAside, whose
// failing loop runs in a goroutine of its own: the switch marks the cut
// there, but ending that goroutine would leave the test waiting for it.
// The loop goes on to its last case, and the test to its end.
func TestTheSwitchEndsOnlyTheTestsOwnGoroutine(t *testing.T) {
	t.Parallel()
	bin := switchBinary(t)
	its, res, _, err := bin.RunBatch(t.Context(), RunSpec{Tests: []string{"TestFloodAside"}, Dir: t.TempDir(), Timeout: time.Minute, CutAtFailedSubtest: true,
		Schedule: []mutate.Step{{Active: 7}, {Active: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(ran(its), "\n"), "TestFloodAside=fail\nTestFloodAside=pass"; got != want {
		t.Fatalf("the iterations ran\n%s\nwant\n%s", got, want)
	}
	if its[0].Cut != "TestFloodAside" {
		t.Errorf("cut %q, want TestFloodAside", its[0].Cut)
	}
	if out := string(res.Output); !strings.Contains(out, "case 19999") || strings.Count(out, "done") != 2 {
		t.Errorf("the goroutine's loop or the test did not run to its end:\n%.2000s", out)
	}
}

// TestTheSwitchEndsATestWhoseSubtestFailedAtItsOwnNextLook runs
// TestRows, whose first row fails under mutant 10. The switch sees the
// failure first in the row's own loop, another goroutine: it marks the
// cut there, and the test's own loop ends the test at its next turn,
// after the first row, where it used to run all 50. A mutant under which
// no row fails runs them all.
func TestTheSwitchEndsATestWhoseSubtestFailedAtItsOwnNextLook(t *testing.T) {
	t.Parallel()
	bin := switchBinary(t)
	its, res, _, err := bin.RunBatch(t.Context(), RunSpec{Tests: []string{"TestRows"}, Dir: t.TempDir(), Timeout: time.Minute, CutAtFailedSubtest: true,
		Schedule: []mutate.Step{{Active: 10}, {Active: 10, Confirm: true}, {Active: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	vs := testjson.ClassifyBatch(its, res)
	if len(vs) != 3 {
		t.Fatalf("%d iterations, want 3", len(vs))
	}
	for k, v := range vs[:2] {
		if v.Outcome != outcome.Killed || !strings.Contains(v.Reason, "row 0 case ") {
			t.Errorf("iteration %d: %s, %q; want a kill with row 0's reason", k, v.Outcome, v.Reason)
		}
	}
	if vs[2].Outcome != outcome.Survived {
		t.Errorf("mutant 1: %s, want survived", vs[2].Outcome)
	}
	// The failing iterations' rows, 1 or 2 each, and mutant 1's 50.
	if rows := strings.Count(string(res.Output), "=== RUN   TestRows/"); rows < 52 || rows > 54 {
		t.Errorf("%d rows ran, want 52 to 54:\n%.3000s", rows, res.Output)
	}
}

// TestAKillsConfirmsRunItsFailedSubtestOnly runs two table tests in
// batches: a confirm step reruns the subtest that failed first in the
// kill's step (with its parent), and the others skip, as a kill's reruns
// in a process of their own run under a -test.run narrowed to it. The
// failed row is the first of two (TestTable) or the one of ten parallel
// rows run by name (TestParallelTable, whose kill's step is failfast, as
// an operator mutant's is); a later mutant's step runs every row again.
func TestAKillsConfirmsRunItsFailedSubtestOnly(t *testing.T) {
	t.Parallel()
	bin := switchBinary(t)
	for _, c := range []struct {
		test             string
		failfast         bool
		failed, narrowed []string // in the kill's step, in its confirms
		rows             int      // subtests the kill's step runs, at least
	}{
		{"TestTable", false, []string{"TestTable/12", "TestTable/7"}, []string{"TestTable/7"}, 13},
		{"TestParallelTable", true, []string{"TestParallelTable/3"}, []string{"TestParallelTable/3"}, 10},
	} {
		steps := []mutate.Step{{Active: 11}, {Active: 11, Confirm: true}, {Active: 11, Confirm: true}, {Active: 1}, {Active: 1, Confirm: true}}
		for i := range steps {
			steps[i].Failfast = c.failfast
		}
		its, _, _, err := bin.RunBatch(t.Context(), RunSpec{Tests: []string{c.test}, Dir: t.TempDir(), Timeout: time.Minute, Schedule: steps})
		if err != nil {
			t.Fatal(err)
		}
		if len(its) != 5 {
			t.Fatalf("%s: %d iterations, want 5", c.test, len(its))
		}
		// ranRows lists iteration k's subtests that ran (passed or
		// failed) and those that failed, sorted.
		ranRows := func(k int) (run, failed []string) {
			for _, name := range its[k].Order {
				st := its[k].Tests[name].Status
				if name == c.test || st == testjson.StatusSkip {
					continue
				}
				run = append(run, name)
				if st == testjson.StatusFail {
					failed = append(failed, name)
				}
			}
			slices.Sort(run)
			slices.Sort(failed)
			return run, failed
		}
		if run, failed := ranRows(0); len(run) < c.rows || !slices.Equal(failed, c.failed) {
			t.Errorf("%s, the kill's step: ran %v, failed %v; want %d rows or more, %v failed", c.test, run, failed, c.rows, c.failed)
		}
		for k := 1; k < 3; k++ {
			if run, failed := ranRows(k); !slices.Equal(run, c.narrowed) || !slices.Equal(failed, c.narrowed) {
				t.Errorf("%s, confirm %d: ran %v, failed %v; want %v, failed", c.test, k, run, failed, c.narrowed)
			}
		}
		if run, failed := ranRows(3); len(run) < c.rows || len(failed) > 0 {
			t.Errorf("%s, mutant 1: ran %v, failed %v; want %d rows or more, none failed", c.test, run, failed, c.rows)
		}
		if run, _ := ranRows(4); len(run) > 0 {
			t.Errorf("%s, mutant 1's confirm ran %v: nothing failed to confirm", c.test, run)
		}
	}
}

// TestTheSwitchEndsASubtestsPanicAsItsFailure runs TestSub, whose
// second subtest panics under mutant 8, in a batch: in a failfast step the
// panic is the test's failure, with the reason a process that ended
// there gives, the third subtest skips, and the process goes on to the
// next steps; in a step that is not failfast, the panic ends the process.
func TestTheSwitchEndsASubtestsPanicAsItsFailure(t *testing.T) {
	t.Parallel()
	bin := switchBinary(t)
	alone, _, err := bin.Run(t.Context(), RunSpec{Tests: []string{"TestSub"}, Active: 8, Dir: t.TempDir(), Timeout: time.Minute, Failfast: true})
	if err != nil {
		t.Fatal(err)
	}
	reason := alone.KillReason("TestSub")
	if !strings.HasPrefix(reason, "panic: runtime error: index out of range [8]") {
		t.Fatalf("alone, TestSub's reason %q, want the panic", reason)
	}
	its, _, _, err := bin.RunBatch(t.Context(), RunSpec{Tests: []string{"TestSub"}, Dir: t.TempDir(), Timeout: time.Minute,
		Schedule: []mutate.Step{
			{Active: 8, Failfast: true},
			{Active: 8, Failfast: true, Confirm: true},
			{Active: 1, Failfast: true},
			{Active: 8},
			{Active: 1},
		}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"TestSub=fail TestSub/a=pass TestSub/b=fail TestSub/c=skip",
		"TestSub=fail TestSub/a=skip TestSub/b=fail TestSub/c=skip", // the confirm: the failed subtest only
		"TestSub=pass TestSub/a=pass TestSub/b=pass TestSub/c=pass",
		"TestSub=fail TestSub/a=pass TestSub/b=fail", // no failfast: the panic ends the process
	}
	if got := ran(its); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the iterations ran\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, k := range []int{0, 1, 3} {
		if k < len(its) {
			if r := its[k].KillReason("TestSub"); r != reason {
				t.Errorf("iteration %d: TestSub's reason %q, want %q as alone", k, r, reason)
			}
		}
	}
}

// TestStopsAtFirstFailureIsFailfastOrAFailfastSchedule checks
// RunSpec.StopsAtFirstFailure.
func TestStopsAtFirstFailureIsFailfastOrAFailfastSchedule(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		spec RunSpec
		want bool
	}{
		{RunSpec{}, false},
		{RunSpec{Failfast: true}, true},
		{RunSpec{Schedule: []mutate.Step{{Failfast: true}, {Failfast: true, Confirm: true}}}, true},
		{RunSpec{Schedule: []mutate.Step{{Failfast: true}, {Confirm: true}}}, false},
		{RunSpec{Schedule: []mutate.Step{{}}, Failfast: true}, true},
	} {
		if got := c.spec.StopsAtFirstFailure(); got != c.want {
			t.Errorf("%+v: %v, want %v", c.spec, got, c.want)
		}
	}
}
