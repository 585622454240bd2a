package tcas

import (
	"context"
	"flag"
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/mutprop/mutprop/internal/cli"
	"github.com/mutprop/mutprop/proc"
	"github.com/mutprop/mutprop/scenarios"
)

// Scenario is the TCAS scenario as the command "mutprop scenario tcas" and
// its worker side "mutprop worker tcas MODE".
var Scenario = &scenarios.Scenario{
	Name:    "tcas",
	Summary: "TCAS, its 41 faulty versions, covering arrays and Radix Coverage (Tables 4-5)",
	Doc:     Doc,
	Setup:   setupCommand,
	Serve: func(ctx context.Context, e *cli.Env, args []string, active int) error {
		if len(args) != 1 {
			return fmt.Errorf("tcas worker: want one argument, the mode; got %q", args)
		}
		return ServeWorker(ctx, args[0], active, e.Stdin, e.Stdout)
	},
}

// commandOptions are the flags of mutprop scenario tcas: those that are
// not Config's own fields.
type commandOptions struct {
	exp                                  scenarios.ExperimentFlags
	cfg                                  Config
	experiment, ts, domains, json, plots string
}

// setupCommand declares the flags of mutprop scenario tcas on fs.
func setupCommand(fs *flag.FlagSet) scenarios.Run {
	o := &commandOptions{}
	o.exp.Register(fs, false)
	fs.StringVar(&o.experiment, "experiment", "all", "universe, properties, random, covering, radix, generic or all, or a comma-separated list")
	fs.StringVar(&o.ts, "t", "", "strengths: N, a list 2,4 or a range 2..6 (default: per domain and method)")
	fs.StringVar(&o.domains, "domain", "", "domains, comma-separated: nist, int1001, step10 (default: all)")
	fs.IntVar(&o.cfg.Samples, "samples", 1000000, "uniform random inputs per domain (equivalence, properties, random curve)")
	fs.IntVar(&o.cfg.Trials, "trials", 100, "failing trials per failing random cell")
	fs.IntVar(&o.cfg.RadixBase, "radix-base", 0, "digit base of the radix arrays over int1001 and step10 (0: decimal digits; radix-smallest always takes the smallest base)")
	fs.BoolVar(&o.cfg.ConstFills, "const-fills", false, fmt.Sprintf("also score each array of at most %d rows with every constant value of the six small inputs' don't-cares (192 fills) and report the spread (with all: about 1 more minute and 3 GB more memory)", ConstFillMaxRows))
	fs.IntVar(&o.cfg.Replicas, "replicas", 9, "extra random fills (other seeds) of each array of at most 100,000 rows, to measure how much its score depends on the don't-cares")
	fs.DurationVar(&o.cfg.GenTimeout, "gen-timeout", 30*time.Minute, "bound on the generation of one array (0: none)")
	fs.Float64Var(&o.cfg.MaxRows, "max-rows", DefaultMaxRows, "plain arrays whose lower bound exceeds this many rows are reported infeasible (with their projection), not generated")
	fs.StringVar(&o.json, "json", "", "write the report as JSON to `FILE`")
	fs.StringVar(&o.plots, "plots", "", "write faults-found-vs-tests plots (PNG) to `DIR`")
	return o.run
}

// run runs the experiments the flags name.
func (o *commandOptions) run(ctx context.Context, e *cli.Env) error {
	cfg, x := o.cfg, &o.exp
	cfg.Log = e.Stderr
	cfg.Launch = func(mode string) (proc.Spec, error) { return scenarios.SelfWorker("tcas", mode) }
	var err error
	if cfg.Ts, err = ParseStrengths(o.ts); err != nil {
		return cli.UsageError("--t: %w", err)
	}
	if cfg.RadixBase != 0 && cfg.RadixBase < 2 {
		return cli.UsageError("--radix-base %d: want 0 (decimal digits) or a base >= 2", cfg.RadixBase)
	}
	exps, err := ParseExperiments(o.experiment)
	if err != nil {
		return cli.UsageError("%w", err)
	}
	if (x.Journal != "" || x.Shard != "") && !exps[ExpRandom] {
		return cli.UsageError("--journal and --shard hold the random experiment's cells: add random to --experiment")
	}
	if o.domains != "" {
		cfg.Domains = strings.Split(o.domains, ",")
	}
	cfg.Experiment, cfg.Seed, cfg.Workers = o.experiment, x.Seed, x.Workers
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.NumCPU()
	}
	header, err := MTTFHeader(cfg)
	if err != nil {
		return err
	}
	run, err := x.Setup(e, header)
	if err != nil {
		return err
	}
	cfg.Journal, cfg.Shard = run.Journal, run.Options.Shard
	prog := scenarios.NewPhases(e)
	cfg.Progress = prog.Of("tcas random")
	rep, err := Run(ctx, cfg)
	prog.Finish()
	if printed, err := x.Report(ctx, e, run, err, rep, o.json, " "); !printed || err != nil {
		return err
	}
	if o.plots != "" {
		files, err := rep.WritePlots(o.plots)
		if err != nil {
			return fmt.Errorf("plots: %w", err)
		}
		fmt.Fprintf(e.Stdout, "\nplots: %s\n", strings.Join(files, ", "))
	}
	return nil
}
