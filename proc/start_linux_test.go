//go:build linux

package proc

import (
	"bufio"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestAStartedProcessAnswersThroughItsPipesAndExitsWhenItsInputCloses(t *testing.T) {
	t.Parallel()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	// A worker that echoes each line and reports its environment on stderr.
	h, err := Start(context.Background(), Spec{Path: "/bin/sh", Dir: dir, Env: []string{"A=1"},
		Args: []string{"-c", `env >&2; while read -r l; do echo "got $l"; done`}})
	if err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(h.Stdout())
	for _, req := range []string{"one", "two"} {
		if _, err := io.WriteString(h.Stdin(), req+"\n"); err != nil {
			t.Fatal(err)
		}
		line, err := r.ReadString('\n')
		if err != nil || line != "got "+req+"\n" {
			t.Fatalf("answer %q, %v: want %q", line, err, "got "+req)
		}
	}
	if err := h.Stdin().Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-h.Exited():
	case <-time.After(10 * time.Second):
		t.Fatal("the worker did not exit when its input closed")
	}
	res, err := h.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 0 || res.Signal != "" || res.End == EndCanceled || res.End == EndTimedOut {
		t.Errorf("result %+v: want a clean exit", summary(res))
	}
	env := envLines(res.Output)
	tagged := false
	for _, l := range env {
		tagged = tagged || strings.HasPrefix(l, tagPrefix)
	}
	if !tagged || !strings.Contains(string(res.Output), "A=1\n") || !strings.Contains(string(res.Output), "PWD="+dir+"\n") {
		t.Errorf("stderr %q: want the environment with A=1, PWD and the tag", res.Output)
	}
	if again, _ := h.Wait(); again.ExitCode != res.ExitCode || string(again.Output) != string(res.Output) {
		t.Errorf("a second Wait gives %+v, the first %+v", summary(again), summary(res))
	}
}

func TestKillEndsTheWholeGroupOfAStartedProcess(t *testing.T) {
	t.Parallel()
	pidFile := t.TempDir() + "/pid"
	h, err := Start(context.Background(), Spec{Path: "/bin/sh",
		Args: []string{"-c", "echo $$ > " + pidFile + "; sleep 1000 & echo started; wait"}})
	if err != nil {
		t.Fatal(err)
	}
	if line, err := bufio.NewReader(h.Stdout()).ReadString('\n'); err != nil || line != "started\n" {
		t.Fatalf("first line %q, %v", line, err)
	}
	h.Kill()
	res, err := h.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if res.Signal != "killed" || res.End == EndCanceled || res.End == EndTimedOut || res.End == EndMemoryExceeded || res.End == EndOutputExceeded {
		t.Errorf("result %+v: want killed, for no reported cause", summary(res))
	}
	assertGroupGone(t, pidFile)
	h.Kill() // after Wait: nothing to kill, and no group id to hit
}

func TestWaitKillsWhatALeaderThatExitedLeftInItsGroup(t *testing.T) {
	t.Parallel()
	pidFile := t.TempDir() + "/pid"
	h, err := Start(context.Background(), Spec{Path: "/bin/sh",
		Args: []string{"-c", "echo $$ > " + pidFile + "; sleep 1000 >/dev/null 2>&1 &"}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := h.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 0 {
		t.Errorf("result %+v: want a clean exit of the leader", summary(res))
	}
	assertGroupGone(t, pidFile)
}

func TestAStartedProcessEndsAtCancellationTimeoutAndOutputBudget(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		spec Spec
		ctx  time.Duration // cancel after; 0: never
		want func(Result) bool
	}{
		{"cancelled", Spec{Path: "/bin/sleep", Args: []string{"1000"}}, 100 * time.Millisecond,
			func(r Result) bool { return r.End == EndCanceled && r.End != EndTimedOut && r.Signal == "killed" }},
		{"timed out", Spec{Path: "/bin/sleep", Args: []string{"1000"}, Timeout: 100 * time.Millisecond}, 0,
			func(r Result) bool { return r.End == EndTimedOut && r.End != EndCanceled && r.Signal == "killed" }},
		{"noisy", Spec{Path: "/bin/sh", Args: []string{"-c", "yes noise >&2"}, OutputLimit: 1 << 20, OutputHead: 100, OutputTail: 100}, 0,
			func(r Result) bool {
				return r.End == EndOutputExceeded && r.Written > 1<<20 && r.Truncated && len(r.Output) < 300 && strings.HasPrefix(string(r.Output), "noise\n")
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if c.ctx > 0 {
				time.AfterFunc(c.ctx, cancel)
			}
			h, err := Start(ctx, c.spec)
			if err != nil {
				t.Fatal(err)
			}
			res, err := h.Wait()
			if err != nil {
				t.Fatal(err)
			}
			if !c.want(res) {
				t.Errorf("result %+v", summary(res))
			}
		})
	}
}

func TestAStartedProcessPastItsMemoryCapIsKilled(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	mc := MemoryCap{Soft: 128 << 20, Hard: 256 << 20}
	h, err := Start(context.Background(), Spec{Path: exe, Env: append(os.Environ(), "PROC_TEST_CHILD=alloc"), Memory: mc, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	res, err := h.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if res.End != EndMemoryExceeded || res.End == EndTimedOut || res.Signal != "killed" || res.PeakRSS <= mc.Hard || res.Memory != mc {
		t.Errorf("result %+v: want killed by the memory cap with a peak above %d", summary(res), mc.Hard)
	}
}

func TestStartFailsForAMissingProgramOrADoneContext(t *testing.T) {
	t.Parallel()
	if _, err := Start(context.Background(), Spec{Path: "/nonexistent/prog"}); err == nil || !strings.Contains(err.Error(), "/nonexistent/prog") {
		t.Errorf("missing program: error %v, want one naming it", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Start(ctx, Spec{Path: "/bin/true"}); err == nil {
		t.Error("a cancelled context started a process")
	}
}
