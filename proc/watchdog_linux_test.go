//go:build linux

package proc

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// A child that touches memory past the cap is killed by the watchdog.
func TestAChildThatTouchesMemoryPastTheCapIsKilled(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	mc := MemoryCap{Soft: 128 << 20, Hard: 256 << 20}
	start := time.Now()
	res, err := Run(context.Background(), Spec{Path: exe, Env: append(os.Environ(), "PROC_TEST_CHILD=alloc"), Memory: mc, Timeout: 60 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if res.End != EndMemoryExceeded || res.End == EndTimedOut || res.Signal != "killed" || res.PeakRSS <= mc.Hard || res.Memory != mc {
		t.Errorf("result %+v: want killed by the memory cap with a peak above %d", summary(res), mc.Hard)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("the cap took %v to end the child", d)
	}
}

// The cap counts the whole group: a grandchild that allocates, under a
// shell that does not, is caught.
func TestTheCapCountsTheWholeGroup(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, script := range []string{`"$0" & wait`, `setsid "$0" & wait`} {
		res, err := Run(context.Background(), Spec{
			Path:    "/bin/sh",
			Args:    []string{"-c", script, exe},
			Env:     append(os.Environ(), "PROC_TEST_CHILD=alloc"),
			Memory:  MemoryCap{Hard: 256 << 20},
			Timeout: 60 * time.Second,
		})
		if err != nil {
			t.Fatal(err)
		}
		if res.End != EndMemoryExceeded || res.End == EndTimedOut {
			t.Errorf("%s: result %+v: want killed by the memory cap", script, summary(res))
		}
	}
}

// Address space is not memory: a child that reserves 20 GiB and touches
// little runs to its end under a cap of 256 MiB.
func TestAChildThatReservesButDoesNotTouchIsNotKilled(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	mc := MemoryCap{Soft: 128 << 20, Hard: 256 << 20}
	res, err := Run(context.Background(), Spec{Path: exe, Env: append(os.Environ(), "PROC_TEST_CHILD=reserve"), Memory: mc, Timeout: 60 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if res.End == EndMemoryExceeded || res.ExitCode != 0 || strings.TrimSpace(string(res.Output)) != "ok" {
		t.Errorf("result %+v, output %q: want a clean exit", summary(res), tail(res.Output))
	}
	if res.PeakRSS <= 0 || res.PeakRSS > mc.Hard {
		t.Errorf("peak RSS %d: want some, under the cap %d", res.PeakRSS, mc.Hard)
	}
}

// The sampler of a process reads its statm; WatchMemory reports a peak and
// calls exceeded past a cap below it.
func TestWatchMemorySamplesAProcessTree(t *testing.T) {
	t.Parallel()
	s := newSampler(os.Getpid(), startTime(os.Getpid()), "")
	if rss := s.rss(); rss < 1<<20 || rss > 1<<40 {
		t.Errorf("rss of this test process = %d", rss)
	}
	called := make(chan int64, 1)
	stop := WatchMemory(os.Getpid(), 1, func(rss int64) { called <- rss })
	var rss int64
	select {
	case rss = <-called:
	case <-time.After(10 * time.Second):
		t.Fatal("exceeded never called under a cap of 1 byte")
	}
	if peak := stop(); peak < rss || rss <= 1 {
		t.Errorf("peak %d, exceeded with %d", peak, rss)
	}
	if again := stop(); again <= 0 {
		t.Errorf("a second stop returned %d", again)
	}
}

// TestAShortGoProcess is the child of BenchmarkRunAShortGoProcess: a Go
// process (several threads) that lives about 15 ms, the length of a test
// binary's run in a mutation run of a package with quick tests.
func TestAShortGoProcess(t *testing.T) {
	if os.Getenv("PROC_BENCH_CHILD") == "" {
		t.Skip("the child of BenchmarkRunAShortGoProcess")
	}
	time.Sleep(15 * time.Millisecond)
}

// BenchmarkRunAShortGoProcess runs a Go process of about 15 ms under a
// memory cap: with the watchdog's first sample after 5 ms (as before) and
// after watchFirst. A sample reads the process's /proc entries (one per
// thread), which the kernel invalidates when Run reaps it; while the
// kernel shrinks its dentry cache (memory pressure) that reap can take
// milliseconds. So the ratio depends on the machine's state: 35.8 against
// 17.0 ms per run in one run on 2 shared cores, even in the next.
func BenchmarkRunAShortGoProcess(b *testing.B) {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	spec := Spec{Path: exe, Args: []string{"-test.run=^TestAShortGoProcess$"}, Env: append(os.Environ(), "PROC_BENCH_CHILD=1"),
		Memory: MemoryCap{Hard: 1 << 30}, Timeout: time.Minute}
	saved := watchFirst
	defer func() { watchFirst = saved }()
	for _, first := range []time.Duration{5 * time.Millisecond, saved} {
		b.Run(fmt.Sprintf("first-sample-%v", first), func(b *testing.B) {
			watchFirst = first
			for b.Loop() {
				res, err := Run(context.Background(), spec)
				if err != nil || res.ExitCode != 0 {
					b.Fatalf("%+v, %v", summary(res), err)
				}
			}
		})
	}
}
