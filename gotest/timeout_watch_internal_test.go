package gotest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

// fakeRun drives a testWatch with a clock and a CPU time of its own.
type fakeRun struct {
	w       *testWatch
	now     time.Time
	cpu     time.Duration
	stopped bool
}

func newFakeRun(s *session) *fakeRun {
	f := &fakeRun{now: time.Unix(0, 0)}
	f.w = newTestWatch(s.rule)
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

func watchSession() *session {
	return &session{runState: &runState{cfg: &Config{Timeouts: proc.Timeouts{Factor: 10}}},
		overhead: 5 * time.Millisecond,
		baseline: map[string]time.Duration{"TestFast": 10 * time.Millisecond, "TestSlow": 2 * time.Second},
		usage: map[string]usage{
			"TestFast": {cpu: 5 * time.Millisecond, rss: 20 << 20, faults: 3000, written: 100},
			"TestSlow": {cpu: 2 * time.Second, rss: 20 << 20, faults: 3000, written: 100},
		}}
}

func TestEachTestOfARunHasItsOwnDeadlineFromItsStart(t *testing.T) {
	t.Parallel()
	s := watchSession()
	f := newFakeRun(s)
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
	s := watchSession()
	full := s.cfg.Timeouts.For(s.baseline["TestFast"])

	ends := newFakeRun(s)
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

	loops := newFakeRun(s)
	loops.line("=== RUN   TestFast")
	loops.advance(time.Minute, 0.1)
	if !loops.stopped || loops.w.stopped != "TestFast" || !strings.Contains(loops.w.why, "of CPU") {
		t.Fatalf("a starved loop: stopped %v (%q, %q), want confirmed by its CPU time", loops.stopped, loops.w.stopped, loops.w.why)
	}
	if at := loops.now.Sub(time.Unix(0, 0)); at <= full || at > stretch*full {
		t.Errorf("a starved loop stopped at %v: want past its full deadline %v (starved), within %d x it", at, full, stretch)
	}

	blocked := newFakeRun(s)
	blocked.line("=== RUN   TestFast")
	blocked.advance(time.Minute, 0)
	if at := blocked.now.Sub(time.Unix(0, 0)); !blocked.stopped || at < full || at > full+2*watchTick {
		t.Errorf("a blocked test: stopped %v at %v, want at its full deadline %v", blocked.stopped, at, full)
	}
}

func TestAPausedParallelTestsClockStops(t *testing.T) {
	t.Parallel()
	f := newFakeRun(watchSession())
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

func TestATimeoutAfterAPropertyFailedIsAKillWithItsCount(t *testing.T) {
	t.Parallel()
	out := "\x16=== RUN   TestProp\n    prop_test.go:9: [rapid] failed after 7 tests: boom\n    more\n"
	v, ok := failedProperty(parseStream([]byte(out)))
	if !ok || v.Outcome != outcome.Killed || len(v.KilledBy) != 1 || v.KilledBy[0] != "TestProp" || v.TestsToFailure["TestProp"] != 8 {
		t.Fatalf("got %+v, %v: want killed by TestProp after 8 tests", v, ok)
	}
	if !strings.HasPrefix(v.Reason, "[rapid] failed after 7 tests") {
		t.Errorf("reason %q", v.Reason)
	}
	if _, ok := failedProperty(parseStream([]byte("\x16=== RUN   TestProp\nlooping\n"))); ok {
		t.Error("a run with no failure message is no kill")
	}
}

func TestKillRunsAndTrialsTellRapidNotToShrink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	script := filepath.Join(dir, "args.test")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	b := &testBinary{Path: script, Rapid: true}
	for _, noShrink := range []bool{true, false} {
		st, _, err := b.runTests(t.Context(), runSpec{Tests: []string{"TestP"}, Dir: dir, NoShrink: noShrink, Timeout: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(st.Output, "-rapid.shrinktime=0s"); got != noShrink {
			t.Errorf("NoShrink %v: args %q", noShrink, st.Output)
		}
	}
}
