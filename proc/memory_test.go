package proc

import (
	"runtime"
	"testing"
)

func TestTheDefaultMemoryCapIsAShareOfTheMachine(t *testing.T) {
	t.Parallel()
	const gib = 1 << 30
	for _, tc := range []struct {
		total   int64
		workers int
		hard    int64
	}{
		{24 * gib, 2, 4 * gib},    // 9 GiB each, at most 4 GiB
		{8 * gib, 4, 3 * gib / 2}, // three quarters of 8 GiB over 4
		{gib, 8, 512 << 20},       // at least 512 MiB
		{0, 1, 4 * gib},           // unknown machine
		{16 * gib, 0, 4 * gib},    // no workers counts as one
		{4 * gib, 1, 3 * gib},
	} {
		got := capFor(tc.total, tc.workers)
		if got.Hard != tc.hard || got.Soft != tc.hard-tc.hard/8 {
			t.Errorf("capFor(%d, %d) = %+v, want hard %d, soft seven eighths", tc.total, tc.workers, got, tc.hard)
		}
	}
	if got, want := SoftFor(4<<30), int64(3584<<20); got != want {
		t.Errorf("SoftFor(4 GiB) = %d, want 3.5 GiB (%d)", got, want)
	}
	if runtime.GOOS == "linux" && machineMemory() <= 0 {
		t.Errorf("machineMemory() = %d on Linux", machineMemory())
	}
}

func TestFormatSizeRoundsUpToHundredths(t *testing.T) {
	for n, want := range map[int64]string{1 << 20: "1 MiB", 256 << 20: "256 MiB", 1<<30 + 1<<28: "1.25 GiB", 1<<30 + 1: "1.01 GiB"} {
		if got := FormatSize(n); got != want {
			t.Errorf("FormatSize(%d) = %q, want %q", n, got, want)
		}
	}
}
