package propsuite

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/mutprop/mutprop/engine"
)

// Options configure Run. A nil *Options means the defaults.
type Options struct {
	// Seed is the experiment seed every trial seed derives from.
	Seed uint64
	// Protocol says how each cell is measured; nil means mttf with 1,000 trials.
	Protocol *Protocol
	// Workers is the number of cells measured at once (goroutines, or
	// worker processes with Processes). 0 means runtime.NumCPU().
	Workers int
	// Processes, when set, runs cells in worker processes; nil runs them in
	// this process. Mutants with a Schema > 0 need Processes.
	Processes *Processes
	// Journal, when set, receives every finished cell as it finishes, and
	// the cells it already holds are not run again (resume).
	Journal *CellLog
	// Shard selects a deterministic part of the cells (by a hash of their
	// keys); the zero Shard is all.
	Shard engine.Shard
	// Phase names this run when an experiment runs several over one
	// journal (bst's --explain readings after its main cells): it is part
	// of every cell's key (Cell.Phase), in the journal and for shards.
	Phase string
	// ShardBy, when set, is the key a cell is sharded by instead of its
	// own: a phase whose selection of a cell depends on a cell of an
	// earlier phase shards it with that cell, so that every shard knows
	// what it selects.
	ShardBy func(m Mutant, property, generator string) string
	// Select, when set, restricts the cells run.
	Select func(m Mutant, property, generator string) bool
	// Progress, when set, is called after every finished cell.
	Progress func(Progress)
}

// Progress reports how far an experiment is.
type Progress struct {
	Done, Total int
	Failing     int // cells whose property failed
	Elapsed     time.Duration
}

// Result is a finished (or interrupted) experiment.
type Result struct {
	Suite    string   `json:"suite"`
	Seed     uint64   `json:"seed"`
	Protocol Protocol `json:"protocol"`
	// Cells in suite order: mutant, then property, then generator.
	Cells []Cell `json:"cells"`
	// Resumed counts the cells taken from the journal.
	Resumed int `json:"resumed,omitempty"`
}

// Run measures every selected cell of the suite and returns them in suite
// order. The numbers depend only on the suite, the seed and the protocol:
// not on Workers, on the pool, or on resuming. When ctx is cancelled Run
// returns the cells finished so far with ctx's error.
func Run(ctx context.Context, s *Suite, opts *Options) (*Result, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	o := Options{}
	if opts != nil {
		o = *opts
	}
	proto := o.Protocol.withDefaults()
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	res := &Result{Suite: s.Name, Seed: o.Seed, Protocol: proto}

	var jobs []job
	for _, m := range s.Mutants {
		for _, p := range s.Properties {
			for _, g := range s.Generators {
				if o.Select != nil && !o.Select(m, p, g) {
					continue
				}
				key := cellKey(o.Phase, m.ID, p, g)
				if o.ShardBy != nil {
					key = o.ShardBy(m, p, g)
				}
				if !o.Shard.Has(key) {
					continue
				}
				if m.Schema > 0 && o.Processes == nil {
					return nil, fmt.Errorf("mutant %s needs schemata switch %d: run it with a worker pool", m.ID, m.Schema)
				}
				jobs = append(jobs, job{Mutant: m, Property: p, Generator: g, Seed: o.Seed, Protocol: proto})
			}
		}
	}
	cells := make([]Cell, len(jobs))
	done := make([]bool, len(jobs))
	var todo []int
	if o.Journal != nil {
		prev := o.Journal.Cells()
		for i, j := range jobs {
			if c, ok := prev[cellKey(o.Phase, j.Mutant.ID, j.Property, j.Generator)]; ok {
				cells[i], done[i] = c, true
				res.Resumed++
			}
		}
	}
	for i := range jobs {
		if !done[i] {
			todo = append(todo, i)
		}
	}

	start := time.Now()
	var mu sync.Mutex
	finished, failing := res.Resumed, 0
	for i := range cells {
		if done[i] && cells[i].Fails {
			failing++
		}
	}
	var journalErr error
	finish := func(i int, c Cell) {
		mu.Lock()
		defer mu.Unlock()
		c.Phase = o.Phase
		cells[i], done[i] = c, true
		finished++
		if c.Fails {
			failing++
		}
		if o.Journal != nil && journalErr == nil {
			journalErr = o.Journal.Append(c)
		}
		if o.Progress != nil {
			o.Progress(Progress{Done: finished, Total: len(jobs), Failing: failing, Elapsed: time.Since(start)})
		}
	}

	var err error
	if o.Processes != nil {
		err = o.Processes.run(ctx, jobs, todo, workers, finish)
	} else {
		err = runInProcess(ctx, s, jobs, todo, workers, finish)
	}
	for i := range cells {
		if done[i] {
			res.Cells = append(res.Cells, cells[i])
		}
	}
	if journalErr != nil {
		return res, fmt.Errorf("journal: %w", journalErr)
	}
	if err == nil {
		err = ctx.Err()
	}
	return res, err
}

// runInProcess measures the jobs on the engine's workers as goroutines of
// this process.
func runInProcess(ctx context.Context, s *Suite, jobs []job, todo []int, workers int, finish func(int, Cell)) error {
	return engine.Run(ctx, engine.Schedule{Workers: workers}, todo, func(_, i int) error {
		c := measure(ctx, s, jobs[i])
		if ctx.Err() == nil { // an interrupted cell is not a result
			finish(i, c)
		}
		return nil
	})
}
