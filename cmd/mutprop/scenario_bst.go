package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime/debug"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/mutprop/mutprop/runner"
	"github.com/mutprop/mutprop/scenarios/bst"
)

const bstDescription = `
The BST of How to Specify It! with its 8 bugs and 79 properties, measured as
mean tests-to-failure: one 10,000-test trial decides whether a (bug,
property, generator) fails; if it does, --trials more failing trials give
mean, median and a 95% CI (QuickCheck's size schedule).

Configurations:
  fig13   Holey Generators Fig. 13: keys 0..size, 57 properties, generators
          api, classic, holey, tuned-api, tuned-classic
  hughes  How to Specify It! Figs. 8-9: Int keys/values, 48 hand-written
          properties, API-based generator
  etna    Etna's BST workload: Bool values, 18 guarded properties

Generators: api, api-correct, tuned-api, classic, tuned-classic, holey,
etna-size, enum, exhaustive.`

type bstOptions struct {
	config, generators, json, plots string
	trials, workers, samples        int
	seed                            uint64
	serve                           bool
}

func bstFlags(e *env) (*bstOptions, func([]string) int) {
	o := &bstOptions{}
	fs := newFlagSet(e, "scenario bst", "", bstDescription)
	fs.StringVar(&o.config, "config", "fig13", "configuration: fig13, hughes or etna")
	fs.StringVar(&o.generators, "generators", "", "comma-separated generators (default: the configuration's)")
	fs.IntVar(&o.trials, "trials", 1000, "failing trials per failing (bug, property, generator)")
	fs.Uint64Var(&o.seed, "seed", 1, "experiment seed: the same seed gives the same numbers, whatever --workers")
	fs.IntVar(&o.workers, "workers", 0, "worker processes (0: one per CPU)")
	fs.IntVar(&o.samples, "samples", 100000, "trees sampled per generator for key presence and distributions")
	fs.StringVar(&o.json, "json", "", "write cells and per-generator results as JSON to `FILE`")
	fs.StringVar(&o.plots, "plots", "", "write tree-size and depth distribution plots (PNG) to `DIR`")
	fs.BoolVar(&o.serve, "serve-worker", false, "serve trial requests on stdin/stdout (used by mutprop itself)")
	return o, func(args []string) int {
		if code := parseFlags(fs, args); code >= 0 {
			return code
		}
		if fs.NArg() > 0 {
			fmt.Fprintf(e.stderr, "mutprop scenario bst: unexpected argument %q\n", fs.Arg(0))
			return exitUsage
		}
		if o.trials <= 0 {
			fmt.Fprintln(e.stderr, "mutprop scenario bst: --trials must be positive")
			return exitUsage
		}
		return -1
	}
}

func (o *bstOptions) generatorList(exp bst.Experiment) []string {
	if o.generators == "" {
		return exp.Generators
	}
	return strings.Split(o.generators, ",")
}

func scenarioBST(ctx context.Context, e *env, args []string) int {
	o, parse := bstFlags(e)
	if code := parse(args); code >= 0 {
		return code
	}
	exp, err := bst.ExperimentByName(o.config)
	if err != nil {
		fmt.Fprintln(e.stderr, "mutprop scenario bst:", err)
		return exitUsage
	}
	gens := o.generatorList(exp)
	suite, err := exp.Suite(gens, false)
	if err != nil {
		fmt.Fprintln(e.stderr, "mutprop scenario bst:", err)
		return exitUsage
	}
	if o.serve {
		return serveBST(ctx, e, suite)
	}
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintln(e.stderr, "mutprop scenario bst: find the mutprop binary:", err)
		return exitError
	}
	pool := &runner.Pool{CellTimeout: 10 * time.Minute, Command: func() (*exec.Cmd, error) {
		return exec.Command(exe, "scenario", "bst", "--serve-worker", "--config="+o.config, "--generators="+strings.Join(gens, ",")), nil
	}}
	opts := &runner.Options{Seed: o.seed, Workers: o.workers, Pool: pool,
		Protocol: &runner.Protocol{Kind: "mttf", Trials: o.trials}}
	prog := newProgress(e.stderr, "bst "+o.config)
	opts.Progress = func(p runner.Progress) { prog.update(p.Done, p.Total, p.Failing, p.Elapsed) }
	start := time.Now()
	res, err := runner.Run(ctx, suite, opts)
	prog.finish()
	if err != nil {
		fmt.Fprintln(e.stderr, "mutprop scenario bst:", err)
		if ctx.Err() != nil {
			return exitInterrupts
		}
		return exitError
	}
	elapsed := time.Since(start)
	study, err := bst.Analyze(exp, res, gens, o.samples)
	if err != nil {
		fmt.Fprintln(e.stderr, "mutprop scenario bst:", err)
		return exitError
	}
	fmt.Fprintf(e.stdout, "%s (seed %d, %d failing trials per failing cell, %d cells in %s)\n\n",
		exp.Doc, o.seed, o.trials, len(res.Cells), elapsed.Round(time.Second))
	printBSTStudy(e, exp, study)
	if o.json != "" {
		b, err := json.MarshalIndent(study, "", "  ")
		if err == nil {
			err = writeFileAtomic(o.json, append(b, '\n'))
		}
		if err != nil {
			fmt.Fprintln(e.stderr, "mutprop scenario bst: write JSON:", err)
			return exitError
		}
	}
	if o.plots != "" {
		if err := bst.WritePlots(o.plots, study); err != nil {
			fmt.Fprintln(e.stderr, "mutprop scenario bst: plots:", err)
			return exitError
		}
		fmt.Fprintf(e.stdout, "\nplots written to %s\n", o.plots)
	}
	return exitOK
}

// serveBST is the worker side: this process runs one schemata mutant
// (MUTPROP_ACTIVE) and measures the cells it is sent.
func serveBST(ctx context.Context, e *env, suite *runner.Suite) int {
	active, err := runner.ParseActive(e.getenv(runner.ActiveEnv))
	if err != nil {
		fmt.Fprintln(e.stderr, "mutprop scenario bst:", err)
		return exitUsage
	}
	// Persistent trees allocate much and keep little: trade memory for
	// less garbage-collection time in workers.
	debug.SetGCPercent(400)
	if err := runner.Serve(ctx, suite, active, e.stdin, e.stdout); err != nil {
		fmt.Fprintln(e.stderr, "mutprop scenario bst worker:", err)
		return exitError
	}
	return exitOK
}

func bstGap(measured, paper float64) string {
	if paper == 0 {
		return "-"
	}
	return fmt.Sprintf("%+.0f%%", 100*(measured-paper)/paper)
}

func bstDash(v float64, format string) string {
	if v == 0 {
		return "-"
	}
	return fmt.Sprintf(format, v)
}

func printBSTStudy(e *env, exp bst.Experiment, s *bst.Study) {
	w := e.stdout
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintln(w, "Per generator: total cost = sum of mean tests-to-failure over failing (bug, property) pairs")
	fmt.Fprintln(tw, "generator\ttotal\tpaper\tgap\tworst\tpaper\tgap\tfailing pairs\tpaper\tkey presence %\tpaper\tworst pair")
	for _, g := range s.Generators {
		p := s.Paper.Fig13[g.Generator]
		pairs := "-"
		if p.FailingPairs > 0 {
			pairs = fmt.Sprint(p.FailingPairs)
		}
		fmt.Fprintf(tw, "%s\t%.0f\t%s\t%s\t%.1f\t%s\t%s\t%d\t%s\t%.1f\t%s\t%s\n", g.Generator,
			g.Total, bstDash(p.Total, "%.0f"), bstGap(g.Total, p.Total),
			g.Worst, bstDash(p.Worst, "%.0f"), bstGap(g.Worst, p.Worst),
			g.FailingPairs, pairs, g.KeyPresence, bstDash(p.KeyPresence, "%.1f"), g.WorstCell)
	}
	tw.Flush()

	bugs := sortedKeys(s.FailingByBug)
	fmt.Fprintln(w, "\nFailing properties per bug")
	header := "bug"
	for _, g := range s.Generators {
		header += "\t" + g.Generator
	}
	if s.Paper.Fig8 != nil {
		header += "\tpaper (Fig. 8)\tgap"
	}
	fmt.Fprintln(tw, header)
	for _, b := range bugs {
		line := strings.TrimPrefix(b, "named:")
		first := 0
		for i, g := range s.Generators {
			n := len(s.FailingByBug[b][g.Generator])
			if i == 0 {
				first = n
			}
			line += fmt.Sprintf("\t%d", n)
		}
		if s.Paper.Fig8 != nil {
			line += fmt.Sprintf("\t%d\t%+d", s.Paper.Fig8[b], first-s.Paper.Fig8[b])
		}
		fmt.Fprintln(tw, line)
	}
	tw.Flush()

	if s.Paper.Fig9 != nil {
		fmt.Fprintln(w, "\nMean tests-to-failure by property kind, bugs 1 and 3-8 (How to Specify It! Fig. 9)")
		fmt.Fprintln(tw, "generator\tkind\tpairs\tmin\tpaper\tmax\tpaper\tmean\tpaper\tgap (mean)")
		for _, g := range s.Generators {
			ks := s.KindStats[g.Generator]
			kinds := make([]string, 0, len(ks))
			for k := range ks {
				kinds = append(kinds, string(k))
			}
			sort.Strings(kinds)
			for _, k := range kinds {
				m, p := ks[bst.Kind(k)], s.Paper.Fig9[bst.Kind(k)]
				fmt.Fprintf(tw, "%s\t%s\t%d\t%.1f\t%s\t%.1f\t%s\t%.1f\t%s\t%s\n", g.Generator, k, m.N,
					m.Min, bstDash(p.Min, "%.1f"), m.Max, bstDash(p.Max, "%.0f"), m.Mean, bstDash(p.Mean, "%.1f"), bstGap(m.Mean, p.Mean))
			}
		}
		tw.Flush()
	}

	fmt.Fprintln(w, "\nHardest (bug, property) pairs per generator: mean [95% CI], median")
	for _, g := range s.Generators {
		var parts []string
		for i, c := range g.Hardest {
			if i == 5 {
				break
			}
			parts = append(parts, fmt.Sprintf("%s %s %.1f [%.1f, %.1f] med %.0f", strings.TrimPrefix(c.Bug, "named:"), c.Property, c.Mean, c.CILow, c.CIHigh, c.Median))
		}
		fmt.Fprintf(w, "  %s: %s\n", g.Generator, strings.Join(parts, "; "))
	}
	fmt.Fprintln(w, "\nTree sizes per generator (QuickCheck sizes 0..99)")
	for _, g := range s.Generators {
		n, total, maxSize, maxDepth := 0, 0, len(g.Sizes)-1, len(g.Depths)-1
		for sz, c := range g.Sizes {
			n += c
			total += sz * c
		}
		if n > 0 {
			fmt.Fprintf(w, "  %s: mean size %.1f, max size %d, max depth %d, empty %.1f%%\n", g.Generator, float64(total)/float64(n), maxSize, maxDepth, 100*float64(g.Sizes[0])/float64(n))
		}
	}
	if exp.Name == "fig13" {
		fmt.Fprintln(w, "\nholey57 drops UnionInsert, FindInsert and FindDelete by inference (see scenarios/bst/sets.go).")
	}
}
