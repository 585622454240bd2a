package bst

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/mutprop/mutprop/internal/atomicfile"
	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/report"
	"github.com/mutprop/mutprop/scenarios"
)

// Scenario is the BST scenario as the command "mutprop scenario bst" and
// its worker side "mutprop worker bst".
var Scenario = &scenarios.Scenario{
	Name:    "bst",
	Summary: "How to Specify It! BST and the Holey Generators evaluation (Fig. 13)",
	Doc:     Doc,
	Setup:   setupCommand,
	Serve: func(ctx context.Context, e *cli.Env, args []string, active int) error {
		return ServeWorker(ctx, args, active, e.Stdin, e.Stdout, e.Stderr)
	},
}

// commandOptions are the flags of mutprop scenario bst.
type commandOptions struct {
	exp                             scenarios.ExperimentFlags
	config, generators, json, plots string
	properties, bugs, report        string
	trials, samples, tests, bbSeeds int
	explain                         bool
}

// setupCommand declares the flags of mutprop scenario bst on fs.
func setupCommand(fs *flag.FlagSet) scenarios.Run {
	o := &commandOptions{}
	o.exp.Register(fs, false)
	fs.StringVar(&o.config, "config", "fig13", "configuration: fig13, hughes, etna, or mutants (score the properties with operator and black-box mutants)")
	fs.StringVar(&o.generators, "generators", "", "comma-separated generators (default: the configuration's)")
	fs.StringVar(&o.properties, "properties", "", "property set (all79, hughes, fig8, holey57, holey62, etna18) or comma-separated properties (default: the configuration's)")
	fs.StringVar(&o.bugs, "bugs", "", "comma-separated named variants to measure, e.g. bug2,bug5 (default: the configuration's)")
	fs.IntVar(&o.trials, "trials", 1000, "failing trials per failing (bug, property, generator)")
	fs.IntVar(&o.samples, "samples", 100000, "trees sampled per generator for key presence and distributions")
	fs.StringVar(&o.json, "json", "", "write cells and per-generator results as JSON to `FILE`")
	fs.StringVar(&o.plots, "plots", "", "write tree-size and depth distribution plots (PNG) to `DIR`")
	fs.IntVar(&o.tests, "tests", 1000, "mutants: tests per (mutant, property)")
	fs.IntVar(&o.bbSeeds, "bb-seeds", 10, "mutants: black-box mutants per function (insert, delete, union, find)")
	fs.StringVar(&o.report, "report", "", "mutants: write the mutation-testing-report-schema JSON to `FILE`")
	fs.BoolVar(&o.explain, "explain", false, "fig13: also measure the readings that explain the gaps to the paper (classic-page2; bug 2's invalid api trees discarded, or built with a correct insert; holey57's dropped properties) and print their table")
	return o.run
}

// run runs the configuration the flags name.
func (o *commandOptions) run(ctx context.Context, e *cli.Env) error {
	switch {
	case o.trials <= 0 || o.tests <= 0:
		return cli.UsageError("--trials and --tests must be positive")
	case o.config == "mutants":
		return o.runMutants(ctx, e)
	}
	exp, err := ExperimentByName(o.config)
	if err != nil {
		return cli.UsageError("%w", err)
	}
	if o.properties != "" {
		exp.PropertySet = o.properties
	}
	if o.bugs != "" {
		exp.Mutants = strings.Split(o.bugs, ",")
	}
	cfg := RunConfig{Experiment: exp, Trials: o.trials, Samples: o.samples, Explain: o.explain, Launch: selfLaunch}
	if o.generators != "" {
		cfg.Generators = strings.Split(o.generators, ",")
	}
	if _, err := exp.Suite(cfg.Generators, false); err != nil {
		return cli.UsageError("%w", err)
	}
	header, err := cfg.JournalHeader()
	if err != nil {
		return err
	}
	run, err := o.exp.Setup(e, header)
	if err != nil {
		return err
	}
	prog := scenarios.NewPhases(e)
	cfg.Progress = prog.Update
	rep, err := Run(ctx, cfg, run.Options)
	prog.Finish()
	if printed, err := o.exp.Report(ctx, e, run, err, rep, o.json, "  "); !printed || err != nil {
		return err
	}
	if o.plots != "" {
		if err := WritePlots(o.plots, rep); err != nil {
			return fmt.Errorf("plots: %w", err)
		}
		fmt.Fprintf(e.Stdout, "\nplots written to %s\n", o.plots)
	}
	return nil
}

// selfLaunch is this binary serving a bst suite (ServeWorker).
func selfLaunch(spec WorkerSpec) (proc.Spec, error) {
	args, err := WorkerArgs(spec)
	if err != nil {
		return proc.Spec{}, err
	}
	return scenarios.SelfWorker("bst", args...)
}

// runMutants scores the property suite with the subject's operator
// mutants, black-box mutants and the eight bugs (mutprop scenario bst
// --config mutants).
func (o *commandOptions) runMutants(ctx context.Context, e *cli.Env) error {
	mo := MutantOptions{Generator: o.generators, PropertySet: o.properties, BlackBoxSeeds: o.bbSeeds, Bugs: true}
	if o.bbSeeds == 0 {
		mo.BlackBoxSeeds = -1
	}
	if strings.Contains(mo.Generator, ",") {
		return cli.UsageError("--config mutants takes one generator")
	}
	if _, err := MutantSuite(mo); err != nil {
		return cli.UsageError("%w", err)
	}
	header, err := MutantsHeader(mo, o.tests)
	if err != nil {
		return err
	}
	run, err := o.exp.Setup(e, header)
	if err != nil {
		return err
	}
	prog := scenarios.NewPhases(e)
	st, err := RunMutants(ctx, mo, o.tests, selfLaunch, prog.Of("bst mutants"), run.Options)
	prog.Finish()
	if printed, err := o.exp.Report(ctx, e, run, err, st, o.json, "  "); !printed || err != nil {
		return err
	}
	if o.report != "" {
		b, err := report.JSON(st.Report())
		if err == nil {
			err = atomicfile.Write(o.report, b)
		}
		if err != nil {
			return fmt.Errorf("write report: %w", err)
		}
	}
	return nil
}
