package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/mutprop/mutprop/runner"
	"github.com/mutprop/mutprop/scenarios/tcas"
)

const tcasDescription = `
TCAS (Siemens/SIR) with its 41 faulty versions as named variants (v38 kept,
not portable, excluded from scores), scored by SIR's universe test plan,
the differential oracle and the safety properties that hold on the original,
over three domains of the six integer inputs: nist (NIST value sets),
int1001 ([0..1000]) and step10 ({0,10,...,1000}).

Experiments:
  universe    SIR's universe test plan (1,578 well-formed lines; 33 with
              Alt_Layer_Value outside 0..3 skipped)
  properties  which of P1a..P5b hold on the original; kills by them
  random      uniform random generation: NIST grid exhaustive, one 10^6
              sequence per domain (faults found vs tests), mean
              tests-to-failure with 95% CI per fault (runner, mttf)
  covering    plain covering arrays (IPOG), next to seed 000's ACTS figures;
              arrays whose lower bound exceeds --max-rows are reported with
              their projected size instead
  radix       Radix Coverage, next to seed 000's Tables 4 and 5 (with
              covering: the two side by side), in decimal digits (method
              radix) and, on int1001 and step10, with the smallest base
              (method radix-smallest: base 4 and 3, five digits); every
              array is verified complete and scored with its don't-cares
              filled at random and, as sensitivity checks, with each input's
              first value (flags false first, and in ACTS's order, flags
              true first), with --replicas other random seeds and with
              every constant value of the small inputs (--const-fills)
  generic     operator mutants of the subject (mutate) and 100 black-box
              mutants of the decision function (blackbox), scored by the
              universe, the properties and the differential oracle
  all         everything (default strengths: covering nist t=2..6, int1001
              t=2 (built, about 1.2M rows) and 3 (projected), step10 t=2, 3
              (built, about 1.5M rows) and 4 (projected); radix nist t=6
              (the 10-value separations split), int1001 t=2..3, step10
              t=2..4, both bases)

Every version runs in a worker process of its own (the schematized copy,
MUTPROP_ACTIVE). Equivalence classes of versions are reported per domain.`

type tcasOptions struct {
	experiment, ts, domains, json, plots, serve string
	seed                                        uint64
	workers, samples, trials, replicas, base    int
	constFills                                  bool
	maxRows                                     float64
	genTimeout                                  time.Duration
}

func scenarioTCAS(ctx context.Context, e *env, args []string) int {
	o := &tcasOptions{}
	fs := newFlagSet(e, "scenario tcas", "", tcasDescription)
	fs.StringVar(&o.experiment, "experiment", "all", "universe, properties, random, covering, radix, generic or all, or a comma-separated list")
	fs.StringVar(&o.ts, "t", "", "strengths: N, a list 2,4 or a range 2..6 (default: per domain and method)")
	fs.StringVar(&o.domains, "domain", "", "domains, comma-separated: nist, int1001, step10 (default: all)")
	fs.Uint64Var(&o.seed, "seed", 1, "experiment seed")
	fs.IntVar(&o.workers, "workers", 0, "worker processes at once (0: one per CPU)")
	fs.IntVar(&o.samples, "samples", 1000000, "uniform random inputs per domain (equivalence, properties, random curve)")
	fs.IntVar(&o.trials, "trials", 100, "failing trials per failing random cell")
	fs.IntVar(&o.base, "radix-base", 0, "digit base of the radix arrays over int1001 and step10 (0: decimal digits; radix-smallest always takes the smallest base)")
	fs.BoolVar(&o.constFills, "const-fills", false, fmt.Sprintf("also score each array of at most %d rows with every constant value of the six small inputs' don't-cares (192 fills) and report the spread (with all: about 1 more minute and 3 GB more memory)", tcas.ConstFillMaxRows))
	fs.IntVar(&o.replicas, "replicas", 9, "extra random fills (other seeds) of each array of at most 100,000 rows, to measure how much its score depends on the don't-cares")
	fs.DurationVar(&o.genTimeout, "gen-timeout", 30*time.Minute, "bound on the generation of one array (0: none)")
	fs.Float64Var(&o.maxRows, "max-rows", tcas.DefaultMaxRows, "plain arrays whose lower bound exceeds this many rows are reported infeasible (with their projection), not generated")
	fs.StringVar(&o.json, "json", "", "write the report as JSON to `FILE`")
	fs.StringVar(&o.plots, "plots", "", "write faults-found-vs-tests plots (PNG) to `DIR`")
	fs.StringVar(&o.serve, "serve-worker", "", "serve as a worker in `MODE` on stdin/stdout (used by mutprop itself)")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "mutprop scenario tcas: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	if o.serve != "" {
		active, err := runner.ParseActive(e.getenv(runner.ActiveEnv))
		if err != nil {
			fmt.Fprintln(e.stderr, "mutprop scenario tcas:", err)
			return exitUsage
		}
		if err := tcas.ServeWorker(ctx, o.serve, active, e.stdin, e.stdout); err != nil {
			fmt.Fprintln(e.stderr, "mutprop scenario tcas worker:", err)
			return exitError
		}
		return exitOK
	}
	ts, err := parseStrengths(o.ts)
	if err != nil {
		fmt.Fprintln(e.stderr, "mutprop scenario tcas: --t:", err)
		return exitUsage
	}
	if o.base != 0 && o.base < 2 {
		fmt.Fprintf(e.stderr, "mutprop scenario tcas: --radix-base %d: want 0 (decimal digits) or a base >= 2\n", o.base)
		return exitUsage
	}
	var domains []string
	if o.domains != "" {
		domains = strings.Split(o.domains, ",")
	}
	if o.workers <= 0 {
		o.workers = runtime.NumCPU()
	}
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintln(e.stderr, "mutprop scenario tcas:", err)
		return exitError
	}
	cfg := tcas.Config{
		Experiment: o.experiment, Domains: domains, Ts: ts, Seed: o.seed, Workers: o.workers,
		Samples: o.samples, Trials: o.trials, GenTimeout: o.genTimeout, MaxRows: o.maxRows, Replicas: o.replicas, ConstFills: o.constFills, RadixBase: o.base, Log: e.stderr,
		Launch: func(mode string) (*exec.Cmd, error) {
			return exec.Command(exe, "scenario", "tcas", "--serve-worker", mode), nil
		},
	}
	rep, err := tcas.Run(ctx, cfg)
	if err != nil {
		fmt.Fprintln(e.stderr, "mutprop scenario tcas:", err)
		if strings.Contains(err.Error(), "unknown") {
			return exitUsage
		}
		return exitError
	}
	if err := rep.WriteText(e.stdout); err != nil {
		fmt.Fprintln(e.stderr, "mutprop scenario tcas:", err)
		return exitError
	}
	if o.json != "" {
		b, err := json.MarshalIndent(rep, "", " ")
		if err == nil {
			err = os.WriteFile(o.json, append(b, '\n'), 0o644)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "mutprop scenario tcas: write %s: %v\n", o.json, err)
			return exitError
		}
	}
	if o.plots != "" {
		files, err := rep.WritePlots(o.plots)
		if err != nil {
			fmt.Fprintln(e.stderr, "mutprop scenario tcas: plots:", err)
			return exitError
		}
		fmt.Fprintf(e.stdout, "\nplots: %s\n", strings.Join(files, ", "))
	}
	return exitOK
}

// parseStrengths parses "", "3", "2,4" or "2..6".
func parseStrengths(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	if lo, hi, ok := strings.Cut(s, ".."); ok {
		a, err1 := strconv.Atoi(lo)
		b, err2 := strconv.Atoi(hi)
		if err1 != nil || err2 != nil || a < 1 || b < a {
			return nil, fmt.Errorf("bad range %q", s)
		}
		var out []int
		for t := a; t <= b; t++ {
			out = append(out, t)
		}
		return out, nil
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		t, err := strconv.Atoi(f)
		if err != nil || t < 1 {
			return nil, fmt.Errorf("bad strength %q", f)
		}
		out = append(out, t)
	}
	return out, nil
}
