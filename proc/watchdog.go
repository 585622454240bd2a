package proc

import (
	"sync"
	"sync/atomic"
	"time"
)

// Sampling intervals of the memory watchdog: every watchInterval, and every
// watchIntervalNear once a sample is past half the cap, so that a fast
// allocator overshoots the cap by less. The first sample comes after
// watchFirst: most test processes of a mutation run end sooner, and a
// sample of one costs more than its reads of /proc (Linux: every
// /proc/<pid> entry a sample looks up must be invalidated when the process
// is reaped, which measured 1 to 20 ms per reap of a sampled 15 ms test
// process on a loaded machine, against 20 us unsampled). A process that
// passes the cap within watchFirst is caught by the first sample, as one
// that passes it between two samples always is; a run shorter than
// watchFirst reports the leader's own peak (getrusage).
const (
	watchInterval     = 50 * time.Millisecond
	watchIntervalNear = 20 * time.Millisecond
)

var watchFirst = 50 * time.Millisecond // a variable for BenchmarkRunAShortGoProcess

// sampler measures the resident memory of one run's processes.
type sampler interface {
	// rss returns the resident bytes summed over the run's processes.
	rss() int64
}

// watchdog samples a run's resident memory until stopped, records its peak
// and calls exceeded, once, with the first sample above hard (hard > 0).
type watchdog struct {
	stopc chan struct{}
	done  chan struct{}
	once  sync.Once
	peak  atomic.Int64
}

// watch starts a watchdog over s; a nil s (no way to sample here) gives a
// watchdog that records nothing.
func watch(s sampler, hard int64, exceeded func(rss int64)) *watchdog {
	w := &watchdog{stopc: make(chan struct{}), done: make(chan struct{})}
	if s == nil {
		close(w.done)
		return w
	}
	go w.loop(s, hard, exceeded)
	return w
}

func (w *watchdog) loop(s sampler, hard int64, exceeded func(rss int64)) {
	defer close(w.done)
	t := time.NewTimer(watchFirst)
	defer t.Stop()
	tripped := false
	for {
		select {
		case <-w.stopc:
			return
		case <-t.C:
		}
		rss := s.rss()
		if rss > w.peak.Load() {
			w.peak.Store(rss)
		}
		if hard > 0 && rss > hard && !tripped {
			tripped = true
			if exceeded != nil {
				exceeded(rss)
			}
		}
		next := watchInterval
		if hard > 0 && rss > hard/2 {
			next = watchIntervalNear
		}
		t.Reset(next)
	}
}

// stop ends the watchdog and returns the peak it saw (0 if none).
func (w *watchdog) stop() int64 {
	if w == nil {
		return 0
	}
	w.once.Do(func() { close(w.stopc) })
	<-w.done
	return w.peak.Load()
}

// WatchMemory watches the resident memory of the process group led by pid
// and of the descendants of pid, for a process started outside Run (a
// worker of propsuite.Processes): it samples them every 50 ms or so and calls
// exceeded, once, with the first sample above hard (hard <= 0: never).
// stop ends the watch and returns the peak seen. It does not kill anything
// itself. Outside Linux it samples nothing: stop returns 0.
func WatchMemory(pid int, hard int64, exceeded func(rss int64)) (stop func() (peak int64)) {
	return watch(newSampler(pid, startTime(pid), ""), hard, exceeded).stop
}
