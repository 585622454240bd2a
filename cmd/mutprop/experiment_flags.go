package main

import (
	"flag"
	"fmt"
	"time"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/runner"
)

// experimentFlags are the flags every experiment command shares: seed,
// workers, journal and resume, shards.
type experimentFlags struct {
	seed      uint64
	workers   int
	inProcess bool
	journal   string
	resume    bool
	shard     string
}

func (f *experimentFlags) register(fs *flag.FlagSet) {
	fs.Uint64Var(&f.seed, "seed", 1, "experiment seed: the same seed gives the same results, whatever --workers is")
	fs.IntVar(&f.workers, "workers", 0, "worker processes (0: one per CPU)")
	fs.BoolVar(&f.inProcess, "in-process", false, "run trials in this process instead of worker processes (no crash isolation)")
	fs.StringVar(&f.journal, "journal", "", "append every finished cell to `FILE` (JSON lines) as it finishes")
	fs.BoolVar(&f.resume, "resume", false, "continue the run recorded in --journal, skipping finished cells")
	fs.StringVar(&f.shard, "shard", "", "run only shard `k/n` of the cells (combine shard journals with 'mutprop merge')")
}

// experiment holds what experimentFlags set up; close it when done.
type experiment struct {
	opts    runner.Options
	journal *runner.Journal
}

func (x *experiment) close() error {
	if x.journal == nil {
		return nil
	}
	return x.journal.Close()
}

// setup validates the flags and builds the runner options. scenario and
// suiteArgs tell workers how to rebuild the suite; header identifies the
// experiment in the journal.
func (f *experimentFlags) setup(e *env, scenario string, suiteArgs []string, header engine.Header, cellTimeout time.Duration) (*experiment, error) {
	x := &experiment{opts: runner.Options{Seed: f.seed, Workers: f.workers}}
	if f.workers < 0 {
		return nil, fmt.Errorf("--workers must be at least 0")
	}
	if f.shard != "" {
		sh, err := engine.ParseShard(f.shard)
		if err != nil {
			return nil, err
		}
		x.opts.Shard = sh
	}
	if f.shard != "" && f.journal == "" {
		return nil, fmt.Errorf("--shard needs --journal FILE: a shard's results are only useful merged")
	}
	if f.resume && f.journal == "" {
		return nil, fmt.Errorf("--resume needs --journal FILE")
	}
	if !f.inProcess {
		x.opts.Pool = workerPool(scenario, suiteArgs, cellTimeout)
	}
	if f.journal != "" {
		header.Seed = f.seed
		if header.Extra == nil {
			header.Extra = map[string]string{}
		}
		header.Extra["shard"] = f.shard
		j, err := runner.OpenJournal(f.journal, header, f.resume)
		if err != nil {
			return nil, err
		}
		for _, w := range j.Warnings() {
			fmt.Fprintln(e.stderr, "mutprop: warning:", w)
		}
		x.journal = j
		x.opts.Journal = j
	}
	return x, nil
}
