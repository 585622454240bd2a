package engine

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/mutprop/mutprop/proc"
)

// Pool starts worker processes: programs that answer each request on
// their standard input (one JSON line for Call, any framing for
// Exchange), serving one group (a schemata switch) for their life. Each
// runs under proc.Start: in its own process group, killed with mutprop,
// under the Spec's memory cap. A worker that hangs past its deadline, dies
// or exceeds a cap is killed with its whole process group, and the caller
// starts a fresh one.
type Pool struct {
	// Command returns the process of one fresh worker. Its Env nil means
	// this process's environment; the pool adds the group variable. Its
	// standard error is kept as the Spec says, 4 KiB from its start and 4
	// KiB from its end when OutputHead and OutputTail are zero; its
	// Memory, when set, caps each worker (a worker killed past it dies
	// with a DiedError naming the cap).
	Command func() (proc.Spec, error)
	// GroupEnv names the environment variable that tells a worker its
	// group (propsuite.ActiveEnv).
	GroupEnv string
}

// ErrTimeout is the error of a Call whose answer did not come within its
// deadline: the worker has been killed.
var ErrTimeout = errors.New("worker timed out")

// DiedError is the error of a Call whose worker died (or was killed by
// its memory cap or output budget) before it answered: Reason names it,
// with the head and tail of the worker's standard error.
type DiedError struct{ Reason string }

// Error returns Reason.
func (e *DiedError) Error() string { return e.Reason }

// Worker is one running worker process. It serves one call at a time.
type Worker struct {
	group int
	h     *proc.Handle
	out   *bufio.Reader // over stdout
	outRd *readErr      // stdout, remembering whether reading it failed

	endOnce sync.Once
	res     proc.Result // how it ended, once ended
}

// workerStderr is what a worker's standard error keeps at each end when
// its Spec does not say: a Go crash names its cause at the top
// ("goroutine stack exceeds ...") and its culprit frames below.
const workerStderr = 4 << 10

// Start starts a worker process serving group.
func (p *Pool) Start(group int) (*Worker, error) {
	if p.Command == nil {
		return nil, fmt.Errorf("pool has no worker command")
	}
	spec, err := p.Command()
	if err != nil {
		return nil, fmt.Errorf("worker command: %w", err)
	}
	env := spec.Env
	if env == nil {
		env = os.Environ()
	}
	spec.Env = append(append([]string(nil), env...), p.GroupEnv+"="+strconv.Itoa(group))
	if spec.OutputHead == 0 && spec.OutputTail == 0 {
		spec.OutputHead, spec.OutputTail = workerStderr, workerStderr
	}
	h, err := proc.Start(context.Background(), spec)
	if err != nil {
		return nil, fmt.Errorf("start worker: %w", err)
	}
	rd := &readErr{r: h.Stdout()}
	return &Worker{group: group, h: h, out: bufio.NewReaderSize(rd, 64<<10), outRd: rd}, nil
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
	b = append(b, '\n')
	return w.Exchange(ctx, timeout, func(in io.Writer) error {
		_, err := in.Write(b)
		return err
	}, func(out *bufio.Reader) error {
		line, err := out.ReadBytes('\n')
		if err != nil {
			return err
		}
		return json.Unmarshal(line, resp)
	})
}

// Exchange is one request and its answer in a framing of the caller's:
// send writes the request to the worker's standard input while recv reads
// the answer from its standard output (both at once, so that a worker may
// answer while it reads). Its errors are Call's: ErrTimeout past timeout
// (0: no bound), a *DiedError when the worker's output ends or its input
// breaks before the answer is read, ctx's error at cancellation, and
// recv's own error (a malformed answer) otherwise; after any error the
// worker is gone (killed).
func (w *Worker) Exchange(ctx context.Context, timeout time.Duration, send func(io.Writer) error, recv func(*bufio.Reader) error) error {
	sent, got := make(chan error, 1), make(chan error, 1)
	go func() { sent <- send(w.h.Stdin()) }()
	go func() { got <- recv(w.out) }()
	var deadline <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		deadline = t.C
	}
	for pending := 2; pending > 0; pending-- {
		select {
		case err := <-sent:
			if err != nil {
				return w.died()
			}
		case err := <-got:
			if err != nil && w.outRd.failed() {
				return w.died()
			}
			if err != nil {
				w.kill()
				return fmt.Errorf("worker sent a malformed answer: %w", err)
			}
		case <-deadline:
			w.kill()
			return ErrTimeout
		case <-ctx.Done():
			w.kill()
			return ctx.Err()
		}
	}
	return nil
}

// readErr remembers whether reading the worker's output failed (its end,
// a closed pipe: the worker is gone), as opposed to recv rejecting what it
// read.
type readErr struct {
	r   io.Reader
	mu  sync.Mutex
	err error
}

func (r *readErr) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if err != nil {
		r.mu.Lock()
		r.err = err
		r.mu.Unlock()
	}
	return n, err
}

func (r *readErr) failed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err != nil
}

// died kills what is left of the worker and says why it ended.
func (w *Worker) died() error {
	res := w.kill()
	reason := "died"
	switch res.End {
	case proc.EndMemoryExceeded:
		reason = fmt.Sprintf("exceeded its memory cap (resident %s > cap %s)", proc.FormatSize(res.PeakRSS), proc.FormatSize(res.Memory.Hard))
	case proc.EndOutputExceeded:
		reason = fmt.Sprintf("exceeded its output budget (%s)", proc.FormatSize(res.OutputLimit))
	}
	return &DiedError{Reason: "worker " + reason + ": " + string(res.Output)}
}

// kill kills the worker's whole process group, reaps it and returns how
// it ended.
func (w *Worker) kill() proc.Result {
	w.endOnce.Do(func() {
		w.h.Kill()
		w.res, _ = w.h.Wait() // an error leaves the zero Result: it died
	})
	return w.res
}

// Stop ends a worker: close its input so that it returns, give it two
// seconds to exit, then make sure its group is gone. A nil Worker is a
// no-op.
func (w *Worker) Stop() {
	if w == nil {
		return
	}
	_ = w.h.Stdin().Close() // a broken pipe means it is already gone
	t := time.NewTimer(2 * time.Second)
	defer t.Stop()
	select {
	case <-w.h.Exited():
	case <-t.C:
	}
	w.kill()
}
