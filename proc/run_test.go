//go:build linux

package proc

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

func envLines(out []byte) []string { return strings.Split(strings.TrimSpace(string(out)), "\n") }

func TestRunSetsTheDirectoryPWDTheTagAndOnlyTheGivenEnvironment(t *testing.T) {
	t.Parallel()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), Spec{Path: "/bin/sh", Args: []string{"-c", "pwd -P"}, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(string(res.Output)); got != dir {
		t.Errorf("working directory %q, want %q", got, dir)
	}
	// env itself, not a shell, which would set PWD on its own.
	res, err = Run(context.Background(), Spec{Path: "/usr/bin/env", Dir: dir, Env: []string{"A=1"}})
	if err != nil {
		t.Fatal(err)
	}
	lines := envLines(res.Output)
	var tags []string
	for _, l := range lines {
		if strings.HasPrefix(l, tagPrefix) {
			tags = append(tags, l)
		}
	}
	if !slices.Contains(lines, "A=1") || !slices.Contains(lines, "PWD="+dir) {
		t.Errorf("environment %q: want A=1 and PWD=%s", lines, dir)
	}
	if len(tags) != 1 || !strings.HasSuffix(tags[0], "=1") || !strings.HasPrefix(tags[0], tagPrefix+strconv.Itoa(os.Getpid())+"_") {
		t.Errorf("tags %q: want one %s<pid>_<n>=1", tags, tagPrefix)
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "GOMEMLIMIT=") {
			t.Errorf("GOMEMLIMIT set without a memory cap: %q", l)
		}
	}
	// Without Dir, no PWD is added to the environment.
	res, err = Run(context.Background(), Spec{Path: "/usr/bin/env", Env: []string{"A=1"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range envLines(res.Output) {
		if strings.HasPrefix(l, "PWD=") {
			t.Errorf("PWD set without a Dir: %q", l)
		}
	}
}

func TestTheMemoryCapSetsGOMEMLIMITAndNoAddressSpaceLimit(t *testing.T) {
	t.Parallel()
	var own unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_AS, &own); err != nil {
		t.Fatal(err)
	}
	want := "unlimited"
	if own.Cur != unix.RLIM_INFINITY {
		want = strconv.FormatUint(own.Cur>>10, 10)
	}
	mc := MemoryCap{Soft: 300 << 20, Hard: 1 << 30}
	res, err := Run(context.Background(), Spec{Path: "/bin/sh", Args: []string{"-c", `echo "$GOMEMLIMIT"; ulimit -v`}, Memory: mc})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.TrimSpace(string(res.Output)), "314572800\n"+want; got != want {
		t.Errorf("GOMEMLIMIT and ulimit -v under %+v: %q, want %q (the caller's own address-space limit)", mc, got, want)
	}
	for _, tc := range []struct {
		soft int64
		want []string
	}{{0, nil}, {-5, nil}, {1, []string{"GOMEMLIMIT=1"}}, {300 << 20, []string{"GOMEMLIMIT=314572800"}}} {
		if got := (MemoryCap{Soft: tc.soft}).env(); !slices.Equal(got, tc.want) {
			t.Errorf("MemoryCap{Soft: %d}.env() = %q, want %q", tc.soft, got, tc.want)
		}
	}
}

func TestOutputIsKeptWholeUpToHeadPlusTail(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		head, tail int
		want       string
		truncated  bool
	}{
		{8, 8, "0123456789ABCDEF", false},
		{16, -1, "0123456789ABCDEF", false},
		{-1, 16, "0123456789ABCDEF", false},
		{10, 10, "0123456789ABCDEF", false},
		// No newline anywhere: the head and the tail are kept as they are.
		{4, 4, "0123\n" + droppedMarker + "8 bytes of output dropped here]\nCDEF", true},
		{-1, 4, droppedMarker + "12 bytes of output dropped here]\nCDEF", true},
	} {
		res, err := Run(context.Background(), Spec{Path: "/bin/sh", Args: []string{"-c", "printf 0123456789ABCDEF"}, OutputHead: tc.head, OutputTail: tc.tail})
		if err != nil {
			t.Fatal(err)
		}
		if string(res.Output) != tc.want || res.Truncated != tc.truncated || res.Written != 16 {
			t.Errorf("head %d tail %d: output %q truncated %v written %d, want %q %v 16", tc.head, tc.tail, res.Output, res.Truncated, res.Written, tc.want, tc.truncated)
		}
	}
}

// The default head and tail are 1 MiB each: exactly 2 MiB is kept whole,
// one byte more is cut in the middle.
func TestTheDefaultOutputKeepsTheFirstAndLastMiB(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		n         int
		truncated bool
	}{{2 << 20, false}, {2<<20 + 1, true}} {
		res, err := Run(context.Background(), Spec{Path: "/usr/bin/head", Args: []string{"-c", strconv.Itoa(tc.n), "/dev/zero"}, Timeout: 60 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		if res.Truncated != tc.truncated || res.Written != int64(tc.n) || res.OutputLimit != defaultOutputLimit {
			t.Errorf("%d bytes written: kept %d, truncated %v, written %d, budget %d", tc.n, len(res.Output), res.Truncated, res.Written, res.OutputLimit)
		}
		if !tc.truncated && len(res.Output) != tc.n {
			t.Errorf("%d bytes written: kept %d", tc.n, len(res.Output))
		}
		if tc.truncated && (len(res.Output) > 2<<20+100 || !strings.Contains(string(res.Output), "\n"+droppedMarker+"1 bytes of output dropped here]\n")) {
			t.Errorf("%d bytes written: kept %d bytes, want 2 MiB around a marker of 1 byte dropped", tc.n, len(res.Output))
		}
	}
}

func TestATimeoutOfOneNanosecondStillTimesOut(t *testing.T) {
	t.Parallel()
	res, err := Run(context.Background(), Spec{Path: "/bin/sleep", Args: []string{"600"}, Timeout: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	if res.End != EndTimedOut || res.Duration > time.Minute {
		t.Errorf("result %+v: want timed out at once", res)
	}
}

func TestRunsThatLeaveNothingBehindReturnPromptly(t *testing.T) {
	t.Parallel()
	// Run scans for escaped descendants until a scan finds none: with
	// nothing left it must not keep polling (100 rounds would take 2.5 s
	// a run, 10 s for the 4; a loaded machine only adds to that).
	start := time.Now()
	for i := 0; i < 4; i++ {
		res, err := Run(context.Background(), Spec{Path: "/bin/true"})
		if err != nil || res.ExitCode != 0 || len(res.Escaped) != 0 {
			t.Fatalf("run %d: %+v, %v", i, res, err)
		}
	}
	if d := time.Since(start); d > 9*time.Second {
		t.Errorf("4 runs of /bin/true took %v", d)
	}
	res, err := Run(context.Background(), Spec{Path: "/bin/sleep", Args: []string{"0.05"}})
	if err != nil || res.Duration < 50*time.Millisecond {
		t.Errorf("Run of sleep 0.05: duration %v, %v", res.Duration, err)
	}
}

func TestAnUntaggedProcessHoldingTheOutputDoesNotBlockRun(t *testing.T) {
	t.Parallel()
	// setsid and env -i: a descendant that leaves the group and drops the
	// tag survives Run (documented), keeping the output pipe open; Run
	// stops waiting for the pipe about a second after the group is gone.
	pidFile := filepath.Join(t.TempDir(), "pid")
	start := time.Now()
	// The shell waits until the child has its own session (its session id
	// is its pid), so that the group kill cannot reach it first.
	script := "setsid /usr/bin/env -i /bin/sleep 20 & echo $! > " + pidFile +
		`; while [ "$(cut -d' ' -f6 /proc/$!/stat)" != "$!" ]; do sleep 0.01; done`
	res, err := Run(context.Background(), Spec{Path: "/bin/sh", Args: []string{"-c", script}, Timeout: 60 * time.Second})
	d := time.Since(start)
	if b, rerr := os.ReadFile(pidFile); rerr == nil {
		if pid, aerr := strconv.Atoi(strings.TrimSpace(string(b))); aerr == nil && pid > 0 {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 0 || d > 10*time.Second {
		t.Errorf("Run returned after %v with %+v; want a clean exit about 1 s after the shell", d, res)
	}
}

func TestAnUntaggedChildOfAnEscapedGroupLeaderDiesWithItsGroup(t *testing.T) {
	t.Parallel()
	// The shell leaves the group (setsid) and starts a child without the
	// tag in its new group: killing the escaped leader's group kills it.
	dir := t.TempDir()
	res, err := Run(context.Background(), Spec{
		Path: "/bin/sh",
		// The outer shell waits until the untagged child runs sleep (its
		// comm), so that it exists, without the tag, before Run's kills.
		Args: []string{"-c", `setsid /bin/sh -c '/usr/bin/env -i /bin/sleep 1000 & echo $! > ` + dir + `/child; echo $$ > ` + dir + `/pgid; sleep 1000' > /dev/null 2>&1 &
while [ ! -s ` + dir + `/pgid ]; do sleep 0.01; done
while [ "$(cat /proc/$(cat ` + dir + `/child)/comm)" != sleep ]; do sleep 0.01; done`},
		Timeout: 30 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Escaped) == 0 {
		t.Errorf("nothing escaped: %+v", res)
	}
	assertGroupGone(t, dir+"/pgid")
}

// waitState polls /proc/pid/stat until the process is in state s.
func waitState(t *testing.T, pid int, s byte) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err == nil {
			if j := strings.LastIndexByte(string(b), ')'); j > 0 && j+2 < len(b) && b[j+2] == s {
				return
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("process %d never reached state %c", pid, s)
}

func TestReadStatParsesANameWithSpacesAndParentheses(t *testing.T) {
	t.Parallel()
	exe := filepath.Join(t.TempDir(), "x) (y z")
	b, err := os.ReadFile("/bin/sleep")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(exe, b, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "1000")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	pid := cmd.Process.Pid
	waitState(t, pid, 'S')
	st, ok := readStat(strconv.Itoa(pid))
	if !ok {
		t.Fatalf("readStat(%d) failed", pid)
	}
	if st.pid != pid || st.comm != "x) (y z" || st.state != 'S' || st.pgrp != pid {
		t.Errorf("readStat = %+v, want pid %d, comm %q, state S, pgrp %d", st, pid, "x) (y z", pid)
	}
	// The start time is in clock ticks (100 Hz) after boot: the child
	// started within a few seconds of now.
	up, err := os.ReadFile("/proc/uptime")
	if err != nil {
		t.Fatal(err)
	}
	upSec, err := strconv.ParseFloat(strings.Fields(string(up))[0], 64)
	if err != nil {
		t.Fatal(err)
	}
	if age := upSec - float64(st.start)/100; age < -1 || age > 10 {
		t.Errorf("start %d ticks after boot, uptime %.2f s: the child would be %.1f s old", st.start, upSec, age)
	}
	if self := startTime(os.Getpid()); self == 0 || self > st.start {
		t.Errorf("start time of the test %d, of its child %d", self, st.start)
	}
	if got := (Process{Pid: pid, Name: st.comm}).String(); got != "x) (y z (pid "+strconv.Itoa(pid)+")" {
		t.Errorf("Process.String() = %q", got)
	}
	if _, ok := readStat("no-such-pid"); ok {
		t.Errorf("readStat of a missing pid succeeded")
	}
}

func TestAZombieIsNeitherAGroupMemberNorTagged(t *testing.T) {
	t.Parallel()
	entry := "PROC_TEST_ZOMBIE=" + strconv.Itoa(os.Getpid())
	cmd := exec.Command("/bin/true")
	cmd.Env = []string{entry} // the first entry: matched at the start of environ
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Wait() }()
	pid := cmd.Process.Pid
	waitState(t, pid, 'Z')
	if pids, err := groupMembers(pid); err != nil || len(pids) != 0 {
		t.Errorf("groupMembers of a zombie's group = %v, %v; want none", pids, err)
	}
	if gone, err := GroupGone(pid, time.Second); err != nil || !gone {
		t.Errorf("GroupGone of a zombie's group = %v, %v", gone, err)
	}
	if found, err := Tagged(entry); err != nil || len(found) != 0 {
		t.Errorf("Tagged found the zombie: %v, %v", found, err)
	}
}

func TestTaggedMatchesTheFirstEnvironmentEntry(t *testing.T) {
	t.Parallel()
	entry := "PROC_TEST_FIRST=" + strconv.Itoa(os.Getpid())
	cmd := exec.Command("/bin/sleep", "1000")
	cmd.Env = []string{entry, "B=2"}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	found, err := Tagged(entry)
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	if err != nil || len(found) != 1 || found[0].Pid != cmd.Process.Pid || found[0].Name != "sleep" {
		t.Errorf("Tagged(%q) = %v, %v; want the sleep %d", entry, found, err, cmd.Process.Pid)
	}
}

func TestGroupMembersListsTheCallersGroup(t *testing.T) {
	t.Parallel()
	pids, err := groupMembers(syscall.Getpgrp())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(pids, os.Getpid()) {
		t.Errorf("groupMembers(%d) = %v, want it to hold this process %d", syscall.Getpgrp(), pids, os.Getpid())
	}
}

func TestNewerThanAcceptsOnlyPidsAllocatedAfterIt(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("/proc/sys/kernel/ns_last_pid")
	if err != nil {
		t.Fatal(err)
	}
	last, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	d := min(50, last-2)
	f := newerThan(last - d)
	for p, want := range map[int]bool{last - d - 1: false, last - d: false, last - d + 1: true, last: true, 1 << 30: false} {
		if got := f(p); got != want {
			t.Errorf("newerThan(%d)(%d) = %v, want %v (last pid %d)", last-d, p, got, want, last)
		}
	}
	// A pid above the last one: the counter wrapped since it was taken.
	g := newerThan(last + 1000)
	for p, want := range map[int]bool{last + 1001: true, last + 1000: false, last + 900: false, 1: true, last: true} {
		if got := g(p); got != want {
			t.Errorf("newerThan(%d)(%d) = %v, want %v (last pid %d)", last+1000, p, got, want, last)
		}
	}
}

func TestTimeoutsOfSmallFactorsConstantsAndFloors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		to       Timeouts
		baseline time.Duration
		want     time.Duration
	}{
		{Timeouts{Factor: 0.5, Const: -1, Floor: 1}, 4 * time.Second, 2 * time.Second},
		{Timeouts{Factor: 1, Const: -1, Floor: 1}, 3 * time.Second, 3 * time.Second},
		{Timeouts{Factor: 2, Const: 1, Floor: 1}, time.Second, 2*time.Second + 1},
		{Timeouts{Factor: 1, Const: -1, Floor: 1}, 0, 1},
		{Timeouts{Factor: 1, Const: -1}, 0, DefaultTimeouts.Floor},
		{Timeouts{Factor: 1, Const: -1, Floor: -1}, 0, DefaultTimeouts.Floor},
	} {
		if got := tc.to.For(tc.baseline); got != tc.want {
			t.Errorf("%+v.For(%v) = %v, want %v", tc.to, tc.baseline, got, tc.want)
		}
	}
}

func TestACancelledContextStartsNothing(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	marker := filepath.Join(t.TempDir(), "ran")
	res, err := Run(ctx, Spec{Path: "/bin/sh", Args: []string{"-c", "touch " + marker}})
	if err != nil || res.End != EndCanceled || res.End == EndTimedOut || res.Signal != "" || res.Duration != 0 {
		t.Errorf("Run under a cancelled context = %+v, %v; want Canceled, nothing started", res, err)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Errorf("the process ran under a cancelled context")
	}
}

func TestAnUntaggedChildInTheGroupDiesWhenTheLeaderExits(t *testing.T) {
	t.Parallel()
	// env -i drops the tag, so only the kill of the whole group after the
	// leader's exit reaches the sleep.
	pidFile := filepath.Join(t.TempDir(), "pid")
	res, err := Run(context.Background(), Spec{Path: "/bin/sh", Args: []string{"-c", "echo $$ > " + pidFile + "; /usr/bin/env -i /bin/sleep 1000 >/dev/null 2>&1 &"}})
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("Run = %+v, %v", res, err)
	}
	assertGroupGone(t, pidFile)
}

func TestTagsAreUniquePerRunAndNameThisProcess(t *testing.T) {
	t.Parallel()
	a, b := newTag(), newTag()
	prefix := tagPrefix + strconv.Itoa(os.Getpid()) + "_"
	na, errA := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(a, prefix), "="))
	nb, errB := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(b, prefix), "="))
	if !strings.HasPrefix(a, prefix) || !strings.HasSuffix(a, "=") || errA != nil || errB != nil || nb <= na {
		t.Errorf("tags %q, %q: want %s<n>= with increasing n", a, b, prefix)
	}
}

func TestStartErrorsNameTheProgram(t *testing.T) {
	t.Parallel()
	_, err := Run(context.Background(), Spec{Path: "/nonexistent/prog"})
	if err == nil || !strings.HasPrefix(err.Error(), "start /nonexistent/prog: ") {
		t.Errorf("err = %v, want it to start with the program", err)
	}
}

func TestRunWaitsOutAProgramStillOpenForWritingForAMoment(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "p.sh")
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("#!/bin/sh\necho ran\n"); err != nil {
		t.Fatal(err)
	}
	// Open for writing, the file cannot run: the kernel says ETXTBSY,
	// as it does when a child forked elsewhere still holds the descriptor.
	if err := exec.Command(path).Run(); !errors.Is(err, syscall.ETXTBSY) {
		t.Fatalf("running a file open for writing: %v, want ETXTBSY", err)
	}
	time.AfterFunc(30*time.Millisecond, func() { _ = f.Close() })
	res, err := Run(context.Background(), Spec{Path: path})
	if err != nil || strings.TrimSpace(string(res.Output)) != "ran" {
		t.Fatalf("Run: %q, %v", res.Output, err)
	}
}
