package gotest

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/mutprop/mutprop/proc"
)

// Per-test deadlines. A run of several tests gives each its own deadline,
// read from the test events the binary streams: a loop in a 10 ms test
// costs about 10 x 10 ms, whatever the other tests of the process take.
// A watch (testWatch) parses the framing lines as they are written, keeps
// one clock per running top-level test (paused while the test waits on
// t.Parallel), one for the process outside its tests (start-up, between
// tests, TestMain), and ends the process (proc.Live.Expire: a timeout)
// when a clock passes its rule:
//
//  1. past its first deadline (factor x baseline + at most firstTryConst),
//     the test computed: it used more CPU since its start than the factor
//     times what it used alone in the baseline, and at least half its
//     first deadline, and its memory and output did not grow (a loop);
//  2. past its full deadline (factor x baseline + the constant) in its own
//     time, it grew (more time may end it on its memory cap or output
//     budget instead: it had the full deadline), or it was blocked: it
//     neither ran nor waited for a CPU for a hundredth of that deadline
//     (a sleep, a wait on a channel);
//  3. past stretch x its full deadline in its own time, whatever it did.
//
// A test's own time is its wall time less the time its threads waited in
// the run queue for a CPU (proc.Usage.Waited, from schedstat): the time a
// loaded machine took from it does not count. A test past its first
// deadline that neither computed nor was blocked was starved (a loaded
// machine, the other workers): it runs on, in place, until it ends,
// computes past rule 1 or reaches rule 3 in its own time. Nothing runs
// alone and nothing waits for another worker: a starved test gets its
// time in CPU, a looping one is stopped by its CPU, so the verdicts do not
// depend on the load nor on the number of workers. The process's own
// deadline (runSpec.Timeout) is only a backstop, in wall time:
// backstopStretch x the sum of its tests' full deadlines and its
// overhead's.

// stretch bounds how long a test that neither loops nor blocks runs on,
// in full deadlines of its own time.
const stretch = 4

// backstopStretch is the whole process's deadline in full deadlines of
// wall time: far past the per-test rules, so that only a process the
// rules cannot read (outside Linux) or a machine starved beyond reason
// meets it.
const backstopStretch = 16

// blockedShare is the share of the full deadline (1/blockedShare) under
// which a test's CPU and run-queue wait together count it blocked: a
// sleeping or waiting test neither runs nor waits to run, a starved one
// waits.
const blockedShare = 100

// watchTick is how often a watch reads its clocks.
const watchTick = 10 * time.Millisecond

// testRule is the deadline rule of one clock of a watched run.
type testRule struct {
	first, full time.Duration // wall deadlines since the clock's start
	need        time.Duration // the CPU that shows a loop (rule 1)
	alone       time.Duration // the CPU the test used alone (for the reason)
	factor      float64       // the deadline factor (for the reason)
	base        usage         // what it used alone: what "grew" compares with
}

// rule is the deadline rule of test ("" for the process outside its
// tests).
func (s *session) rule(test string) testRule {
	b, u := s.overhead, usage{}
	if test != "" {
		b, u = s.baseline[test], s.usage[test]
	}
	alone := u.cpu
	if alone <= 0 {
		alone = b // unmeasured: its wall time stands for its CPU
	}
	first := s.firstTimeoutOf(b)
	return testRule{
		first:  first,
		full:   max(first, s.cfg.Timeouts.For(b)),
		need:   max(time.Duration(s.factor()*float64(alone)), first/2),
		alone:  alone,
		factor: s.factor(),
		base:   u,
	}
}

// factor is the deadline factor.
func (s *session) factor() float64 {
	if f := s.cfg.Timeouts.Factor; f > 0 {
		return f
	}
	return proc.DefaultTimeouts.Factor
}

// backstop is the whole process's deadline for a run of tests:
// backstopStretch x the sum of their full deadlines and the overhead's. The per-test rules
// end a run long before it, unless they cannot read the process (outside
// Linux, no CPU time: then rules 2 and 3 act on wall time alone).
func (s *session) backstop(tests []string) time.Duration {
	d := s.rule("").full
	for _, t := range tests {
		d += s.rule(t).full
	}
	return backstopStretch * d
}

// clock is one test's time in a watched run.
type clock struct {
	name    string
	rule    testRule
	start   time.Time     // of its current running span
	spent   time.Duration // wall time of its earlier spans (before a pause)
	cpu0    time.Duration // the process's CPU at the start of the span
	cpuOK   bool          // cpu0 was read
	cpuUsed time.Duration // CPU of its earlier spans
	// waited0 and waitedUsed are the same for the time the process waited
	// for a CPU (proc.Usage.Waited).
	waited0, waitedUsed time.Duration
	faults0             int64
	written             int64 // bytes of output while it ran
}

// testWatch watches a run of tests and ends it when a test passes its
// rule. Its Write parses the stream as it comes.
type testWatch struct {
	rule func(test string) testRule
	now  func() time.Time
	stat func() (proc.Usage, bool)
	stop func()

	mu      sync.Mutex
	line    []byte // the current line, cut at lineMax
	running map[string]*clock
	paused  map[string]*clock
	idle    *clock // the process outside its tests; nil while one runs
	stopped string // the test whose rule ended the run ("" none)
	// readable is set once the process's usage was read: a later failed
	// read means the leader ended (outside Linux no read succeeds, and
	// the rules act on wall time).
	readable bool
	why      string // what its rule saw: the verdict's reason's tail
	done     chan struct{}
	closed   bool
}

// lineMax is how much of a line a watch keeps: framing lines are short.
const lineMax = 512

// newTestWatch returns a watch whose clocks follow rule.
func newTestWatch(rule func(string) testRule) *testWatch {
	w := &testWatch{rule: rule, now: time.Now, running: map[string]*clock{}, paused: map[string]*clock{}, done: make(chan struct{})}
	w.stat = func() (proc.Usage, bool) { return proc.Usage{}, false }
	w.stop = func() {}
	w.idle = w.newClock("", proc.Usage{}, true)
	return w
}

// attach is the run's proc.Spec.Watch: it starts the watch's ticks.
func (w *testWatch) attach(l *proc.Live) io.Writer {
	w.mu.Lock()
	w.stat, w.stop = l.Stat, l.Expire
	w.mu.Unlock()
	go func() {
		t := time.NewTicker(watchTick)
		defer t.Stop()
		for {
			select {
			case <-w.done:
				return
			case <-t.C:
				w.check()
			}
		}
	}()
	return w
}

// close ends the watch's ticks.
func (w *testWatch) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.closed {
		w.closed = true
		close(w.done)
	}
}

func (w *testWatch) newClock(name string, u proc.Usage, ok bool) *clock {
	return &clock{name: name, rule: w.rule(name), start: w.now(), cpu0: u.CPU, cpuOK: ok, faults0: u.PageFaults, waited0: u.Waited}
}

// Write reads the stream's lines as they come.
func (w *testWatch) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := len(p)
	for _, c := range w.running {
		c.written += int64(n)
	}
	for len(p) > 0 {
		i := bytes.IndexAny(p, "\n\x16")
		if i < 0 {
			w.keep(p)
			break
		}
		w.keep(p[:i])
		if p[i] == '\n' {
			w.endLine()
		} else {
			// A framing line starts here, mid-line when a test printed
			// without a final newline.
			if len(w.line) > 0 {
				w.endLine()
			}
			w.keep(p[i : i+1])
		}
		p = p[i+1:]
	}
	return n, nil
}

func (w *testWatch) keep(p []byte) {
	if room := lineMax - len(w.line); room > 0 {
		w.line = append(w.line, p[:min(room, len(p))]...)
	}
}

// endLine reads a framing line: a top-level test's start, pause,
// continuation or end.
func (w *testWatch) endLine() {
	line := w.line
	w.line = w.line[:0]
	if len(line) == 0 || line[0] != marker {
		return
	}
	body := strings.TrimSpace(string(line[1:]))
	var name, what string
	for _, p := range []string{"=== RUN ", "=== PAUSE ", "=== CONT ", "--- PASS: ", "--- FAIL: ", "--- SKIP: "} {
		if strings.HasPrefix(body, p) {
			name, what = strings.TrimSpace(body[len(p):]), p
			break
		}
	}
	if what == "" {
		return
	}
	if strings.HasPrefix(what, "--- ") {
		name, _ = splitElapsed(name)
	}
	if !topLevel(name) {
		return
	}
	u, ok := w.stat()
	now := w.now()
	pause := func(c *clock) {
		c.spent += now.Sub(c.start)
		if ok && c.cpuOK {
			c.cpuUsed += u.CPU - c.cpu0
			c.waitedUsed += u.Waited - c.waited0
		}
	}
	switch what {
	case "=== RUN ":
		w.running[name] = w.newClock(name, u, ok)
	case "=== PAUSE ":
		if c := w.running[name]; c != nil {
			pause(c)
			delete(w.running, name)
			w.paused[name] = c
		}
	case "=== CONT ":
		if c := w.paused[name]; c != nil {
			c.start, c.cpu0, c.cpuOK, c.faults0, c.waited0 = now, u.CPU, ok && c.cpuOK, u.PageFaults, u.Waited
			delete(w.paused, name)
			w.running[name] = c
		}
	default:
		delete(w.running, name)
		delete(w.paused, name)
	}
	switch {
	case len(w.running) > 0:
		w.idle = nil
	case w.idle == nil:
		w.idle = w.newClock("", u, ok)
	}
}

// check applies the rules at the current time; the first clock past its
// rule ends the run.
func (w *testWatch) check() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.stopped != "" || w.closed {
		return
	}
	now := w.now()
	clocks := make([]*clock, 0, len(w.running)+1)
	for _, c := range w.running {
		clocks = append(clocks, c)
	}
	if w.idle != nil {
		clocks = append(clocks, w.idle)
	}
	var u proc.Usage
	read, ok := false, false
	for _, c := range clocks {
		elapsed := c.spent + now.Sub(c.start)
		if elapsed < c.rule.first {
			continue
		}
		if !read {
			u, ok = w.stat()
			read = true
			if ok {
				w.readable = true
			} else if w.readable {
				// The leader was read before and no longer is: it ended,
				// and what is left (a child holding its output) is
				// proc's to end, not a test's deadline.
				return
			}
		}
		if stop, why := c.judge(elapsed, u, ok); stop {
			w.stopped, w.why = c.name, why
			if w.stopped == "" {
				w.stopped = "(outside its tests)"
			}
			w.stop()
			return
		}
	}
}

// judge applies a clock's rule after elapsed, the process having used u
// (ok: u was read). why is what the verdict's reason adds ("" when the
// process's run time says it all).
func (c *clock) judge(elapsed time.Duration, u proc.Usage, ok bool) (stop bool, why string) {
	r := c.rule
	known := ok && c.cpuOK
	var cpu, waited time.Duration
	if known {
		cpu = c.cpuUsed + u.CPU - c.cpu0
		waited = max(c.waitedUsed+u.Waited-c.waited0, 0)
	}
	// own is the wall time the machine did not take from the test: less
	// the time its threads waited for a CPU. Rules 2 and 3 read it, so a
	// starved test is judged by the time it had, not by the load.
	own := elapsed - min(waited, elapsed)
	// grew: unless unmeasured alone, it went through more memory than
	// alone (16 MiB more resident, or 2048 more page faults since it
	// started: 8 MiB of pages touched) or wrote more than twice its output
	// and 1 MiB.
	grew := r.base.cpu > 0 && (ok && (u.RSS > r.base.rss+16<<20 || u.PageFaults-c.faults0 > r.base.faults+2048) ||
		c.written > 2*r.base.written+1<<20)
	switch {
	case known && !grew && cpu >= r.need:
		return true, fmt.Sprintf("it used %v of CPU, more than %g x the %v its tests use alone", cpu.Round(time.Millisecond), r.factor, r.alone.Round(time.Millisecond))
	case own >= stretch*r.full:
		return true, ""
	case own >= r.full && (grew || !known || cpu+waited < r.full/blockedShare):
		return true, ""
	}
	return false, ""
}
