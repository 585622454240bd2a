package runner

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Pool runs cells in worker processes, so that a mutant that hangs, exits or
// overflows its stack takes down only its worker. Each process serves one
// schemata mutant (MUTPROP_ACTIVE is fixed for its life) and many cells.
// A cell whose worker dies is recorded as crashed, one that passes
// CellTimeout as timeout; the worker's whole process group is killed and a
// fresh worker takes the next cell.
type Pool struct {
	// Command returns a fresh command that starts one worker process: a
	// program that calls Serve on the same suite with its stdin and stdout.
	// The pool sets the environment variable MUTPROP_ACTIVE, the pipes and
	// the process group.
	Command func() (*exec.Cmd, error)
	// CellTimeout bounds the time of one cell; 0 means no bound.
	CellTimeout time.Duration
	// Watch, when not nil, watches each worker once it has started (pid
	// leads its process group), for a memory cap the pool itself does not
	// know how to measure. It calls exceeded with the reason when the
	// worker must end: the pool kills the worker's group and its cell is
	// crashed with that reason. stop ends the watch.
	Watch func(pid int, exceeded func(reason string)) (stop func())
}

type chunk struct {
	schema int
	idx    []int
}

func (p *Pool) run(ctx context.Context, jobs []job, todo []int, workers int, finish func(int, Cell)) error {
	if p.Command == nil {
		return fmt.Errorf("pool has no worker command")
	}
	// Group by schema, then cut groups into chunks so that one mutant's
	// cells can still spread over all workers.
	groups := map[int][]int{}
	for _, i := range todo {
		s := jobs[i].Mutant.Schema
		groups[s] = append(groups[s], i)
	}
	var schemas []int
	for s := range groups {
		schemas = append(schemas, s)
	}
	sort.Ints(schemas)
	var chunks []chunk
	for _, s := range schemas {
		g := groups[s]
		size := max(1, min(64, (len(g)+workers-1)/workers))
		for len(g) > 0 {
			n := min(size, len(g))
			chunks = append(chunks, chunk{schema: s, idx: g[:n]})
			g = g[n:]
		}
	}
	next := make(chan chunk)
	errs := make(chan error, workers)
	var wg sync.WaitGroup
	for range min(workers, max(1, len(chunks))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var w *workerProc
			defer func() { w.stop() }()
			for ch := range next {
				for _, i := range ch.idx {
					if ctx.Err() != nil {
						return
					}
					if w == nil || w.schema != ch.schema {
						w.stop()
						var err error
						if w, err = p.start(ch.schema); err != nil {
							errs <- err
							return
						}
					}
					c, alive := w.measure(ctx, jobs[i], p.CellTimeout)
					if ctx.Err() != nil {
						return
					}
					finish(i, c)
					if !alive {
						w.stop()
						w = nil
					}
				}
			}
		}()
	}
feed:
	for _, ch := range chunks {
		select {
		case next <- ch:
		case <-ctx.Done():
			break feed
		case err := <-errs:
			close(next)
			wg.Wait()
			return err
		}
	}
	close(next)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
	}
	return ctx.Err()
}

// workerProc is one running worker process.
type workerProc struct {
	schema int
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan []byte
	stderr *tailBuffer

	unwatch  func()                 // ends Pool.Watch; nil without
	overcap  atomic.Pointer[string] // the reason Pool.Watch ended the worker
	killOnce sync.Once
}

func (p *Pool) start(schema int) (*workerProc, error) {
	cmd, err := p.Command()
	if err != nil {
		return nil, fmt.Errorf("worker command: %w", err)
	}
	cmd.Env = append(append([]string(nil), envOr(cmd.Env)...), ActiveEnv+"="+strconv.Itoa(schema))
	// Its own process group, so that a timeout kills whatever the mutant
	// started too; and killed with its parent, so that a kill -9 of mutprop
	// leaves no worker spinning in a hanging mutant.
	cmd.SysProcAttr = workerSysProcAttr()
	w := &workerProc{schema: schema, cmd: cmd, lines: make(chan []byte, 1), stderr: &tailBuffer{max: 8 << 10}}
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

func envOr(env []string) []string {
	if env != nil {
		return env
	}
	return os.Environ()
}

// measure sends one job and waits for its cell. alive is false when the
// worker had to be killed or died.
func (w *workerProc) measure(ctx context.Context, j job, timeout time.Duration) (c Cell, alive bool) {
	base := Cell{Mutant: j.Mutant.ID, Property: j.Property, Generator: j.Generator, Outcomes: map[Outcome]int{}}
	b, err := json.Marshal(j)
	if err != nil {
		base.Error = err.Error()
		return base, true
	}
	if _, err := w.stdin.Write(append(b, '\n')); err != nil {
		return w.crashed(base), false
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
			return w.crashed(base), false
		}
		if err := json.Unmarshal(line, &c); err != nil {
			base.Error = fmt.Sprintf("worker sent a malformed cell: %v", err)
			return base, false
		}
		return c, true
	case <-deadline:
		w.kill()
		base.Fails = true
		base.Outcomes[Timeout] = 1
		return base, false
	case <-ctx.Done():
		w.kill()
		return base, false
	}
}

// crashed records the death of the worker in the cell.
func (w *workerProc) crashed(c Cell) Cell {
	w.kill()
	c.Fails = true
	c.Outcomes[Crashed] = 1
	c.Crash = "worker died: " + w.stderr.String()
	if r := w.overcap.Load(); r != nil {
		c.Crash = "worker " + *r + ": " + w.stderr.String()
	}
	return c
}

// kill kills the worker's whole process group and reaps it.
func (w *workerProc) kill() {
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

// stop ends a healthy worker: close its input so Serve returns, then make
// sure the group is gone.
func (w *workerProc) stop() {
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

// tailBuffer keeps the first and the last max/2 bytes written to it: a Go
// crash names its cause at the top ("goroutine stack exceeds ...") and its
// culprit frames below.
type tailBuffer struct {
	mu         sync.Mutex
	head, tail bytes.Buffer
	cut        bool
	max        int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
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

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cut {
		return t.head.String() + "\n[...]\n" + t.tail.String()
	}
	return t.head.String() + t.tail.String()
}
