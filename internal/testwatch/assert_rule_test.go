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
