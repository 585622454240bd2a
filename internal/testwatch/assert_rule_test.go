package testwatch

import (
	"testing"
	"time"

	"github.com/mutprop/mutprop/internal/testbin"
	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/mutate"
)

// TestAFailedAssertionStopsTheRunUnlessItsTestPrintsSuchBlocks is README's
// rule as a table: testify's failure block (its Error Trace) ends the run
// at once, blamed on the running test (the first by name when several
// run); not an "Error:" line without its trace, and not while a test
// that prints such blocks alone and passes is running.
func TestAFailedAssertionStopsTheRunUnlessItsTestPrintsSuchBlocks(t *testing.T) {
	t.Parallel()
	block := "    x_test.go:12: \n        \tError Trace:\t/src/x_test.go:12\n        \tError:      \tNot equal: \n"
	noTrace := "    x_test.go:3: \n        \tError:      \tnot testify's\n"
	for _, c := range []struct {
		name     string
		running  []string
		asserts  string // the test whose baseline printed such blocks ("" none)
		out      string
		stop     bool
		stopped  string // Stopped()
		external bool   // stopped outside the tests
	}{
		{"a block while one test runs", []string{"TestFast"}, "", block, true, "TestFast", false},
		{"a block while two run: the first by name", []string{"TestSlow", "TestFast"}, "", block, true, "TestFast", false},
		{"an Error: line without its trace", []string{"TestFast"}, "", noTrace, false, "", false},
		{"a block from a test that prints them alone and passes", []string{"TestFast"}, "TestFast", block, false, "", false},
		{"a block while another such test runs too", []string{"TestSlow", "TestFast"}, "TestSlow", block, false, "", false},
		{"a block outside the tests", nil, "", block, true, "", true},
	} {
		f := newFakeRun(func(test string) Rule {
			r := watchRules(test)
			r.Base.Asserts = test != "" && test == c.asserts
			return r
		})
		for _, name := range c.running {
			f.line("=== RUN   " + name)
		}
		_, _ = f.w.Write([]byte(c.out))
		if f.stopped != c.stop || f.w.Stopped() != c.stopped || (f.w.stopped == outsideTests) != c.external {
			t.Errorf("%s: stopped %v (%q, %q), want %v (%q)", c.name, f.stopped, f.w.stopped, f.w.Why(), c.stop, c.stopped)
		}
		if c.stop && f.w.Why() != "an assertion failed" {
			t.Errorf("%s: why %q", c.name, f.w.Why())
		}
	}
}

// TestTheBaselinesWatchReadsNoFailure: a watch of the baseline
// (NewLimits) leaves the run to its clocks' rules: a failed assertion's
// block, which ends a mutant's run, does not end it.
func TestTheBaselinesWatchReadsNoFailure(t *testing.T) {
	t.Parallel()
	block := "    x_test.go:12: \n        \tError Trace:\t/src/x_test.go:12\n        \tError:      \tNot equal: \n"
	f := newFakeRun(watchRules)
	f.w.limitsOnly = true
	f.line("=== RUN   TestFast")
	_, _ = f.w.Write([]byte(block))
	if f.stopped || f.w.Stopped() != "" {
		t.Errorf("stopped %v (%q): the baseline's watch read an assertion", f.stopped, f.w.Stopped())
	}
	if w := NewLimits(watchRules); !w.limitsOnly {
		t.Error("NewLimits reads failures in the output")
	}
}

// TestAFailedSubtestsTestGoingOnStopsAMutantsRun: with
// CutAtFailedSubtest(0), a watch stops the run where a test whose subtest
// failed prints or starts another subtest, blamed on it; a test's own
// output line leaves its clock running. With CutPatience it stops the run
// once the test went on that long; never with a negative patience, nor
// while another test waits in t.Parallel. The baseline's watch
// (NewLimits) and a watch without the cut never stop there.
func TestAFailedSubtestsTestGoingOnStopsAMutantsRun(t *testing.T) {
	t.Parallel()
	lines := []string{"=== RUN   TestFast", "=== RUN   TestFast/1", "--- FAIL: TestFast/1 (0.00s)", "=== NAME  TestFast"}
	for _, c := range []struct {
		name        string
		cut, limits bool
		after       time.Duration
		paused      bool // TestSlow waits in t.Parallel
		stop, later bool // at the cut's line; CutPatience after it
	}{
		{"a mutant's run", true, false, 0, false, true, true},
		{"a run with more iterations", true, false, CutPatience, false, false, true},
		{"a run whose other tests count", true, false, -1, false, false, false},
		{"a run with a test waiting in t.Parallel", true, false, 0, true, false, false},
		{"the baseline's", true, true, 0, false, false, false},
		{"a watch without the cut", false, false, 0, false, false, false},
	} {
		f := newFakeRun(watchRules)
		if c.cut {
			f.w.CutAtFailedSubtest(c.after)
		}
		if c.paused {
			f.line("=== RUN   TestSlow")
			f.line("=== PAUSE TestSlow")
		}
		f.w.limitsOnly = c.limits
		for i, l := range lines {
			f.line(l)
			if f.stopped && i < len(lines)-1 {
				t.Fatalf("%s: stopped at %q", c.name, l)
			}
		}
		if f.stopped != c.stop {
			t.Errorf("%s: stopped %v at the cut, want %v", c.name, f.stopped, c.stop)
		}
		if !c.stop && f.w.running["TestFast"] == nil {
			t.Errorf("%s: TestFast's own output line stopped its clock", c.name)
		}
		f.advance(CutPatience+watchTick, 0)
		if f.stopped != c.later {
			t.Errorf("%s: stopped %v after %v, want %v", c.name, f.stopped, CutPatience, c.later)
		}
		if c.later && (f.w.Stopped() != "TestFast" || f.w.Why() != "a subtest failed") {
			t.Errorf("%s: stopped %q (%q), want TestFast", c.name, f.w.Stopped(), f.w.Why())
		}
	}
}

// TestTheSwitchsFailedLineStopsAMutantsRun: the switch's line that a
// test failed and goes on (testjson.FailedEvent) ends a mutant's run as a
// failed subtest's going on does, after cutAfter, with its own reason;
// it neither stops the test's clock nor counts in the baseline's run.
func TestTheSwitchsFailedLineStopsAMutantsRun(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		limits bool
		after  time.Duration
		stop   bool // at the line
		later  bool // CutPatience after it
	}{
		{"a mutant's run", false, 0, true, true},
		{"a run with more iterations", false, CutPatience, false, true},
		{"the baseline's", true, 0, false, false},
	} {
		f := newFakeRun(watchRules)
		f.w.CutAtFailedSubtest(c.after)
		f.w.limitsOnly = c.limits
		f.line("=== RUN   TestFlood")
		f.line(testjson.FailedEvent + "TestFlood")
		if f.stopped != c.stop {
			t.Errorf("%s: stopped %v at the line, want %v", c.name, f.stopped, c.stop)
		}
		if !c.stop && f.w.running["TestFlood"] == nil {
			t.Errorf("%s: the switch's line stopped TestFlood's clock", c.name)
		}
		f.advance(CutPatience+watchTick, 0)
		if f.stopped != c.later {
			t.Errorf("%s: stopped %v after %v, want %v", c.name, f.stopped, CutPatience, c.later)
		}
		if c.later && (f.w.Stopped() != "TestFlood" || f.w.Why() != "it had failed") {
			t.Errorf("%s: stopped %q (%q), want TestFlood (it had failed)", c.name, f.w.Stopped(), f.w.Why())
		}
	}
}

// TestCutAfterWaitsOnlyWhereMoreIsToRun checks cutAfter's table: at once
// where the cut test is the run's last, CutPatience where iterations
// follow, never where other tests run after it whatever it does.
func TestCutAfterWaitsOnlyWhereMoreIsToRun(t *testing.T) {
	t.Parallel()
	ff := []mutate.Step{{Failfast: true}, {Failfast: true, Confirm: true}}
	for _, c := range []struct {
		name string
		spec testbin.RunSpec
		want time.Duration
	}{
		{"one test, once", testbin.RunSpec{Tests: []string{"TestA"}}, 0},
		{"failfast tests, once", testbin.RunSpec{Tests: []string{"TestA", "TestB"}, Failfast: true}, 0},
		{"tests without failfast", testbin.RunSpec{Tests: []string{"TestA", "TestB"}}, -1},
		{"a kill's reruns", testbin.RunSpec{Tests: []string{"TestA"}, Count: 3}, CutPatience},
		{"a batch of one test", testbin.RunSpec{Tests: []string{"TestA"}, Schedule: make([]mutate.Step, 2)}, CutPatience},
		{"a batch of tests without failfast", testbin.RunSpec{Tests: []string{"TestA", "TestB"}, Schedule: make([]mutate.Step, 2)}, -1},
		{"a stage and its kill's reruns", testbin.RunSpec{Tests: []string{"TestA", "TestB"}, Schedule: ff}, CutPatience},
	} {
		if got := cutAfter(c.spec); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
