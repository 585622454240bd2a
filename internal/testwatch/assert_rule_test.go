package testwatch

import "testing"

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
// CutAtFailedSubtest, a watch stops the run where a test whose subtest
// failed prints or starts another subtest, blamed on it; a test's own
// output line leaves its clock running. The baseline's watch
// (NewLimits) and a watch without the cut never stop there.
func TestAFailedSubtestsTestGoingOnStopsAMutantsRun(t *testing.T) {
	t.Parallel()
	lines := []string{"=== RUN   TestFast", "=== RUN   TestFast/1", "--- FAIL: TestFast/1 (0.00s)", "=== NAME  TestFast"}
	for _, c := range []struct {
		name        string
		cut, limits bool
		stop        bool
	}{
		{"a mutant's run", true, false, true},
		{"the baseline's", true, true, false},
		{"a watch without the cut", false, false, false},
	} {
		f := newFakeRun(watchRules)
		if c.cut {
			f.w.CutAtFailedSubtest()
		}
		f.w.limitsOnly = c.limits
		for i, l := range lines {
			f.line(l)
			if f.stopped && i < len(lines)-1 {
				t.Fatalf("%s: stopped at %q", c.name, l)
			}
		}
		if f.stopped != c.stop {
			t.Errorf("%s: stopped %v, want %v", c.name, f.stopped, c.stop)
		}
		if c.stop && (f.w.Stopped() != "TestFast" || f.w.Why() != "a subtest failed") {
			t.Errorf("%s: stopped %q (%q), want TestFast", c.name, f.w.Stopped(), f.w.Why())
		}
		if !c.stop && f.w.running["TestFast"] == nil {
			t.Errorf("%s: TestFast's own output line stopped its clock", c.name)
		}
	}
}
