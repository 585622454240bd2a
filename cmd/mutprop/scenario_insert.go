package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/mutprop/mutprop/engine"
	"github.com/mutprop/mutprop/runner"
	"github.com/mutprop/mutprop/scenarios/insert"
)

const insertDescription = `
Duregård's black-box insert study (Automating Black-Box Property Based
Testing, paper IV, Fig. 4.1): six properties of a sorted insert on []int,
from vacuous (prop_insert0) to complete (prop_insert5), scored by black-box
mutants of insert, next to the percentages the paper printed. Two sort
properties show the method's limits: a tautology (0%), and prop_singlesort,
which kills every mutant yet only ever sorts singleton lists.

Scores are Duregård's per-test-case score: for every test case a fresh
mutant that differs from insert at every input. The classic per-mutant kill
rate over a fixed set of mutants is printed next to it.`

func insertFlags(e *env) (*insertOptions, func([]string) int) {
	o := &insertOptions{}
	fs := newFlagSet(e, "scenario insert", "", insertDescription)
	o.exp.register(fs)
	fs.IntVar(&o.tests, "tests", 1000, "test cases per property")
	fs.IntVar(&o.mutants, "mutants", 100, "size of the fixed mutant set for the classic kill rate")
	fs.StringVar(&o.lists, "list-mutator", "builtin", "how mutants perturb lists: builtin (drop, duplicate, swap, change, append) or constructor (Haskell-style: truncate, mutate a head)")
	fs.StringVar(&o.json, "json", "", "write the results as JSON to `FILE`")
	return o, func(args []string) int {
		if code := parseFlags(fs, args); code >= 0 {
			return code
		}
		if fs.NArg() > 0 {
			fmt.Fprintf(e.stderr, "mutprop scenario insert: unexpected argument %q\n", fs.Arg(0))
			return exitUsage
		}
		if o.tests <= 0 || o.mutants <= 0 {
			fmt.Fprintln(e.stderr, "mutprop scenario insert: --tests and --mutants must be positive")
			return exitUsage
		}
		return -1
	}
}

type insertOptions struct {
	exp            experimentFlags
	tests, mutants int
	lists          string
	json           string
}

// suiteArgs are the flags a worker needs to rebuild the same suite.
func (o *insertOptions) suiteArgs() []string {
	return []string{fmt.Sprintf("--tests=%d", o.tests), fmt.Sprintf("--mutants=%d", o.mutants), "--list-mutator=" + o.lists}
}

func insertWorkerSuite(args []string) (*runner.Suite, error) {
	o, parse := insertFlags(&env{stdout: os.Stderr, stderr: os.Stderr})
	if code := parse(args); code >= 0 {
		return nil, fmt.Errorf("bad worker flags %q", args)
	}
	return insert.Suite(insert.Config{Tests: o.tests, FixedMutants: o.mutants, Lists: insert.ListMutator(o.lists)}), nil
}

func scenarioInsert(ctx context.Context, e *env, args []string) int {
	o, parse := insertFlags(e)
	if code := parse(args); code >= 0 {
		return code
	}
	header := engine.Header{Suite: "insert", Extra: map[string]string{"tests": fmt.Sprint(o.tests), "mutants": fmt.Sprint(o.mutants), "list-mutator": o.lists}}
	x, err := o.exp.setup(e, "insert", o.suiteArgs(), header, time.Minute)
	if err != nil {
		fmt.Fprintln(e.stderr, "mutprop scenario insert:", err)
		return exitUsage
	}
	prog := newProgress(e.stderr, "insert")
	x.opts.Progress = func(p runner.Progress) { prog.update(p.Done, p.Total, p.Failing, p.Elapsed) }
	study, err := insert.Run(ctx, insert.Config{Tests: o.tests, FixedMutants: o.mutants, Lists: insert.ListMutator(o.lists)}, x.opts)
	prog.finish()
	if cerr := x.close(); err == nil && cerr != nil {
		err = fmt.Errorf("close journal: %w", cerr)
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "mutprop scenario insert:", err)
		if ctx.Err() != nil {
			return exitInterrupts
		}
		return exitError
	}
	if o.exp.shard != "" {
		fmt.Fprintf(e.stdout, "shard %s done; its cells are in %s. Combine the shards with 'mutprop merge', then resume from the merged journal for the report.\n", o.exp.shard, o.exp.journal)
		return exitOK
	}
	printInsertStudy(e, study)
	if o.json != "" {
		b, err := json.MarshalIndent(study, "", "  ")
		if err == nil {
			err = writeFileAtomic(o.json, append(b, '\n'))
		}
		if err != nil {
			fmt.Fprintln(e.stderr, "mutprop scenario insert: write JSON:", err)
			return exitError
		}
	}
	return exitOK
}

func printInsertStudy(e *env, s *insert.Study) {
	fmt.Fprintf(e.stdout, "Black-box insert study (Duregård, paper IV, Fig. 4.1): %d test cases per property, seed %d, %s list mutator\n", s.Tests, s.Seed, s.ListMutator)
	fmt.Fprint(e.stdout, "Every property sees the same inputs and mutants (common random numbers).\n\n")
	tw := tabwriter.NewWriter(e.stdout, 2, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "property\tkilled %\tsurvived %\tpaper killed %\tgap (points)\tclassic kill rate (95% CI)\tbaseline\tdata coverage")
	for _, r := range s.Properties {
		base := "passes"
		if !r.BaselinePasses {
			base = "FAILS"
		}
		cov := fmt.Sprintf("%d applications, lists of length 0..%d", r.Coverage.Applications, r.Coverage.MaxLength)
		fmt.Fprintf(tw, "%s\t%.1f\t%.1f\t%.0f\t%+.1f\t%d/%d = %.0f%% [%.0f, %.0f]\t%s\t%s\n",
			r.Name, r.KilledPct, r.SurvivedPct, r.PaperKilledPct, r.GapPoints,
			r.Classic.Successes, r.Classic.N, 100*r.Classic.P, 100*r.Classic.Low, 100*r.Classic.High, base, cov)
	}
	tw.Flush()
	var warnings []string
	for _, r := range s.Properties {
		if r.Coverage.Warning != "" {
			warnings = append(warnings, fmt.Sprintf("  %s: %.0f%% strength, but it %s.", r.Name, r.KilledPct, r.Coverage.Warning))
		}
	}
	if len(warnings) > 0 {
		fmt.Fprintln(e.stdout, "\nData coverage (a separate axis from strength):")
		fmt.Fprintln(e.stdout, strings.Join(warnings, "\n"))
	}
}

// writeFileAtomic writes data to path through a temporary file and a
// rename, so that a reader never sees half a file.
func writeFileAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
