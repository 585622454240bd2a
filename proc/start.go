package proc

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Handle is a process started by Start: a long-lived process (a worker
// that answers requests on its standard input) that the caller talks to
// through pipes while it runs, under the same hygiene as Run: its own
// process group (a job object on Windows), killed with mutprop on Linux
// (Pdeathsig), a tag in its environment, the memory cap and the output
// budget on its standard error. End it with Kill and Wait, or close its
// input and Wait; Wait always kills what is left of the group.
type Handle struct {
	spec   Spec
	cmd    *exec.Cmd
	g      *group
	tag    string
	start  time.Time
	stdin  io.WriteCloser
	stdout io.ReadCloser
	out    *output // standard error, and standard output without pipes
	dog    *watchdog
	live   *Live // Spec.Watch's view; nil without one

	exited chan struct{} // closed once the leader has exited
	werr   error         // waitExited's error, set before exited closes

	cause     atomic.Int32 // the first cause that ended the process early
	stopCtx   func() bool  // ends the context's watch
	stopTimer func() bool  // ends Spec.Timeout's timer; nil without one
	mu        sync.Mutex
	reaped    bool // the group id may be reused: Kill does nothing any more
	waitOnce  sync.Once
	res       Result
	waitErr   error
}

// Start starts s's program in a new process group, with pipes to its
// standard input and output; its standard error is kept as Run keeps
// output (Spec.OutputHead, OutputTail, OutputLimit). The group is killed,
// and the Result of Wait says why, when ctx is cancelled (EndCanceled),
// Spec.Timeout passes (EndTimedOut; zero means none), the group's resident
// memory passes Spec.Memory.Hard (EndMemoryExceeded; the watchdog runs only
// under a hard cap, so PeakRSS is the leader's own peak without one) or
// its standard error passes the output budget (EndOutputExceeded).
//
// The caller must call Wait once it is done with the process, to reap it;
// Wait closes the pipes, so read the output first.
func Start(ctx context.Context, s Spec) (*Handle, error) { return start(ctx, s, true) }

// start starts s's program. With pipes, the caller talks to it through
// its standard input and output (Start); without, its standard output
// goes with its standard error into the kept output, its standard input is
// empty, and its group's resident memory is sampled even without a cap
// (Run: Result.PeakRSS is the group's).
func start(ctx context.Context, s Spec, pipes bool) (*Handle, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("start %s: %w", s.Path, err)
	}
	path, err := exec.LookPath(s.Path)
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", s.Path, err)
	}
	h := &Handle{spec: s, tag: newTag(), exited: make(chan struct{})}
	var tee io.Writer
	h.live, tee = watchOf(s)
	h.out = newOutput(s, func() { h.end(EndOutputExceeded) })
	h.out.tee = tee // a Watch sees the kept output: with pipes, standard output is the caller's
	var cmd *exec.Cmd
	for attempt := 0; ; attempt++ {
		if cmd, err = h.command(path, pipes); err != nil {
			return nil, err
		}
		h.start = time.Now()
		err = cmd.Start()
		// A file written just now may still be open for writing in a
		// child forked by another goroutine between its fork and its
		// exec: the kernel refuses to run it for that moment.
		if err == nil || !errors.Is(err, syscall.ETXTBSY) || attempt == 5 {
			break
		}
		time.Sleep(time.Duration(10<<attempt) * time.Millisecond)
	}
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", s.Path, err)
	}
	h.cmd = cmd
	g, err := newGroup(cmd)
	if err != nil {
		_ = cmd.Process.Kill() // it is ours, and running
		return nil, errors.Join(fmt.Errorf("start %s: %w", s.Path, err), ignoreExit(cmd.Wait()))
	}
	h.mu.Lock()
	h.g = g
	h.mu.Unlock()
	if End(h.cause.Load()) != EndExited {
		h.Kill() // the output budget tripped before the group was known
	}
	go func() {
		h.werr = h.g.waitExited()
		close(h.exited)
	}()
	var smp sampler
	if s.Memory.Hard > 0 || !pipes {
		smp = h.g.sampler(h.tag)
	}
	h.dog = watch(smp, s.Memory.Hard, func(int64) { h.end(EndMemoryExceeded) })
	h.stopCtx = context.AfterFunc(ctx, func() { h.end(EndCanceled) })
	if s.Timeout > 0 {
		h.stopTimer = time.AfterFunc(s.Timeout, func() { h.end(EndTimedOut) }).Stop
	}
	if h.live != nil {
		h.live.started(cmd.Process.Pid)
		go func() {
			select {
			case <-h.live.expired():
				h.end(EndTimedOut)
			case <-h.exited:
			}
		}()
	}
	return h, nil
}

// Stdin is the process's standard input; closing it tells a worker that
// no more requests come.
func (h *Handle) Stdin() io.WriteCloser { return h.stdin }

// Stdout is the process's standard output. Wait closes it.
func (h *Handle) Stdout() io.Reader { return h.stdout }

// Exited is closed once the leader has exited (on its own or killed).
func (h *Handle) Exited() <-chan struct{} { return h.exited }

// Kill kills the whole process group (the job object on Windows) with
// SIGKILL. It does not wait: Wait does. Killing a group that is gone, or
// a process already waited for, does nothing.
func (h *Handle) Kill() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.g != nil && !h.reaped {
		h.g.kill()
	}
}

// end kills the group for a cause that the Result reports; the first cause
// wins.
func (h *Handle) end(c End) {
	h.cause.CompareAndSwap(int32(EndExited), int32(c))
	h.Kill()
}

// Wait waits for the leader to exit, kills what is left of its group and
// the tagged processes that left it (Result.Escaped), reaps the leader and
// returns how it ended; Result.Output is its standard error as kept (with
// Run, its standard output too). It
// may be called more than once and from several goroutines: every call
// returns the same result. The error is only for a process that could not
// be waited for.
func (h *Handle) Wait() (Result, error) {
	h.waitOnce.Do(h.wait)
	return h.res, h.waitErr
}

func (h *Handle) wait() {
	<-h.exited
	res := Result{Memory: h.spec.Memory, OutputLimit: h.out.budget()}
	res.Duration = time.Since(h.start)
	h.mu.Lock()
	h.g.kill()
	h.mu.Unlock()
	h.stopCtx()
	if h.stopTimer != nil {
		h.stopTimer()
	}
	res.PeakRSS = h.dog.stop()
	res.Escaped = h.g.killEscaped(h.tag)
	res.End = End(h.cause.Load())
	defer h.g.close()
	if h.live != nil {
		h.live.ended()
	}
	if h.werr != nil {
		h.res, h.waitErr = res, fmt.Errorf("wait for %s: %w", h.spec.Path, h.werr)
		return
	}
	h.mu.Lock()
	h.reaped = true // from here on the group id may be reused
	h.mu.Unlock()
	err := h.g.reap()
	var dropped int64
	res.Output, dropped, res.Written = h.out.result()
	res.Truncated = dropped > 0
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) && !errors.Is(err, exec.ErrWaitDelay) {
			h.res, h.waitErr = res, fmt.Errorf("wait for %s: %w", h.spec.Path, err)
			return
		}
	}
	st := h.cmd.ProcessState
	if st == nil {
		h.res, h.waitErr = res, fmt.Errorf("wait for %s: no exit status", h.spec.Path)
		return
	}
	res.ExitCode = st.ExitCode()
	res.Signal = signalOf(st)
	res.PeakRSS = max(res.PeakRSS, peakRSS(st))
	res.CPU = st.UserTime() + st.SystemTime()
	res.PageFaults = pageFaults(st)
	h.res = res
}

// command makes the command that runs path for h's spec, with its
// environment, its process group and its output in h's kept output.
func (h *Handle) command(path string, pipes bool) (*exec.Cmd, error) {
	s := h.spec
	cmd := exec.Command(path, s.Args...)
	cmd.Dir = s.Dir
	env := append([]string(nil), s.Env...)
	if s.Dir != "" {
		env = append(env, "PWD="+s.Dir)
	}
	cmd.Env = append(append(env, h.tag+"1"), s.Memory.env()...)
	cmd.Stderr = h.out
	cmd.SysProcAttr = procAttr()
	// A process that left the group may keep an output pipe open: stop
	// waiting for it a little after the group is gone.
	cmd.WaitDelay = time.Second
	if !pipes {
		cmd.Stdout = h.out
		return cmd, nil
	}
	var err error
	if h.stdin, err = cmd.StdinPipe(); err != nil {
		return nil, fmt.Errorf("start %s: stdin: %w", s.Path, err)
	}
	if h.stdout, err = cmd.StdoutPipe(); err != nil {
		return nil, fmt.Errorf("start %s: stdout: %w", s.Path, err)
	}
	return cmd, nil
}
