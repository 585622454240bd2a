package testwatch

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"sync"
	"time"

	"github.com/mutprop/mutprop/internal/testjson"
	"github.com/mutprop/mutprop/proc"
)

// Stretch bounds how long a test that neither loops nor blocks runs on,
// in full deadlines of its own time.
const Stretch = 4

// BackstopStretch is the whole process's deadline in full deadlines of
// wall time: far past the per-test rules, so that only a process the
// rules cannot read (outside Linux) or a machine starved beyond reason
// meets it.
const BackstopStretch = 16

// blockedShare is the share of the full deadline (1/blockedShare) under
// which a test's CPU and run-queue wait together count it blocked: a
// sleeping or waiting test neither runs nor waits to run, a starved one
// waits.
const blockedShare = 100

// watchTick is how often a watch reads its clocks.
const watchTick = 10 * time.Millisecond

// Rule is the deadline rule of one clock of a watched run.
type Rule struct {
	// First is when its CPU is first read since the clock's start: a loop
	// can have used Need by then. Full is its full deadline in wall time.
	First, Full time.Duration
	Need        time.Duration // the CPU that shows a loop (rule 1)
	Alone       time.Duration // the CPU the test used alone (for the reason)
	Factor      float64       // the deadline factor (for the reason)
	Base        Usage         // what it used alone
}

// Usage is what a test's process used alone in the baseline.
type Usage struct {
	CPU time.Duration
	// Asserts is set when its output alone held a failed assertion's
	// block (testjson.AssertFailure) though it passed: such a block in its
	// output then tells nothing.
	Asserts bool
}

// clock is one test's time in a watched run.
type clock struct {
	name  string
	rule  Rule
	start time.Time     // of its current running span
	spent time.Duration // wall time of its earlier spans (before a pause)
	// cpu is its share of the process's CPU while it ran: between two
	// reads, what the process used divided among the tests then running
	// (Watch.share), so that parallel tests do not each count the others'.
	cpu   time.Duration
	cpuOK bool // the process's CPU was read when it started
	// waited0 and waitedUsed are the same for the time the process waited
	// for a CPU (proc.Usage.Waited).
	waited0, waitedUsed time.Duration
	// stalled is set once a read saw one of the process's threads in
	// uninterruptible sleep (proc.Usage.Stalled) while the clock ran.
	stalled bool
}

// Watch watches a run of tests and ends it when a test passes its
// rule. Its Write parses the stream as it comes.
type Watch struct {
	rule func(test string) Rule
	now  func() time.Time
	stat func() (proc.Usage, bool)
	stop func()

	mu      sync.Mutex
	line    []byte // the current line, cut at lineMax
	running map[string]*clock
	paused  map[string]*clock
	idle    *clock // the process outside its tests; nil while one runs
	// lastCPU is the process's CPU at the last read (lastOK: there was
	// one), from which share divides what it used since.
	lastCPU time.Duration
	lastOK  bool
	stopped string // the test whose rule ended the run ("" none)
	// readable is set once the process's usage was read: a later failed
	// read means the leader ended (outside Linux no read succeeds, and
	// the rules act on wall time).
	readable bool
	why      string // what its rule saw: the verdict's reason's tail
	// statAt, statU and statOK are the last read at a framing line
	// (framingStat).
	statAt  time.Time
	statU   proc.Usage
	statOK  bool
	asserts testjson.AssertScan
	// limitsOnly leaves the run to its clocks' rules: no failure read in
	// the output ends it (NewLimits).
	limitsOnly bool
	// cut, when set, finds where a test goes on after one of its
	// subtests failed (CutAtFailedSubtest); cutAfter is how long such a
	// test may go on before the run ends (negative: it never ends it).
	// cutTest is the test going on since cutAt ("" none).
	cut      *testjson.SubtestCut
	cutAfter time.Duration
	cutTest  string
	cutAt    time.Time
	cutWhy   string // what the cut line said, for the verdict's reason
	done     chan struct{}
	closed   bool
}

// outsideTests is what a watch's stopped names when the process was
// outside its tests.
const outsideTests = "(outside its tests)"

// lineMax is how much of a line a watch keeps: framing lines are short.
const lineMax = 512

// New returns a watch whose clocks follow rule.
func New(rule func(string) Rule) *Watch {
	// The process starts with no CPU used: the clock outside its tests
	// counts from there.
	w := &Watch{rule: rule, now: time.Now, running: map[string]*clock{}, paused: map[string]*clock{}, done: make(chan struct{}), lastOK: true}
	w.stat = func() (proc.Usage, bool) { return proc.Usage{}, false }
	w.stop = func() {}
	w.idle = w.newClock("", proc.Usage{}, true)
	return w
}

// NewLimits returns a watch whose clocks follow rule, and which reads no
// failure in the output: a failed assertion's block does not end its
// run. A run without a mutant (the baseline's) must see
// each test to its end, and only a rule it broke may stop it.
func NewLimits(rule func(string) Rule) *Watch {
	w := New(rule)
	w.limitsOnly = true
	return w
}

// CutAtFailedSubtest makes the watch end the run once a top-level test
// has gone on for after past the framing line at which it went on after
// one of its subtests failed, or at which the switch saw it failed
// (testjson.SubtestCut, testjson.FailedEvent): the test has failed for
// good, a kill whatever it does next. The run's parser must cut at
// the same line (testbin.RunSpec.CutAtFailedSubtest), so that the verdict
// does not depend on whether or when the stop lands. after is 0 where
// the process has nothing more to run, CutPatience where its later
// iterations are worth a process start; negative, the watch never ends
// the run so (other tests that run after the cut test count). No run
// ends while a top-level test waits in t.Parallel to run after it.
func (w *Watch) CutAtFailedSubtest(after time.Duration) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.cut, w.cutAfter = &testjson.SubtestCut{}, after
}

// CutPatience is how long a test may go on after its cut
// (CutAtFailedSubtest) in a run that has more iterations to run: a few
// process starts, so that a table test's remaining rows run on in place,
// and a test that checks 100,000 cases after a failed row is stopped.
const CutPatience = 20 * time.Millisecond

// readCut reads a framing line for the cut, and ends the run at a cut
// when cutAfter allows.
func (w *Watch) readCut(what, name string) {
	test, cut := w.cut.Frame(what, name)
	switch {
	case cut && w.cutTest == "":
		w.cutTest, w.cutAt, w.cutWhy = test, w.now(), "a subtest failed"
		if what == testjson.FailedEvent {
			w.cutWhy = "it had failed"
		}
		w.cutDue(w.cutAt)
	case what == "=== RUN " && testjson.TopLevel(name), what == "--- FAIL: " && name == w.cutTest:
		w.cutTest = ""
	}
}

// cutDue ends the run when a test has gone on past its cut for cutAfter
// at now, and no other test waits to run.
func (w *Watch) cutDue(now time.Time) {
	if w.cutTest == "" || w.cutAfter < 0 || now.Sub(w.cutAt) < w.cutAfter || len(w.paused) > 0 || w.stopped != "" || w.closed {
		return
	}
	w.stopped, w.why = w.cutTest, w.cutWhy
	w.stop()
}

// Attach is a run's proc.Spec.Watch: it starts the watch's ticks.
func (w *Watch) Attach(l *proc.Live) io.Writer {
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

// Close ends the watch's ticks.
func (w *Watch) Close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.closed {
		w.closed = true
		close(w.done)
	}
}

func (w *Watch) newClock(name string, u proc.Usage, ok bool) *clock {
	return &clock{name: name, rule: w.rule(name), start: w.now(), cpuOK: ok, waited0: u.Waited}
}

// Write reads the stream's lines as they come.
func (w *Watch) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := len(p)
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

func (w *Watch) keep(p []byte) {
	if room := lineMax - len(w.line); room > 0 {
		w.line = append(w.line, p[:min(room, len(p))]...)
	}
}

// endLine reads a framing line: a top-level test's start, pause,
// continuation or end.
func (w *Watch) endLine() {
	line := w.line
	w.line = w.line[:0]
	what, name, ok := testjson.ReadFrame(line)
	if !ok {
		w.readOutput(string(line))
		return
	}
	if w.cut != nil && !w.limitsOnly {
		w.readCut(what, name)
	}
	if what == "=== NAME " || what == testjson.FailedEvent || !testjson.TopLevel(name) {
		return
	}
	now := w.now()
	u, ok := w.framingStat(now)
	w.share(u, ok)
	pause := func(c *clock) {
		c.spent += now.Sub(c.start)
		if ok && c.cpuOK {
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
			c.start, c.cpuOK, c.waited0 = now, ok && c.cpuOK, u.Waited
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

// statEvery is how long a read of the process's usage serves the framing
// lines that follow it: its CPU counts in clock ticks of 10 ms, and a
// batch's iterations start and end thousands of times a second, each
// read costing a read of every thread's files.
const statEvery = 2 * time.Millisecond

// framingStat reads the process's usage at a framing line, or gives the
// read of the framing line before when it is less than statEvery old.
func (w *Watch) framingStat(now time.Time) (proc.Usage, bool) {
	if w.statOK && now.Sub(w.statAt) < statEvery {
		return w.statU, true
	}
	w.statU, w.statOK = w.stat()
	w.statAt = now
	return w.statU, w.statOK
}

// share divides the CPU the process used since the last read (u, ok:
// read now) among the tests running since then, or gives it to the clock
// outside the tests when none ran. The running set changes only at a
// framing line, which reads the process first, so each interval's CPU
// goes to the tests that ran in it. A loop among parallel tests gets the
// whole of a CPU once the others have ended.
func (w *Watch) share(u proc.Usage, ok bool) {
	if !ok {
		return
	}
	if w.lastOK {
		if d := u.CPU - w.lastCPU; d > 0 {
			switch {
			case len(w.running) > 0:
				d /= time.Duration(len(w.running))
				for _, c := range w.running {
					c.cpu += d
				}
			case w.idle != nil:
				w.idle.cpu += d
			}
		}
	}
	w.lastCPU, w.lastOK = u.CPU, true
}

// readOutput reads a line a test printed: at a failed assertion's block
// (testjson.AssertScan) the run ends, a kill whatever the test would do
// next (testjson.FailedProperty names it), unless a running test printed
// such blocks alone and passed.
func (w *Watch) readOutput(line string) {
	if w.limitsOnly || !w.asserts.Line(line) || w.stopped != "" || w.closed {
		return
	}
	var names []string
	for name, c := range w.running {
		if c.rule.Base.Asserts {
			return
		}
		names = append(names, name)
	}
	slices.Sort(names)
	w.stopped, w.why = outsideTests, "an assertion failed"
	if len(names) > 0 {
		w.stopped = names[0]
	}
	w.stop()
}

// check applies the rules at the current time; the first clock past its
// rule ends the run.
func (w *Watch) check() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.stopped != "" || w.closed {
		return
	}
	now := w.now()
	if w.cutTest != "" {
		w.cutDue(now)
		if w.stopped != "" {
			return
		}
	}
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
		if elapsed < c.rule.First {
			continue
		}
		if !read {
			u, ok = w.stat()
			read = true
			w.share(u, ok)
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
				w.stopped = outsideTests
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
		cpu = c.cpu
		waited = max(c.waitedUsed+u.Waited-c.waited0, 0)
	}
	// own is the wall time the machine did not take from the test: less
	// the time its threads waited for a CPU. Rules 2 and 3 read it, so a
	// starved test is judged by the time it had, not by the load. Several
	// threads may wait side by side (a loop and its garbage collector),
	// so own may stay near zero: rule 1 reads the CPU time instead.
	own := elapsed - min(waited, elapsed)
	if ok && u.Stalled {
		c.stalled = true
	}
	switch {
	case known && cpu >= r.Need:
		// A loop, whether it also grows in memory or output: its CPU time
		// says so before a cap or a budget could, and the machine's load
		// neither gives nor takes CPU time.
		return true, fmt.Sprintf("it used %v of CPU, more than %g x the %v its tests use alone", cpu.Round(time.Millisecond), r.Factor, r.Alone.Round(time.Millisecond))
	case own >= Stretch*r.Full:
		return true, ""
	case own >= r.Full && !known:
		return true, ""
	case own >= r.Full && cpu+waited < r.Full/blockedShare && !c.stalled:
		// Blocked: asleep (a channel, a lock, a sleep), neither running
		// nor waiting to run, and never held by the machine (disk,
		// memory): the verdict needs no second run.
		return true, fmt.Sprintf("blocked: %v of CPU and %v waiting for one", cpu.Round(time.Millisecond), waited.Round(time.Millisecond))
	}
	return false, ""
}

// Stopped names the test whose rule ended the run: "" when none did, or
// when the process was outside its tests.
func (w *Watch) Stopped() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.stopped == outsideTests {
		return ""
	}
	return w.stopped
}

// Why says what the rule that ended the run saw, for the verdict's
// reason: "" when no rule ended it, or when its run time says it all.
func (w *Watch) Why() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.why
}
