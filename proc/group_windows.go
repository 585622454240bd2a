//go:build windows

package proc

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// On Windows a run's processes are a job object instead of a process group:
// the leader is assigned to a new job right after it starts, its
// descendants inherit the job, and TerminateJobObject kills them all on
// deadline, cancellation, output budget and leader exit
// (JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE also kills them if mutprop dies and
// the job handle closes). What is lost:
//
//   - a process the leader starts before its assignment (a few
//     microseconds after start) is outside the job and survives Run;
//   - no process scans: nothing is found by its tag (Result.Escaped stays
//     empty; a process can leave a job only if the job allows breakaway,
//     which this one does not);
//   - no memory watchdog: MemoryCap.Hard is not enforced, only GOMEMLIMIT;
//     Result.PeakRSS is 0.

// procAttr starts a process in a console process group of its own, so that
// a Ctrl-C meant for mutprop does not reach it directly.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}

// group is the job object of one Run.
type group struct {
	cmd  *exec.Cmd
	job  windows.Handle
	werr error // the leader's Wait, once waitExited has returned
}

// newGroup creates a job that kills its processes when closed and assigns
// the started leader to it.
func newGroup(cmd *exec.Cmd) (*group, error) {
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return nil, fmt.Errorf("create job object: %w", err)
	}
	g := &group{cmd: cmd, job: job}
	info := windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION{
		BasicLimitInformation: windows.JOBOBJECT_BASIC_LIMIT_INFORMATION{LimitFlags: windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE},
	}
	if _, err := windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		g.close()
		return nil, fmt.Errorf("set job object limits: %w", err)
	}
	h, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, uint32(cmd.Process.Pid))
	if err != nil {
		g.close()
		return nil, fmt.Errorf("open process %d: %w", cmd.Process.Pid, err)
	}
	defer windows.CloseHandle(h)
	if err := windows.AssignProcessToJobObject(job, h); err != nil {
		g.close()
		return nil, fmt.Errorf("assign process %d to its job object: %w", cmd.Process.Pid, err)
	}
	return g, nil
}

// waitExited reaps the leader and keeps the result for reap; the job keeps
// its other processes reachable.
func (g *group) waitExited() error {
	g.werr = g.cmd.Wait()
	return nil
}

// reap returns the leader's Wait result.
func (g *group) reap() error { return g.werr }

// kill terminates every process of the job. An error means the job is
// already empty or closed: nothing is left to kill.
func (g *group) kill() {
	if g.job != 0 {
		_ = windows.TerminateJobObject(g.job, 1)
	}
}

// killEscaped finds nothing without process scans.
func (g *group) killEscaped(string) []Process { return nil }

// sampler is nil: no memory watchdog on Windows.
func (g *group) sampler(string) sampler { return nil }

// close closes the job handle, which kills what is left in the job.
func (g *group) close() {
	if g.job != 0 {
		_ = windows.CloseHandle(g.job) // nothing to do if closing fails
		g.job = 0
	}
}

// pageFaults is unknown on Windows.
func pageFaults(*os.ProcessState) int64 { return 0 }

// peakRSS is unknown on Windows.
func peakRSS(*os.ProcessState) int64 { return 0 }
