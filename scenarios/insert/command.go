package insert

import (
	"context"
	"flag"
	"fmt"
	"time"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/propsuite"
	"github.com/mutprop/mutprop/scenarios"
)

// Scenario is the insert scenario as the command "mutprop scenario insert"
// and its worker side "mutprop worker insert".
var Scenario = &scenarios.Scenario{
	Name:    "insert",
	Summary: "Duregård's black-box insert study (thesis paper IV, Fig. 4.1)",
	Doc:     Doc,
	Setup:   setupCommand,
	Serve: func(ctx context.Context, e *cli.Env, args []string, active int) error {
		return ServeWorker(ctx, args, active, e.Stdin, e.Stdout)
	},
}

// commandOptions are the flags of mutprop scenario insert.
type commandOptions struct {
	exp            scenarios.ExperimentFlags
	tests, mutants int
	lists, json    string
}

// setupCommand declares the flags of mutprop scenario insert on fs.
func setupCommand(fs *flag.FlagSet) scenarios.Run {
	o := &commandOptions{}
	o.exp.Register(fs, true)
	fs.IntVar(&o.tests, "tests", 1000, "test cases per property")
	fs.IntVar(&o.mutants, "mutants", 100, "size of the fixed mutant set for the classic kill rate")
	fs.StringVar(&o.lists, "list-mutator", "builtin", "how mutants perturb lists: builtin (drop, duplicate, swap, change, append) or constructor (Haskell-style: truncate, mutate a head)")
	fs.StringVar(&o.json, "json", "", "write the results as JSON to `FILE`")
	return o.run
}

// run runs the scenario the flags describe.
func (o *commandOptions) run(ctx context.Context, e *cli.Env) error {
	if o.tests <= 0 || o.mutants <= 0 {
		return cli.UsageError("--tests and --mutants must be positive")
	}
	cfg := Config{Tests: o.tests, FixedMutants: o.mutants, Lists: ListMutator(o.lists)}
	run, err := o.exp.Setup(e, engine.Header{Suite: "insert", Extra: map[string]string{"tests": fmt.Sprint(o.tests), "mutants": fmt.Sprint(o.mutants), "list-mutator": o.lists}})
	if err != nil {
		return err
	}
	if !o.exp.InProcess {
		run.Options.Processes = &propsuite.Processes{CellTimeout: time.Minute, Command: func() (proc.Spec, error) { return scenarios.SelfWorker("insert", WorkerArgs(cfg)...) }}
	}
	prog := scenarios.NewPhases(e)
	run.Options.Progress = prog.Of("insert")
	rep, err := Run(ctx, cfg, run.Options)
	prog.Finish()
	_, err = o.exp.Report(ctx, e, run, err, rep, o.json, "  ")
	return err
}
