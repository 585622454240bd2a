package proc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"sync"
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
	// Memory caps the process; the zero value means no cap.
	Memory MemoryCap
	// MaxOutput bounds the output kept (stdout and stderr interleaved);
	// zero means 64 MiB. Output past it is dropped and Result.Truncated set.
	MaxOutput int
}

// Result is how a process ended. It is data: a timeout, a signal and an
// exit code are all results, not errors.
type Result struct {
	Output    []byte // stdout and stderr, interleaved as written
	Truncated bool   // Output was cut at Spec.MaxOutput
	ExitCode  int    // the exit status; -1 when ended by a signal
	Signal    string // the signal that ended it, e.g. "killed"; "" if it exited
	TimedOut  bool   // the deadline passed and the group was killed
	Canceled  bool   // the context was cancelled and the group was killed
	Duration  time.Duration
	// Memory is the cap the process ran under (Spec.Memory).
	Memory MemoryCap
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

func (p Process) String() string {
	return p.Name + " (pid " + strconv.Itoa(p.Pid) + ")"
}

// Run starts the process in a new process group, waits for it, and kills
// the whole group with SIGKILL when the deadline passes or ctx is
// cancelled. Whatever happens, once the leader has exited the group is
// killed too (before the leader is reaped, on Linux, so the group id cannot
// have been reused). Every process Run starts carries a tag of its own in
// its environment (TagPrefix), which its descendants inherit: after the
// group kill, Run kills the tagged processes that left the group (setsid,
// setpgid) and lists them in Result.Escaped. Only a descendant that both
// leaves the group and clears its environment survives Run.
//
// The memory cap's hard part (RLIMIT_AS) is set by a /bin/sh wrapper that
// execs the program, so it holds from the program's first instruction: the
// Go runtime sizes its address-space reservations to a limit it sees at
// start, while a limit lowered under a running Go program (prlimit) makes
// it fail at random (a Go test binary maps about 1.2 GiB of address space
// at start). Without /bin/sh, Run falls back to prlimit right after start.
//
// The returned error is only for a process that could not be started or
// waited for.
func Run(ctx context.Context, s Spec) (Result, error) {
	var res Result
	if err := ctx.Err(); err != nil {
		res.Canceled = true
		return res, nil
	}
	path, err := exec.LookPath(s.Path)
	if err != nil {
		return res, fmt.Errorf("start %s: %w", s.Path, err)
	}
	res.Memory = s.Memory
	hard := s.Memory.Hard
	var cmd *exec.Cmd
	if hard > 0 && shell != "" {
		// ulimit -v takes KiB and sets the soft and hard limits.
		script := "ulimit -v " + strconv.FormatInt(capToHardLimit(hard)>>10, 10) + ` && exec "$0" "$@"`
		cmd = exec.Command(shell, append([]string{"-c", script, path}, s.Args...)...)
		hard = 0
	} else {
		cmd = exec.Command(path, s.Args...)
	}
	cmd.Dir = s.Dir
	tag := newTag()
	env := append([]string(nil), s.Env...)
	if s.Dir != "" {
		env = append(env, "PWD="+s.Dir)
	}
	env = append(env, tag+"1")
	cmd.Env = append(env, s.Memory.env()...)
	out := &capped{max: s.MaxOutput}
	if out.max <= 0 {
		out.max = 64 << 20
	}
	cmd.Stdout = out
	cmd.Stderr = out
	// Pdeathsig: a worker never outlives mutprop, even after SIGKILL.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	// A process that left the group may keep the output pipe open: stop
	// waiting for it a little after the group is gone.
	cmd.WaitDelay = time.Second
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return res, fmt.Errorf("start %s: %w", s.Path, err)
	}
	pid := cmd.Process.Pid
	since := startTime(pid)
	if hard > 0 {
		if err := setAddressSpaceLimit(pid, hard); err != nil {
			killGroup(pid)
			werr := cmd.Wait()
			return res, errors.Join(fmt.Errorf("limit memory of %s: %w", s.Path, err), ignoreExit(werr))
		}
	}
	exited := make(chan error, 1)
	go func() { exited <- waitExited(cmd) }()
	var timeout <-chan time.Time
	if s.Timeout > 0 {
		t := time.NewTimer(s.Timeout)
		defer t.Stop()
		timeout = t.C
	}
	var werr error
	select {
	case werr = <-exited:
	case <-timeout:
		res.TimedOut = true
		killGroup(pid)
		werr = <-exited
	case <-ctx.Done():
		res.Canceled = true
		killGroup(pid)
		werr = <-exited
	}
	res.Duration = time.Since(start)
	killGroup(pid)
	res.Escaped = killTagged(tag, pid, since)
	if werr != nil {
		return res, fmt.Errorf("wait for %s: %w", s.Path, werr)
	}
	err = cmd.Wait()
	res.Output, res.Truncated = out.bytes()
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) && !errors.Is(err, exec.ErrWaitDelay) {
			return res, fmt.Errorf("wait for %s: %w", s.Path, err)
		}
	}
	st := cmd.ProcessState
	res.ExitCode = st.ExitCode()
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		res.Signal = ws.Signal().String()
	}
	return res, nil
}

// TagPrefix starts the name of the environment variable that marks every
// process Run starts and its descendants: TagPrefix + "<mutprop's pid>_<n>",
// unique per Run, so nested runs keep each other's tags.
const TagPrefix = "MUTPROP_PROC_"

var tagSeq atomic.Uint64

// newTag returns "TagPrefix<pid>_<n>=": an environment entry's name and '='.
func newTag() string {
	return TagPrefix + strconv.Itoa(os.Getpid()) + "_" + strconv.FormatUint(tagSeq.Add(1), 10) + "="
}

// shell is the shell that applies RLIMIT_AS before exec ("" if none).
var shell = func() string {
	if fi, err := os.Stat("/bin/sh"); err == nil && !fi.IsDir() {
		return "/bin/sh"
	}
	return ""
}()

// ignoreExit drops the *exec.ExitError of a process we killed ourselves.
func ignoreExit(err error) error {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return nil
	}
	return err
}

// killGroup sends SIGKILL to the process group led by pid. ESRCH (the group
// is already gone) is the common, expected case.
func killGroup(pid int) {
	if pid <= 0 {
		return
	}
	// The error is ESRCH when nothing is left; there is nothing else to do.
	if err := syscall.Kill(-pid, syscall.SIGKILL); err != nil && !errors.Is(err, syscall.ESRCH) {
		// EPERM would mean pid was reused by another user's group leader,
		// which waitExited prevents on Linux; nothing to kill either way.
		return
	}
}

// capped is a goroutine-safe buffer that keeps at most max bytes.
type capped struct {
	mu        sync.Mutex
	buf       bytes.Buffer
	max       int
	truncated bool
}

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	room := c.max - c.buf.Len()
	if room < len(p) {
		c.truncated = true
		if room > 0 {
			c.buf.Write(p[:room])
		}
		return len(p), nil
	}
	c.buf.Write(p)
	return len(p), nil
}

func (c *capped) bytes() ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]byte(nil), c.buf.Bytes()...), c.truncated
}
