package proc

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// The test binary doubles as a misbehaving child: PROC_TEST_CHILD selects
// what it does.
func TestMain(m *testing.M) {
	switch os.Getenv("PROC_TEST_CHILD") {
	case "alloc":
		var keep [][]byte
		for {
			b := make([]byte, 64<<20)
			for i := range b {
				b[i] = 1
			}
			keep = append(keep, b)
			_ = keep[len(keep)-1]
		}
	case "":
		os.Exit(m.Run())
	}
}

func TestTimeoutsAreFactorTimesBaselinePlusAConstantWithAFloor(t *testing.T) {
	t.Parallel()
	to := Timeouts{Factor: 3, Const: time.Second, Floor: 2 * time.Second}
	if got := to.For(time.Second); got != 4*time.Second {
		t.Errorf("3 x 1s + 1s = %v, want 4s", got)
	}
	if got := to.For(0); got != 2*time.Second {
		t.Errorf("floor: got %v, want 2s", got)
	}
	if got := (Timeouts{}).For(time.Second); got != 15*time.Second {
		t.Errorf("defaults: 10 x 1s + 5s = %v, want 15s", got)
	}
	if got := (Timeouts{Factor: 2, Const: -1, Floor: time.Millisecond}).For(time.Second); got != 2*time.Second {
		t.Errorf("negative constant means none: got %v, want 2s", got)
	}
}

func TestAProcessThatExitsIsReportedWithItsCodeAndOutput(t *testing.T) {
	t.Parallel()
	res, err := Run(context.Background(), Spec{Path: "/bin/sh", Args: []string{"-c", "echo out; echo err >&2; exit 3"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 3 || res.TimedOut || res.Canceled || res.Signal != "" {
		t.Errorf("result %+v: want exit 3", res)
	}
	if !strings.Contains(string(res.Output), "out") || !strings.Contains(string(res.Output), "err") {
		t.Errorf("output %q: want stdout and stderr", res.Output)
	}
}

func TestALoopingProcessTimesOutAndLeavesNoProcessOfItsGroup(t *testing.T) {
	t.Parallel()
	pidFile := t.TempDir() + "/pid"
	start := time.Now()
	res, err := Run(context.Background(), Spec{
		Path:    "/bin/sh",
		Args:    []string{"-c", "echo $$ > " + pidFile + "; sleep 1000 & while :; do :; done"},
		Timeout: 300 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	if !res.TimedOut || res.Signal != "killed" {
		t.Errorf("result %+v: want timed out and killed", res)
	}
	if time.Since(start) > 10*time.Second {
		t.Errorf("Run took %v after a 300ms timeout", time.Since(start))
	}
	assertGroupGone(t, pidFile)
}

func TestAGrandchildThatOutlivesItsParentIsKilled(t *testing.T) {
	t.Parallel()
	pidFile := t.TempDir() + "/pid"
	res, err := Run(context.Background(), Spec{
		Path: "/bin/sh",
		Args: []string{"-c", "echo $$ > " + pidFile + "; sleep 1000 >/dev/null 2>&1 & echo started"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 0 || res.TimedOut {
		t.Errorf("result %+v: want a clean exit", res)
	}
	assertGroupGone(t, pidFile)
}

func TestCancellingTheContextKillsTheGroup(t *testing.T) {
	t.Parallel()
	pidFile := t.TempDir() + "/pid"
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	res, err := Run(ctx, Spec{Path: "/bin/sh", Args: []string{"-c", "echo $$ > " + pidFile + "; sleep 1000"}})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Canceled || res.TimedOut {
		t.Errorf("result %+v: want cancelled", res)
	}
	assertGroupGone(t, pidFile)
}

func TestAnAllocatingProcessDiesOfItsMemoryCap(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), Spec{
		Path:    exe,
		Env:     append(os.Environ(), "PROC_TEST_CHILD=alloc"),
		Memory:  MemoryCap{Soft: 256 << 20, Hard: 1 << 30},
		Timeout: 30 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.TimedOut || res.ExitCode == 0 {
		t.Fatalf("result %+v: want the child to die of its memory cap", res)
	}
	// Depending on which allocation hits the cap first, the runtime says
	// "out of memory" or fails to map memory for a thread or a GC worker.
	out := string(res.Output)
	if !strings.Contains(out, "out of memory") && !strings.Contains(out, "cannot allocate memory") && !strings.Contains(out, "fatal error") {
		t.Errorf("output %q: want a Go runtime memory error", tail(res.Output))
	}
}

func assertGroupGone(t *testing.T, pidFile string) {
	t.Helper()
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	var pid int
	for _, c := range strings.TrimSpace(string(b)) {
		pid = pid*10 + int(c-'0')
	}
	if pid <= 0 {
		t.Fatalf("bad pid %q", b)
	}
	gone, err := GroupGone(pid, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if !gone {
		t.Errorf("process group %d is still alive after Run", pid)
	}
}

func tail(b []byte) string {
	if len(b) > 400 {
		b = b[len(b)-400:]
	}
	return string(b)
}
