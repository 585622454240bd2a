package gotest

import (
	"strings"
	"testing"
	"time"

	"github.com/mutprop/mutprop/proc"
)

func TestATestsTimeoutIsConfirmedByItsCPUTimeOnlyWhenItComputedPastTheFactorWithoutGrowing(t *testing.T) {
	t.Parallel()
	s := &session{runState: &runState{cfg: &Config{Timeouts: proc.Timeouts{Factor: 10}}},
		baseline: map[string]time.Duration{"TestA": 5 * time.Millisecond, "TestC": 5 * time.Millisecond},
		usage: map[string]usage{
			"TestA": {cpu: 4 * time.Millisecond, rss: 20 << 20, faults: 3000, written: 100},
		}}
	r := s.rule("TestA")
	if r.first != 100*time.Millisecond || r.full != 300*time.Millisecond || r.need != 50*time.Millisecond {
		t.Fatalf("rule %+v: want first 100ms (10 x 5ms + 50ms), full 300ms (+ 250ms), need 50ms (half the first: more than 10 x 4ms)", r)
	}
	loop := proc.Usage{CPU: 120 * time.Millisecond, RSS: 22 << 20, PageFaults: 3500}
	for _, c := range []struct {
		name    string
		test    string
		elapsed time.Duration
		use     func(proc.Usage) proc.Usage
		written int64
		stop    bool
		cpuWhy  bool
	}{
		{"a loop past 10 x its test's CPU", "TestA", r.first, func(u proc.Usage) proc.Usage { return u }, 0, true, true},
		{"less CPU than it needs, at its first deadline", "TestA", r.first, func(u proc.Usage) proc.Usage { u.CPU = 40 * time.Millisecond; return u }, 0, false, false},
		{"starved at its full deadline: it runs on", "TestA", r.full, func(u proc.Usage) proc.Usage { u.CPU = 30 * time.Millisecond; return u }, 0, false, false},
		{"starved at stretch x its full deadline: stopped", "TestA", stretch * r.full, func(u proc.Usage) proc.Usage { u.CPU = 30 * time.Millisecond; return u }, 0, true, false},
		{"blocked at its full deadline: stopped", "TestA", r.full, func(u proc.Usage) proc.Usage { u.CPU = 2 * time.Millisecond; return u }, 0, true, false},
		{"starved on a machine with 50 processes per core: it runs on", "TestA", r.full, func(u proc.Usage) proc.Usage { u.CPU = 6 * time.Millisecond; return u }, 0, false, false},
		{"growing memory: the cap may say, at its first deadline", "TestA", r.first, func(u proc.Usage) proc.Usage { u.RSS = 40 << 20; return u }, 0, false, false},
		{"growing memory: stopped at its full deadline", "TestA", r.full, func(u proc.Usage) proc.Usage { u.RSS = 40 << 20; return u }, 0, true, false},
		{"touching memory: the cap may say", "TestA", r.first, func(u proc.Usage) proc.Usage { u.PageFaults = 9000; return u }, 0, false, false},
		{"growing output: the budget may say", "TestA", r.first, func(u proc.Usage) proc.Usage { return u }, 2 << 20, false, false},
		{"starved, waiting for a CPU, at stretch x its full deadline: it runs on", "TestA", stretch * r.full, func(u proc.Usage) proc.Usage {
			u.CPU, u.Waited = 30*time.Millisecond, stretch*r.full-100*time.Millisecond
			return u
		}, 0, false, false},
		{"starved past stretch x its full deadline in its own time: stopped", "TestA", 2 * stretch * r.full, func(u proc.Usage) proc.Usage {
			u.CPU, u.Waited = 30*time.Millisecond, stretch*r.full-100*time.Millisecond
			return u
		}, 0, true, false},
		{"little CPU but waiting for one at its full deadline: starved, not blocked", "TestA", r.full, func(u proc.Usage) proc.Usage {
			u.CPU, u.Waited = 2*time.Millisecond, r.full-20*time.Millisecond
			return u
		}, 0, false, false},
		{"growing memory while starved: runs on to its full deadline in its own time", "TestA", r.full, func(u proc.Usage) proc.Usage {
			u.RSS, u.Waited = 40<<20, r.full/2
			return u
		}, 0, false, false},
		{"a test without a measured run: its baseline stands for its CPU", "TestC", r.first, func(u proc.Usage) proc.Usage { return u }, 0, true, true},
	} {
		cl := &clock{name: c.test, rule: s.rule(c.test), cpuOK: true, written: c.written}
		stop, why := cl.judge(c.elapsed, c.use(loop), true)
		if stop != c.stop || (why != "") != c.cpuWhy {
			t.Errorf("%s: stop %v (%q), want %v (evidence %v)", c.name, stop, why, c.stop, c.cpuWhy)
		}
		if c.cpuWhy && !strings.Contains(why, "more than 10 x the") {
			t.Errorf("%s: why %q", c.name, why)
		}
	}
	// Where the process cannot be read (outside Linux) the wall time
	// decides, at the full deadline.
	cl := &clock{name: "TestA", rule: r}
	if stop, _ := cl.judge(r.first, proc.Usage{}, false); stop {
		t.Error("unreadable: stopped at the first deadline")
	}
	if stop, _ := cl.judge(r.full, proc.Usage{}, false); !stop {
		t.Error("unreadable: not stopped at the full deadline")
	}
}
