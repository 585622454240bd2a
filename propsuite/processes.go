package propsuite

import (
	"context"
	"errors"
	"time"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/outcome"
	"github.com/mutprop/mutprop/proc"
)

// Processes runs cells in worker processes (engine.Pool), so that a mutant that
// hangs, exits or overflows its stack takes down only its worker. Each
// process serves one schemata mutant (MUTPROP_ACTIVE is fixed for its
// life) and many cells. A cell whose worker dies is recorded as crashed,
// one that passes CellTimeout as timeout; the worker's whole process group
// is killed and a fresh worker takes the next cell.
type Processes struct {
	// Command returns the process of one fresh worker (engine.Pool.Command):
	// a program that calls Serve on the same suite with its stdin and
	// stdout. The pool sets the environment variable MUTPROP_ACTIVE; the
	// Spec's Memory caps each worker, and a cell whose worker the cap ends
	// is crashed with that reason.
	Command func() (proc.Spec, error)
	// CellTimeout bounds the time of one cell; 0 means no bound.
	CellTimeout time.Duration
}

// run measures the jobs in todo on worker processes, one per schemata
// mutant at a time, scheduled by the engine.
func (p *Processes) run(ctx context.Context, jobs []job, todo []int, workers int, finish func(int, Cell)) error {
	pool := &engine.Pool{Command: p.Command, GroupEnv: ActiveEnv}
	procs := make([]*engine.Worker, workers)
	defer func() {
		for _, w := range procs {
			w.Stop()
		}
	}()
	sched := engine.Schedule{Workers: workers, Group: func(i int) int { return jobs[i].Mutant.Schema }}
	return engine.Run(ctx, sched, todo, func(w, i int) error {
		schema := jobs[i].Mutant.Schema
		if procs[w] == nil || procs[w].Group() != schema {
			procs[w].Stop()
			procs[w] = nil
			wk, err := pool.Start(schema)
			if err != nil {
				return err
			}
			procs[w] = wk
		}
		c, alive := measureOn(ctx, procs[w], jobs[i], p.CellTimeout)
		if ctx.Err() != nil {
			return nil
		}
		finish(i, c)
		if !alive {
			procs[w].Stop()
			procs[w] = nil
		}
		return nil
	})
}

// measureOn sends one job to a worker and waits for its cell. alive is
// false when the worker had to be killed or died.
func measureOn(ctx context.Context, w *engine.Worker, j job, timeout time.Duration) (c Cell, alive bool) {
	base := Cell{Mutant: j.Mutant.ID, Property: j.Property, Generator: j.Generator, Outcomes: map[outcome.Outcome]int{}}
	err := w.Call(ctx, j, &c, timeout)
	var died *engine.DiedError
	switch {
	case err == nil:
		return c, true
	case errors.Is(err, engine.ErrTimeout):
		base.Fails = true
		base.Outcomes[outcome.Timeout] = 1
	case errors.As(err, &died):
		base.Fails = true
		base.Outcomes[outcome.Crashed] = 1
		base.Crash = died.Reason
	case ctx.Err() != nil:
	default:
		base.Error = err.Error()
	}
	return base, false
}
