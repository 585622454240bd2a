//go:build linux

package proc

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"

	"golang.org/x/sys/unix"
)

// procAttr starts a process in a process group of its own, killed when
// mutprop dies (Pdeathsig: a worker never outlives mutprop, even after
// SIGKILL).
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// group is the process group of one Run, led by the process it started.
type group struct {
	cmd   *exec.Cmd
	pid   int    // the leader's pid, and the group id
	since uint64 // the leader's start time (clock ticks after boot)
}

// newGroup returns the group of a started command.
func newGroup(cmd *exec.Cmd) (*group, error) {
	pid := cmd.Process.Pid
	return &group{cmd: cmd, pid: pid, since: startTime(pid)}, nil
}

// waitExited blocks until the leader has exited, without reaping it: the
// zombie keeps its pid, so the process group id stays ours until reap.
func (g *group) waitExited() error {
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PID, g.pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return fmt.Errorf("waitid: %w", err)
		}
		return nil
	}
}

// reap waits for the leader (and the copying of its output).
func (g *group) reap() error { return g.cmd.Wait() }

// kill sends SIGKILL to the whole group.
func (g *group) kill() { killGroup(g.pid) }

// killEscaped kills the processes carrying tag that left the group and
// returns them (killTagged).
func (g *group) killEscaped(tag string) []Process { return killTagged(tag, g.pid, g.since) }

// sampler returns the memory sampler of the group and its descendants.
func (g *group) sampler(tag string) sampler { return newSampler(g.pid, g.since, tag) }

// close releases nothing on Linux.
func (g *group) close() {}

// killGroup sends SIGKILL to the process group led by pid. ESRCH (the group
// is already gone) is the common, expected case; EPERM would mean pid was
// reused by another user's group leader, which waitExited prevents.
func killGroup(pid int) {
	if pid > 0 {
		_ = syscall.Kill(-pid, syscall.SIGKILL)
	}
}

// pageFaults returns the page faults of the leader (ru_minflt +
// ru_majflt): how much memory it touched, 0 if unknown.
func pageFaults(st *os.ProcessState) int64 {
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		return ru.Minflt + ru.Majflt
	}
	return 0
}

// peakRSS returns the leader's peak resident memory (ru_maxrss, KiB on
// Linux), 0 if unknown.
func peakRSS(st *os.ProcessState) int64 {
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss << 10
	}
	return 0
}
