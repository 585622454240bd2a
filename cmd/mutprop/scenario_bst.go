package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/mutprop/mutprop/internal/atomicfile"
	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/report"
	"github.com/mutprop/mutprop/scenarios/bst"
)

type bstOptions struct {
	exp                             experimentFlags
	config, generators, json, plots string
	properties, bugs, report        string
	trials, samples, tests, bbSeeds int
	explain                         bool
}

func scenarioBST(ctx context.Context, e *env, args []string) int {
	o := &bstOptions{}
	fs := newFlagSet(e, "scenario bst", "", bst.Doc)
	o.exp.register(fs, false)
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
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	const cmd = "scenario bst"
	switch {
	case fs.NArg() > 0:
		return fail(e, cmd, usageError("unexpected argument %q", fs.Arg(0)))
	case o.trials <= 0 || o.tests <= 0:
		return fail(e, cmd, usageError("--trials and --tests must be positive"))
	case o.config == "mutants":
		return scenarioBSTMutants(ctx, e, o)
	}
	exp, err := bst.ExperimentByName(o.config)
	if err != nil {
		return fail(e, cmd, usageError("%w", err))
	}
	if o.properties != "" {
		exp.PropertySet = o.properties
	}
	if o.bugs != "" {
		exp.Mutants = strings.Split(o.bugs, ",")
	}
	cfg := bst.RunConfig{Experiment: exp, Trials: o.trials, Samples: o.samples, Explain: o.explain, Launch: bstWorker}
	if o.generators != "" {
		cfg.Generators = strings.Split(o.generators, ",")
	}
	if _, err := exp.Suite(cfg.Generators, false); err != nil {
		return fail(e, cmd, usageError("%w", err))
	}
	header, err := cfg.JournalHeader()
	if err != nil {
		return fail(e, cmd, err)
	}
	run, err := o.exp.setup(e, header)
	if err != nil {
		return fail(e, cmd, err)
	}
	prog := newPhases(e)
	cfg.Progress = prog.update
	study, err := bst.Run(ctx, cfg, run.opts)
	prog.Finish()
	if err := run.finish(ctx, err); err != nil {
		return fail(e, cmd, err)
	}
	if o.exp.shardDone(e) {
		return exitOK
	}
	if err := study.WriteText(e.stdout); err != nil {
		return fail(e, cmd, err)
	}
	if err := writeJSON(o.json, study, "  "); err != nil {
		return fail(e, cmd, err)
	}
	if o.plots != "" {
		if err := bst.WritePlots(o.plots, study); err != nil {
			return fail(e, cmd, fmt.Errorf("plots: %w", err))
		}
		fmt.Fprintf(e.stdout, "\nplots written to %s\n", o.plots)
	}
	return exitOK
}

// bstWorker is this binary serving a bst suite (bst.ServeWorker).
func bstWorker(spec bst.WorkerSpec) (proc.Spec, error) {
	args, err := bst.WorkerArgs(spec)
	if err != nil {
		return proc.Spec{}, err
	}
	return selfWorker("bst", args...)
}

// scenarioBSTMutants scores the property suite with the subject's operator
// mutants, black-box mutants and the eight bugs (mutprop scenario bst
// --config mutants).
func scenarioBSTMutants(ctx context.Context, e *env, o *bstOptions) int {
	const cmd = "scenario bst"
	mo := bst.MutantOptions{Generator: o.generators, PropertySet: o.properties, BlackBoxSeeds: o.bbSeeds, Bugs: true}
	if o.bbSeeds == 0 {
		mo.BlackBoxSeeds = -1
	}
	if strings.Contains(mo.Generator, ",") {
		return fail(e, cmd, usageError("--config mutants takes one generator"))
	}
	if _, err := bst.MutantSuite(mo); err != nil {
		return fail(e, cmd, usageError("%w", err))
	}
	header, err := bst.MutantsHeader(mo, o.tests)
	if err != nil {
		return fail(e, cmd, err)
	}
	run, err := o.exp.setup(e, header)
	if err != nil {
		return fail(e, cmd, err)
	}
	prog := newPhases(e)
	st, err := bst.RunMutants(ctx, mo, o.tests, bstWorker, prog.of("bst mutants"), run.opts)
	prog.Finish()
	if err := run.finish(ctx, err); err != nil {
		return fail(e, cmd, err)
	}
	if o.exp.shardDone(e) {
		return exitOK
	}
	if err := st.WriteText(e.stdout); err != nil {
		return fail(e, cmd, err)
	}
	if err := writeJSON(o.json, st, "  "); err != nil {
		return fail(e, cmd, err)
	}
	if o.report != "" {
		b, err := report.JSON(st.Report())
		if err == nil {
			err = atomicfile.Write(o.report, b)
		}
		if err != nil {
			return fail(e, cmd, fmt.Errorf("write report: %w", err))
		}
	}
	return exitOK
}
