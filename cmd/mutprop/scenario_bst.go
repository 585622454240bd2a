package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/mutprop/mutprop/report"
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
          api, classic, holey, tuned-api, tuned-classic (--explain: the
          readings that explain the gaps to the paper)
  hughes  How to Specify It! Figs. 8-9: Int keys/values, 48 hand-written
          properties, API-based generator
  etna    Etna's BST workload: Bool values, 18 guarded properties
  mutants the properties scored: operator mutants of the subject, black-box
          mutants of insert/delete/union/find and the 8 bugs against
          holey57, --tests tests each: kill matrix, kill rate per property
          and kind, redundant properties, a minimal killing set

Generators: api, api-correct, tuned-api, tuned-api-correct, classic,
tuned-classic, holey, classic-page2, tuned-classic-page2, etna-size, enum,
exhaustive; a name ending in +valid discards tests whose generated trees
are invalid.`

type bstOptions struct {
	config, generators, json, plots string
	properties, bugs, report        string
	trials, workers, samples        int
	tests, bbSeeds                  int
	seed                            uint64
	serve, explain                  bool
}

func bstFlags(e *env) (*bstOptions, func([]string) int) {
	o := &bstOptions{}
	fs := newFlagSet(e, "scenario bst", "", bstDescription)
	fs.StringVar(&o.config, "config", "fig13", "configuration: fig13, hughes, etna, or mutants (score the properties with operator and black-box mutants)")
	fs.StringVar(&o.generators, "generators", "", "comma-separated generators (default: the configuration's)")
	fs.StringVar(&o.properties, "properties", "", "property set (all79, hughes, fig8, holey57, holey62, etna18) or comma-separated properties (default: the configuration's)")
	fs.StringVar(&o.bugs, "bugs", "", "comma-separated named variants to measure, e.g. bug2,bug5 (default: the configuration's)")
	fs.IntVar(&o.trials, "trials", 1000, "failing trials per failing (bug, property, generator)")
	fs.Uint64Var(&o.seed, "seed", 1, "experiment seed: the same seed gives the same numbers, whatever --workers")
	fs.IntVar(&o.workers, "workers", 0, "worker processes (0: one per CPU)")
	fs.IntVar(&o.samples, "samples", 100000, "trees sampled per generator for key presence and distributions")
	fs.StringVar(&o.json, "json", "", "write cells and per-generator results as JSON to `FILE`")
	fs.StringVar(&o.plots, "plots", "", "write tree-size and depth distribution plots (PNG) to `DIR`")
	fs.IntVar(&o.tests, "tests", 1000, "mutants: tests per (mutant, property)")
	fs.IntVar(&o.bbSeeds, "bb-seeds", 10, "mutants: black-box mutants per function (insert, delete, union, find)")
	fs.StringVar(&o.report, "report", "", "mutants: write the mutation-testing-report-schema JSON to `FILE`")
	fs.BoolVar(&o.explain, "explain", false, "fig13: also measure the readings that explain the gaps to the paper (classic-page2; bug 2's invalid api trees discarded, or built with a correct insert; holey57's dropped properties) and print their table")
	fs.BoolVar(&o.serve, "serve-worker", false, "serve trial requests on stdin/stdout (used by mutprop itself)")
	return o, func(args []string) int {
		if code := parseFlags(fs, args); code >= 0 {
			return code
		}
		if fs.NArg() > 0 {
			fmt.Fprintf(e.stderr, "mutprop scenario bst: unexpected argument %q\n", fs.Arg(0))
			return exitUsage
		}
		if o.trials <= 0 || o.tests <= 0 {
			fmt.Fprintln(e.stderr, "mutprop scenario bst: --trials and --tests must be positive")
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
	if o.config == "mutants" {
		return scenarioBSTMutants(ctx, e, o)
	}
	exp, err := bst.ExperimentByName(o.config)
	if err != nil {
		fmt.Fprintln(e.stderr, "mutprop scenario bst:", err)
		return exitUsage
	}
	gens := o.generatorList(exp)
	if o.properties != "" {
		exp.PropertySet = o.properties
	}
	if o.bugs != "" {
		exp.Mutants = strings.Split(o.bugs, ",")
	}
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
	run := func(name string, s *runner.Suite, sel func(runner.Mutant, string, string) bool) (*runner.Result, error) {
		pool := &runner.Pool{CellTimeout: 10 * time.Minute, Command: func() (*exec.Cmd, error) {
			return exec.Command(exe, "scenario", "bst", "--serve-worker", "--config="+o.config, "--generators="+strings.Join(s.Generators, ","),
				"--properties="+strings.Join(s.Properties, ","), "--bugs="+strings.Join(exp.Mutants, ",")), nil
		}}
		opts := &runner.Options{Seed: o.seed, Workers: o.workers, Pool: pool, Select: sel,
			Protocol: &runner.Protocol{Kind: "mttf", Trials: o.trials}}
		prog := newProgress(e.stderr, name)
		opts.Progress = func(p runner.Progress) { prog.update(p.Done, p.Total, p.Failing, p.Elapsed) }
		res, err := runner.Run(ctx, s, opts)
		prog.finish()
		return res, err
	}
	fail := func(err error) int {
		fmt.Fprintln(e.stderr, "mutprop scenario bst:", err)
		if ctx.Err() != nil {
			return exitInterrupts
		}
		return exitError
	}
	start := time.Now()
	res, err := run("bst "+o.config, suite, nil)
	if err != nil {
		return fail(err)
	}
	elapsed := time.Since(start)
	study, err := bst.Analyze(exp, res, gens, o.samples)
	if err != nil {
		return fail(err)
	}
	if exp.Name == "fig13" {
		if study.PresenceReadings, err = bst.KeyPresenceReadings(o.samples, o.seed); err != nil {
			return fail(err)
		}
	}
	if o.explain && exp.Name == "fig13" {
		xs, sel, err := bst.ExplainSuite(exp, gens, res)
		if err != nil {
			return fail(err)
		}
		xres, err := run("bst explain", xs, sel)
		if err != nil {
			return fail(err)
		}
		if study.Explanation, err = bst.Explain(exp, gens, res, xres); err != nil {
			return fail(err)
		}
	}
	fmt.Fprintf(e.stdout, "%s (seed %d, %d failing trials per failing cell, %d cells, %d tests in %s: %.0f tests/s)\n\n",
		exp.Doc, o.seed, o.trials, len(res.Cells), study.Tests, elapsed.Round(time.Second), float64(study.Tests)/elapsed.Seconds())
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
	// Persistent trees allocate much and keep little: a worker collects
	// garbage only when its heap reaches 256 MiB (5% less CPU than
	// GOGC=400 on a fig13 subset), each collection marking little.
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(256 << 20)
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
	if s.Fig8 != nil {
		header += "\tof them rows of Fig. 8\tone 100-test run (expected)\tpaper (Fig. 8)\tgap (rows)"
	}
	fmt.Fprintln(tw, header)
	for _, b := range bugs {
		line := strings.TrimPrefix(b, "named:")
		for _, g := range s.Generators {
			line += fmt.Sprintf("\t%d", len(s.FailingByBug[b][g.Generator]))
		}
		if s.Fig8 != nil && len(s.Generators) > 0 {
			f, p := s.Fig8[s.Generators[0].Generator][b], s.Paper.Fig8[b]
			line += fmt.Sprintf("\t%d\t%.1f\t%d\t%s", f.Rows, f.Rows100, p, bstGap(float64(f.Rows), float64(p)))
		}
		fmt.Fprintln(tw, line)
	}
	tw.Flush()
	if s.Paper.Tasks != nil {
		printEtnaTasks(w, s)
	}

	if s.Fig8 != nil {
		fmt.Fprintln(w, "The rows of Fig. 8 leave out ShrinkValid, Equivs, ShrinkEquivs, SizeInsert, UnionInsert and UnionDeleteDelete")
		fmt.Fprintln(w, "(scenarios/bst/sets.go); the 100-test column sums each failing row's share of trials that fail within 100 tests.")
	}
	if s.Paper.Fig9 != nil {
		fmt.Fprintln(w, "\nMean tests-to-failure by property kind, bugs 1 and 3-8, rows of Fig. 8, no weak properties (How to Specify It! Fig. 9)")
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
		for _, g := range s.Generators {
			if m, ok := s.Fig9Note[g.Generator]; ok {
				fmt.Fprintf(w, "  %s: postconditions without InsertDeleteComplete; with it: %d pairs, min %.1f, max %.1f, mean %.1f\n", g.Generator, m.N, m.Min, m.Max, m.Mean)
			}
		}
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
	if len(s.PresenceReadings) > 0 {
		fmt.Fprintln(w, "\nKey presence of the two readings of the classic generators (the leaf condition decides it)")
		fmt.Fprintln(tw, "generator\treading\tkey presence %\tpaper")
		for _, r := range s.PresenceReadings {
			fmt.Fprintf(tw, "%s\t%s\t%.1f\t%s\n", r.Generator, r.Reading, r.Presence, bstDash(r.Paper, "%.1f"))
		}
		tw.Flush()
	}
	if x := s.Explanation; x != nil {
		printBSTExplanation(w, s, x)
	}
}

// printEtnaTasks compares the failing (bug, property) pairs with Etna's
// task list: tasks solved, tasks missed, and failing pairs that are not
// tasks.
func printEtnaTasks(w io.Writer, s *bst.Study) {
	fmt.Fprintln(w, "\nEtna's tasks (tool/benchtool/Tasks.py): solved, missed, and failing pairs that are no task")
	total := 0
	for _, ps := range s.Paper.Tasks {
		total += len(ps)
	}
	for _, g := range s.Generators {
		solved := 0
		var missed, extra []string
		for _, b := range sortedKeys(s.Paper.Tasks) {
			failing := s.FailingByBug[b][g.Generator]
			short := strings.TrimPrefix(b, "named:")
			for _, p := range s.Paper.Tasks[b] {
				if slices.Contains(failing, p) {
					solved++
				} else {
					missed = append(missed, short+"/"+p)
				}
			}
			for _, p := range failing {
				if !slices.Contains(s.Paper.Tasks[b], p) {
					extra = append(extra, short+"/"+p)
				}
			}
		}
		fmt.Fprintf(w, "  %s: %d/%d solved; missed: %s; not tasks: %s\n", g.Generator, solved, total, joinOrDash(missed), joinOrDash(extra))
	}
}

func joinOrDash(xs []string) string {
	if len(xs) == 0 {
		return "-"
	}
	return strings.Join(xs, " ")
}

// printBSTExplanation prints the readings table: per generator, total cost
// / failing pairs [fewest-most failing properties per bug] under each
// reading, next to the paper's figures.
func printBSTExplanation(w io.Writer, s *bst.Study, x *bst.Explanation) {
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintln(w, "\nExplaining the gaps: total / failing pairs [fewest-most per bug] worst, gap of the total, under each reading")
	for _, rd := range bst.Readings {
		fmt.Fprintf(w, "  %-16s %s\n", rd.Name, rd.Doc)
	}
	fmt.Fprintln(tw, "reading\t"+strings.Join(x.Generators, "\t"))
	line := "paper"
	for _, g := range x.Generators {
		p := s.Paper.Fig13[g]
		cell := "-"
		if p.Total > 0 {
			cell = fmt.Sprintf("%.0f", p.Total)
			if p.FailingPairs > 0 {
				cell += fmt.Sprintf(" / %d", p.FailingPairs)
			}
			if g == "api" { // "each bug fails 9 to 23 properties"
				cell += " [9-23]"
			}
			cell += fmt.Sprintf(" w%.0f", p.Worst)
		}
		line += "\t" + cell
	}
	fmt.Fprintln(tw, line)
	for _, rd := range bst.Readings {
		line := rd.Name
		for _, g := range x.Generators {
			t := x.Readings[g][rd.Name]
			line += fmt.Sprintf("\t%.0f / %d [%d-%d] w%.0f", t.Total, t.Pairs, t.MinPerBug, t.MaxPerBug, t.Worst)
			if p := s.Paper.Fig13[g].Total; p > 0 {
				line += " " + bstGap(t.Total, p)
			}
		}
		fmt.Fprintln(tw, line)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nWhat each of holey57's last five drops would add: pairs / cost (bugs)")
	fmt.Fprintln(tw, "property\t"+strings.Join(x.Generators, "\t"))
	for i := 0; i < len(x.Drops); i += len(x.Generators) {
		line := x.Drops[i].Property
		for _, d := range x.Drops[i : i+len(x.Generators)] {
			line += fmt.Sprintf("\t%d / %.0f (%s)", d.Pairs, d.Cost, strings.Join(d.Bugs, ","))
		}
		fmt.Fprintln(tw, line)
	}
	tw.Flush()
}

// scenarioBSTMutants scores the property suite with the subject's operator
// mutants, black-box mutants and the eight bugs (mutprop scenario bst
// --config mutants).
func scenarioBSTMutants(ctx context.Context, e *env, o *bstOptions) int {
	mo := bst.MutantOptions{Generator: o.generators, PropertySet: o.properties, BlackBoxSeeds: o.bbSeeds, Bugs: true}
	if o.bbSeeds == 0 {
		mo.BlackBoxSeeds = -1
	}
	if strings.Contains(mo.Generator, ",") {
		fmt.Fprintln(e.stderr, "mutprop scenario bst: --config mutants takes one generator")
		return exitUsage
	}
	suite, err := bst.MutantSuite(mo)
	if err != nil {
		fmt.Fprintln(e.stderr, "mutprop scenario bst:", err)
		return exitUsage
	}
	if o.serve {
		wd := &bst.Watchdog{}
		test := suite.Test
		suite.Test = func(m runner.Mutant, p, g string) (runner.Test, error) {
			t, err := test(m, p, g)
			if err != nil {
				return nil, err
			}
			return wd.Wrap(t), nil
		}
		wctx, cancel := context.WithCancel(ctx)
		defer cancel()
		go wd.Run(wctx, func(reason string) {
			fmt.Fprintln(e.stderr, reason)
			os.Exit(exitError)
		})
		return serveBST(ctx, e, suite)
	}
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintln(e.stderr, "mutprop scenario bst: find the mutprop binary:", err)
		return exitError
	}
	pool := &runner.Pool{CellTimeout: 2 * time.Minute, Command: func() (*exec.Cmd, error) {
		return exec.Command(exe, "scenario", "bst", "--serve-worker", "--config=mutants", "--generators="+suite.Generators[0],
			"--properties="+strings.Join(suite.Properties, ","), "--bb-seeds="+strconv.Itoa(o.bbSeeds)), nil
	}}
	opts := &runner.Options{Seed: o.seed, Workers: o.workers, Pool: pool,
		Protocol: &runner.Protocol{Kind: "trials", Trials: 1, DecideBudget: o.tests}}
	prog := newProgress(e.stderr, "bst mutants")
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
	st, err := bst.ScoreMutants(suite, res)
	if err != nil {
		fmt.Fprintln(e.stderr, "mutprop scenario bst:", err)
		return exitError
	}
	fmt.Fprintf(e.stdout, "The %d properties scored with %d mutants, generator %s, %d tests per (mutant, property), seed %d (%d cells in %s)\n\n",
		len(st.Properties), len(st.Mutants), st.Generator, st.Tests, st.Seed, len(res.Cells), time.Since(start).Round(time.Second))
	printBSTMutants(e, st)
	if o.json != "" {
		b, err := json.MarshalIndent(st, "", "  ")
		if err == nil {
			err = writeFileAtomic(o.json, append(b, '\n'))
		}
		if err != nil {
			fmt.Fprintln(e.stderr, "mutprop scenario bst: write JSON:", err)
			return exitError
		}
	}
	if o.report != "" {
		b, err := report.JSON(st.Report())
		if err == nil {
			err = writeFileAtomic(o.report, b)
		}
		if err != nil {
			fmt.Fprintln(e.stderr, "mutprop scenario bst: write report:", err)
			return exitError
		}
	}
	return exitOK
}

func printBSTMutants(e *env, st *bst.MutantStudy) {
	w := e.stdout
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintln(w, "Mutants killed, by origin")
	fmt.Fprintln(tw, "origin\tkilled\tof\tscore %")
	for _, g := range st.Origins {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f\n", g.Name, g.Killed, g.Of, g.Rate)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nKill rate per kind of property (union: mutants some property of the kind kills)")
	fmt.Fprintln(tw, "kind\tproperties\tkilled (union)\tunion %\tmean per property %")
	for _, g := range st.Kinds {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f\t%.1f\n", g.Name, g.Members, g.Killed, g.Rate, g.MeanRate)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nKill rate per property (only: mutants no other property kills)")
	ps := append([]bst.PropertyScore(nil), st.Properties...)
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Kills > ps[j].Kills })
	fmt.Fprintln(tw, "property\tkind\tkills\tonly\tkill rate %")
	for _, p := range ps {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%.1f\n", p.Property, p.Kind, p.Kills, p.Only, p.Rate)
	}
	tw.Flush()
	fmt.Fprintf(w, "\nRedundant properties (%d: each kills nothing no other kills): %s\n", len(st.Redundant), strings.Join(st.Redundant, " "))
	var sub []string
	for _, p := range st.Properties {
		if by, ok := st.Subsumed[p.Property]; ok {
			sub = append(sub, p.Property+"<"+by)
		}
	}
	fmt.Fprintf(w, "Subsumed properties (%d, p<q: q kills every mutant p kills): %s\n", len(sub), strings.Join(sub, " "))
	fmt.Fprintf(w, "Minimal killing set (%d, greedy): %s\n", len(st.Minimal), strings.Join(st.Minimal, " "))
	surv := st.Survivors()
	fmt.Fprintf(w, "\nSurvivors (%d)\n", len(surv))
	for _, m := range surv {
		loc := ""
		if m.Line > 0 {
			loc = fmt.Sprintf(" (%s:%d)", bst.SubjectFile, m.Line)
		}
		fmt.Fprintf(w, "  %s%s: %s\n", m.ID, loc, m.Description)
	}
}
