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
	return Usage{
		CPU:        time.Duration(st.cpu) * clockTick,
		RSS:        int64(st.rss) * int64(os.Getpagesize()),
		PageFaults: int64(st.faults),
		Waited:     runQueueDelay(pid),
	}, true
}

// runQueueDelay sums the run-queue delay of the process's threads: the
// second field of /proc/<pid>/task/<tid>/schedstat, in nanoseconds. A
// thread that ends meanwhile is left out; 0 when schedstat is missing
// (a kernel without CONFIG_SCHED_INFO).
func runQueueDelay(pid int) time.Duration {
	dir := "/proc/" + strconv.Itoa(pid) + "/task"
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	var total time.Duration
	for _, t := range tasks {
		b, err := os.ReadFile(dir + "/" + t.Name() + "/schedstat")
		if err != nil {
			continue
		}
		f := strings.Fields(string(b))
		if len(f) < 2 {
			continue
		}
		if ns, err := strconv.ParseInt(f[1], 10, 64); err == nil {
			total += time.Duration(ns)
		}
	}
	return total
}
