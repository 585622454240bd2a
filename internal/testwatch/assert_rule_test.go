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

// TestAFailedSubtestStopsTheRunBlamedOnItsTopLevelTest: a subtest's
// "--- FAIL" line ends the run at once, blamed on its running top-level
// test (it has failed for good); a subtest that passed, or a failure of
// a test that is not running, does not; and a watch of the baseline
// (NewLimits) reads no failure, neither a subtest's nor an assertion's.
func TestAFailedSubtestStopsTheRunBlamedOnItsTopLevelTest(t *testing.T) {
	t.Parallel()
	block := "    x_test.go:12: \n        \tError Trace:\t/src/x_test.go:12\n        \tError:      \tNot equal: \n"
	for _, c := range []struct {
		name    string
		limits  bool
		lines   []string
		out     string
		stopped string // "" when the run goes on
	}{
		{"a failed subtest", false, []string{"=== RUN   TestTable", "=== RUN   TestTable/row_1", "--- FAIL: TestTable/row_1 (0.00s)"}, "", "TestTable"},
		{"a failed subtest of a subtest", false, []string{"=== RUN   TestTable", "=== RUN   TestTable/a/b", "--- FAIL: TestTable/a/b (0.00s)"}, "", "TestTable"},
		{"a subtest that passed", false, []string{"=== RUN   TestTable", "=== RUN   TestTable/row_1", "--- PASS: TestTable/row_1 (0.00s)"}, "", ""},
		{"a failed subtest of a test not running", false, []string{"=== RUN   TestFast", "--- FAIL: TestTable/row_1 (0.00s)"}, "", ""},
		{"the baseline's watch: a failed subtest", true, []string{"=== RUN   TestTable", "--- FAIL: TestTable/row_1 (0.00s)"}, "", ""},
		{"the baseline's watch: an assertion's block", true, []string{"=== RUN   TestFast"}, block, ""},
	} {
		f := newFakeRun(watchRules)
		if c.limits {
			f.w.limitsOnly = true
		}
		for _, l := range c.lines {
			f.line(l)
		}
		_, _ = f.w.Write([]byte(c.out))
		if f.stopped != (c.stopped != "") || f.w.Stopped() != c.stopped {
			t.Errorf("%s: stopped %v (%q), want %q", c.name, f.stopped, f.w.Stopped(), c.stopped)
		}
		if c.stopped != "" && f.w.Why() != "a subtest failed" {
			t.Errorf("%s: why %q", c.name, f.w.Why())
		}
	}
	if w := NewLimits(watchRules); !w.limitsOnly {
		t.Error("NewLimits reads failures in the output")
	}
}
