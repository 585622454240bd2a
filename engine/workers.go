package engine

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Pool starts worker processes: programs that answer one JSON line on
// stdout for each JSON request line on stdin (runner.Serve), serving one
// group (a schemata switch) for their life. A worker that hangs past its
// deadline, dies or exceeds a cap is killed with its whole process group,
// and the caller starts a fresh one.
type Pool struct {
	// Command returns a fresh command that starts one worker process. The
	// pool sets the group variable, the pipes and the process group.
	Command func() (*exec.Cmd, error)
	// GroupEnv names the environment variable that tells a worker its
	// group (runner.ActiveEnv).
	GroupEnv string
	// Watch, when not nil, watches each worker once it has started (pid
	// leads its process group), for a memory cap the pool itself does not
	// know how to measure. It calls exceeded with the reason when the
	// worker must end: the pool kills the worker's group and the call under
	// way fails with a DiedError naming that reason. stop ends the watch.
	Watch func(pid int, exceeded func(reason string)) (stop func())
}

// ErrTimeout is the error of a Call whose answer did not come within its
// deadline: the worker has been killed.
var ErrTimeout = errors.New("worker timed out")

// DiedError is the error of a Call whose worker died (or was killed by
// Pool.Watch) before it answered: Reason names it, with the tail of the
// worker's standard error.
type DiedError struct{ Reason string }

func (e *DiedError) Error() string { return e.Reason }

// Worker is one running worker process.
type Worker struct {
	group  int
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan []byte
	stderr *headTail

	unwatch  func()                 // ends Pool.Watch; nil without
	overcap  atomic.Pointer[string] // the reason Pool.Watch ended the worker
	killOnce sync.Once
}

// Start starts a worker process serving group.
func (p *Pool) Start(group int) (*Worker, error) {
	if p.Command == nil {
		return nil, fmt.Errorf("pool has no worker command")
	}
	cmd, err := p.Command()
	if err != nil {
		return nil, fmt.Errorf("worker command: %w", err)
	}
	env := cmd.Env
	if env == nil {
		env = os.Environ()
	}
	cmd.Env = append(append([]string(nil), env...), p.GroupEnv+"="+strconv.Itoa(group))
	// Its own process group, so that a timeout kills whatever the mutant
	// started too; and killed with its parent, so that a kill -9 of mutprop
	// leaves no worker spinning in a hanging mutant.
	cmd.SysProcAttr = workerSysProcAttr()
	w := &Worker{group: group, cmd: cmd, lines: make(chan []byte, 1), stderr: &headTail{max: 8 << 10}}
	cmd.Stderr = w.stderr
	if w.stdin, err = cmd.StdinPipe(); err != nil {
		return nil, fmt.Errorf("worker stdin: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("worker stdout: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start worker: %w", err)
	}
	if p.Watch != nil {
		proc := cmd.Process
		w.unwatch = p.Watch(proc.Pid, func(reason string) {
			w.overcap.Store(&reason)
			killWorkerGroup(proc)
		})
	}
	go func() {
		defer close(w.lines)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<30)
		for sc.Scan() {
			w.lines <- append([]byte(nil), sc.Bytes()...)
		}
	}()
	return w, nil
}

// Group is the group the worker serves.
func (w *Worker) Group() int { return w.group }

// Call sends req as one JSON line and decodes the answer line into resp.
// It fails with ErrTimeout past timeout (0: no bound), with a *DiedError
// when the worker dies first, with ctx's error at cancellation, or when the
// answer is malformed; after any error the worker is gone (killed) and the
// next call needs a fresh one.
func (w *Worker) Call(ctx context.Context, req, resp any, timeout time.Duration) error {
	b, err := json.Marshal(req)
	if err != nil {
		return fmt.Errorf("encode worker request: %w", err)
	}
	if _, err := w.stdin.Write(append(b, '\n')); err != nil {
		return w.died()
	}
	var deadline <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		deadline = t.C
	}
	select {
	case line, ok := <-w.lines:
		if !ok {
			return w.died()
		}
		if err := json.Unmarshal(line, resp); err != nil {
			w.kill()
			return fmt.Errorf("worker sent a malformed answer: %w", err)
		}
		return nil
	case <-deadline:
		w.kill()
		return ErrTimeout
	case <-ctx.Done():
		w.kill()
		return ctx.Err()
	}
}

// died kills what is left of the worker and says why it ended.
func (w *Worker) died() error {
	w.kill()
	if r := w.overcap.Load(); r != nil {
		return &DiedError{Reason: "worker " + *r + ": " + w.stderr.String()}
	}
	return &DiedError{Reason: "worker died: " + w.stderr.String()}
}

// kill kills the worker's whole process group and reaps it.
func (w *Worker) kill() {
	if w == nil || w.cmd.Process == nil {
		return
	}
	w.killOnce.Do(func() {
		killWorkerGroup(w.cmd.Process) // the group may already be gone
		_ = w.cmd.Wait()               // its exit status is the kill we sent
		if w.unwatch != nil {
			w.unwatch()
		}
	})
}

// Stop ends a worker: close its input so that it returns, then make sure
// its group is gone. A nil Worker is a no-op.
func (w *Worker) Stop() {
	if w == nil {
		return
	}
	_ = w.stdin.Close() // a broken pipe means it is already gone
	done := make(chan struct{})
	go func() {
		for range w.lines {
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
	}
	w.kill()
}

// headTail keeps the first and the last max/2 bytes written to it: a Go
// crash names its cause at the top ("goroutine stack exceeds ...") and its
// culprit frames below.
type headTail struct {
	mu         sync.Mutex
	head, tail bytes.Buffer
	cut        bool
	max        int
}

func (t *headTail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(p)
	if room := t.max/2 - t.head.Len(); room > 0 {
		k := min(room, len(p))
		t.head.Write(p[:k])
		p = p[k:]
	}
	t.tail.Write(p)
	if extra := t.tail.Len() - t.max/2; extra > 0 {
		t.tail.Next(extra)
		t.cut = true
	}
	return n, nil
}

func (t *headTail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cut {
		return t.head.String() + "\n[...]\n" + t.tail.String()
	}
	return t.head.String() + t.tail.String()
}
