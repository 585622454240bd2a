package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/internal/atomicfile"
	"github.com/mutprop/mutprop/internal/progress"
	"github.com/mutprop/mutprop/runner"
)

// experimentFlags are the flags every scenario shares: seed, workers,
// journal and resume, shards.
type experimentFlags struct {
	seed      uint64
	workers   int
	inProcess bool
	journal   string
	resume    bool
	shard     string
}

// register adds the flags to fs; --in-process only when the scenario's
// cells can run in this process (no schemata mutants).
func (f *experimentFlags) register(fs *flag.FlagSet, inProcess bool) {
	fs.Uint64Var(&f.seed, "seed", 1, "experiment seed: the same seed gives the same results, whatever --workers is")
	fs.IntVar(&f.workers, "workers", 0, "worker processes (0: one per CPU)")
	if inProcess {
		fs.BoolVar(&f.inProcess, "in-process", false, "run trials in this process instead of worker processes (no crash isolation)")
	}
	fs.StringVar(&f.journal, "journal", "", "append every finished cell to `FILE` (JSON lines) as it finishes")
	fs.BoolVar(&f.resume, "resume", false, "continue the run recorded in --journal, skipping finished cells")
	fs.StringVar(&f.shard, "shard", "", "run only shard `k/n` of the cells (combine shard journals with 'mutprop merge')")
}

// experiment holds what experimentFlags set up: the runner options (seed,
// workers, shard, journal; no pool) and the journal.
type experiment struct {
	opts    runner.Options
	journal *runner.Journal
}

// setup validates the flags and opens the journal, whose header
// identifies the experiment (the seed and the shard are added here).
// Its errors are usage errors.
func (f *experimentFlags) setup(e *env, header engine.Header) (*experiment, error) {
	x := &experiment{opts: runner.Options{Seed: f.seed, Workers: f.workers}}
	if f.workers < 0 {
		return nil, usageError("--workers must be at least 0")
	}
	if f.shard != "" {
		sh, err := engine.ParseShard(f.shard)
		if err != nil {
			return nil, usageError("%w", err)
		}
		x.opts.Shard = sh
	}
	if f.shard != "" && f.journal == "" {
		return nil, usageError("--shard needs --journal FILE: a shard's results are only useful merged")
	}
	if f.resume && f.journal == "" {
		return nil, usageError("--resume needs --journal FILE")
	}
	if f.journal != "" {
		header.Seed = f.seed
		extra := map[string]string{engine.ShardKey: f.shard}
		for k, v := range header.Extra {
			extra[k] = v
		}
		header.Extra = extra
		j, err := runner.OpenJournal(f.journal, header, f.resume)
		if err != nil {
			return nil, usageError("%w", err)
		}
		for _, w := range j.Warnings() {
			fmt.Fprintln(e.stderr, "mutprop: warning:", w)
		}
		x.journal = j
		x.opts.Journal = j
	}
	return x, nil
}

// finish closes the journal after the run ended with err, and reports
// the first error with its exit code: 130 after an interrupt.
func (x *experiment) finish(ctx context.Context, err error) error {
	if x.journal != nil {
		if cerr := x.journal.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("close journal: %w", cerr)
		}
	}
	if err != nil && ctx.Err() != nil {
		return withCode(exitInterrupts, err)
	}
	return err
}

// shardDone prints, for a shard, where its cells are and what to do with
// them, and reports whether the run was a shard (which has no report).
func (f *experimentFlags) shardDone(e *env) bool {
	if f.shard == "" {
		return false
	}
	fmt.Fprintf(e.stdout, "shard %s done; its cells are in %s. Combine the shards with 'mutprop merge', then resume from the merged journal for the report.\n", f.shard, f.journal)
	return true
}

// phases draws a scenario's phases (progress.Phases) from the runner's
// progress reports.
type phases struct{ progress.Phases }

func newPhases(e *env) *phases { return &phases{progress.Phases{W: e.stderr}} }

// update reports p in the phase called label.
func (ph *phases) update(label string, p runner.Progress) {
	ph.Update(label, p.Done, p.Total, p.Failing, p.Elapsed)
}

// of is update for a run of one phase.
func (ph *phases) of(label string) func(runner.Progress) {
	return func(p runner.Progress) { ph.update(label, p) }
}

// writeJSON writes v as JSON, indented by indent, to path, through a
// temporary file and a rename; "" writes nothing.
func writeJSON(path string, v any, indent string) error {
	if path == "" {
		return nil
	}
	b, err := json.MarshalIndent(v, "", indent)
	if err == nil {
		err = atomicfile.Write(path, append(b, '\n'))
	}
	if err != nil {
		return fmt.Errorf("write JSON: %w", err)
	}
	return nil
}
