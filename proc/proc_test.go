//go:build linux

package proc

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// spun keeps the "spin" child's loop from being an empty one.
var spun int

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
	case "reserve":
		// Address space far past any cap in these tests, barely touched:
		// a heap object never written and an anonymous mapping.
		b := make([]byte, 4<<30)
		m, err := syscall.Mmap(-1, 0, 16<<30, syscall.PROT_NONE, syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
		if err != nil {
			fmt.Println("mmap:", err)
			os.Exit(1)
		}
		time.Sleep(300 * time.Millisecond) // several samples of the watchdog
		runtime.KeepAlive(b)
		runtime.KeepAlive(m)
		fmt.Println("ok")
		os.Exit(0)
	case "noisy":
		line := []byte(strings.Repeat("noise ", 1000) + "\n")
		for {
			if _, err := os.Stdout.Write(line); err != nil {
				os.Exit(1)
			}
		}
	case "lines":
		n, _ := strconv.Atoi(os.Getenv("PROC_TEST_LINES"))
		w := bufio.NewWriterSize(os.Stdout, 64<<10)
		for i := 1; i <= n; i++ {
			fmt.Fprintf(w, "line %d\n", i)
		}
		w.Flush()
		os.Exit(0)
	case "ok":
		fmt.Println("ok")
		os.Exit(0)
	case "spin":
		// Spins: "ready" once it has used spinReady of CPU, however
		// loaded the machine is, and on.
		for n, said := 0, false; ; n++ {
			spun = n
			if !said && n%(1<<16) == 0 && selfCPU() >= spinReady {
				fmt.Println("ready")
				said = true
			}
		}
	case "touch":
		// 64 MiB touched a page at a time, then nothing.
		b := make([]byte, 64<<20)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		fmt.Println("ready")
		time.Sleep(time.Hour)
		runtime.KeepAlive(b)
	case "sleep":
		fmt.Println("ready")
		time.Sleep(time.Hour)
	case "escape":
		// Children that leave the group: a new session, a new group.
		for _, attr := range []*syscall.SysProcAttr{{Setsid: true}, {Setpgid: true}} {
			cmd := exec.Command("sleep", "1000")
			cmd.SysProcAttr = attr
			if err := cmd.Start(); err != nil {
				fmt.Println("start:", err)
				os.Exit(1)
			}
			fmt.Println("pid", cmd.Process.Pid)
		}
		os.Exit(0)
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
	if got := (Timeouts{}).For(time.Second); got != 5250*time.Millisecond {
		t.Errorf("defaults: 5 x 1s + 250ms = %v, want 5.25s", got)
	}
	if got := (Timeouts{}).For(time.Millisecond); got != 255*time.Millisecond {
		t.Errorf("defaults: 5 x 1ms + 250ms = %v, want 255ms", got)
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
	if res.ExitCode != 3 || res.End == EndTimedOut || res.End == EndCanceled || res.Signal != "" {
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
	if res.End != EndTimedOut || res.Signal != "killed" {
		t.Errorf("result %+v: want timed out and killed", res)
	}
	if time.Since(start) > 10*time.Second {
		t.Errorf("Run took %v after a 300ms timeout", time.Since(start))
	}
	assertGroupGone(t, pidFile)
}

func TestAResultSaysHowMuchCPUAndMemoryTheProcessWentThrough(t *testing.T) {
	t.Parallel()
	// Each child says "ready" when it has done its work (spun, slept,
	// touched its memory) and goes on; the watch then ends it as a
	// timeout. An event, not a wall-clock deadline, ends each run: a
	// loaded machine only makes it slower.
	run := func(child string) Result {
		res, err := Run(context.Background(), Spec{
			Path: os.Args[0], Env: append(os.Environ(), "PROC_TEST_CHILD="+child), Timeout: 10 * time.Minute,
			Watch: func(l *Live) io.Writer { return &expireOn{l: l, line: "ready"} },
		})
		if err != nil {
			t.Fatal(err)
		}
		if res.End != EndTimedOut || res.Duration >= 10*time.Minute {
			t.Fatalf("%s: %+v, want a timeout on its ready line", child, res)
		}
		return res
	}
	spin, sleep, touch := run("spin"), run("sleep"), run("touch")
	// A spinning process used spinReady of CPU at least; a sleeping one
	// hardly any. One that touches new memory faults its pages in.
	if spin.CPU < spinReady {
		t.Errorf("a process that spun for %v of its CPU shows %v", spinReady, spin.CPU)
	}
	if sleep.CPU > spin.CPU/2 {
		t.Errorf("a sleeping process used %v of CPU, a spinning one %v", sleep.CPU, spin.CPU)
	}
	if touch.PageFaults < spin.PageFaults+8192 {
		t.Errorf("a process that touched 64 MiB of new memory had %d page faults, a spinning one %d", touch.PageFaults, spin.PageFaults)
	}
}

// spinReady is the CPU time the "spin" child uses before it says ready.
const spinReady = 150 * time.Millisecond

// selfCPU is the CPU time this process has used.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// expireOn is a watch's writer that ends the run as a timeout once the
// output holds its line.
type expireOn struct {
	l    *Live
	line string
	seen []byte
}

func (e *expireOn) Write(p []byte) (int, error) {
	e.seen = append(e.seen, p...)
	if strings.Contains(string(e.seen), e.line) {
		e.l.Expire()
	}
	return len(p), nil
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
	if res.ExitCode != 0 || res.End == EndTimedOut {
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
	if res.End != EndCanceled || res.End == EndTimedOut {
		t.Errorf("result %+v: want cancelled", res)
	}
	assertGroupGone(t, pidFile)
}

func TestProcessesThatLeaveTheGroupAreFoundByTheirTagAndKilled(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), Spec{Path: exe, Env: append(os.Environ(), "PROC_TEST_CHILD=escape"), Timeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 0 {
		t.Fatalf("child: %+v %s", res, res.Output)
	}
	var pids []int
	for _, l := range strings.Split(string(res.Output), "\n") {
		if p, ok := strings.CutPrefix(l, "pid "); ok {
			n, err := strconv.Atoi(p)
			if err != nil {
				t.Fatal(err)
			}
			pids = append(pids, n)
		}
	}
	if len(pids) != 2 {
		t.Fatalf("output %q: want two pids", res.Output)
	}
	if len(res.Escaped) != 2 {
		t.Errorf("Escaped = %v, want the two sleeps", res.Escaped)
	}
	for _, e := range res.Escaped {
		if e.Name != "sleep" || (e.Pid != pids[0] && e.Pid != pids[1]) {
			t.Errorf("escaped %v: want one of the sleeps %v", e, pids)
		}
	}
	for _, pid := range pids {
		if gone, err := GroupGone(pid, 5*time.Second); err != nil || !gone {
			t.Errorf("the escaped sleep %d (a group leader) is still alive (%v)", pid, err)
		}
	}
}

func TestTaggedFindsALiveProcessByItsEnvironment(t *testing.T) {
	t.Parallel()
	entry := fmt.Sprintf("PROC_TEST_TAG=%d_%d", os.Getpid(), time.Now().UnixNano())
	cmd := exec.Command("sleep", "1000")
	cmd.Env = append(os.Environ(), entry)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	found, err := Tagged(entry)
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != 1 || found[0].Pid != cmd.Process.Pid {
		t.Errorf("Tagged(%q) = %v, want the sleep %d", entry, found, cmd.Process.Pid)
	}
	if again, _ := Tagged(entry); len(again) != 0 {
		t.Errorf("after the kill, Tagged = %v", again)
	}
}

// Without an address-space limit, a Go program starts under any cap: the
// old RLIMIT_AS cap made about 40% of these runs fail with "runtime: cannot
// allocate memory" when lowered under a running binary.
func TestAGoProgramStartsReliablyUnderATightMemoryCap(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	mc := MemoryCap{Soft: 128 << 20, Hard: 256 << 20}
	for i := 0; i < 20; i++ {
		res, err := Run(context.Background(), Spec{Path: exe, Env: append(os.Environ(), "PROC_TEST_CHILD=ok"), Memory: mc, Timeout: 30 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		if res.ExitCode != 0 || strings.TrimSpace(string(res.Output)) != "ok" || res.End == EndMemoryExceeded {
			t.Fatalf("run %d under %+v: exit %d, memory exceeded %v: %s", i, mc, res.ExitCode, res.End == EndMemoryExceeded, tail(res.Output))
		}
		if res.Memory != mc {
			t.Fatalf("Result.Memory = %+v, want %+v", res.Memory, mc)
		}
	}
}

func TestAMissingProgramIsAnError(t *testing.T) {
	t.Parallel()
	for _, mc := range []MemoryCap{{}, {Hard: 1 << 30}} {
		if _, err := Run(context.Background(), Spec{Path: "/nonexistent/prog", Memory: mc}); err == nil {
			t.Errorf("memory %+v: no error for a missing program", mc)
		}
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
