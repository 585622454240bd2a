//go:build unix && !linux

package proc

import (
	"os"
	"os/exec"
	"syscall"
)

// Outside Linux (darwin, the BSDs), a run still gets a process group of its
// own, killed with kill(-pgid, SIGKILL) on deadline, cancellation, output
// budget and leader exit, but less holds than on Linux:
//
//   - no Pdeathsig: a run outlives a mutprop killed with SIGKILL;
//   - the leader is reaped before its group is killed (no waitid WNOWAIT),
//     so a group id reused in between could in principle be hit;
//   - no /proc: descendants that left the group (setsid, setpgid) are not
//     found by their tag and survive Run (Result.Escaped stays empty);
//   - no memory watchdog: MemoryCap.Hard is not enforced, only GOMEMLIMIT;
//     Result.PeakRSS is the leader's own peak (getrusage).

// procAttr starts a process in a process group of its own.
func procAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// group is the process group of one Run, led by the process it started.
type group struct {
	cmd  *exec.Cmd
	pid  int
	werr error // the leader's Wait, once waitExited has returned
}

// newGroup returns the group of a started command.
func newGroup(cmd *exec.Cmd) (*group, error) { return &group{cmd: cmd, pid: cmd.Process.Pid}, nil }

// waitExited reaps the leader (there is no portable wait without reaping)
// and keeps the result for reap.
func (g *group) waitExited() error {
	g.werr = g.cmd.Wait()
	return nil
}

// reap returns the leader's Wait result.
func (g *group) reap() error { return g.werr }

// kill sends SIGKILL to the whole group; ESRCH (already gone) is expected.
func (g *group) kill() {
	if g.pid > 0 {
		_ = syscall.Kill(-g.pid, syscall.SIGKILL)
	}
}

// killEscaped finds nothing without /proc.
func (g *group) killEscaped(string) []Process { return nil }

// sampler is nil: no watchdog without /proc.
func (g *group) sampler(string) sampler { return nil }

// close releases nothing.
func (g *group) close() {}

// pageFaults returns the page faults of the leader (ru_minflt +
// ru_majflt): how much memory it touched, 0 if unknown.
func pageFaults(st *os.ProcessState) int64 {
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		return int64(ru.Minflt) + int64(ru.Majflt)
	}
	return 0
}

// peakRSS returns the leader's peak resident memory (ru_maxrss), 0 if
// unknown.
func peakRSS(st *os.ProcessState) int64 {
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		return int64(ru.Maxrss) * maxrssUnit
	}
	return 0
}
