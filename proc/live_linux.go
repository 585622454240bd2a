//go:build linux

package proc

import (
	"os"
	"strconv"
	"strings"
	"time"
)

// clockTick is the unit of /proc/<pid>/stat's times: USER_HZ, 100 on
// every Linux architecture Go supports.
const clockTick = 10 * time.Millisecond

// usageOf reads /proc/<pid>/stat.
func usageOf(pid int) (Usage, bool) {
	st, ok := readStat(strconv.Itoa(pid))
	if !ok {
		return Usage{}, false
	}
	u := Usage{
		CPU:        time.Duration(st.cpu) * clockTick,
		RSS:        int64(st.rss) * int64(os.Getpagesize()),
		PageFaults: int64(st.faults),
	}
	u.Waited, u.Stalled = threads(pid)
	return u, true
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
