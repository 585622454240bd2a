package insert

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/mutprop/mutprop/propsuite"
)

// WorkerArgs are the arguments ServeWorker rebuilds cfg's suite from.
func WorkerArgs(cfg Config) []string {
	return []string{fmt.Sprintf("--tests=%d", cfg.Tests), fmt.Sprintf("--mutants=%d", cfg.FixedMutants), "--list-mutator=" + string(cfg.Lists)}
}

// ServeWorker is the body of a worker process: it rebuilds the suite that
// args (WorkerArgs) describe and serves its cells (propsuite.Serve) from in
// to out, as schemata mutant active (MUTPROP_ACTIVE).
func ServeWorker(ctx context.Context, args []string, active int, in io.Reader, out io.Writer) error {
	fs := flag.NewFlagSet("insert worker", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var cfg Config
	var lists string
	fs.IntVar(&cfg.Tests, "tests", 0, "")
	fs.IntVar(&cfg.FixedMutants, "mutants", 0, "")
	fs.StringVar(&lists, "list-mutator", "", "")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || cfg.Tests <= 0 || cfg.FixedMutants <= 0 {
		return fmt.Errorf("insert worker: bad arguments %q", args)
	}
	cfg.Lists = ListMutator(lists)
	if _, _, err := mutants(0, cfg.Lists); err != nil {
		return fmt.Errorf("insert worker: %w", err)
	}
	if err := propsuite.Serve(ctx, suite(cfg), active, in, out); err != nil {
		return fmt.Errorf("insert worker: %w", err)
	}
	return nil
}
