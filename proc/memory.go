package proc

import (
	"math"
	"strconv"
)

// MemoryCap bounds the memory of one run. Soft sets GOMEMLIMIT: a hint to
// the Go runtime, which collects harder as its heap approaches it. Hard is
// the cap on resident memory (RSS) summed over the run's process group and
// its tagged descendants: a watchdog samples it every 50 ms or so and kills
// the group past Hard (Result.End: EndMemoryExceeded), so an allocating mutant ends
// as a crash instead of feeding the machine's OOM killer. Address space is
// not capped: Go reserves it freely (a test binary maps about 1 GiB at
// start, a test may reserve gigabytes it never touches), and only touched
// pages count. Zero fields mean no cap. The watchdog runs on Linux only
// (it reads /proc); elsewhere Hard is not enforced.
type MemoryCap struct {
	Soft int64 // bytes, GOMEMLIMIT
	Hard int64 // bytes of resident memory of the process group
}

// Bounds of the default hard cap (DefaultMemoryCapFor).
const (
	maxDefaultHard = 4 << 30
	minDefaultHard = 512 << 20
)

// DefaultMemoryCapFor sizes the cap of each of workers concurrent runs from
// the machine's memory (MemTotal, or the memory limit of mutprop's cgroup if
// lower): Hard is three quarters of it divided among the workers, at most
// 4 GiB and at least 512 MiB (4 GiB when the machine's memory is unknown);
// Soft is SoftFor(Hard).
func DefaultMemoryCapFor(workers int) MemoryCap {
	return capFor(machineMemory(), workers)
}

// capFor is DefaultMemoryCapFor on a machine with total bytes (0: unknown).
func capFor(total int64, workers int) MemoryCap {
	hard := int64(maxDefaultHard)
	if total > 0 {
		hard = min(hard, total/4*3/int64(max(workers, 1)))
	}
	hard = max(hard, minDefaultHard)
	return MemoryCap{Soft: SoftFor(hard), Hard: hard}
}

// SoftFor is the GOMEMLIMIT that goes with a hard cap of hard bytes: seven
// eighths of it. The runtime collects ever harder as the heap nears the
// limit, so a test that allocates without end crawls from there to the
// hard cap. rapid v1.2.0's TestDataVis, which loops with its seed pinned,
// reached a 4 GiB cap in 118 s with the limit at half the cap, 45 s at
// seven eighths, 26 s with none. The last eighth leaves room for memory
// the Go runtime does not count (the binary's text, C allocations).
func SoftFor(hard int64) int64 {
	return hard - hard/8
}

// env returns the environment entries that apply the soft cap.
func (m MemoryCap) env() []string {
	if m.Soft <= 0 {
		return nil
	}
	return []string{"GOMEMLIMIT=" + strconv.FormatInt(m.Soft, 10)}
}

// FormatSize is n bytes in MiB or GiB, rounded up to two decimals (so that
// a resident size past a cap never prints as the cap): "1 GiB", "1.2 GiB",
// "256 MiB".
func FormatSize(n int64) string {
	unit, name := float64(1<<20), "MiB"
	if n >= 1<<30 {
		unit, name = 1<<30, "GiB"
	}
	v := math.Ceil(float64(n)/unit*100) / 100
	return strconv.FormatFloat(v, 'f', -1, 64) + " " + name
}
