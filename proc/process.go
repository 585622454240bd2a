package proc

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"strconv"
	"sync/atomic"
	"syscall"
	"time"
)

// Spec describes one process to run.
type Spec struct {
	Path string   // the executable
	Args []string // arguments, without the program name
	Dir  string   // working directory; "" is the current one
	// Env is the complete environment; PWD is set to Dir, and the
	// MemoryCap's GOMEMLIMIT is appended.
	Env []string
	// Timeout bounds the run; zero means none (the context still applies).
	Timeout time.Duration
	// Memory caps the run; the zero value means no cap.
	Memory MemoryCap
	// OutputHead and OutputTail are the bytes of output (stdout and stderr
	// interleaved) kept from its start and from its end; zero means 1 MiB
	// each, negative none. What lies between is dropped and replaced by a
	// marker line, "[mutprop: <n> bytes of output dropped here]".
	OutputHead, OutputTail int
	// OutputLimit is the output budget: once the process group has written
	// more bytes than this, it is killed (Result.End: EndOutputExceeded). Zero
	// means 256 MiB, negative no budget.
	OutputLimit int64
	// Watch, when set, is called once before the process starts with the
	// run's Live view; the writer it returns (if not nil) receives every
	// byte of output as it is written, whole and in order, before the head
	// and tail budget drops any. Its Write must be quick: the process's
	// output waits on it. Through Live the watcher may read what the
	// process used so far and end it as a timeout (a deadline of its own,
	// e.g. one per test the process runs).
	Watch func(*Live) io.Writer
}

// Result is how a process ended. It is data: a timeout, a signal, a cap
// and an exit code are all results, not errors.
type Result struct {
	// Output is stdout and stderr, interleaved as written: all of it, or,
	// when it was longer than Spec.OutputHead + Spec.OutputTail, its first
	// and last lines around a marker line saying how many bytes were
	// dropped.
	Output    []byte
	Truncated bool  // bytes were dropped from the middle of Output
	Written   int64 // the bytes of output written, kept or not
	ExitCode  int   // the exit status; -1 when ended by a signal
	// Signal is the signal that ended it, e.g. "killed"; "" if it exited.
	Signal string
	// End is what ended the run: the leader on its own (EndExited), or
	// mutprop killing the group for a cause.
	End      End
	Duration time.Duration
	// Memory is the cap the process ran under (Spec.Memory).
	Memory MemoryCap
	// PeakRSS is the largest resident memory seen, in bytes: the peak of
	// the watchdog's samples of the whole group, or the leader's own peak
	// (getrusage) if higher; 0 where neither is known (Windows).
	PeakRSS int64
	// CPU is the user and system time the leader used (with the children
	// it waited for; not the group's other processes); 0 where unknown.
	CPU time.Duration
	// PageFaults counts the leader's page faults (its first touch of a
	// page of memory among them): memory it went through, even when its
	// resident size was not sampled at its peak; 0 where unknown.
	PageFaults int64
	// OutputLimit is the output budget the process ran under, in bytes
	// (-1: none).
	OutputLimit int64
	// Escaped lists the descendants that had left the process group
	// (setsid, setpgid) and were still running when the leader exited:
	// Run found them by the tag in their environment and killed them.
	Escaped []Process
}

// Process is a process found in /proc.
type Process struct {
	Pid  int
	Pgid int    // its process group
	Name string // its command name (comm)
}

// String names the process: "name (pid N)".
func (p Process) String() string {
	return p.Name + " (pid " + strconv.Itoa(p.Pid) + ")"
}

// Run starts the process in a new process group, waits for it, and kills
// the whole group with SIGKILL when the deadline passes, ctx is cancelled,
// the group's resident memory passes Spec.Memory.Hard or its output passes
// Spec.OutputLimit; the first of these is the one the Result reports.
// Whatever happens, once the leader has exited the group is killed too
// (before the leader is reaped, on Linux, so the group id cannot have been
// reused). Every process Run starts carries a tag of its own in its
// environment (MUTPROP_PROC_<pid>_<n>), which its descendants inherit: after the group
// kill, Run kills the tagged processes that left the group (setsid,
// setpgid) and lists them in Result.Escaped. Only a descendant that both
// leaves the group and clears its environment survives Run. Outside Linux
// less holds: see group_other.go and group_windows.go.
//
// The returned error is only for a process that could not be started or
// waited for.
func Run(ctx context.Context, s Spec) (Result, error) {
	if ctx.Err() != nil {
		return Result{End: EndCanceled}, nil
	}
	h, err := start(ctx, s, false)
	if err != nil {
		return Result{Memory: s.Memory}, err
	}
	return h.Wait()
}

// End is what ended a run. Every cause but EndExited means that the
// process group was killed; the first cause that happened is the one
// reported.
type End int

const (
	// EndExited: the leader exited on its own (see ExitCode, Signal).
	EndExited End = iota
	// EndTimedOut: the deadline passed (Spec.Timeout, or Live.Expire).
	EndTimedOut
	// EndCanceled: the context was cancelled.
	EndCanceled
	// EndMemoryExceeded: the group's resident memory passed
	// Spec.Memory.Hard.
	EndMemoryExceeded
	// EndOutputExceeded: the group wrote more than the output budget
	// (Result.OutputLimit).
	EndOutputExceeded
)

// String names e: "exited", "timed out", "canceled", "memory exceeded",
// "output exceeded".
func (e End) String() string {
	switch e {
	case EndExited:
		return "exited"
	case EndTimedOut:
		return "timed out"
	case EndCanceled:
		return "canceled"
	case EndMemoryExceeded:
		return "memory exceeded"
	case EndOutputExceeded:
		return "output exceeded"
	}
	return "End(" + strconv.Itoa(int(e)) + ")"
}

// Killed reports whether mutprop killed the group for a limit of its own:
// a deadline, the memory cap or the output budget (not a cancellation).
func (e End) Killed() bool {
	return e == EndTimedOut || e == EndMemoryExceeded || e == EndOutputExceeded
}

// tagPrefix starts the name of the environment variable that marks every
// process Run starts and its descendants: tagPrefix + "<mutprop's pid>_<n>",
// unique per Run, so nested runs keep each other's tags.
const tagPrefix = "MUTPROP_PROC_"

var tagSeq atomic.Uint64

// newTag returns "tagPrefix<pid>_<n>=": an environment entry's name and '='.
func newTag() string {
	return tagPrefix + strconv.Itoa(os.Getpid()) + "_" + strconv.FormatUint(tagSeq.Add(1), 10) + "="
}

// ignoreExit drops the *exec.ExitError of a process we killed ourselves.
func ignoreExit(err error) error {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return nil
	}
	return err
}

// signalOf returns the name of the signal that ended a process, "" if it
// exited.
func signalOf(st *os.ProcessState) string {
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return ws.Signal().String()
	}
	return ""
}
