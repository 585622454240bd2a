//go:build linux

package proc

import (
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// clockTick is the unit of /proc/<pid>/stat's times: USER_HZ, 100 on
// every Linux architecture Go supports.
const clockTick = 10 * time.Millisecond

// usageOf reads /proc/<pid>/stat, and the threads' files (threads)
// unless t read them less than threadsEvery ago: then it gives that
// read's Waited and Stalled.
func usageOf(pid int, t *threadRead) (Usage, bool) {
	st, ok := readStat(strconv.Itoa(pid))
	if !ok {
		return Usage{}, false
	}
	u := Usage{
		CPU:        time.Duration(st.cpu) * clockTick,
		RSS:        int64(st.rss) * int64(os.Getpagesize()),
		PageFaults: int64(st.faults),
	}
	u.Waited, u.Stalled = t.get(pid)
	return u, true
}

// threadsEvery is how long a read of the threads' files serves: a
// watch reads the process's usage at most every 2 ms while a batch's
// tests print, and each read of the threads costs two files a thread,
// where /proc/<pid>/stat is one. The run queue's delay and a stall
// decide nothing within tens of milliseconds (a starved test's
// deadline is at least 250 ms).
const threadsEvery = 20 * time.Millisecond

// threadRead keeps the last read of a process's threads.
type threadRead struct {
	mu      sync.Mutex
	at      time.Time
	waited  time.Duration
	stalled bool
}

// get returns the threads' run-queue delay and stall, read again when
// the last read is threadsEvery old.
func (t *threadRead) get(pid int) (time.Duration, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if now := time.Now(); t.at.IsZero() || now.Sub(t.at) >= threadsEvery {
		t.waited, t.stalled = threads(pid)
		t.at = now
	}
	return t.waited, t.stalled
}

// threads reads the process's threads: the sum of their run-queue delay
// (the second field of /proc/<pid>/task/<tid>/schedstat, in
// nanoseconds; 0 when schedstat is missing, a kernel without
// CONFIG_SCHED_INFO), and whether one is in uninterruptible sleep (state
// D in its stat). A thread that ends meanwhile is left out.
func threads(pid int) (waited time.Duration, stalled bool) {
	dir := "/proc/" + strconv.Itoa(pid) + "/task"
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return 0, false
	}
	for _, t := range tasks {
		if b, err := os.ReadFile(dir + "/" + t.Name() + "/stat"); err == nil {
			// tid (comm) state ...: comm may hold spaces and parens.
			if j := strings.LastIndexByte(string(b), ')'); j >= 0 && j+2 < len(b) && b[j+2] == 'D' {
				stalled = true
			}
		}
		b, err := os.ReadFile(dir + "/" + t.Name() + "/schedstat")
		if err != nil {
			continue
		}
		f := strings.Fields(string(b))
		if len(f) < 2 {
			continue
		}
		if ns, err := strconv.ParseInt(f[1], 10, 64); err == nil {
			waited += time.Duration(ns)
		}
	}
	return waited, stalled
}
