package testwatch

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/proc"
)

// Rules with deadline factor 10 and a first constant of 50 ms, their CPU
// read from the first deadline, for a test that took 5 ms in the baseline and used 4 ms of
// CPU alone (TestA), and one whose usage alone was not measured (TestC:
// its baseline stands for its CPU): first deadline 10 x 5 ms + 50 ms,
// full deadline 10 x 5 ms + 250 ms, and half the first deadline of CPU
// (more than 10 x 4 ms) shows a loop.
var rules = map[string]Rule{
	"TestA": {First: 100 * time.Millisecond, Full: 300 * time.Millisecond, Need: 50 * time.Millisecond, Alone: 4 * time.Millisecond, Factor: 10,
		Base: Usage{CPU: 4 * time.Millisecond}},
	"TestC": {First: 100 * time.Millisecond, Full: 300 * time.Millisecond, Need: 50 * time.Millisecond, Alone: 5 * time.Millisecond, Factor: 10},
}

func TestATestsTimeoutIsConfirmedByItsCPUTimeWhenItComputedPastTheFactor(t *testing.T) {
	t.Parallel()
	r := rules["TestA"]
	loop := proc.Usage{CPU: 120 * time.Millisecond, RSS: 22 << 20, PageFaults: 3500}
	for _, c := range []struct {
		name    string
		test    string
		elapsed time.Duration
		use     func(proc.Usage) proc.Usage
		stop    bool
		cpuWhy  bool // a reason: CPU evidence of a loop, or "blocked"
	}{
		{"a loop past 10 x its test's CPU", "TestA", r.First, func(u proc.Usage) proc.Usage { return u }, true, true},
		{"less CPU than it needs, at its first deadline", "TestA", r.First, func(u proc.Usage) proc.Usage { u.CPU = 40 * time.Millisecond; return u }, false, false},
		{"starved at its full deadline: it runs on", "TestA", r.Full, func(u proc.Usage) proc.Usage { u.CPU = 30 * time.Millisecond; return u }, false, false},
		{"starved at Stretch x its full deadline: stopped", "TestA", Stretch * r.Full, func(u proc.Usage) proc.Usage { u.CPU = 30 * time.Millisecond; return u }, true, false},
		{"blocked at its full deadline: stopped", "TestA", r.Full, func(u proc.Usage) proc.Usage { u.CPU = 2 * time.Millisecond; return u }, true, true},
		{"held in uninterruptible sleep at its full deadline: not blocked, it runs on", "TestA", r.Full, func(u proc.Usage) proc.Usage {
			u.CPU, u.Stalled = 2*time.Millisecond, true
			return u
		}, false, false},
		{"starved on a machine with 50 processes per core: it runs on", "TestA", r.Full, func(u proc.Usage) proc.Usage { u.CPU = 6 * time.Millisecond; return u }, false, false},
		{"a loop growing in memory, at its first deadline: stopped by its CPU like any loop", "TestA", r.First, func(u proc.Usage) proc.Usage { u.RSS = 40 << 20; return u }, true, true},
		{"churning memory (page faults) past 10 x its CPU: stopped", "TestA", r.First, func(u proc.Usage) proc.Usage { u.PageFaults = 90000; return u }, true, true},
		{"a loop and its garbage collector, waiting side by side longer than the wall time: stopped by its CPU time", "TestA", 2 * r.Full, func(u proc.Usage) proc.Usage {
			u.PageFaults, u.CPU, u.Waited = 90000, r.Full, 3*r.Full
			return u
		}, true, true},
		{"growing memory, less CPU than 10 x its CPU alone: it runs on", "TestA", r.Full, func(u proc.Usage) proc.Usage {
			u.RSS, u.CPU = 40<<20, 40*time.Millisecond
			return u
		}, false, false},
		{"starved, waiting for a CPU, at Stretch x its full deadline: it runs on", "TestA", Stretch * r.Full, func(u proc.Usage) proc.Usage {
			u.CPU, u.Waited = 30*time.Millisecond, Stretch*r.Full-100*time.Millisecond
			return u
		}, false, false},
		{"starved past Stretch x its full deadline in its own time: stopped", "TestA", 2 * Stretch * r.Full, func(u proc.Usage) proc.Usage {
			u.CPU, u.Waited = 30*time.Millisecond, Stretch*r.Full-100*time.Millisecond
			return u
		}, true, false},
		{"little CPU but waiting for one at its full deadline: starved, not blocked", "TestA", r.Full, func(u proc.Usage) proc.Usage {
			u.CPU, u.Waited = 2*time.Millisecond, r.Full-20*time.Millisecond
			return u
		}, false, false},
		{"growing memory while starved: runs on to its full deadline in its own time", "TestA", r.Full, func(u proc.Usage) proc.Usage {
			u.RSS, u.CPU, u.Waited = 40<<20, 40*time.Millisecond, r.Full/2
			return u
		}, false, false},
		{"a test without a measured run: its baseline stands for its CPU", "TestC", r.First, func(u proc.Usage) proc.Usage { return u }, true, true},
	} {
		u := c.use(loop)
		cl := &clock{name: c.test, rule: rules[c.test], cpuOK: true, cpu: u.CPU}
		stop, why := cl.judge(c.elapsed, u, true)
		if stop != c.stop || (why != "") != c.cpuWhy {
			t.Errorf("%s: stop %v (%q), want %v (evidence %v)", c.name, stop, why, c.stop, c.cpuWhy)
		}
		if c.cpuWhy && !strings.Contains(why, " x the ") && !strings.HasPrefix(why, "blocked: ") {
			t.Errorf("%s: why %q", c.name, why)
		}
	}
	// Where the process cannot be read (outside Linux) the wall time
	// decides, at the full deadline.
	cl := &clock{name: "TestA", rule: r}
	if stop, _ := cl.judge(r.First, proc.Usage{}, false); stop {
		t.Error("unreadable: stopped at the first deadline")
	}
	if stop, _ := cl.judge(r.Full, proc.Usage{}, false); !stop {
		t.Error("unreadable: not stopped at the full deadline")
	}
}

// fakeRun drives a testWatch with a clock and a CPU time of its own.
type fakeRun struct {
	w       *Watch
	now     time.Time
	cpu     time.Duration
	stopped bool
}

func newFakeRun(rule func(string) Rule) *fakeRun {
	f := &fakeRun{now: time.Unix(0, 0)}
	f.w = New(rule)
	f.w.now = func() time.Time { return f.now }
	f.w.stat = func() (proc.Usage, bool) { return proc.Usage{CPU: f.cpu}, true }
	f.w.stop = func() { f.stopped = true }
	f.w.idle = f.w.newClock("", proc.Usage{}, true)
	return f
}

// advance moves the clock by d in steps, the test using share of a core,
// and checks the rules after each step.
func (f *fakeRun) advance(d time.Duration, share float64) {
	for step := time.Duration(0); step < d && !f.stopped; step += watchTick {
		f.now = f.now.Add(watchTick)
		f.cpu += time.Duration(share * float64(watchTick))
		f.w.check()
	}
}

func (f *fakeRun) line(s string) { _, _ = f.w.Write([]byte("\x16" + s + "\n")) }

// watchRules are rules with deadline factor 10 and a first constant of
// 50 ms, their CPU read from the first deadline, of a run whose
// process took 5 ms outside its tests, and of TestFast (10 ms, 5 ms of
// CPU alone) and TestSlow (2 s of CPU).
func watchRules(test string) Rule {
	var alone Usage
	switch test {
	case "TestFast":
		alone.CPU = 5 * time.Millisecond
		return Rule{First: 150 * time.Millisecond, Full: 350 * time.Millisecond, Need: 75 * time.Millisecond, Alone: alone.CPU, Factor: 10, Base: alone}
	case "TestSlow":
		alone.CPU = 2 * time.Second
		return Rule{First: 20050 * time.Millisecond, Full: 20250 * time.Millisecond, Need: 20 * time.Second, Alone: alone.CPU, Factor: 10, Base: alone}
	}
	return Rule{First: 100 * time.Millisecond, Full: 300 * time.Millisecond, Need: 50 * time.Millisecond, Alone: 5 * time.Millisecond, Factor: 10}
}

func TestEachTestOfARunHasItsOwnDeadlineFromItsStart(t *testing.T) {
	t.Parallel()
	f := newFakeRun(watchRules)
	f.line("=== RUN   TestSlow")
	f.advance(1900*time.Millisecond, 1) // within 10 x its 2 s
	f.line("--- PASS: TestSlow (1.90s)")
	f.line("=== RUN   TestFast")
	f.advance(90*time.Millisecond, 1)
	if f.stopped {
		t.Fatalf("stopped within TestFast's first deadline: %s %s", f.w.stopped, f.w.why)
	}
	f.advance(time.Second, 1)
	if !f.stopped || f.w.stopped != "TestFast" {
		t.Fatalf("a loop in TestFast: stopped %v (%q), want TestFast", f.stopped, f.w.stopped)
	}
	if !strings.Contains(f.w.why, "of CPU, more than 10 x the 5ms") {
		t.Errorf("why %q: want the CPU evidence", f.w.why)
	}
	if el := f.now.Sub(time.Unix(0, 0)) - 1900*time.Millisecond; el > 200*time.Millisecond {
		t.Errorf("TestFast stopped %v after its start, want about 10 x 10 ms + 50 ms", el)
	}
}

// TestAStarvedTrialRunsOnUntilItsCPUTimeConfirmsTheTimeout simulates a
// loaded machine: the test gets a tenth of a core. Past its first and full
// deadlines it is neither a loop by its CPU time nor blocked: it runs on,
// and ends on its own (survives) or is confirmed by its CPU time.
func TestAStarvedTrialRunsOnUntilItsCPUTimeConfirmsTheTimeout(t *testing.T) {
	t.Parallel()
	full := watchRules("TestFast").Full

	ends := newFakeRun(watchRules)
	ends.line("=== RUN   TestFast")
	ends.advance(full+full/2, 0.1)
	if ends.stopped {
		t.Fatalf("a starved test was stopped at %v, past its full deadline %v: %s", ends.now.Sub(time.Unix(0, 0)), full, ends.w.why)
	}
	ends.line("--- PASS: TestFast (0.40s)")
	ends.advance(time.Second, 0.1)
	if ends.stopped && ends.w.stopped == "TestFast" {
		t.Errorf("a test that ended was stopped")
	}

	loops := newFakeRun(watchRules)
	loops.line("=== RUN   TestFast")
	loops.advance(time.Minute, 0.1)
	if !loops.stopped || loops.w.stopped != "TestFast" || !strings.Contains(loops.w.why, "of CPU") {
		t.Fatalf("a starved loop: stopped %v (%q, %q), want confirmed by its CPU time", loops.stopped, loops.w.stopped, loops.w.why)
	}
	if at := loops.now.Sub(time.Unix(0, 0)); at <= full || at > Stretch*full {
		t.Errorf("a starved loop stopped at %v: want past its full deadline %v (starved), within %d x it", at, full, Stretch)
	}

	blocked := newFakeRun(watchRules)
	blocked.line("=== RUN   TestFast")
	blocked.advance(time.Minute, 0)
	if at := blocked.now.Sub(time.Unix(0, 0)); !blocked.stopped || at < full || at > full+2*watchTick {
		t.Errorf("a blocked test: stopped %v at %v, want at its full deadline %v", blocked.stopped, at, full)
	}
}

func TestAPausedParallelTestsClockStops(t *testing.T) {
	t.Parallel()
	f := newFakeRun(watchRules)
	f.line("=== RUN   TestFast")
	f.line("=== PAUSE TestFast")
	f.line("=== RUN   TestSlow")
	f.advance(1500*time.Millisecond, 1)
	f.line("--- PASS: TestSlow (1.50s)")
	f.line("=== CONT  TestFast")
	f.advance(50*time.Millisecond, 1)
	if f.stopped {
		t.Fatalf("TestFast was stopped for the time it waited paused: %q %s", f.w.stopped, f.w.why)
	}
}

// TestAFailedAssertionEndsTheRunAtOnce: testify's failure block in the
// output ends the run before any deadline (the test has failed for good);
// not when the running test printed such blocks alone and passed, and not
// for an "Error:" line without its trace.
func TestAFailedAssertionEndsTheRunAtOnce(t *testing.T) {
	t.Parallel()
	block := "    x_test.go:12: \n        \tError Trace:\t/src/x_test.go:12\n        \tError:      \tNot equal: \n"
	f := newFakeRun(watchRules)
	f.line("=== RUN   TestFast")
	_, _ = f.w.Write([]byte("    x_test.go:3: \n        \tError:      \tnot testify's\n"))
	if f.stopped {
		t.Fatalf("stopped at an Error: line without a trace")
	}
	_, _ = f.w.Write([]byte(block))
	if !f.stopped || f.w.stopped != "TestFast" || f.w.why != "an assertion failed" {
		t.Errorf("after a failure block: stopped %v (%q, %q), want TestFast stopped", f.stopped, f.w.stopped, f.w.why)
	}

	logs := newFakeRun(func(test string) Rule {
		r := watchRules(test)
		r.Base.Asserts = true
		return r
	})
	logs.line("=== RUN   TestFast")
	_, _ = logs.w.Write([]byte(block))
	if logs.stopped {
		t.Errorf("a test that prints failure blocks alone and passes was stopped at one")
	}
}

// TestParallelTestsShareTheProcesssCPU: five parallel tests of 5 ms of
// CPU alone run side by side on two cores. Each has its share of what the
// process uses, not the whole of it, so none is a loop at 40 ms each; once
// the other four have ended, the one that loops gets the whole CPU and is
// stopped.
func TestParallelTestsShareTheProcesssCPU(t *testing.T) {
	t.Parallel()
	rule := func(test string) Rule {
		if test == "" {
			return watchRules("")
		}
		return Rule{First: 60 * time.Millisecond, Full: 300 * time.Millisecond, Need: 50 * time.Millisecond, Alone: 5 * time.Millisecond, Factor: 10, Base: Usage{CPU: 5 * time.Millisecond}}
	}
	f := newFakeRun(rule)
	for i := 1; i <= 5; i++ {
		f.line(fmt.Sprintf("=== RUN   TestP%d", i))
	}
	f.advance(100*time.Millisecond, 2)
	if f.stopped {
		t.Fatalf("five parallel tests on two cores, 40 ms of CPU each, were stopped: %q %s", f.w.stopped, f.w.why)
	}
	for i := 2; i <= 5; i++ {
		f.line(fmt.Sprintf("--- PASS: TestP%d (0.10s)", i))
	}
	f.advance(time.Second, 1)
	if !f.stopped || f.w.stopped != "TestP1" {
		t.Fatalf("the loop left alone: stopped %v (%q), want TestP1", f.stopped, f.w.stopped)
	}
	if at := f.now.Sub(time.Unix(0, 0)); at > 150*time.Millisecond {
		t.Errorf("the loop left alone was stopped at %v: want soon after the others ended (100 ms)", at)
	}
}
