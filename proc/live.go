package proc

import (
	"io"
	"sync"
	"time"
)

// Live is a running process as a Spec.Watch sees it: what it has used so
// far (Stat), and a way to end it as a timeout (Expire). Its methods may
// be called from any goroutine, before the process starts and after it
// ended too (then Stat reports nothing and Expire does nothing).
type Live struct {
	expire chan struct{}
	once   sync.Once

	mu   sync.RWMutex
	pid  int  // the leader's, once started
	done bool // the leader may have been reaped: its pid may be reused
	// threads is the last read of the threads' files (usageOf).
	threads threadRead
}

// Usage is what a running process has used so far.
type Usage struct {
	// CPU is the user and system time of all the leader's threads and
	// the children it waited for (as Result.CPU counts it), to the
	// kernel's clock tick (10 ms).
	CPU        time.Duration
	RSS        int64 // resident memory now, in bytes
	PageFaults int64 // minor and major page faults so far
	// Waited is how long the leader's threads were runnable but waiting
	// for a CPU (the run queue's delay, summed over the threads): the
	// time a loaded machine took from it. Zero where it cannot be read.
	Waited time.Duration
	// Stalled reports that a thread was in uninterruptible sleep (state
	// D: disk or memory pressure) at the read: the machine, not the
	// test, holds it.
	Stalled bool
}

func newLive() *Live { return &Live{expire: make(chan struct{})} }

// Expire ends the run as its deadline would: the group is killed and the
// Result reports EndTimedOut. Only the first call counts.
func (l *Live) Expire() { l.once.Do(func() { close(l.expire) }) }

// Stat returns what the leader has used so far; ok is false before it
// started, after it ended, or where it cannot be read (outside Linux).
func (l *Live) Stat() (u Usage, ok bool) {
	l.mu.RLock()
	defer l.mu.RUnlock()
	if l.pid == 0 || l.done {
		return Usage{}, false
	}
	return usageOf(l.pid, &l.threads)
}

func (l *Live) started(pid int) {
	l.mu.Lock()
	l.pid = pid
	l.mu.Unlock()
}

// ended marks the leader as about to be reaped: Stat reads it no more.
func (l *Live) ended() {
	l.mu.Lock()
	l.done = true
	l.mu.Unlock()
}

// watchOf returns the Live of a Spec with a Watch, and the writer that
// Watch returned (nil without one).
func watchOf(s Spec) (*Live, io.Writer) {
	if s.Watch == nil {
		return nil, nil
	}
	l := newLive()
	return l, s.Watch(l)
}

// expired is the channel that Expire closes; nil (never ready) without a
// Live.
func (l *Live) expired() <-chan struct{} {
	if l == nil {
		return nil
	}
	return l.expire
}
