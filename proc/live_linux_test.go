//go:build linux

package proc

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a Watch's writer that a test reads from another
// goroutine.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (w *lockedBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *lockedBuffer) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

func TestAWatchSeesTheOutputAsWrittenReadsTheCPUTimeAndEndsTheRunAsATimeout(t *testing.T) {
	t.Parallel()
	seen := &lockedBuffer{}
	var cpu time.Duration
	done := make(chan struct{})
	defer close(done)
	spec := Spec{
		Path: "sh", Args: []string{"-c", "echo started; while :; do :; done"},
		Env: []string{"PATH=/usr/bin:/bin"}, Timeout: time.Minute,
		// Keep no output at all: the watcher sees it anyway.
		OutputHead: -1, OutputTail: -1,
		Watch: func(l *Live) io.Writer {
			go func() {
				for {
					select {
					case <-done:
						return
					case <-time.After(5 * time.Millisecond):
					}
					u, ok := l.Stat()
					if ok && strings.Contains(seen.String(), "started") && u.CPU >= 50*time.Millisecond {
						cpu = u.CPU
						l.Expire()
						return
					}
				}
			}()
			return seen
		},
	}
	res, err := Run(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	if res.End != EndTimedOut {
		t.Fatalf("the run was not ended as a timeout: %+v", res)
	}
	if res.Duration >= 50*time.Second {
		t.Errorf("the watch did not end the run: it ran %v, to its deadline", res.Duration)
	}
	if got := seen.String(); got != "started\n" {
		t.Errorf("the watch saw %q, want the whole output", got)
	}
	if strings.Contains(string(res.Output), "started") || res.Written != int64(len("started\n")) {
		t.Errorf("kept %q of %d bytes with no room for output", res.Output, res.Written)
	}
	if cpu < 50*time.Millisecond || res.CPU < cpu {
		t.Errorf("the live CPU time read %v, the result's %v: want at least 50ms, and no more than the result's", cpu, res.CPU)
	}
}

func TestALiveOfAnEndedRunReportsNothingAndExpiresHarmlessly(t *testing.T) {
	t.Parallel()
	var live *Live
	res, err := Run(context.Background(), Spec{Path: "true", Env: []string{"PATH=/usr/bin:/bin"},
		Watch: func(l *Live) io.Writer { live = l; return nil }})
	if err != nil {
		t.Fatal(err)
	}
	if res.End == EndTimedOut || res.ExitCode != 0 {
		t.Errorf("a run that ended on its own: %+v", res)
	}
	if _, ok := live.Stat(); ok {
		t.Error("Stat read a process after it ended (its pid may be another's)")
	}
	live.Expire()
	live.Expire()
}

// TestAStarvedRunReportsItsWaitForACPU runs a busy loop beside more busy
// loops than the machine has cores: the loop's threads wait in the run
// queue, and Stat says so.
func TestAStarvedRunReportsItsWaitForACPU(t *testing.T) {
	t.Parallel()
	loop := []string{"-c", "while :; do :; done"}
	n := runtime.NumCPU() + 2
	var others []*exec.Cmd
	for range n {
		c := exec.Command("sh", loop...)
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		others = append(others, c)
	}
	defer func() {
		for _, c := range others {
			c.Process.Kill()
			c.Wait()
		}
	}()
	var waited time.Duration
	spec := Spec{
		Path: "sh", Args: loop, Env: []string{"PATH=/usr/bin:/bin"}, Timeout: time.Minute,
		Watch: func(l *Live) io.Writer {
			go func() {
				deadline := time.Now().Add(20 * time.Second)
				for time.Now().Before(deadline) {
					time.Sleep(20 * time.Millisecond)
					if u, ok := l.Stat(); ok && u.Waited >= 20*time.Millisecond {
						waited = u.Waited
						break
					}
				}
				l.Expire()
			}()
			return io.Discard
		},
	}
	if _, err := Run(context.Background(), spec); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat("/proc/self/schedstat"); err != nil {
		t.Fatalf("this kernel has no schedstat (%v): Waited cannot be read here", err)
	}
	if waited < 20*time.Millisecond {
		t.Errorf("a loop beside %d others on %d cores waited %v for a CPU: want at least 20ms", n, runtime.NumCPU(), waited)
	}
}

// TestAReadOfTheThreadsServesForThreadsEvery reads this process's threads
// through a threadRead: a second read at once gives the first one's
// figures without reading the files again; one threadsEvery later reads
// them again, and the run queue's delay never goes back.
func TestAReadOfTheThreadsServesForThreadsEvery(t *testing.T) {
	var r threadRead
	w1, _ := r.get(os.Getpid())
	at := r.at
	if at.IsZero() {
		t.Fatal("the first read left no time")
	}
	if w2, _ := r.get(os.Getpid()); r.at != at || w2 != w1 {
		t.Errorf("a read at once read again (at %v, then %v) or gave %v after %v", at, r.at, w2, w1)
	}
	time.Sleep(threadsEvery + 5*time.Millisecond)
	w3, _ := r.get(os.Getpid())
	if !r.at.After(at) {
		t.Errorf("a read %v later did not read again", threadsEvery+5*time.Millisecond)
	}
	if w3 < w1 {
		t.Errorf("the run queue's delay went back: %v, then %v", w1, w3)
	}
}
