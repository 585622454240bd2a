package main

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/scenarios/tcas"
)

func scenarioTCAS(ctx context.Context, e *env, args []string) int {
	var x experimentFlags
	var experiment, ts, domains, jsonOut, plots string
	cfg := tcas.Config{Log: e.stderr, Launch: func(mode string) (proc.Spec, error) { return selfWorker("tcas", mode) }}
	fs := newFlagSet(e, "scenario tcas", "", tcas.Doc)
	x.register(fs, false)
	fs.StringVar(&experiment, "experiment", "all", "universe, properties, random, covering, radix, generic or all, or a comma-separated list")
	fs.StringVar(&ts, "t", "", "strengths: N, a list 2,4 or a range 2..6 (default: per domain and method)")
	fs.StringVar(&domains, "domain", "", "domains, comma-separated: nist, int1001, step10 (default: all)")
	fs.IntVar(&cfg.Samples, "samples", 1000000, "uniform random inputs per domain (equivalence, properties, random curve)")
	fs.IntVar(&cfg.Trials, "trials", 100, "failing trials per failing random cell")
	fs.IntVar(&cfg.RadixBase, "radix-base", 0, "digit base of the radix arrays over int1001 and step10 (0: decimal digits; radix-smallest always takes the smallest base)")
	fs.BoolVar(&cfg.ConstFills, "const-fills", false, fmt.Sprintf("also score each array of at most %d rows with every constant value of the six small inputs' don't-cares (192 fills) and report the spread (with all: about 1 more minute and 3 GB more memory)", tcas.ConstFillMaxRows))
	fs.IntVar(&cfg.Replicas, "replicas", 9, "extra random fills (other seeds) of each array of at most 100,000 rows, to measure how much its score depends on the don't-cares")
	fs.DurationVar(&cfg.GenTimeout, "gen-timeout", 30*time.Minute, "bound on the generation of one array (0: none)")
	fs.Float64Var(&cfg.MaxRows, "max-rows", tcas.DefaultMaxRows, "plain arrays whose lower bound exceeds this many rows are reported infeasible (with their projection), not generated")
	fs.StringVar(&jsonOut, "json", "", "write the report as JSON to `FILE`")
	fs.StringVar(&plots, "plots", "", "write faults-found-vs-tests plots (PNG) to `DIR`")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	const cmd = "scenario tcas"
	if fs.NArg() > 0 {
		return fail(e, cmd, usageError("unexpected argument %q", fs.Arg(0)))
	}
	var err error
	if cfg.Ts, err = tcas.ParseStrengths(ts); err != nil {
		return fail(e, cmd, usageError("--t: %w", err))
	}
	if cfg.RadixBase != 0 && cfg.RadixBase < 2 {
		return fail(e, cmd, usageError("--radix-base %d: want 0 (decimal digits) or a base >= 2", cfg.RadixBase))
	}
	exps, err := tcas.ParseExperiments(experiment)
	if err != nil {
		return fail(e, cmd, usageError("%w", err))
	}
	if (x.journal != "" || x.shard != "") && !exps[tcas.ExpRandom] {
		return fail(e, cmd, usageError("--journal and --shard hold the random experiment's cells: add random to --experiment"))
	}
	if domains != "" {
		cfg.Domains = strings.Split(domains, ",")
	}
	cfg.Experiment, cfg.Seed, cfg.Workers = experiment, x.seed, x.workers
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.NumCPU()
	}
	header, err := tcas.MTTFHeader(cfg)
	if err != nil {
		return fail(e, cmd, err)
	}
	run, err := x.setup(e, header)
	if err != nil {
		return fail(e, cmd, err)
	}
	cfg.Journal, cfg.Shard = run.journal, run.opts.Shard
	prog := newPhases(e)
	cfg.Progress = prog.of("tcas random")
	rep, err := tcas.Run(ctx, cfg)
	prog.Finish()
	if err := run.finish(ctx, err); err != nil {
		return fail(e, cmd, err)
	}
	if x.shardDone(e) {
		return exitOK
	}
	if err := rep.WriteText(e.stdout); err != nil {
		return fail(e, cmd, err)
	}
	if err := writeJSON(jsonOut, rep, " "); err != nil {
		return fail(e, cmd, err)
	}
	if plots != "" {
		files, err := rep.WritePlots(plots)
		if err != nil {
			return fail(e, cmd, fmt.Errorf("plots: %w", err))
		}
		fmt.Fprintf(e.stdout, "\nplots: %s\n", strings.Join(files, ", "))
	}
	return exitOK
}
