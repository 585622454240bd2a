package scenarios

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/internal/atomicfile"
	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/internal/progress"
	"github.com/mutprop/mutprop/propsuite"
)

// ExperimentFlags are the flags every scenario shares: seed, workers,
// journal and resume, shards.
type ExperimentFlags struct {
	Seed      uint64
	Workers   int
	InProcess bool // only declared by Register(fs, true)
	Journal   string
	Resume    bool
	Shard     string
}

// Register declares the flags on fs; --in-process only when inProcess
// (the scenario's cells can run in this process: no schemata mutants).
func (f *ExperimentFlags) Register(fs *flag.FlagSet, inProcess bool) {
	fs.Uint64Var(&f.Seed, "seed", 1, "experiment seed: the same seed gives the same results, whatever --workers is")
	fs.IntVar(&f.Workers, "workers", 0, "worker processes (0: one per CPU)")
	if inProcess {
		fs.BoolVar(&f.InProcess, "in-process", false, "run trials in this process instead of worker processes (no crash isolation)")
	}
	fs.StringVar(&f.Journal, "journal", "", "append every finished cell to `FILE` (JSON lines) as it finishes")
	fs.BoolVar(&f.Resume, "resume", false, "continue the run recorded in --journal, skipping finished cells")
	fs.StringVar(&f.Shard, "shard", "", "run only shard `k/n` of the cells (combine shard journals with 'mutprop merge')")
}

// Experiment is what ExperimentFlags set up: the propsuite options (seed,
// workers, shard, journal; no pool) and the journal.
type Experiment struct {
	Options propsuite.Options
	Journal *propsuite.CellLog // nil without --journal
}

// Setup validates the flags and opens the journal, whose header
// identifies the experiment (the seed and the shard are added here); it
// prints the journal's warnings on e.Stderr. Its errors are usage errors.
func (f *ExperimentFlags) Setup(e *cli.Env, header engine.Header) (*Experiment, error) {
	x := &Experiment{Options: propsuite.Options{Seed: f.Seed, Workers: f.Workers}}
	if f.Workers < 0 {
		return nil, cli.UsageError("--workers must be at least 0")
	}
	if f.Shard != "" {
		sh, err := engine.ParseShard(f.Shard)
		if err != nil {
			return nil, cli.UsageError("%w", err)
		}
		x.Options.Shard = sh
	}
	if f.Shard != "" && f.Journal == "" {
		return nil, cli.UsageError("--shard needs --journal FILE: a shard's results are only useful merged")
	}
	if f.Resume && f.Journal == "" {
		return nil, cli.UsageError("--resume needs --journal FILE")
	}
	if f.Journal != "" {
		header.Seed = f.Seed
		extra := map[string]string{engine.ShardKey: f.Shard}
		for k, v := range header.Extra {
			extra[k] = v
		}
		header.Extra = extra
		j, err := propsuite.OpenCellLog(f.Journal, header, f.Resume)
		if err != nil {
			return nil, cli.UsageError("%w", err)
		}
		for _, w := range j.Warnings() {
			fmt.Fprintln(e.Stderr, "mutprop: warning:", w)
		}
		x.Journal = j
		x.Options.Journal = j
	}
	return x, nil
}

// finish closes the journal after the run ended with err, and returns
// the first error, with exit code 130 (cli.ExitInterrupted) after an
// interrupt.
func (x *Experiment) finish(ctx context.Context, err error) error {
	if x.Journal != nil {
		if cerr := x.Journal.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("close journal: %w", cerr)
		}
	}
	if err != nil && ctx.Err() != nil {
		return cli.WithCode(cli.ExitInterrupted, err)
	}
	return err
}

// shardDone prints, for a shard, where its cells are and what to do with
// them, and reports whether the run was a shard (which has no report).
func (f *ExperimentFlags) shardDone(e *cli.Env) bool {
	if f.Shard == "" {
		return false
	}
	fmt.Fprintf(e.Stdout, "shard %s done; its cells are in %s. Combine the shards with 'mutprop merge', then resume from the merged journal for the report.\n", f.Shard, f.Journal)
	return true
}

// A Report is a scenario's result: it prints itself as tables and is
// written as JSON.
type Report interface {
	WriteText(w io.Writer) error
}

// Report ends the run x that returned rep and runErr: it closes the
// journal (finish); for a shard it says where the cells are (shardDone);
// otherwise it prints rep on e.Stdout and writes it as JSON, indented by
// indent, to jsonPath ("" for none). It reports whether rep was printed
// (not for a shard, nor after an error) and the first error.
func (f *ExperimentFlags) Report(ctx context.Context, e *cli.Env, x *Experiment, runErr error, rep Report, jsonPath, indent string) (bool, error) {
	if err := x.finish(ctx, runErr); err != nil {
		return false, err
	}
	if f.shardDone(e) {
		return false, nil
	}
	if err := rep.WriteText(e.Stdout); err != nil {
		return false, err
	}
	return true, writeJSON(jsonPath, rep, indent)
}

// Phases draws a scenario's phases (progress.Phases) on stderr from the
// propsuite's progress reports.
type Phases struct{ ph progress.Phases }

// NewPhases returns the phases of a run drawn on e.Stderr.
func NewPhases(e *cli.Env) *Phases { return &Phases{progress.Phases{W: e.Stderr}} }

// Update reports p in the phase called label.
func (p *Phases) Update(label string, pr propsuite.Progress) {
	p.ph.Update(label, pr.Done, pr.Total, pr.Failing, pr.Elapsed)
}

// Of is Update for a run of one phase, called label.
func (p *Phases) Of(label string) func(propsuite.Progress) {
	return func(pr propsuite.Progress) { p.Update(label, pr) }
}

// Finish ends the current phase's bar.
func (p *Phases) Finish() { p.ph.Finish() }

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
